#pragma once

// SharedIndexInformer: one resource's cache plus any number of registrations
// (client-go's sharedIndexInformer, reference §5–§6): a Reflector feeds a
// DeltaFIFO (KnownObjects = the indexer, Replaced deltas); a processing
// thread pops it in batches, updates the Indexer and then distributes
// add/update/delete notifications to every registration, each with its own
// ordered delivery (HandlerListener) or coalesced batches (BatchListener).
//
// - Registrations added after start get the current contents first
//   (synthetic adds with isInInitialList, or one snapshot batch).
// - Sync-type updates (same resourceVersion) reach only registrations due a
//   resync (§6.2); resync periods are normalised as §6.3 says.
// - The transform runs before objects enter the queue (default: drop
//   metadata.managedFields); setTransform() only before start.
// - Live statistics: status() / statusTracker()->statusChanged(), with the
//   backlog of changes waiting for the processing thread and the handlers.
// - Not client-go: past options.coalesceBacklog waiting changes, the queue
//   and each handler's buffer coalesce per object, so a consumer slower than
//   the change rate costs O(objects) memory, sees every final state and
//   every deletion of what it saw, but may skip intermediate states.
//
// Threading: start() launches the reflector QThread and the processing
// thread; stop() stops and joins every thread of this informer (it must not
// be called from a handler), and a concurrent second stop() returns when the
// first has. stop() does not work off the queue: as client-go's processLoop,
// processing ends before the next key once a stop is requested, handlers'
// pending notifications are dropped, and no handler runs after stop()
// returns. Every other method is thread-safe. Handlers run
// on their registration's thread, never on the caller's.

#include "informer/cache/deltafifo.h"
#include "informer/cache/indexer.h"
#include "informer/informers/batchlistener.h"
#include "informer/informers/changebatch.h"
#include "informer/informers/informerstatustracker.h"
#include "informer/informers/processorlistener.h"
#include "informer/informers/reflector.h"

#include <QThread>

#include <condition_variable>
#include <memory>

namespace informant {

class InformerStore;

struct SharedIndexInformerOptions
{
    QString name = QStringLiteral("informer");
    qint64 defaultResyncMs = 0; // 0: never
    Indexers indexers;
    ReflectorOptions reflector; // name/resync/shouldResync are set by the informer
    // A consumer (the processing thread, or an addEventHandler handler) more
    // than this many changes behind gets them coalesced per object
    // (DeltaFIFOOptions::coalesceBacklog, NotificationBuffer); 0: never, as
    // client-go. Batch handlers coalesce always. 1024: a consumer keeping up
    // is never that far behind (the processing thread pops 512 keys at a
    // time), and a starved one holds at most ~1024 extra objects (a few MB)
    // per queue instead of every change.
    qsizetype coalesceBacklog = kDefaultCoalesceBacklog;
    static constexpr qsizetype kDefaultCoalesceBacklog = 1024;
};

// A registration; keep it to ask hasSynced() or to remove it.
using ListenerHandle = std::shared_ptr<ProcessorListener>;

class SharedIndexInformer
{
public:
    static constexpr qint64 kMinimumResyncMs = 1000;
    static constexpr qsizetype kPopBatchKeys = 512;

    SharedIndexInformer(std::shared_ptr<ListerWatcher> listerWatcher,
                        SharedIndexInformerOptions options = {});
    ~SharedIndexInformer();
    Q_DISABLE_COPY_MOVE(SharedIndexInformer)

    // Before start only (else an error, as client-go's "already started").
    // An empty function disables the transform.
    Result<void> setTransform(std::function<KubeObject(const KubeObject &)> transform);
    Result<void> setWatchErrorHandler(std::function<void(const ApiError &)> handler);

