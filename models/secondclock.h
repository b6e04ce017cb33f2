#pragma once

// SecondClock: the one "now" that everything on screen counting seconds is
// computed from (ages, "last event 3 s ago", "reconnecting in 4 s"), and one
// tick just after each whole second of the wall clock to refresh them on.
//
// Why: views that each read the wall clock on a 1 s timer of their own showed
// one object's age a second apart ("3s" in the table beside "Age 2s" in the
// details pane; the status bar's "last event 0 s ago" above "1 s ago" in the
// informers panel). Computed from the same instant and refreshed together,
// they agree; between ticks, a repaint shows what the last tick showed.
//
// Two notions of "now", read at that one instant:
// - nowMs(), the wall clock: for what is about our connection to the server
//   ("reconnecting in 4 s", "not watched since").
// - clusterNowMs(), the cluster's time: for the ages of objects and events
//   (AGE, "Deleting since 2m ago", an event's LAST SEEN, the timeline's now),
//   and the informers' "last event 3 s ago" (the time an event came read by
//   clusterTimeWhen).
//   It is the wall clock, except in a replay of a recording (`informant
//   --replay`), whose cluster lives at the recorded moment: the replay bar
//   sets it to the replayed instant, standing still while paused and running
//   at the replay's speed. Ages counted from the wall clock there read the
//   recording's age ("5m42s" for every pod of a recording made 5 min ago).
//   On the wall clock, a finished replay's last event grew older each
//   second ("last event 5 min ago", as if the cluster had gone quiet); in
//   the recording's time it stays where the replay ended.
//   One per process: a replay session shows one cluster and opens no other.
//
// Threading: instance(), the tick, setClusterTime() and setRecording()
// belong to the GUI thread; the static functions may be read anywhere (the
// table's row preparation runs on a worker thread).

#include <QObject>
#include <QTimer>

#include <atomic>
#include <limits>
#include <optional>

namespace informant {

class SecondClock final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecondClock)

public:
    // The application's clock, made on first use (a child of the
    // application object).
    static SecondClock *instance();

    // The wall clock at the last tick (ms since the epoch), or the start of
    // the current second when its tick is still to come; the wall clock
    // itself while no clock runs (programs without a GUI).
    static qint64 nowMs();
    // The cluster's time at the instant nowMs() reads: nowMs() unless a
    // replay set it (setClusterTime).
    static qint64 clusterNowMs();
    // The cluster's time at the wall clock's `wallMs`, to the millisecond
    // (the timeline's "now" line moves between ticks).
    static qint64 clusterTimeAt(qint64 wallMs);
    // The cluster's time the clock read at the wall clock's `wallMs`, a
    // moment past: clusterTimeAt() reads any instant on the present course,
    // which a pause or a move since has changed; this on the course of that
    // instant. When a watch event came, in the time of the recording played
    // then. The last kCoursesKept courses are kept; before them, the oldest's.
    static constexpr int kCoursesKept = 1024;
    static qint64 clusterTimeWhen(qint64 wallMs);

    // The recording a replay plays, in the cluster's time: it began at
    // `startMs` (its recordedAt) and its last change is at `endMs`.
    struct Recording
    {
        qint64 startMs = 0;
        qint64 endMs = 0;
        bool operator==(const Recording &) const = default;
    };
    // Set by the replay bar; resetClusterTime() forgets it.
    void setRecording(const Recording &recording);
    static std::optional<Recording> recording();

    // From now on the cluster's time reads `clusterMs` at this moment of the
    // wall clock and runs `rate` times as fast (0: stands still, a paused
    // replay), until it reads `untilMs`, where it stays (a replay's last
    // change: at 60x, a quarter second late would be 15 s past it). Emits
    // ticked() when that moves the cluster's time at the last tick, so a
    // seek or a pause shows at once.
    void setClusterTime(qint64 clusterMs, double rate,
                        qint64 untilMs = std::numeric_limits<qint64>::max());
    // The cluster's time is the wall clock's again, and no recording is
    // played. No ticked(): it is called as a replay's window goes, and views
    // being destroyed must not be asked to refresh; any other catches up at
    // the next tick.
    void resetClusterTime();

Q_SIGNALS:
    // A new second, or a new cluster time: texts counted from now are stale.
    void ticked();

private:
    explicit SecondClock(QObject *parent);
    ~SecondClock() override;
    void tick();
    void scheduleNext(qint64 nowMs);

    QTimer m_timer;
    static std::atomic<qint64> s_tickMs; // 0: no clock
};

} // namespace informant
