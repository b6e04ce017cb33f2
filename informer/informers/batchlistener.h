#pragma once

// BatchListener: a registration that coalesces changes per key and hands
// them to a receiver QObject's thread as ChangeBatch values, at most one
// batch per interval and one batch in flight (what the GUI uses instead of a
// call per change; reference §6.4 guarantees kept: per-key order, delivered
// after the cache update, synthetic adds for a late registration as one
// snapshot batch).
//
// Coalescing (PerKey): the newest change per key wins (Upsert or Delete),
// keeping the position where the key first changed. While a batch is being
// delivered new changes keep coalescing, so a slow receiver gets fewer,
// larger batches instead of a growing event queue. With Coalescing::None
// every change is kept, in order (for History, which records each revision):
// the batch grows with the change rate times the interval.
//
// Threading: add() from the informer; its own thread waits for the interval
// and posts the batch with QMetaObject::invokeMethod(receiver, ..., queued).
// The receiver may be destroyed in its thread at any moment: batches already
// posted are discarded by Qt, and none is posted once destruction began (a
// direct connection to destroyed() marks it gone under the liveness mutex
// the posting thread holds while it posts).

#include "informer/informers/changebatch.h"
#include "informer/informers/processorlistener.h"

#include <QHash>
#include <QObject>

namespace informant {

class BatchListener final : public ProcessorListener
{
public:
    using Callback = std::function<void(const ChangeBatch &batch)>;
    enum class Coalescing { PerKey, None };

    BatchListener(QObject *receiver, Callback callback, qint64 intervalMs,
                  std::function<bool()> informerSynced, Coalescing coalescing = Coalescing::PerKey);
    ~BatchListener() override;
    Q_DISABLE_COPY_MOVE(BatchListener)

    void add(const Notification &notification) override;
    void addInitialSnapshot(const QList<KubeObject> &objects) override;
    // pending: changes not yet posted (one batch may be in flight besides).
    Backlog backlog() const override;

private:
    void run() override;
    void stopRequested() override;
    void addLocked(const Notification &notification, const QString &key);
    void delivered(qint64 initialCount);

    Callback m_callback;
    const qint64 m_intervalMs;
    const Coalescing m_coalescing;
    // guarded by m_mutex
    ChangeBatch m_pending;
    QHash<QString, qsizetype> m_indexOfKey;
    qint64 m_pendingInitial = 0;
    bool m_inFlight = false;
    qsizetype m_peakPending = 0;
    qint64 m_coalesced = 0;
    // Shared with posted deliveries: a delivery runs only until a stop is
    // requested, and the request waits for a running one (recursive: the
    // callback may remove its own registration, or delete the receiver).
    struct Liveness
    {
        std::recursive_mutex mutex;
        bool alive = true;
        // Null from the start of the receiver's destruction. A QPointer read
        // in this thread could still give a receiver that its own thread
        // finishes destroying before the post: the event would then outlive it.
        QObject *receiver = nullptr;
    };
    std::shared_ptr<Liveness> m_liveness;
    QMetaObject::Connection m_receiverDestroyed;
};

} // namespace informant
