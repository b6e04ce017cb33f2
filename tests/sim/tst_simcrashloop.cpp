// The demo's crash-looping pod on the kubelet's schedule: back-off 10 s
// doubling to 5 min between restarts, lastState.terminated filled on every
// exit (so RESTARTS reads "4 (70s ago)"), restartCount still during a back-off.

#include "simfixtures.h"

#include "sim/scenarios/crashloopingpod.h"
#include "sim/servercontext.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

QJsonObject containerStatus(const QJsonObject &pod)
{
    return pod.value("status").toObject().value("containerStatuses").toArray().at(0).toObject();
}

QJsonObject crashLoopingPod(quint16 port)
{
    const QJsonArray pods =
        get(port, "/api/v1/namespaces/payments/pods").json().value("items").toArray();
    for (const QJsonValue &pod : pods) {
        if (pod.toObject()
                .value("metadata")
                .toObject()
                .value("name")
                .toString()
                .startsWith(QLatin1String("ledger-worker-")))
            return pod.toObject();
    }
    return {};
}

} // namespace

class TestSimCrashLoop : public QObject
{
    Q_OBJECT

private slots:
    void backOffDoublesFromTenSecondsToFiveMinutes_data();
    void backOffDoublesFromTenSecondsToFiveMinutes();
    void restartsAfterTheBackOffAndRecordsEachExit();
    void demoPodShowsItsLastExitAndHoldsItsCountDuringTheBackOff();
};

void TestSimCrashLoop::backOffDoublesFromTenSecondsToFiveMinutes_data()
{
    QTest::addColumn<int>("restarts");
    QTest::addColumn<int>("seconds");
    QTest::addColumn<QString>("printed");
    QTest::newRow("first") << 0 << 10 << QStringLiteral("10s");
    QTest::newRow("second") << 1 << 20 << QStringLiteral("20s");
    QTest::newRow("fourth") << 3 << 80 << QStringLiteral("1m20s");
    QTest::newRow("fifth") << 4 << 160 << QStringLiteral("2m40s");
    QTest::newRow("capped") << 5 << 300 << QStringLiteral("5m0s");
    QTest::newRow("long after") << 40 << 300 << QStringLiteral("5m0s");
}

void TestSimCrashLoop::backOffDoublesFromTenSecondsToFiveMinutes()
{
    QFETCH(int, restarts);
    QFETCH(int, seconds);
    QFETCH(QString, printed);
    QCOMPARE(CrashLoopingPod::backOffSeconds(restarts), seconds);
    QCOMPARE(CrashLoopingPod::goDuration(seconds), printed);
}

void TestSimCrashLoop::restartsAfterTheBackOffAndRecordsEachExit()
{
    ServerContext context(1000, 1);
    EventRecorder events(context);
    PodFactory factory(1);
    const PodParams params =
        factory.makePod(QStringLiteral("default"), QStringLiteral("worker"), 1);
    const QString key = params.namespaceName + '/' + params.name;
    const auto pod = [&] {
        const ObjectPtr stored = context.storage.store(QStringLiteral("/pods")).get(key);
        return stored ? QJsonDocument::fromJson(stored->json).object() : QJsonObject();
    };
    CrashLoopingPod crashLoop(context, events, params);
    crashLoop.create(0, 9); // crashed 9 s ago: restarts in 1 s
    const QJsonObject crashed = containerStatus(pod());
    QCOMPARE(crashed.value("restartCount").toInt(), 0);
    QCOMPARE(crashed.value("state").toObject().value("waiting").toObject().value("reason"),
             QJsonValue("CrashLoopBackOff"));
    const QJsonObject first = crashed.value("lastState").toObject().value("terminated").toObject();
    QCOMPARE(first.value("exitCode").toInt(), 1);
    QCOMPARE(first.value("reason").toString(), QStringLiteral("Error"));
    QVERIFY(first.value("startedAt").toString() < first.value("finishedAt").toString());
    crashLoop.start();
    QTRY_COMPARE_WITH_TIMEOUT(containerStatus(pod()).value("restartCount").toInt(), 1, 3000);
    const QJsonObject running = containerStatus(pod());
    QVERIFY(running.value("state").toObject().contains("running"));
    QCOMPARE(running.value("lastState").toObject().value("terminated").toObject(), first);
    // It runs a moment, exits again and now waits 20 s.
    QTRY_VERIFY_WITH_TIMEOUT(containerStatus(pod()).value("state").toObject().contains("waiting"),
                             CrashLoopingPod::kRunMs + 2000);
    const QJsonObject again = containerStatus(pod());
    QCOMPARE(again.value("restartCount").toInt(), 1);
    QVERIFY(again.value("state")
                .toObject()
                .value("waiting")
                .toObject()
                .value("message")
                .toString()
                .startsWith(QLatin1String("back-off 20s restarting failed container=app pod=")));
    const QJsonObject second = again.value("lastState").toObject().value("terminated").toObject();
    QCOMPARE(second.value("startedAt"),
             running.value("state").toObject().value("running").toObject().value("startedAt"));
    QVERIFY(second.value("finishedAt").toString() >= second.value("startedAt").toString());
}

void TestSimCrashLoop::demoPodShowsItsLastExitAndHoldsItsCountDuringTheBackOff()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    const QJsonObject pod = crashLoopingPod(port);
    const QJsonObject status = containerStatus(pod);
    const int restarts = status.value("restartCount").toInt();
    QVERIFY2(restarts >= 4, qPrintable(QString::number(restarts)));
    const QJsonObject last = status.value("lastState").toObject().value("terminated").toObject();
    QCOMPARE(last.value("exitCode").toInt(), 1);
    QCOMPARE(last.value("reason").toString(), QStringLiteral("Error"));
    QVERIFY(!last.value("startedAt").toString().isEmpty());
    QVERIFY(!last.value("finishedAt").toString().isEmpty());
    const QByteArray name = pod.value("metadata").toObject().value("name").toString().toUtf8();
    const QJsonObject table =
        get(port, "/api/v1/namespaces/payments/pods/" + name, {{"Accept", kTable}}).json();
    const QString restartsCell =
        table.value("rows").toArray().at(0).toObject().value("cells").toArray().at(3).toString();
    QVERIFY2(restartsCell.contains(QRegularExpression(QStringLiteral("^\\d+ \\(\\d+s ago\\)$"))),
             qPrintable(restartsCell));
    // The back-off is minutes long now: no restart in the next seconds.
    QTest::qWait(8000);
    QCOMPARE(containerStatus(crashLoopingPod(port)).value("restartCount").toInt(), restarts);
}

QTEST_GUILESS_MAIN(TestSimCrashLoop)
#include "tst_simcrashloop.moc"