    Result<ListenerHandle> addEventHandler(ResourceEventHandler handler);
    Result<ListenerHandle> addEventHandler(ResourceEventHandler handler, qint64 resyncMs);
    // Batches delivered on `receiver`'s thread every intervalMs, coalesced
    // per key unless asked for every change.
    Result<ListenerHandle>
    addBatchHandler(QObject *receiver, std::function<void(const ChangeBatch &)> callback,
                    qint64 intervalMs = 16,
                    BatchListener::Coalescing coalescing = BatchListener::Coalescing::PerKey);
    // Idempotent; a handle of another informer or after stop is a no-op.
    // Returns without waiting for a call the handler is in (as client-go):
    // that call finishes, and no later one starts.
    void removeEventHandler(const ListenerHandle &handle);
    // Registrations in effect; none after stop() (client-go clears them).
    qsizetype handlerCount() const;
    // Indexes the cached objects by more functions (client-go's AddIndexers,
    // §6.8): before and while running; an error once stopped.
    Result<void> addIndexers(const Indexers &indexers);

    void start();
    void stop();
    bool hasStarted() const;
    bool isStopped() const;
    bool hasSynced() const;
    // Ends a backoff wait of the reflector now (see Reflector::retryNow).
    void retryNow();
    // Blocks up to timeoutMs (real time) for hasSynced(); false on timeout/stop.
    bool waitForSync(qint64 timeoutMs) const;

    Indexer &indexer() { return m_indexer; }
    const Indexer &indexer() const { return m_indexer; }
    QString lastSyncResourceVersion() const;
    InformerStatus status() const;
    // Lives as long as the informer; connect to statusChanged() (queued).
    InformerStatusTracker *statusTracker() const { return m_status.get(); }
    const QString &name() const { return m_options.name; }

    // The resync period in effect for the reflector's timer (§6.3).
    qint64 resyncCheckPeriodMs() const;

private:
    friend class InformerStore;
    Result<ListenerHandle> registerListener(const ListenerHandle &listener, qint64 resyncMs);
    ProcessResult processDeltas(const Deltas &deltas, bool isInInitialList);
    void distribute(const Notification &notification, bool isSync);
    bool shouldResync();
    void processLoop();
    void markSyncedIfDone();
    void publishBacklog();
    void holdListenerWakeups();
    void releaseListenerWakeups();
    qint64 takeReceivedNs(const QString &key);

    const SharedIndexInformerOptions m_options;
    std::shared_ptr<ListerWatcher> m_listerWatcher;
    std::shared_ptr<Clock> m_clock;
    Indexer m_indexer;
    std::unique_ptr<InformerStatusTracker> m_status;
    std::function<KubeObject(const KubeObject &)> m_transform;
    std::function<void(const ApiError &)> m_watchErrorHandler;

    std::unique_ptr<DeltaFIFO> m_fifo;
    std::unique_ptr<InformerStore> m_store;
    std::unique_ptr<Reflector> m_reflector;
    QThread *m_reflectorThread = nullptr;
    std::thread m_processThread;

    mutable std::mutex m_startMutex; // started/stopped, transform, handlers setup
    bool m_started = false;
    bool m_stopped = false;
    bool m_stopFinished = false; // every thread joined; a concurrent stop() waits for it
    std::condition_variable m_stopFinishedChanged;
    std::atomic<bool> m_synced{false};
    // Set by stop(): the processing thread pops no further key (client-go's
    // processLoop checks its stop channel between pops).
    std::atomic<bool> m_stopProcessing{false};
    // Set by each Replace; the processing thread releases freed memory once
    // the queue has drained after it (memorytrim.h).
    std::atomic<bool> m_trimAfterReplace{false};

    // Distribution: held while deltas are processed and while a registration
    // is added or removed (client-go's blockDeltas), so a late registration
    // sees the cache and then every later change, without gaps.
    mutable std::mutex m_blockDeltas;
    mutable std::mutex m_listenersMutex; // m_listeners + resync fields
    QList<ListenerHandle> m_listeners;
    qint64 m_resyncCheckPeriodMs = 0;
    std::atomic<int> m_batchListeners{0};
    bool m_listenerWakeupsHeld = false; // processing thread only

    // First arrival (ns) of not yet processed changes per key, only while a
    // batch registration exists (for change-to-screen latency).
    std::mutex m_receivedMutex;
    QHash<QString, qint64> m_received;
};

} // namespace informant
