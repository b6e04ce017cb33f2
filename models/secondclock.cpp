#include "models/secondclock.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QPointer>

namespace informant {

namespace {
// How long after the whole second the tick comes: enough that a timer
// rounded to the millisecond never fires on the second's last one.
constexpr int kAfterTheSecondMs = 5;
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
