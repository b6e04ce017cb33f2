#pragma once

// ReplayBar: the controls of a recording's replay (`informant --replay FILE`),
// a tool bar shown only in replay sessions. A play/pause button, a slider
// over the recording's duration that moves the replay to where its track is
// clicked, or its handle released (and while dragged, at most every
// kSeekWhileDraggingMs), the recorded wall-clock
// time at the position (local time, with "+m:ss of m:ss"), and the speed.
//
// The bar knows the replay only through ReplayControls (the application
// wires them to the embedded simulator), and reads the position every
// kRefreshIntervalMs while shown. GUI thread only. The controls block
// briefly: a move backward, which rewrites the simulated cluster's objects,
// goes on after the call; the bar says "Moving to ..." until it is done.
//
// It also sets the cluster's time (SecondClock::setClusterTime) to the
// replayed moment, recordedAt + position, each time it reads the position:
// ages then read as they did at that moment, stand still while the replay
// is paused or moving, run at its speed, and stop at the recording's end.
// It names the recording too (SecondClock::setRecording): at its end, the
// last event is said as the moment of the recording it came at. Its
// destruction gives the wall clock back.

#include <QDateTime>
#include <QElapsedTimer>
#include <QTimer>
#include <QToolBar>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace informant {

struct ReplayPosition
{
    qint64 positionMs = 0; // since the recording began
    qint64 durationMs = 0;
    double speed = 1;
    bool paused = false;
    QDateTime recordedAt; // when the recording began; invalid if unknown
    // A move (either way) is still rewriting the objects (the position is where it goes).
    bool seeking = false;
};

struct ReplayControls
{
    std::function<std::optional<ReplayPosition>()> position; // nullopt: the replay is gone
    std::function<void(bool paused)> setPaused;
    std::function<void(qint64 positionMs)> seek;
    std::function<void(double speed)> setSpeed;
};

class ReplayBar final : public QToolBar
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplayBar)

public:
    static constexpr int kRefreshIntervalMs = 250;
    static constexpr int kSeekWhileDraggingMs = 200;
    // How far the cluster's time may be from the replay's position before
    // the bar sets it again. A read of the position comes a few ms after the
    // replay computed it; setting the time at each read would move it back
    // and forth by that much, and an age across a second's boundary with it.
    static constexpr qint64 kClusterTimeToleranceMs = 250;

    ReplayBar(ReplayControls controls, QWidget *parent = nullptr);
    ~ReplayBar() override;

    // Reads the position now (the bar also does on its timer).
    void refresh();
    // "2026-11-25 21:43:12  +2:05 of 10:00" (local time; only the offsets
    // when the recording's start is unknown), "Moving to ..." while seeking.
    static QString positionText(const ReplayPosition &position);

    QToolButton *playButton() const { return m_play; }
    QSlider *slider() const { return m_slider; }
    QLabel *timeLabel() const { return m_time; }
    QComboBox *speedBox() const { return m_speed; }

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void onPlayClicked();
    void onSliderValueChanged(int value);
    void seekTo(qint64 positionMs);
    void onSpeedChosen(int index);
    void showSpeed(double speed);
    // The cluster's time at the replayed moment of `position` (nullopt: the
    // replay has stopped, and its cluster with it).
    void followClusterTime(const std::optional<ReplayPosition> &position);
    // The cluster's time stands where a move goes before the replay is
    // asked: the changes the move brings may come before the position is
    // read again, and are of that moment of the recording ("last event").
    void followMoveTo(qint64 positionMs);

    ReplayControls m_controls;
    QToolButton *m_play;
    QSlider *m_slider;
    QLabel *m_time;
    QComboBox *m_speed;
    QTimer m_refresh;
    QTimer m_dragSeek; // the last position dragged to, once the interval allows
    QElapsedTimer m_sinceSeek;
    qint64 m_soughtMs = -1; // where the bar last asked the replay to go
    std::optional<ReplayPosition> m_last;
    bool m_updating = false; // the bar itself is setting the slider or the speed
    // The rate the bar last set the cluster's time to run at; nullopt: never set.
    std::optional<double> m_clusterTimeRate;
};

} // namespace informant
