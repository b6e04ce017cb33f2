// The replay bar of `informant --replay FILE` on a window watching the
// embedded simulator's replay of a recording: moving the slider moves the
// table to the recorded state of that time (a pod that exists only later
// appears, and goes again when moved back); pausing stops the position; the
// label gives the recorded wall-clock time and the offsets; the cluster's
// time (the ages' now) is the replayed moment; at the end the status bar
// says the replay ended, and when its last event came.

#include "models/liveclustersession.h"
#include "models/resourcetablemodel.h"
#include "models/secondclock.h"
#include "replayrecording.h"
#include "sim/simulator.h"
#include "testsettings.h"
#include "ui/mainwindow.h"
#include "ui/replaybar.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <memory>

using namespace informant;
using namespace informant::test;

namespace {

constexpr qint64 kMinuteMs = 60 * 1000;

// Pod "early" from the start, "late" from 10 min, "early" gone at 20 min.
QByteArray recording()
{
    return podsAndNamespacesStart() + record(0, "ADDED", recordedPod("early")) +
           record(10 * kMinuteMs, "ADDED", recordedPod("late")) +
           record(20 * kMinuteMs, "DELETED", recordedPod("early"));
}

// The bar's controls on `simulator`, as the application wires them.
ReplayControls controlsOf(sim::Simulator &simulator)
{
    ReplayControls controls;
    controls.position = [&simulator]() -> std::optional<ReplayPosition> {
        const auto state = simulator.recordingReplayState();
        if (!state)
            return std::nullopt;
        return ReplayPosition{state->positionMs,
                              state->durationMs,
                              state->speed,
                              state->paused,
                              QDateTime::fromString(state->recordedAt, Qt::ISODateWithMs),
                              state->seeking};
    };
    controls.setPaused = [&simulator](bool paused) {
        (void)simulator.setRecordingReplayPaused(paused);
    };
    controls.seek = [&simulator](qint64 ms) { (void)simulator.seekRecordingReplay(ms); };
    controls.setSpeed = [&simulator](double speed) {
        (void)simulator.setRecordingReplaySpeed(speed);
    };
    return controls;
}

// A window on the embedded simulator replaying a recording, with its replay
// bar, showing pods (as `informant --replay FILE --kind pods`).
struct ReplayWindow
{
    QTemporaryDir dir;
    sim::Simulator simulator;
    std::unique_ptr<MainWindow> window;
    ReplayBar *bar = nullptr;

    // Empty once the window is shown; else why it could not be.
    QString open(const QByteArray &recording, const QString &fileName)
    {
        const QString path = dir.filePath(fileName);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(recording) != recording.size())
            return QStringLiteral("cannot write ") + path;
        file.close();
        sim::SimOptions options;
        options.scenario = QStringLiteral("replay");
        options.replayFile = path;
        const auto started = simulator.start(options);
        if (!started.ok())
            return started.errorMessage();
        ClusterConfig config;
        config.server = QUrl(simulator.url());
        auto *session = new LiveClusterSession(config, QStringLiteral("replay of ") + fileName);
        window = std::make_unique<MainWindow>(session, QStringList{}, nullptr);
        session->setParent(window.get());
        bar = new ReplayBar(controlsOf(simulator), window.get());
        window->addToolBar(Qt::BottomToolBarArea, bar);
        window->show();
        window->showKindByName(QStringLiteral("po"));
        return {};
    }
};

QStringList rowNames(const ResourceTableModel *model)
{
    QStringList names;
    for (int row = 0; row < model->rowCount(); ++row)
        names.append(model->objectAt(row).name());
    names.sort();
    return names;
}

// A drag of the slider's handle to `ms`, released there.
void dragTo(QSlider *slider, qint64 ms)
{
    slider->setSliderDown(true);
    slider->setValue(int(ms));
    slider->setSliderDown(false);
}

} // namespace

class TestReplayBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::useEmptyTestSettings(); }
    void slidingMovesTheTableToTheRecordedStateAndPauseStopsIt();
    void draggingSeeksAtMostEveryInterval();
    void aClickOnTheTrackSeeksThere();
    void positionTextGivesTheRecordedTimeAndOffsets();
    void clusterTimeIsTheReplayedMoment();
    void aPositionReadLateLeavesTheClusterTime();
    void aMoveBackwardInProgressShowsOnTheBar();
    void clusterTimeStopsAtTheRecordingsEnd();
    void offsetsRoundAsAMediaPlayersDo();
    void atTheEndTheStatusBarSaysTheReplayEndedAndWhenItsLastEventCame();
};

void TestReplayBar::slidingMovesTheTableToTheRecordedStateAndPauseStopsIt()
{
    ReplayWindow replay;
    const QString error = replay.open(recording(), QStringLiteral("incident.ndjson"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    sim::Simulator &simulator = replay.simulator;
    ReplayBar *bar = replay.bar;
    ResourceTableModel *model = replay.window->resourceView()->feed()->model();
    QAbstractItemModelTester tester(model);
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), QStringList{"early"}, 20000);
    QCOMPARE(bar->slider()->maximum(), int(20 * kMinuteMs));

    dragTo(bar->slider(), 15 * kMinuteMs);
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), (QStringList{"early", "late"}), 10000);
    QVERIFY2(bar->timeLabel()->text().contains(QStringLiteral("+15:00 of 20:00")),
             qPrintable(bar->timeLabel()->text()));
    dragTo(bar->slider(), 5 * kMinuteMs);
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), QStringList{"early"}, 10000);
    dragTo(bar->slider(), 20 * kMinuteMs);
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), QStringList{"late"}, 10000);
    // At the end, Play starts again from the beginning.
    QCOMPARE(bar->playButton()->text(), QStringLiteral("Play"));
    bar->playButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), QStringList{"early"}, 10000);

    // Playing: Pause stops the position, on the bar and in the simulator.
    QCOMPARE(bar->playButton()->text(), QStringLiteral("Pause"));
    bar->playButton()->click();
    QCOMPARE(bar->playButton()->text(), QStringLiteral("Play"));
    const int pausedAt = bar->slider()->value();
    const QString pausedText = bar->timeLabel()->text();
    QTest::qWait(3 * ReplayBar::kRefreshIntervalMs);
    QCOMPARE(bar->slider()->value(), pausedAt);
    QCOMPARE(bar->timeLabel()->text(), pausedText);
    QVERIFY(simulator.recordingReplayState()->paused);
    QCOMPARE(simulator.recordingReplayState()->positionMs, qint64(pausedAt));

    // The speed box sets the simulator's speed.
    bar->speedBox()->setCurrentIndex(bar->speedBox()->findText(QStringLiteral("60x")));
    emit bar->speedBox()->activated(bar->speedBox()->currentIndex());
    QCOMPARE(simulator.recordingReplayState()->speed, 60.0);
}

void TestReplayBar::draggingSeeksAtMostEveryInterval()
{
    QList<qint64> seeks;
    ReplayControls controls;
    controls.position = [] {
        ReplayPosition position;
        position.durationMs = 10000;
        return std::optional<ReplayPosition>(position);
    };
    controls.setPaused = [](bool) {};
    controls.seek = [&seeks](qint64 ms) { seeks.append(ms); };
    controls.setSpeed = [](double) {};
    ReplayBar bar(std::move(controls));
    QSlider *slider = bar.slider();
    slider->setSliderDown(true);
    slider->setValue(1000);
    slider->setValue(2000);
    slider->setValue(3000);
    // The first move is asked at once; the others wait for the interval, then the last counts.
    QCOMPARE(seeks, QList<qint64>{1000});
    QVERIFY2(bar.timeLabel()->text().startsWith(QStringLiteral("+0:03 of 0:10")),
             qPrintable(bar.timeLabel()->text()));
    QTRY_COMPARE(seeks, (QList<qint64>{1000, 3000}));
    slider->setValue(4000);
    slider->setSliderDown(false); // released: asked at once
    QCOMPARE(seeks.last(), 4000);
    QCOMPARE(seeks.count(4000), 1);
    QTest::qWait(2 * ReplayBar::kSeekWhileDraggingMs);
    QCOMPARE(seeks.count(4000), 1); // no late duplicate from the drag's timer
}

