// In a replay the cluster's time is the replayed moment
// (SecondClock::setClusterTime): the details pane's ages and "since ... ago"
// and the timeline's "now" read it, as the table's AGE does, not the wall
// clock (a recording made 5 min ago showed every pod 5 min older). So does
// the informers' "last event": a finished replay's grew older by the wall
// clock ("5 min ago", as if the cluster had gone quiet); the details pane's
// "As of the last event", a moment of the recording; and events/s, per
// second of the recording.

#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/localkindsource.h"
#include "models/secondclock.h"
#include "models/timeline/eventstore.h"
#include "ui/detailspane.h"
#include "ui/replaybar.h"
#include "ui/timeline/timelinecanvas.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QLocale>
#include <QSignalSpy>
#include <QSlider>
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

qint64 wallMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// A replay of a 10 min recording begun at 12:00:00, paused at 1:00, that
// the bar moves and plays as asked.
struct PausedReplay
{
    ReplayPosition position{
        60000,
        600000,
        1,
        true,
        QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODateWithMs),
        false};

    ReplayControls controls()
    {
        ReplayControls controls;
        controls.position = [this] { return std::optional<ReplayPosition>(position); };
        controls.setPaused = [this](bool paused) { position.paused = paused; };
        controls.seek = [this](qint64 ms) { position.positionMs = ms; };
        controls.setSpeed = [this](double speed) { position.speed = speed; };
        return controls;
    }
};

// Watching pods, whose last event came now (the wall clock).
InformerStatus watchingWithAnEventNow()
{
    InformerStatus status;
    status.state = InformerStatus::State::Watching;
    status.synced = true;
    status.lastEventMs = wallMs();
    return status;
}

// A paused replay with its bar, and the informers panel's model watching pods.
struct ReplayedPods
{
    PausedReplay replay;
    ReplayBar bar{replay.controls()};
    LocalKindSource pods{KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}}};
    InformerStatusModel informers;
    QAbstractItemModelTester tester{&informers,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest};
};

} // namespace

class TestReplayAges : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { SecondClock::instance()->resetClusterTime(); }
    void detailsPaneAgesCountInTheClusterTime();
    void timelineNowIsTheClusterTime();
    void lastEventCountsInTheRecordingsTime();
    void lastEventStopsAtTheEndOfTheReplay();
    void detailsPaneSaysTheLastEventAsAMomentOfTheRecording();
    void eventRateIsPerSecondOfTheRecording();
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

// An event that came at 1:00 of the recording is 5 s old at 1:05, however
// long the wall clock waited in between, and stays so while paused.
void TestReplayAges::lastEventCountsInTheRecordingsTime()
{
    ReplayedPods fixture;
    auto &[replay, bar, pods, informers, tester] = fixture;
    informers.addSource(&pods);
    const InformerStatus status = watchingWithAnEventNow();
    pods.setStatus(status);
    const QModelIndex lastEvent = informers.index(0, InformerStatusModel::LastEventColumn);
    QCOMPARE(lastEvent.data().toString(), QStringLiteral("just now"));
    // The move comes after the event, a moment of the wall clock later.
    QTRY_VERIFY(wallMs() > status.lastEventMs);

    bar.slider()->setValue(65000); // the keyboard: a seek
    QCOMPARE(lastEventText(status, SecondClock::nowMs()), QStringLiteral("5 s ago"));
    QCOMPARE(lastEvent.data().toString(), QStringLiteral("5 s ago"));
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    QVERIFY(ticks.wait(1500));
    QVERIFY(ticks.wait(1500)); // two seconds of the wall clock later, still paused
    QCOMPARE(lastEvent.data().toString(), QStringLiteral("5 s ago"));
}

// At the recording's end the last event is the moment of the recording it
// came at ("at 1:00"), the same at every tick after, not an age growing
// with the wall clock.
void TestReplayAges::lastEventStopsAtTheEndOfTheReplay()
{
    ReplayedPods fixture;
    auto &[replay, bar, pods, informers, tester] = fixture;
    informers.addSource(&pods);
    const InformerStatus status = watchingWithAnEventNow();
    pods.setStatus(status);
    QTRY_VERIFY(wallMs() > status.lastEventMs);

    replay.position.positionMs = replay.position.durationMs; // played to its end
    replay.position.paused = false;
    bar.refresh();
    const QModelIndex lastEvent = informers.index(0, InformerStatusModel::LastEventColumn);
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(lastEventText(status, SecondClock::nowMs()), QStringLiteral("at 1:00"));
        QCOMPARE(lastEvent.data().toString(), QStringLiteral("at 1:00"));
        QVERIFY(ticks.wait(1500));
    }

    // Moved back into the recording: an age again.
    replay.position.paused = true;
    bar.slider()->setValue(62000);
    QCOMPARE(lastEvent.data().toString(), QStringLiteral("2 s ago"));
}

// The object of a kind not watched is as of its kind's last event, said in
// the recording's time as the replay bar ("+1:00 of 10:00") and a finished
// replay's status bar ("last event at 1:00") say that moment: it read the
// wall clock's time of day the replay played it at.
void TestReplayAges::detailsPaneSaysTheLastEventAsAMomentOfTheRecording()
{
    PausedReplay replay;
    ReplayBar bar(replay.controls());
    InformerStatus status;
    status.state = InformerStatus::State::BackingOff;
    status.synced = true;
    status.lastEventMs = wallMs(); // at 1:00 of the recording
    const qint64 lostMs = status.lastEventMs;
    DetailsPane pane;
    pane.setObject(deletingPod());
    pane.setFreshness(status, lostMs);
    // The watch's lapse is about our connection: on the wall clock.
    const QString lost =
        QDateTime::fromMSecsSinceEpoch(lostMs).toString(QStringLiteral("HH:mm:ss"));
    const QString expected =
        QStringLiteral("As of the last event (1:00 of the recording); not watched since %1 "
                       "(watch lost, reconnecting).")
            .arg(lost);
    QCOMPARE(pane.freshnessNote(), expected);

    // Moved on since: the event's moment stays the one it came at.
    QTRY_VERIFY(wallMs() > status.lastEventMs);
    bar.slider()->setValue(65000);
    pane.setFreshness(status, lostMs);
    QCOMPARE(pane.freshnessNote(), expected);
}

// Events/s in a replay counts per second of the recording: 10 changes over
// 5 s of it are 2 a second, however fast the replay plays them, and a
// paused replay keeps the rate of its moment (it decayed with the wall
// clock, to 0 within seconds).
void TestReplayAges::eventRateIsPerSecondOfTheRecording()
{
    ReplayedPods fixture;
    auto &[replay, bar, pods, informers, tester] = fixture;
    connect(SecondClock::instance(), &SecondClock::ticked, &informers,
            &InformerStatusModel::tick); // as the informers panel
    informers.addSource(&pods);
    InformerStatus status = watchingWithAnEventNow();
    status.events = 100;
    pods.setStatus(status);

    bar.slider()->setValue(65000); // 5 s of the recording on, paused there
    status.events = 110;
    pods.setStatus(status);
    const QModelIndex rate = informers.index(0, InformerStatusModel::RateColumn);
    const QString twoASecond = QLocale().toString(2.0, 'f', 1);
    QCOMPARE(rate.data().toString(), twoASecond);
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    QVERIFY(ticks.wait(1500));
    QVERIFY(ticks.wait(1500));
    QCOMPARE(rate.data().toString(), twoASecond);
}

QTEST_MAIN(TestReplayAges)
#include "tst_replayages.moc"
