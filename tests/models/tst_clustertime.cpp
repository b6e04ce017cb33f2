// The cluster's time (SecondClock::clusterNowMs) beside the wall clock's
// (SecondClock::nowMs): a replay of a recording sets the first to the
// replayed moment, and the ages of objects and events count from it, as
// does how long ago the informers' last event came; what is about our
// connection to the server ("reconnecting in 4 s") stays on the wall clock.

#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/localkindsource.h"
#include "models/relatedeventsmodel.h"
#include "models/resourcetablemodel.h"
#include "models/rowpreparer.h"
#include "models/secondclock.h"
#include "testobjects.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QSignalSpy>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kMinuteMs = 60 * kSecondMs;

qint64 wallMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

qint64 msOf(const char *rfc3339)
{
    return QDateTime::fromString(QString::fromLatin1(rfc3339), Qt::ISODate).toMSecsSinceEpoch();
}

KubeObject backOffEvent(const QString &involvedUid, const char *lastTimestamp)
{
    const QByteArray json =
        QByteArrayLiteral(R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"e1",)"
                          R"("namespace":"shop","uid":"uid-e1"},"involvedObject":{"kind":"Pod",)"
                          R"("name":"web-1","uid":")") +
        involvedUid.toUtf8() +
        QByteArrayLiteral(R"("},"reason":"BackOff","type":"Warning","message":"m","count":1,)"
                          R"("lastTimestamp":")") +
        lastTimestamp + QByteArrayLiteral(R"(","source":{"component":"kubelet"}})");
    auto decoded = KubeObject::fromJson(json);
    return decoded.ok() ? decoded.value() : KubeObject();
}

} // namespace

class TestClusterTime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { SecondClock::instance()->resetClusterTime(); }
    void aSetClusterTimeMovesItAndLeavesTheWallClock();
    void aPausedClusterTimeStandsStillAndAFastOneRunsFast();
    void tableAgesAndTheLastEventCountInTheClusterTime();
    void relatedEventsLastSeenCountsInTheClusterTime();
};

// Set to 5 min ago, running: the cluster's time is 5 min behind the wall
// clock's at the same tick, and the wall clock has not moved.
void TestClusterTime::aSetClusterTimeMovesItAndLeavesTheWallClock()
{
    SecondClock *clock = SecondClock::instance();
    QCOMPARE(SecondClock::clusterNowMs(), SecondClock::nowMs()); // not set: the wall clock
    QSignalSpy ticks(clock, &SecondClock::ticked);
    const qint64 before = wallMs();
    clock->setClusterTime(before - 5 * kMinuteMs, 1);
    QCOMPARE(ticks.count(), 1); // the views show it at once
    const qint64 after = wallMs();
    const qint64 wallTick = SecondClock::nowMs();
    QVERIFY2(wallTick <= after && wallTick > before - kSecondMs,
             qPrintable(QString::number(wallTick - before)));
    // Anchored at a wall time between `before` and `after`.
    const qint64 behindMs = wallTick - SecondClock::clusterNowMs();
    QVERIFY2(behindMs >= 5 * kMinuteMs && behindMs <= 5 * kMinuteMs + (after - before),
             qPrintable(QString::number(behindMs)));
    QCOMPARE(SecondClock::clusterTimeAt(after + 7) - SecondClock::clusterTimeAt(after), qint64(7));

    clock->resetClusterTime();
    QCOMPARE(SecondClock::clusterNowMs(), SecondClock::nowMs());
}

void TestClusterTime::aPausedClusterTimeStandsStillAndAFastOneRunsFast()
{
    SecondClock *clock = SecondClock::instance();
    const qint64 replayed = msOf("2026-01-01T12:05:00Z");
    clock->setClusterTime(replayed, 0);
    QCOMPARE(SecondClock::clusterNowMs(), replayed);
    QSignalSpy ticks(clock, &SecondClock::ticked);
    QVERIFY(ticks.wait(1500)); // a new second of the wall clock
    QCOMPARE(SecondClock::clusterNowMs(), replayed);
    QCOMPARE(SecondClock::clusterTimeAt(wallMs() + 10 * kSecondMs), replayed);
    // Set again to the same instant, still paused: nothing for the views to redo.
    ticks.clear();
    clock->setClusterTime(replayed, 0);
    QCOMPARE(ticks.count(), 0);

    clock->setClusterTime(replayed, 10);
    const qint64 at = wallMs();
    QCOMPARE(SecondClock::clusterTimeAt(at + kSecondMs) - SecondClock::clusterTimeAt(at),
             10 * kSecondMs);
}

// A pod created at 10:00:00, an event come at 10:05:39, the cluster's time
// set to 10:05:42 (paused): AGE reads 5m42s and the informers panel's
// "last event" 3 s ago, whatever the wall clock says.
void TestClusterTime::tableAgesAndTheLastEventCountInTheClusterTime()
{
    SecondClock *clock = SecondClock::instance();
    QSignalSpy ticks(clock, &SecondClock::ticked);
    QVERIFY(ticks.wait(1500)); // a whole second ahead for what follows
    clock->setClusterTime(msOf("2024-05-01T10:05:39Z"), 0);
    InformerStatus status;
    status.state = InformerStatus::State::Watching;
    status.synced = true;
    status.lastEventMs = wallMs();
    QTRY_VERIFY(wallMs() > status.lastEventMs); // the cluster's time moves on after it
    clock->setClusterTime(msOf("2024-05-01T10:05:42Z"), 0);

    auto formatter = testFormatter(); // NAMESPACE, NAME, STATUS, AGE
    RowPreparer preparer(formatter);
    ResourceTableModel table(formatter);
    QAbstractItemModelTester tableTester(&table,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    const KubeObject pod = makeObject(QStringLiteral("ns"), QStringLiteral("web-1"), {},
                                      QStringLiteral("2024-05-01T10:00:00Z"));
    table.applyBatch(preparer.applyChanges(batchOf({upsert(pod)}), SecondClock::clusterNowMs()));
    QCOMPARE(table.rowCount(), 1);
    QCOMPARE(table.index(0, 3).data().toString(), QStringLiteral("5m42s"));

    LocalKindSource pods(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}});
    InformerStatusModel informers;
    QAbstractItemModelTester informersTester(
        &informers, QAbstractItemModelTester::FailureReportingMode::QtTest);
    informers.addSource(&pods);
    pods.setStatus(status);
    QCOMPARE(informers.index(0, InformerStatusModel::LastEventColumn).data().toString(),
             QStringLiteral("3 s ago"));
}

void TestClusterTime::relatedEventsLastSeenCountsInTheClusterTime()
{
    SecondClock::instance()->setClusterTime(msOf("2024-05-01T10:09:30Z"), 0);
    LocalKindSource events(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Event"), QStringLiteral("events"), true, {}});
    events.upsert(backOffEvent(QStringLiteral("pod-1"), "2024-05-01T10:09:00Z"));
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, RelatedEventsModel::LastSeenColumn).data().toString(),
             QStringLiteral("30s"));
}

QTEST_GUILESS_MAIN(TestClusterTime)
#include "tst_clustertime.moc"
