#include "models/secondclock.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QPointer>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

namespace informant {

namespace {
// How long after the whole second the tick comes: enough that a timer
// rounded to the millisecond never fires on the second's last one.
constexpr int kAfterTheSecondMs = 5;

// The cluster's time as a line through one instant: at the wall clock's
// wallMs it read clusterMs, and it runs `rate` times as fast, up to untilMs.
// The wall clock itself is {0, 0, 1, max}.
struct ClusterTimeAnchor
{
    qint64 wallMs = 0;
    qint64 clusterMs = 0;
    double rate = 1;
    qint64 untilMs = std::numeric_limits<qint64>::max();

    qint64 at(qint64 wall) const
    {
        if (rate == 1)
            return std::min(untilMs, clusterMs + (wall - wallMs)); // exact: no double
        return std::min(untilMs, clusterMs + qint64(std::llround(double(wall - wallMs) * rate)));
    }
};

// The anchor, written by the GUI thread and read by any (the table's
// rows are prepared on a worker thread, at every cell of a repaint on the
// GUI thread): a sequence lock, so a reader never takes a lock nor sees the
// fields of two anchors. The version is odd while the writer is at work; a
// reader that saw it odd or changed reads again.
std::atomic<quint64> s_anchorVersion{0};
std::atomic<qint64> s_anchorWallMs{0};
std::atomic<qint64> s_anchorClusterMs{0};
std::atomic<double> s_anchorRate{1};
std::atomic<qint64> s_anchorUntilMs{std::numeric_limits<qint64>::max()};

ClusterTimeAnchor loadAnchor()
{
    for (;;) {
        const quint64 before = s_anchorVersion.load(std::memory_order_acquire);
        const ClusterTimeAnchor anchor{s_anchorWallMs.load(std::memory_order_relaxed),
                                       s_anchorClusterMs.load(std::memory_order_relaxed),
                                       s_anchorRate.load(std::memory_order_relaxed),
                                       s_anchorUntilMs.load(std::memory_order_relaxed)};
        std::atomic_thread_fence(std::memory_order_acquire);
        if (before % 2 == 0 && s_anchorVersion.load(std::memory_order_relaxed) == before)
            return anchor;
        QThread::yieldCurrentThread(); // the writer was preempted between its stores
    }
}

// GUI thread only: one writer.
void storeAnchor(const ClusterTimeAnchor &anchor)
{
    const quint64 version = s_anchorVersion.load(std::memory_order_relaxed);
    s_anchorVersion.store(version + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    s_anchorWallMs.store(anchor.wallMs, std::memory_order_relaxed);
    s_anchorClusterMs.store(anchor.clusterMs, std::memory_order_relaxed);
    s_anchorRate.store(anchor.rate, std::memory_order_relaxed);
    s_anchorUntilMs.store(anchor.untilMs, std::memory_order_relaxed);
    s_anchorVersion.store(version + 2, std::memory_order_release);
}

// The courses the cluster's time took, each from the wall clock's instant
// it was set at, oldest first (clusterTimeWhen). Written by the GUI thread,
// read by any; with the recording a replay plays.
struct Course
{
    qint64 fromWallMs = std::numeric_limits<qint64>::min();
    ClusterTimeAnchor anchor;
};
std::mutex s_coursesMutex;
QList<Course> s_courses{Course{}};
std::optional<SecondClock::Recording> s_recording;

void followCourse(const ClusterTimeAnchor &anchor, qint64 fromWallMs)
{
    const std::lock_guard lock(s_coursesMutex);
    // A wall clock set back must not unsort them.
    s_courses.append(Course{std::max(fromWallMs, s_courses.last().fromWallMs), anchor});
    if (s_courses.size() > SecondClock::kCoursesKept)
        s_courses.removeFirst();
}

} // namespace

std::atomic<qint64> SecondClock::s_tickMs{0};

SecondClock *SecondClock::instance()
{
    static QPointer<SecondClock> clock;
    if (!clock)
        clock = new SecondClock(QCoreApplication::instance());
    return clock;
}

qint64 SecondClock::nowMs()
{
    const qint64 wallMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 tickMs = s_tickMs.load(std::memory_order_relaxed);
    if (tickMs == 0)
        return wallMs;
    // A new second whose tick has not been handled yet (it is a few ms away,
    // or the GUI thread was busy): its start, which reads every age as the
    // tick will, rather than a time falling behind ("<invalid>" ages, kubectl's
    // word for a creation time in the future, after two seconds).
    if (wallMs / 1000 != tickMs / 1000)
        return wallMs - wallMs % 1000;
    return tickMs;
}

qint64 SecondClock::clusterNowMs()
{
    return clusterTimeAt(nowMs());
}

qint64 SecondClock::clusterTimeAt(qint64 wallMs)
{
    return loadAnchor().at(wallMs);
}

qint64 SecondClock::clusterTimeWhen(qint64 wallMs)
{
    const std::lock_guard lock(s_coursesMutex);
    const auto after = std::upper_bound(
        s_courses.cbegin(), s_courses.cend(), wallMs,
        [](qint64 wall, const Course &course) { return wall < course.fromWallMs; });
    return (after == s_courses.cbegin() ? *after : *(after - 1)).anchor.at(wallMs);
}

void SecondClock::setRecording(const Recording &recording)
{
    const std::lock_guard lock(s_coursesMutex);
    s_recording = recording;
}

std::optional<SecondClock::Recording> SecondClock::recording()
{
    const std::lock_guard lock(s_coursesMutex);
    return s_recording;
}

void SecondClock::setClusterTime(qint64 clusterMs, double rate, qint64 untilMs)
{
    const qint64 before = clusterNowMs();
    const ClusterTimeAnchor anchor{QDateTime::currentMSecsSinceEpoch(), clusterMs,
                                   std::isfinite(rate) && rate > 0 ? rate : 0, untilMs};
    storeAnchor(anchor);
    followCourse(anchor, anchor.wallMs);
    if (clusterNowMs() != before)
        Q_EMIT ticked();
}

void SecondClock::resetClusterTime()
{
    storeAnchor(ClusterTimeAnchor{});
    followCourse(ClusterTimeAnchor{}, QDateTime::currentMSecsSinceEpoch());
    const std::lock_guard lock(s_coursesMutex);
    s_recording.reset();
}

SecondClock::SecondClock(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire early
    connect(&m_timer, &QTimer::timeout, this, &SecondClock::tick);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    s_tickMs.store(now, std::memory_order_relaxed);
    scheduleNext(now);
}

SecondClock::~SecondClock()
{
    s_tickMs.store(0, std::memory_order_relaxed);
    resetClusterTime();
}

void SecondClock::tick()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    s_tickMs.store(now, std::memory_order_relaxed);
    scheduleNext(now);
    Q_EMIT ticked();
}

void SecondClock::scheduleNext(qint64 nowMs)
{
    m_timer.start(int(1000 - nowMs % 1000) + kAfterTheSecondMs);
}

} // namespace informant
