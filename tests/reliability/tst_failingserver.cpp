// informantctl against a server that keeps failing. `get` must end, as
// kubectl does, with the server's reason and a non-zero exit, whatever the
// failure (a 429 the informer retries on its own, a 410 on every request);
// a persistent 410 must not make it ask again without pause; and `watch`,
// which never ends, must say on stderr when its data stops being live and
// when it is live again.

#include "childrun.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace reliability;

class TstFailingServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void getEndsWithTheReason_data();
    void getEndsWithTheReason();
    void watchSaysWhenItIsInterruptedAndResumed();

private:
    QTemporaryDir m_home;
};

void TstFailingServer::getEndsWithTheReason_data()
{
    QTest::addColumn<QString>("faults");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<int>("maxRequests");
    // Retried inside the streaming list without a word to the error
    // handler, as client-go does; each watch request is itself re-sent
    // after the server's Retry-After (1 s here) up to 10 times, as
    // client-go's Request.Watch does, so two attempts fill informantctl's
    // 10 s of patience.
    QTest::newRow("429 to every request") << "error429=1"
                                          << "429 TooManyRequests" << 25;
    // A 500 without Retry-After is not retried by the request; kubectl
    // reports it at once, where relisting kept `get` silent for 10 s: the
    // streaming list, then the paged list it falls back to, and no more
    // (after the two discovery requests).
    QTest::newRow("500 to every request") << "error500=1"
                                          << "500 InternalError" << 4;
    // A 410 to a request without a resourceVersion: retrying it at once
    // would ask thousands of times a second.
    QTest::newRow("410 to every request") << "gone=1"
                                          << "410 Expired" << 40;
}

void TstFailingServer::getEndsWithTheReason()
{
    QFETCH(QString, faults);
    QFETCH(QString, reason);
    QFETCH(int, maxRequests);
    SimProcess sim;
    QVERIFY(sim.start({QStringLiteral("--scenario"), QStringLiteral("demo"),
                       QStringLiteral("--faults"), faults}));
    QElapsedTimer clock;
    clock.start();
    const ChildResult get =
        runChild(QStringLiteral("informantctl"),
                 {QStringLiteral("--server"), sim.url(), QStringLiteral("get"),
                  QStringLiteral("pods"), QStringLiteral("-n"), QStringLiteral("web")},
                 {m_home.path(), 0, 60000, {}});
    QVERIFY(get.finished);
    QCOMPARE(get.exitCode, 1);
    QVERIFY2(get.err.contains(reason.toUtf8()), get.err.constData());
    QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
    const QByteArray requests = sim.call("GET", QStringLiteral("/sim/v1/requests"));
    QVERIFY2(requests.count('\n') <= maxRequests, requests.constData());
}

void TstFailingServer::watchSaysWhenItIsInterruptedAndResumed()
{
    SimProcess sim;
    QVERIFY(sim.start({QStringLiteral("--scenario"), QStringLiteral("demo")}));
    QProcess watch;
    QVERIFY(startChild(
        watch, QStringLiteral("informantctl"),
        {QStringLiteral("--server"), sim.url(), QStringLiteral("watch"), QStringLiteral("nodes")},
        {m_home.path(), 0, 0, {}}));
    QByteArray out, err;
    // Reads what the watch prints until `buffer` (out or err) holds `text`.
    const auto readUntil = [&](const QByteArray &buffer, const QByteArray &text) {
        QElapsedTimer clock;
        clock.start();
        while (!buffer.contains(text) && clock.elapsed() < 20000) {
            watch.waitForReadyRead(100);
            out += watch.readAllStandardOutput();
            err += watch.readAllStandardError();
        }
        return buffer.contains(text);
    };
    QVERIFY2(readUntil(out, "node-2"), out.constData());
    QVERIFY(err.isEmpty());

    // The watch is cut and every relist fails: the rows on screen go stale.
    sim.call("POST", QStringLiteral("/sim/v1/faults"), "restart=300ms,error500=1");
    QVERIFY2(readUntil(err, "interrupted"), err.constData());
    // With the reason the first failure gave (a cut watch, or the 500): a
    // notice, not an error (the watch goes on).
    QVERIFY2(err.startsWith("watch of nodes interrupted, retrying: "), err.constData());
    QVERIFY(!err.contains("resumed"));

    sim.call("POST", QStringLiteral("/sim/v1/faults/off"));
    QVERIFY2(readUntil(err, "watch of nodes resumed"), err.constData());
    watch.kill();
    watch.waitForFinished();
}

QTEST_GUILESS_MAIN(TstFailingServer)
#include "tst_failingserver.moc"
