#pragma once

// ReflectorTimer: the reflector's second thread. It runs the resync timer
// (client-go's resync goroutine, reference §2.9), the watchdog that stops
// an open watch stream when it went silent or outlived its deadline, and
// the alarm of a watch request left unanswered; the reflector thread itself
// is blocked in WatchStream::next() or ListerWatcher::watch() meanwhile.
//
// Threading: arm/disarm/touch are called by the reflector thread; the timer
// thread only calls WatchStream::stop() (thread-safe) on an armed stream,
// ReflectorStore::resync() and an armed request's onUnanswered. The thread
// starts on first use and is joined by the destructor.

#include "informer/cache/listerwatcher.h"
#include "informer/cache/reflectorstore.h"
#include "informer/informers/clock.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace informant {

class ReflectorTimer
{
public:
    ReflectorTimer(std::shared_ptr<Clock> clock, ReflectorStore &store);
    ~ReflectorTimer();
    Q_DISABLE_COPY_MOVE(ReflectorTimer)

    // Arms the resync timer (period 0: never), as each watch loop starts.
    void startResync(qint64 periodMs, std::function<bool()> shouldResync);
    void stopResync();
    // A resync failure since the last call (it ends the watch, §2.9).
    std::optional<QString> takeResyncError();

    // Watches `stream` until disarmWatch(): stops it when no touch() came for
    // silenceMs (0: no limit) or when the clock passes deadlineMs (-1: none).
    void armWatch(WatchStream *stream, qint64 silenceMs, qint64 deadlineMs);
    void disarmWatch();
    // Something arrived on the armed stream.
    void touch() { m_lastActivityMs.store(m_clock->nowMs(), std::memory_order_relaxed); }
    enum class WatchdogCause { None, Silent, Overdue };
    // Why the watchdog stopped the stream since the last call, once.
    WatchdogCause takeWatchdogFired();

    // While a request waits for its answer: calls `onUnanswered` once, in
    // the timer thread, when none came within `afterMs` (0: never). The
    // request itself goes on. disarmRequest() waits for a call under way,
    // so what the caller reports after it is never overwritten by it.
    void armRequest(qint64 afterMs, std::function<void()> onUnanswered);
    void disarmRequest();

    void shutdown();

private:
    void ensureThread();
    void loop();
    qint64 tick(bool &doResync); // returns the next deadline

    std::shared_ptr<Clock> m_clock;
    ReflectorStore &m_store;
    StopSignal m_stop;

    std::mutex m_mutex;
    std::thread m_thread;
    // resync
    bool m_resyncArmed = false;
    qint64 m_resyncPeriodMs = 0;
    qint64 m_nextResyncMs = 0;
    std::function<bool()> m_shouldResync;
    std::optional<QString> m_resyncError;
    // watchdog
    WatchStream *m_stream = nullptr;
    qint64 m_silenceMs = 0;
    qint64 m_deadlineMs = -1;
    WatchdogCause m_fired = WatchdogCause::None;
    std::atomic<qint64> m_lastActivityMs{0};
    // request
    qint64 m_requestDeadlineMs = -1;
    std::function<void()> m_onUnanswered;
};

} // namespace informant
