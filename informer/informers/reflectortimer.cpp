#include "informer/informers/reflectortimer.h"

#include "informer/informers/logging.h"
#include "informer/informers/threadjoin.h"

#include <limits>

namespace informant {

namespace {
constexpr qint64 kNoDeadline = std::numeric_limits<qint64>::max();
// Waits are capped so that an arm racing with the wait is seen within a
// second (cheap: one wake-up per second per informer).
constexpr qint64 kMaxWaitMs = 1000;
} // namespace

ReflectorTimer::ReflectorTimer(std::shared_ptr<Clock> clock, ReflectorStore &store)
    : m_clock(std::move(clock))
    , m_store(store)
{
}

ReflectorTimer::~ReflectorTimer()
{
    shutdown();
}

void ReflectorTimer::shutdown()
{
    m_stop.stop();
    // Reflector::stop() shuts down from another thread than the reflector's,
    // which starts the thread.
    joinGuardedThread(m_mutex, m_thread);
}

void ReflectorTimer::ensureThread()
{
    std::lock_guard lock(m_mutex);
    if (!m_thread.joinable() && !m_stop.isStopped())
        m_thread = std::thread([this] { loop(); });
}

void ReflectorTimer::startResync(qint64 periodMs, std::function<bool()> shouldResync)
{
    if (periodMs <= 0)
        return;
    {
        std::lock_guard lock(m_mutex);
        m_resyncArmed = true;
        m_resyncPeriodMs = periodMs;
        m_nextResyncMs = m_clock->nowMs() + periodMs;
        m_shouldResync = std::move(shouldResync);
        m_resyncError.reset();
    }
    ensureThread();
    m_stop.wake();
}

void ReflectorTimer::stopResync()
{
    std::lock_guard lock(m_mutex);
    m_resyncArmed = false;
}

std::optional<QString> ReflectorTimer::takeResyncError()
{
    std::lock_guard lock(m_mutex);
    return std::exchange(m_resyncError, std::nullopt);
}

void ReflectorTimer::armWatch(WatchStream *stream, qint64 silenceMs, qint64 deadlineMs)
{
    // Armed even without a watchdog: a failed resync stops the stream.
    touch();
    {
        std::lock_guard lock(m_mutex);
        m_stream = stream;
        m_silenceMs = silenceMs;
        m_deadlineMs = deadlineMs;
        m_fired = WatchdogCause::None;
        if (m_resyncError)
            stream->stop(); // the resync failed before the stream was armed
    }
    ensureThread();
    m_stop.wake();
}

void ReflectorTimer::disarmWatch()
{
    std::lock_guard lock(m_mutex);
    m_stream = nullptr;
}

ReflectorTimer::WatchdogCause ReflectorTimer::takeWatchdogFired()
{
    std::lock_guard lock(m_mutex);
    return std::exchange(m_fired, WatchdogCause::None);
}

void ReflectorTimer::armRequest(qint64 afterMs, std::function<void()> onUnanswered)
{
    if (afterMs <= 0)
        return;
    {
        std::lock_guard lock(m_mutex);
        m_requestDeadlineMs = m_clock->nowMs() + afterMs;
        m_onUnanswered = std::move(onUnanswered);
    }
    ensureThread();
    m_stop.wake();
}

void ReflectorTimer::disarmRequest()
{
    std::lock_guard lock(m_mutex);
    m_requestDeadlineMs = -1;
    m_onUnanswered = nullptr;
}

qint64 ReflectorTimer::tick(bool &doResync)
{
    std::lock_guard lock(m_mutex);
    const qint64 now = m_clock->nowMs();
    qint64 next = kNoDeadline;
    doResync = false;
    if (m_resyncArmed) {
        if (now >= m_nextResyncMs) {
            // Re-armed after every tick, whether or not a resync happens.
            m_nextResyncMs = now + m_resyncPeriodMs;
            doResync = true;
        }
        next = qMin(next, m_nextResyncMs);
    }
    if (m_stream) {
        const qint64 silentSince = m_lastActivityMs.load(std::memory_order_relaxed);
        const bool silent = m_silenceMs > 0 && now - silentSince >= m_silenceMs;
        const bool overdue = m_deadlineMs >= 0 && now >= m_deadlineMs;
        if (silent || overdue) {
            qCInfo(lcInformer) << "watchdog: stopping a watch that"
                               << (silent ? "went silent" : "outlived its deadline");
            m_stream->stop();
            m_stream = nullptr;
            m_fired = silent ? WatchdogCause::Silent : WatchdogCause::Overdue;
        } else {
            if (m_silenceMs > 0)
                next = qMin(next, silentSince + m_silenceMs);
            if (m_deadlineMs >= 0)
                next = qMin(next, m_deadlineMs);
        }
    }
    if (m_onUnanswered) {
        if (now >= m_requestDeadlineMs) {
            // Under the lock: disarmRequest() returns only after it.
            std::exchange(m_onUnanswered, nullptr)();
            m_requestDeadlineMs = -1;
        } else {
            next = qMin(next, m_requestDeadlineMs);
        }
    }
    return next;
}

void ReflectorTimer::loop()
{
    while (!m_stop.isStopped()) {
        bool doResync = false;
        qint64 next = tick(doResync);
        if (doResync) {
            std::function<bool()> should;
            {
                std::lock_guard lock(m_mutex);
                should = m_shouldResync;
            }
            if (!should || should()) {
                const Result<void> result = m_store.resync();
                if (!result.ok()) {
                    std::lock_guard lock(m_mutex);
                    m_resyncError = result.errorMessage();
                    m_resyncArmed = false;
                    if (m_stream) {
                        m_stream->stop();
                        m_stream = nullptr;
                    }
                }
            }
            continue;
        }
        next = qMin(next, m_clock->nowMs() + kMaxWaitMs);
        m_clock->waitUntil(m_stop, next);
    }
}

} // namespace informant
