#pragma once

// Clock and StopSignal: the reflector's notion of time, injectable so that
// conformance tests run instantly (client-go's clock.Clock).
//
// StopSignal is a one-shot "stop requested" flag that wakes sleepers. Clock
// implementations must be thread-safe: the reflector thread sleeps on it while
// its timer thread waits for deadlines.

#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace informant {

class StopSignal
{
public:
    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopped.store(true);
        }
        m_cv.notify_all();
    }
    bool isStopped() const { return m_stopped.load(std::memory_order_acquire); }

    // Wakes a wait() without stopping (e.g. a deadline changed).
    void wake()
    {
        {
            std::lock_guard lock(m_mutex);
            ++m_generation;
        }
        m_cv.notify_all();
    }

    // Waits up to `ms` real milliseconds, or until stop() or wake().
    // Returns false when stopped.
    bool waitFor(qint64 ms)
    {
        std::unique_lock lock(m_mutex);
        const quint64 generation = m_generation;
        m_cv.wait_for(lock, std::chrono::milliseconds(qMax<qint64>(0, ms)),
                      [&] { return m_stopped.load() || m_generation != generation; });
        return !m_stopped.load();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::atomic<bool> m_stopped{false};
    quint64 m_generation = 0;
};

class Clock
{
public:
    virtual ~Clock() = default;
    // Monotonic milliseconds (arbitrary origin).
    virtual qint64 nowMs() const = 0;
    // Wall clock, milliseconds since the Unix epoch (for display only).
    virtual qint64 wallMs() const = 0;
    // The reflector's backoff sleep: `ms` of clock time, cut short by stop
    // or by a wake() of `stop`. Returns false when stopped.
    virtual bool sleep(StopSignal &stop, qint64 ms) = 0;
    // A timer thread waiting for a clock deadline: returns at or before
    // `deadlineMs` (or on stop/wake); the caller re-checks the time.
    virtual bool waitUntil(StopSignal &stop, qint64 deadlineMs) = 0;
};

// The real clock: steady_clock for deadlines, the system clock for display.
class SystemClock final : public Clock
{
public:
    qint64 nowMs() const override;
    qint64 wallMs() const override;
    bool sleep(StopSignal &stop, qint64 ms) override;
    bool waitUntil(StopSignal &stop, qint64 deadlineMs) override;

    static std::shared_ptr<Clock> shared();
};

} // namespace informant
