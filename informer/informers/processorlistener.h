#pragma once

// ProcessorListener: one registration of a SharedIndexInformer (client-go's
// processorListener, reference §6.4–§6.6). The informer hands it
// notifications in distribution order; the listener delivers them on its own
// thread, never blocking the informer for long. client-go's buffer is
// unbounded; ours coalesces per key once a handler falls more than a backlog
// behind (processorlistenerbuffer.h), so it stays O(keys).
//
// Two kinds: HandlerListener calls a ResourceEventHandler once per
// notification; BatchListener (batchlistener.h) coalesces per key and posts
// ChangeBatch values to a receiver QObject's thread.
//
// hasSynced(): the informer synced and every initial-list add handed to this
// listener has been delivered (client-go's per-registration HasSynced).
//
// Threading: add()/addInitial() are called by the informer with its
// distribution lock held; the resync fields are guarded by the informer.

#include "informer/informers/processorlistenerbuffer.h"
#include "informer/informers/resourceeventhandler.h"

#include <QList>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace informant {

class ProcessorListener : public std::enable_shared_from_this<ProcessorListener>
{
public:
    virtual ~ProcessorListener();
    Q_DISABLE_COPY_MOVE(ProcessorListener)

    virtual void add(const Notification &notification) = 0;
    // Synthetic adds for a registration made after the informer started.
    virtual void addInitialSnapshot(const QList<KubeObject> &objects);

    // The thread holds a reference to its listener until it ends, so a
    // listener whose last handle is dropped mid-call (a handler removing
    // itself, say) outlives that call. Call on a listener owned by a
    // shared_ptr.
    void start();
    // Drops buffered notifications and returns: an in-flight call finishes
    // on its own, and then the thread ends (client-go's removal, §6.7).
    void requestStop();
    // requestStop(), then waits for the thread to end (unless called from it).
    void stop();

    bool hasSynced() const;

    // Between these, add() does not wake the listener's thread; release
    // wakes it once if anything arrived. The informer holds wakeups while it
    // processes one popped batch, so a handler faster than the informer is
    // woken once per batch, not once per notification.
    void holdWakeups();
    void releaseWakeups();

    // What is waiting for the handler, for the informer's status.
    struct Backlog
    {
        qsizetype pending = 0;     // notifications (or batched changes) now
        qsizetype peakPending = 0; // most at once so far
        qint64 coalesced = 0;      // merged into a pending one so far
    };
    virtual Backlog backlog() const = 0;

    // Resync bookkeeping (§6.2–§6.3), guarded by the informer's lock.
    qint64 requestedResyncMs = 0;
    qint64 resyncPeriodMs = 0;
    qint64 nextResyncMs = 0;
    bool syncing = true;

protected:
    explicit ProcessorListener(std::function<bool()> informerSynced);
    virtual void run() = 0;
    // Called by requestStop() once, before it wakes the thread.
    virtual void stopRequested() {}
    void initialQueued(qint64 count) { m_pendingInitial.fetch_add(count); }
    void initialDelivered(qint64 count) { m_pendingInitial.fetch_sub(count); }
    // Without m_mutex: the delivering thread asks after every notification,
    // and taking the lock that often made add() contend with it (a futex
    // wake for a tenth of an initial sync's processing).
    bool isStopping() const { return m_stopping.load(std::memory_order_acquire); }

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    // Set under m_mutex, which m_cv's waits check it under; read anywhere.
    std::atomic<bool> m_stopping = false;
    // Guarded by m_mutex: an add() while held sets wakePending instead of
    // notifying m_cv; add() implementations call wakeLocked().
    bool m_wakeupsHeld = false;
    bool m_wakePending = false;
    // True if the caller should notify m_cv after unlocking.
    bool wakeLocked(bool wanted)
    {
        if (!m_wakeupsHeld)
            return wanted;
        m_wakePending = m_wakePending || wanted;
        return false;
    }

private:
    std::function<bool()> m_informerSynced;
    std::atomic<qint64> m_pendingInitial{0};
    std::thread m_thread;
};

// Calls a ResourceEventHandler per notification, in order.
class HandlerListener final : public ProcessorListener
{
public:
    // coalesceBacklog: merge per key while more than this many notifications
    // wait (0: never, client-go's behaviour).
    HandlerListener(ResourceEventHandler handler, std::function<bool()> informerSynced,
                    qsizetype coalesceBacklog = 0);
    ~HandlerListener() override;
    Q_DISABLE_COPY_MOVE(HandlerListener)

    void add(const Notification &notification) override;
    Backlog backlog() const override;

private:
    void run() override;
    void deliver(const Notification &notification);

    ResourceEventHandler m_handler;
    NotificationBuffer m_buffer; // guarded by m_mutex
};

} // namespace informant
