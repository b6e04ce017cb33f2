#include "informer/informers/clock.h"

#include <QDateTime>

namespace informant {

qint64 SystemClock::nowMs() const
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

qint64 SystemClock::wallMs() const
{
    return QDateTime::currentMSecsSinceEpoch();
}

bool SystemClock::sleep(StopSignal &stop, qint64 ms)
{
    const qint64 deadline = nowMs() + ms;
    for (;;) {
        const qint64 left = deadline - nowMs();
        if (stop.isStopped())
            return false;
        if (left <= 0)
            return true;
        if (stop.waitFor(left) && nowMs() < deadline)
            return true; // woken early: the caller wants to go on now
    }
}

bool SystemClock::waitUntil(StopSignal &stop, qint64 deadlineMs)
{
    return stop.waitFor(deadlineMs - nowMs());
}

std::shared_ptr<Clock> SystemClock::shared()
{
    static const std::shared_ptr<Clock> clock = std::make_shared<SystemClock>();
    return clock;
}

} // namespace informant
