// The in-process Simulator's life cycle: start, serve live watchers while the
// scenario churns, stop and destroy, several times in a row in one process
// (what `informant --demo`, the GUI tests and the informer tests do). Run it
// under the sanitizer build to catch use-after-free on shutdown.

#include "simfixtures.h"

#include <memory>
#include <vector>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimLifecycle : public QObject
{
    Q_OBJECT

private slots:
    void stopWithLiveWatchersIsClean_data();
    void stopWithLiveWatchersIsClean();
    void stopCanBeCalledTwiceAndTheSimulatorRestarts();
    void destroyingARunningSimulatorStopsIt();
};

void TestSimLifecycle::stopWithLiveWatchersIsClean_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("faults");
    QTest::addColumn<int>("watchers");
    QTest::addColumn<bool>("readWatchers"); // false: clients that never read (backlog)
    QTest::newRow("churn, reading watchers") << "churn"
                                             << "" << 6 << true;
    QTest::newRow("churn, stalled watchers") << "churn"
                                             << "" << 6 << false;
    QTest::newRow("churn, faults") << "churn"
                                   << "drop-watch=50ms,cut-frame=0.01" << 6 << true;
    QTest::newRow("churn, restarts and errors")
        << "churn"
        << "restart=100ms,gone=0.05,error429=0.05,delay=5ms,compact=100" << 6 << true;
    QTest::newRow("demo, reading watchers") << "demo"
                                            << "" << 4 << true;
    QTest::newRow("scale with churn, no watchers") << "scale"
                                                   << "" << 0 << true;
}

void TestSimLifecycle::stopWithLiveWatchersIsClean()
{
    QFETCH(QString, scenario);
    QFETCH(QString, faults);
    QFETCH(int, watchers);
    QFETCH(bool, readWatchers);
    for (int round = 0; round < 3; ++round) {
        SimOptions options;
        options.scenario = scenario;
        options.pods = 300;
        options.churnPerSecond = 5000;
        options.faults = faults;
        options.seed = quint32(round + 1);
        auto simulator = std::make_unique<Simulator>();
        const auto started = simulator->start(options);
        QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
        const quint16 port = simulator->port();
        std::vector<std::unique_ptr<Watch>> streams;
        for (int i = 0; i < watchers; ++i) {
            const QByteArray path = i % 2 == 0 ? "/api/v1/pods?watch=1&allowWatchBookmarks=true"
                                               : "/api/v1/pods?watch=1&labelSelector=tier%3Dcache";
            streams.push_back(std::make_unique<Watch>(port, path));
            if (faults.isEmpty()) // with faults a watch may be refused or cut at once
                QCOMPARE(streams.back()->status(), 200);
        }
        if (readWatchers) {
            for (const auto &stream : streams)
                (void)stream->next(5, 300); // a selective watch may see none
        }
        // Requests in flight while stopping: a list being streamed.
        Connection pending(port);
        const bool sent = pending.send("GET", "/api/v1/pods");
        QVERIFY(sent || !faults.isEmpty());
        simulator->stop();
        QVERIFY(!simulator->isRunning());
        QCOMPARE(simulator->port(), quint16(0));
        simulator.reset();
        // Every stream ends (the connection is cut), none hangs.
        for (const auto &stream : streams)
            QVERIFY(stream->waitForEnd(10000));
    }
}

void TestSimLifecycle::stopCanBeCalledTwiceAndTheSimulatorRestarts()
{
    Simulator simulator;
    SimOptions options;
    options.scenario = QStringLiteral("churn");
    options.pods = 50;
    for (int round = 0; round < 3; ++round) {
        const auto started = simulator.start(options);
        QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
        QCOMPARE(get(simulator.port(), "/version").status, 200);
        simulator.stop();
        simulator.stop();
        QVERIFY(!simulator.isRunning());
    }
}

void TestSimLifecycle::destroyingARunningSimulatorStopsIt()
{
    quint16 port = 0;
    std::unique_ptr<Watch> stream;
    {
        Simulator simulator;
        SimOptions options;
        options.scenario = QStringLiteral("churn");
        options.pods = 50;
        QVERIFY(simulator.start(options).ok());
        port = simulator.port();
        stream = std::make_unique<Watch>(port, "/api/v1/pods?watch=1");
        QCOMPARE(stream->status(), 200);
    }
    QVERIFY(stream->waitForEnd(10000));
    QTcpSocket probe;
    probe.connectToHost(QStringLiteral("127.0.0.1"), port);
    QVERIFY(!probe.waitForConnected(2000));
}

QTEST_GUILESS_MAIN(TestSimLifecycle)
#include "tst_simlifecycle.moc"