// As in a media player: a click on the track moves there (not a page step
// toward it), once.
void TestReplayBar::aClickOnTheTrackSeeksThere()
{
    constexpr qint64 kDurationMs = 40'000;
    qint64 positionMs = kDurationMs; // at the end, as the review found it
    QList<qint64> seeks;
    ReplayControls controls;
    controls.position = [&positionMs] {
        ReplayPosition position;
        position.positionMs = positionMs;
        position.durationMs = kDurationMs;
        return std::optional<ReplayPosition>(position);
    };
    controls.setPaused = [](bool) {};
    controls.seek = [&seeks, &positionMs](qint64 ms) {
        seeks.append(ms);
        positionMs = ms;
    };
    controls.setSpeed = [](double) {};
    ReplayBar bar(std::move(controls));
    bar.resize(1000, bar.sizeHint().height());
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    QSlider *slider = bar.slider();
    QCOMPARE(slider->value(), int(kDurationMs));

    for (const double fraction : {0.1, 0.75, 0.3}) {
        seeks.clear();
        QTest::mouseClick(slider, Qt::LeftButton, {},
                          QPoint(int(slider->width() * fraction), slider->height() / 2));
        QCOMPARE(seeks.size(), 1);
        const double sought = double(seeks.first()) / kDurationMs;
        QVERIFY2(
            std::abs(sought - fraction) < 0.05,
            qPrintable(
                QStringLiteral("clicked at %1 of the track, sought %2").arg(fraction).arg(sought)));
        QCOMPARE(slider->value(), int(seeks.first()));
    }
}

void TestReplayBar::positionTextGivesTheRecordedTimeAndOffsets()
{
    const QDateTime start =
        QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODateWithMs);
    const QString local =
        start.addSecs(125).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    QCOMPARE(ReplayBar::positionText({125000, 600000, 1, false, start, false}),
             local + QStringLiteral("  +2:05 of 10:00"));
    QCOMPARE(ReplayBar::positionText({3725000, 7200000, 1, false, QDateTime(), false}),
             QStringLiteral("+1:02:05 of 2:00:00"));
}

// recordedAt + position: standing still while paused (whatever the wall
// clock does), moved by a seek, running at the replay's speed; the wall
// clock again once the bar is gone.
void TestReplayBar::clusterTimeIsTheReplayedMoment()
{
    const QDateTime recordedAt =
        QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODateWithMs);
    const qint64 startMs = recordedAt.toMSecsSinceEpoch();
    ReplayPosition replay{125000, 600000, 1, true, recordedAt, false};
    ReplayControls controls;
    controls.position = [&replay] { return std::optional<ReplayPosition>(replay); };
    controls.setPaused = [&replay](bool paused) { replay.paused = paused; };
    controls.seek = [&replay](qint64 ms) { replay.positionMs = ms; };
    controls.setSpeed = [&replay](double speed) { replay.speed = speed; };
    {
        ReplayBar bar(std::move(controls));
        QCOMPARE(SecondClock::clusterNowMs(), startMs + 125000);
        QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
        QVERIFY(ticks.wait(1500)); // a new second of the wall clock
        QCOMPARE(SecondClock::clusterNowMs(), startMs + 125000);

        bar.slider()->setValue(300000); // the keyboard: a seek
        QCOMPARE(replay.positionMs, qint64(300000));
        QCOMPARE(SecondClock::clusterNowMs(), startMs + 300000);

        replay.speed = 10;
        bar.playButton()->click();
        QVERIFY(!replay.paused);
        const qint64 wallMs = QDateTime::currentMSecsSinceEpoch();
        QCOMPARE(SecondClock::clusterTimeAt(wallMs + 1000) - SecondClock::clusterTimeAt(wallMs),
                 qint64(10000));
        // Anchored where the replay was read, a moment ago at 10x.
        const qint64 sinceRead = SecondClock::clusterTimeAt(wallMs) - (startMs + 300000);
        QVERIFY2(sinceRead >= 0 && sinceRead < 10000, qPrintable(QString::number(sinceRead)));
    }
    QCOMPARE(SecondClock::clusterNowMs(), SecondClock::nowMs());
}

