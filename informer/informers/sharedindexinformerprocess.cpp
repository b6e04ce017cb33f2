// SharedIndexInformer's processing thread: pops the DeltaFIFO in batches,
// updates the indexer and distributes notifications (client-go's
// HandleDeltas/processDeltas and sharedProcessor.distribute, reference §5.2,
// §6.2), plus the per-listener resync decision (§6.2).

#include "informer/informers/informerstore.h"
#include "informer/informers/logging.h"
#include "informer/informers/memorytrim.h"
#include "informer/informers/sharedindexinformer.h"

namespace informant {

void SharedIndexInformer::processLoop()
{
    const PopProcess process = [this](const Deltas &deltas, bool isInInitialList) {
        return processDeltas(deltas, isInInitialList);
    };
    for (;;) {
        // What is still queued when stop() is called is dropped, not worked
        // off: stop() returns promptly, whatever the backlog.
        if (m_stopProcessing.load(std::memory_order_acquire))
            return;
        const PopBatchResult result = m_fifo->popBatch(kPopBatchKeys, process);
        releaseListenerWakeups();
        if (result.closed || m_stopProcessing.load(std::memory_order_acquire))
            return;
        if (!result.ok())
            qCWarning(lcInformer) << m_options.name
                                  << "processing failed:" << result.result.errorMessage();
        markSyncedIfDone();
        publishBacklog();
        m_status->setObjects(m_indexer.size());
        // A processed list leaves its transient memory free but resident.
        if (m_trimAfterReplace.load(std::memory_order_acquire) && m_fifo->size() == 0 &&
            m_trimAfterReplace.exchange(false))
            releaseFreedMemory();
    }
}

// Listeners are woken once per popped batch, not per notification (see
// ProcessorListener::holdWakeups): held when the batch's first deltas are
// processed, released when the batch is done. Processing thread only.
void SharedIndexInformer::holdListenerWakeups()
{
    if (m_listenerWakeupsHeld)
        return;
    m_listenerWakeupsHeld = true;
    std::lock_guard lock(m_listenersMutex);
    for (const ListenerHandle &listener : std::as_const(m_listeners))
        listener->holdWakeups();
}

void SharedIndexInformer::releaseListenerWakeups()
{
    if (!m_listenerWakeupsHeld)
        return;
    m_listenerWakeupsHeld = false;
    std::lock_guard lock(m_listenersMutex);
    for (const ListenerHandle &listener : std::as_const(m_listeners))
        listener->releaseWakeups();
}

void SharedIndexInformer::publishBacklog()
{
    const DeltaFIFOStats queue = m_fifo->stats();
    qint64 waiting = queue.deltas;
    qint64 peak = queue.peakDeltas;
    qint64 coalesced = queue.coalescedDeltas;
    {
        std::lock_guard lock(m_listenersMutex);
        for (const ListenerHandle &listener : std::as_const(m_listeners)) {
            const ProcessorListener::Backlog backlog = listener->backlog();
            waiting += backlog.pending;
            peak += backlog.peakPending;
            coalesced += backlog.coalesced;
        }
    }
    m_status->setBacklog(waiting, peak, coalesced);
}

qint64 SharedIndexInformer::takeReceivedNs(const QString &key)
{
    std::lock_guard lock(m_receivedMutex);
    const auto found = m_received.find(key);
    if (found == m_received.end())
        return InformerStore::monotonicNowNs();
    const qint64 received = *found;
    m_received.erase(found);
    return received;
}

ProcessResult SharedIndexInformer::processDeltas(const Deltas &deltas, bool isInInitialList)
{
    // Stopping: the key goes back and the batch ends here (a batch of 512
    // keys with slow indexers or many handlers takes long to work off).
    if (m_stopProcessing.load(std::memory_order_acquire))
        return ProcessResult::requeue(Error{QStringLiteral("informer is stopping")});
    std::lock_guard blockLock(m_blockDeltas);
    holdListenerWakeups();
    const bool wantsReceived = m_batchListeners.load(std::memory_order_relaxed) > 0;
    qint64 receivedNs = 0;
    if (wantsReceived && !deltas.isEmpty()) {
        const Delta &newest = deltas.constLast();
        receivedNs =
            takeReceivedNs(newest.isTombstone() ? newest.tombstoneKey : newest.object.key());
    }
    // Oldest to newest; the store is always updated before handlers hear.
    for (const Delta &delta : deltas) {
        Notification notification;
        notification.receivedNs = receivedNs;
        switch (delta.type) {
        case DeltaType::Sync:
        case DeltaType::Replaced:
        case DeltaType::Added:
        case DeltaType::Updated: {
            Result<std::optional<KubeObject>> previous = m_indexer.upsert(delta.object);
            if (!previous.ok())
                return Result<void>(previous.error());
            notification.object = delta.object;
            if (previous->has_value()) {
                notification.type = Notification::Type::Update;
                notification.oldObject = **previous;
                // Same resourceVersion: a resync, only for listeners due one.
                const bool isSync = notification.oldObject.resourceVersion() ==
                                    notification.object.resourceVersion();
                distribute(notification, isSync);
            } else {
                notification.type = Notification::Type::Add;
                notification.isInInitialList = isInInitialList;
                distribute(notification, false);
            }
            break;
        }
        case DeltaType::Deleted: {
            if (delta.isTombstone()) {
                m_indexer.removeByKey(delta.tombstoneKey);
            } else {
                const Result<void> removed = m_indexer.remove(delta.object);
                if (!removed.ok())
                    return removed;
            }
            notification.type = Notification::Type::Delete;
            notification.object = delta.object;
            notification.tombstoneKey = delta.tombstoneKey;
            distribute(notification, false);
            break;
        }
        }
    }
    return ProcessResult();
}

void SharedIndexInformer::distribute(const Notification &notification, bool isSync)
{
    std::lock_guard lock(m_listenersMutex);
    for (const ListenerHandle &listener : std::as_const(m_listeners)) {
        if (!isSync || listener->syncing)
            listener->add(notification);
    }
}

bool SharedIndexInformer::shouldResync()
{
    std::lock_guard lock(m_listenersMutex);
    const qint64 now = m_clock->nowMs();
    bool any = false;
    for (const ListenerHandle &listener : std::as_const(m_listeners)) {
        listener->syncing = false;
        if (listener->resyncPeriodMs != 0 && now >= listener->nextResyncMs) {
            any = true;
            listener->syncing = true;
            listener->nextResyncMs = now + listener->resyncPeriodMs;
        }
    }
    return any;
}

} // namespace informant
