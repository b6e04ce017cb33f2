// In a replay the cluster's time is the replayed moment
// (SecondClock::setClusterTime): the details pane's ages and "since ... ago"
// and the timeline's "now" read it, as the table's AGE does, not the wall
// clock (a recording made 5 min ago showed every pod 5 min older).

#include "models/secondclock.h"
#include "models/timeline/eventstore.h"
#include "ui/detailspane.h"
#include "ui/timeline/timelinecanvas.h"

#include <QDateTime>
#include <QTest>

using namespace informant;

namespace {

qint64 msOf(const char *rfc3339)
{
    return QDateTime::fromString(QString::fromLatin1(rfc3339), Qt::ISODate).toMSecsSinceEpoch();
}

// Created at 10:00:00, being deleted since 10:05:00 (past its grace period).
KubeObject deletingPod()
{
    auto decoded = KubeObject::fromJson(
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"shop",)"
        R"("uid":"pod-uid-1","resourceVersion":"7","creationTimestamp":"2024-05-01T10:00:00Z",)"
        R"("deletionTimestamp":"2024-05-01T10:05:00Z"},"spec":{"nodeName":"node-1"},)"
        R"("status":{"phase":"Running"}})");
    return decoded.ok() ? decoded.value() : KubeObject();
}

} // namespace

class TestReplayAges : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { SecondClock::instance()->resetClusterTime(); }
    void detailsPaneAgesCountInTheClusterTime();
    void timelineNowIsTheClusterTime();
};

void TestReplayAges::detailsPaneAgesCountInTheClusterTime()
{
    SecondClock::instance()->setClusterTime(msOf("2024-05-01T10:07:42Z"), 0);
    DetailsPane pane;
    pane.show(); // the overview ticks on only when seen
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.setObject(deletingPod());
    const QString overview = pane.overviewText();
    QVERIFY2(overview.contains(QStringLiteral("7m42s")), qPrintable(overview));
    QVERIFY2(overview.contains(QStringLiteral("since 2m42s ago")), qPrintable(overview));

    // Another moment (a seek) moves the overview's ages at once, without waiting for a tick.
    SecondClock::instance()->setClusterTime(msOf("2024-05-01T10:06:00Z"), 0);
    QVERIFY2(pane.overviewText().contains(QStringLiteral("since 60s ago")),
             qPrintable(pane.overviewText()));
}

// The "now" line, and the right edge while following, at the replayed moment.
void TestReplayAges::timelineNowIsTheClusterTime()
{
    const qint64 replayed = msOf("2024-05-01T10:07:42Z");
    SecondClock::instance()->setClusterTime(replayed, 0);
    EventStore store;
    TimelineCanvas canvas(&store);
    canvas.resize(800, 300);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QCOMPARE(canvas.view().nowMs, replayed);
    QVERIFY(canvas.followLive());
    QVERIFY2(canvas.endMs() >= double(replayed) && canvas.startMs() < double(replayed),
             qPrintable(QStringLiteral("%1..%2").arg(canvas.startMs()).arg(canvas.endMs())));
}

QTEST_MAIN(TestReplayAges)
#include "tst_replayages.moc"