// Playing at 1x, the position is read a few ms after the replay computed
// it: within kClusterTimeToleranceMs the cluster's time keeps its course
// (set again, an age could step back across a second); past it (someone
// else moved the replay), it follows.
void TestReplayBar::aPositionReadLateLeavesTheClusterTime()
{
    const QDateTime recordedAt =
        QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODateWithMs);
    ReplayPosition replay{60000, 600000, 1, false, recordedAt, false};
    ReplayControls controls;
    controls.position = [&replay] { return std::optional<ReplayPosition>(replay); };
    ReplayBar bar(std::move(controls));
    const qint64 wallMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 course = SecondClock::clusterTimeAt(wallMs);
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    replay.positionMs -= ReplayBar::kClusterTimeToleranceMs / 2;
    bar.refresh();
    QCOMPARE(SecondClock::clusterTimeAt(wallMs), course);
    QCOMPARE(ticks.count(), 0);
    replay.positionMs += 60000;
    bar.refresh();
    QCOMPARE(ticks.count(), 1);
    const qint64 moved = SecondClock::clusterTimeAt(wallMs) - course;
    QVERIFY2(moved > 59000 && moved < 60000, qPrintable(QString::number(moved)));
}

// A move backward through a large recording goes on after the seek call
// (the simulator rewrites the objects in steps): the bar says so, the
// cluster's time stands at the moment moved to, and plays on once done.
void TestReplayBar::aMoveBackwardInProgressShowsOnTheBar()
{
    const QDateTime recordedAt =
        QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODateWithMs);
    const qint64 startMs = recordedAt.toMSecsSinceEpoch();
    ReplayPosition replay{500000, 600000, 1, false, recordedAt, false};
    ReplayControls controls;
    controls.position = [&replay] { return std::optional<ReplayPosition>(replay); };
    controls.setPaused = [&replay](bool paused) { replay.paused = paused; };
    controls.seek = [&replay](qint64 ms) {
        const bool backward = ms < replay.positionMs;
        replay.positionMs = ms;
        replay.seeking = backward;
    };
    controls.setSpeed = [&replay](double speed) { replay.speed = speed; };
    ReplayBar bar(std::move(controls));
    QVERIFY(!bar.timeLabel()->text().contains(QStringLiteral("Moving")));

    bar.slider()->setValue(60000); // the keyboard: a seek backward
    QVERIFY2(bar.timeLabel()->text().startsWith(QStringLiteral("Moving to ")),
             qPrintable(bar.timeLabel()->text()));
    QVERIFY2(bar.timeLabel()->text().contains(QStringLiteral("+1:00 of 10:00")),
             qPrintable(bar.timeLabel()->text()));
    QCOMPARE(bar.slider()->value(), 60000);
    const qint64 wallMs = QDateTime::currentMSecsSinceEpoch();
    QCOMPARE(SecondClock::clusterTimeAt(wallMs), startMs + 60000);
    QCOMPARE(SecondClock::clusterTimeAt(wallMs + 1000), startMs + 60000);

    replay.seeking = false; // written
    bar.refresh();
    QVERIFY2(!bar.timeLabel()->text().contains(QStringLiteral("Moving")),
             qPrintable(bar.timeLabel()->text()));
    QCOMPARE(SecondClock::clusterTimeAt(wallMs + 1000) - SecondClock::clusterTimeAt(wallMs),
             qint64(1000));
}

// Read every kRefreshIntervalMs, a replay at 60x used to run the cluster's
// time (the ages, the timeline's now) up to 15 s past the recording's last
// change before the bar saw the end. It stops there, as the replay does.
void TestReplayBar::clusterTimeStopsAtTheRecordingsEnd()
{
    const QDateTime recordedAt =
        QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODateWithMs);
    const qint64 endMs = recordedAt.toMSecsSinceEpoch() + 600000;
    ReplayPosition replay{599000, 600000, 60, false, recordedAt, false};
    ReplayControls controls;
    controls.position = [&replay] { return std::optional<ReplayPosition>(replay); };
    ReplayBar bar(std::move(controls));
    const qint64 wallMs = QDateTime::currentMSecsSinceEpoch();
    QCOMPARE(SecondClock::clusterTimeAt(wallMs + ReplayBar::kRefreshIntervalMs), endMs);
    QCOMPARE(SecondClock::clusterTimeAt(wallMs + 60000), endMs);
    QCOMPARE(bar.playButton()->text(), QStringLiteral("Pause"));

    replay.positionMs = 600000; // the next read: finished
    bar.refresh();
    QCOMPARE(bar.playButton()->text(), QStringLiteral("Play"));
    QCOMPARE(SecondClock::clusterTimeAt(wallMs + 60000), endMs);
}

// Cut to the second, a recording whose last change came at 19.6 s lasted
// "0:19", and its position read a second short of it until the very end.
void TestReplayBar::offsetsRoundAsAMediaPlayersDo()
{
    QCOMPARE(ReplayBar::positionText({19600, 19600, 1, false, QDateTime(), false}),
             QStringLiteral("+0:20 of 0:20"));
    QCOMPARE(ReplayBar::positionText({19499, 19600, 1, false, QDateTime(), false}),
             QStringLiteral("+0:19 of 0:20"));
    QCOMPARE(ReplayBar::positionText({499, 20000, 1, false, QDateTime(), false}),
             QStringLiteral("+0:00 of 0:20"));
    QCOMPARE(ReplayBar::positionText({3599500, 3599600, 1, false, QDateTime(), false}),
             QStringLiteral("+1:00:00 of 1:00:00"));
}

// Moved to the end of a 19.6 s recording, whose last change the move
// brings: "replay ended — last event at 0:20", the same a few seconds of
// the wall clock later (it used to say "last event 5 min ago" in time).
void TestReplayBar::atTheEndTheStatusBarSaysTheReplayEndedAndWhenItsLastEventCame()
{
    ReplayWindow replay;
    const QString error =
        replay.open(podsAndNamespacesStart() + record(0, "ADDED", recordedPod("early")) +
                        record(19600, "ADDED", recordedPod("late")),
                    QStringLiteral("short.ndjson"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const MainWindow &window = *replay.window;
    ReplayBar *bar = replay.bar;
    ResourceTableModel *model = replay.window->resourceView()->feed()->model();
    QAbstractItemModelTester tester(model);
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), QStringList{"early"}, 20000);
    QVERIFY2(!window.statusText().contains(QStringLiteral("replay ended")),
             qPrintable(window.statusText()));

    bar->slider()->setValue(bar->slider()->maximum()); // the End key
    QTRY_COMPARE_WITH_TIMEOUT(rowNames(model), (QStringList{"early", "late"}), 10000);
    const QString ended = QStringLiteral("replay ended — last event at 0:20");
    QTRY_VERIFY2_WITH_TIMEOUT(window.statusText().contains(ended), qPrintable(window.statusText()),
                              10000);
    QVERIFY2(bar->timeLabel()->text().endsWith(QStringLiteral("+0:20 of 0:20")),
             qPrintable(bar->timeLabel()->text()));
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(ticks.wait(1500));
        QVERIFY2(window.statusText().contains(ended), qPrintable(window.statusText()));
    }
}

QTEST_MAIN(TestReplayBar)
#include "tst_replaybar.moc"
