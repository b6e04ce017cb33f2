#include "informer/informers/sharedindexinformer.h"

#include "informer/informers/batchlistener.h"
#include "informer/informers/informerstore.h"
#include "informer/informers/logging.h"
#include "informer/informers/threadname.h"

#include <chrono>
#include <utility>

namespace informant {

namespace {

// determineResyncPeriod (§6.3).
qint64 effectiveResyncPeriod(qint64 requestedMs, qint64 checkPeriodMs)
{
    if (requestedMs == 0 || checkPeriodMs == 0)
        return 0;
    return qMax(requestedMs, checkPeriodMs);
}

} // namespace

SharedIndexInformer::SharedIndexInformer(std::shared_ptr<ListerWatcher> listerWatcher,
                                         SharedIndexInformerOptions options)
    : m_options(std::move(options))
    , m_listerWatcher(std::move(listerWatcher))
    , m_clock(m_options.reflector.clock ? m_options.reflector.clock : SystemClock::shared())
    , m_indexer(m_options.indexers)
    , m_status(std::make_unique<InformerStatusTracker>(m_clock))
    , m_transform(withoutManagedFields)
    , m_resyncCheckPeriodMs(m_options.defaultResyncMs)
{
    // The value types that cross threads in queued signals.
    static const bool registered = [] {
        qRegisterMetaType<ChangeBatch>("informant::ChangeBatch");
        qRegisterMetaType<InformerStatus>("informant::InformerStatus");
        return true;
    }();
    Q_UNUSED(registered);
}

SharedIndexInformer::~SharedIndexInformer()
{
    stop();
}

Result<void> SharedIndexInformer::setTransform(std::function<KubeObject(const KubeObject &)> fn)
{
    std::lock_guard lock(m_startMutex);
    if (m_started)
        return Error{QStringLiteral("informer has already started")};
    m_transform = std::move(fn);
    return {};
}

Result<void> SharedIndexInformer::setWatchErrorHandler(std::function<void(const ApiError &)> fn)
{
    std::lock_guard lock(m_startMutex);
    if (m_started)
        return Error{QStringLiteral("informer has already started")};
    m_watchErrorHandler = std::move(fn);
    return {};
}

Result<ListenerHandle> SharedIndexInformer::addEventHandler(ResourceEventHandler handler)
{
    return addEventHandler(std::move(handler), m_options.defaultResyncMs);
}

Result<ListenerHandle> SharedIndexInformer::addEventHandler(ResourceEventHandler handler,
                                                            qint64 resyncMs)
{
    auto listener = std::make_shared<HandlerListener>(
        std::move(handler), [this] { return hasSynced(); }, m_options.coalesceBacklog);
    return registerListener(listener, resyncMs);
}

Result<ListenerHandle>
SharedIndexInformer::addBatchHandler(QObject *receiver,
                                     std::function<void(const ChangeBatch &)> callback,
                                     qint64 intervalMs, BatchListener::Coalescing coalescing)
{
    auto listener = std::make_shared<BatchListener>(
        receiver, std::move(callback), intervalMs, [this] { return hasSynced(); }, coalescing);
    ++m_batchListeners;
    Result<ListenerHandle> result = registerListener(listener, 0);
    if (!result.ok())
        --m_batchListeners;
    return result;
}

Result<ListenerHandle> SharedIndexInformer::registerListener(const ListenerHandle &listener,
                                                             qint64 resyncMs)
{
    std::lock_guard startLock(m_startMutex);
    if (m_stopped)
        return Error{QStringLiteral("handler was not added to shared informer %1 because it has "
                                    "stopped already")
                         .arg(m_options.name)};
    if (resyncMs > 0 && resyncMs < kMinimumResyncMs) {
        qCWarning(lcInformer) << "resync period" << resyncMs << "ms is too small; using"
                              << kMinimumResyncMs;
        resyncMs = kMinimumResyncMs;
    }
    std::lock_guard blockLock(m_blockDeltas);
    {
        std::lock_guard lock(m_listenersMutex);
        if (resyncMs > 0 && resyncMs < m_resyncCheckPeriodMs) {
            if (m_started) {
                resyncMs = m_resyncCheckPeriodMs; // the timer cannot change any more
            } else {
                m_resyncCheckPeriodMs = resyncMs;
                for (const ListenerHandle &existing : std::as_const(m_listeners))
                    existing->resyncPeriodMs =
                        effectiveResyncPeriod(existing->requestedResyncMs, resyncMs);
            }
        }
        listener->requestedResyncMs = resyncMs;
        listener->resyncPeriodMs = effectiveResyncPeriod(resyncMs, m_resyncCheckPeriodMs);
        listener->nextResyncMs = m_clock->nowMs() + listener->resyncPeriodMs;
        listener->syncing = true;
        m_listeners.append(listener);
    }
    if (m_started) {
        listener->start();
        // Under blockDeltas: the current contents, then every later change.
        listener->addInitialSnapshot(m_indexer.list());
    }
    return listener;
}

void SharedIndexInformer::removeEventHandler(const ListenerHandle &handle)
{
    if (!handle)
        return;
    bool found = false;
    {
        std::lock_guard blockLock(m_blockDeltas);
        std::lock_guard lock(m_listenersMutex);
        found = m_listeners.removeOne(handle);
    }
    if (!found)
        return;
    if (dynamic_cast<BatchListener *>(handle.get()) && --m_batchListeners == 0) {
        // Receive times are noted only while a batch listener takes them.
        std::lock_guard lock(m_receivedMutex);
        m_received.clear();
    }
    // As client-go: an in-flight call is not waited for (a handler blocked on
    // the caller's thread would otherwise never return).
    handle->requestStop();
}

qsizetype SharedIndexInformer::handlerCount() const
{
    std::lock_guard lock(m_listenersMutex);
    return m_listeners.size();
}

Result<void> SharedIndexInformer::addIndexers(const Indexers &indexers)
{
    std::lock_guard startLock(m_startMutex);
    if (m_stopped)
        return Error{QStringLiteral("indexer was not added because it has stopped already")};
    return m_indexer.addIndexers(indexers);
}

qint64 SharedIndexInformer::resyncCheckPeriodMs() const
{
    std::lock_guard lock(m_listenersMutex);
    return m_resyncCheckPeriodMs;
}

void SharedIndexInformer::start()
{
    std::lock_guard startLock(m_startMutex);
    if (m_started || m_stopped) {
        if (m_started)
            qCWarning(lcInformer) << m_options.name << "has already been started";
        return;
    }
    m_started = true;

    DeltaFIFOOptions fifoOptions;
    fifoOptions.knownObjects = &m_indexer;
    fifoOptions.emitDeltaTypeReplaced = true;
    fifoOptions.transformer = m_transform;
    fifoOptions.name = m_options.name;
    fifoOptions.coalesceBacklog = m_options.coalesceBacklog;
    m_fifo = std::make_unique<DeltaFIFO>(fifoOptions);
    m_store = std::make_unique<InformerStore>(*this, *m_fifo);

    ReflectorOptions reflectorOptions = m_options.reflector;
    reflectorOptions.name = m_options.name;
    reflectorOptions.clock = m_clock;
    reflectorOptions.resyncPeriodMs = resyncCheckPeriodMs();
    reflectorOptions.shouldResync = [this] { return shouldResync(); };
    m_reflector = std::make_unique<Reflector>(m_listerWatcher, *m_store, reflectorOptions);
    m_reflector->setStatusTracker(m_status.get());
    if (m_watchErrorHandler)
        m_reflector->setWatchErrorHandler(m_watchErrorHandler);

    {
        std::lock_guard lock(m_listenersMutex);
        for (const ListenerHandle &listener : std::as_const(m_listeners))
            listener->start();
    }
    m_processThread = std::thread([this] {
        nameCurrentThread(QStringLiteral("process ") + m_options.name);
        processLoop();
    });
    Reflector *reflector = m_reflector.get();
    m_reflectorThread = QThread::create([reflector] { reflector->run(); });
    m_reflectorThread->setObjectName(QStringLiteral("reflector ") + m_options.name);
    m_reflectorThread->start();
}

void SharedIndexInformer::stop()
{
    {
        std::unique_lock startLock(m_startMutex);
        if (m_stopped) {
            // The factory's shutdown and the informer's owner may both stop
            // it: neither may go on (and free what the threads use) before
            // they are joined.
            m_stopFinishedChanged.wait(startLock, [this] { return m_stopFinished; });
            return;
        }
        m_stopped = true;
        if (!m_started) {
            m_stopFinished = true;
            return;
        }
        // Before isStopped() says so: once it does, no further key is processed.
        m_stopProcessing.store(true, std::memory_order_release);
    }
    // Stop order (§6.9): reflector and queue, then the registrations. The
    // processing thread ends before its next key, whatever is queued, and
    // the handlers hear nothing more: their pending notifications are
    // dropped (client-go's processor closes every listener's channel).
    m_reflector->stop();
    m_fifo->close();
    QList<ListenerHandle> listeners;
    {
        std::lock_guard blockLock(m_blockDeltas);
        std::lock_guard lock(m_listenersMutex);
        listeners = std::exchange(m_listeners, {}); // client-go clears the listener set
    }
    for (const ListenerHandle &listener : std::as_const(listeners))
        listener->requestStop();
    if (m_reflectorThread) {
        m_reflectorThread->wait();
        delete m_reflectorThread;
        m_reflectorThread = nullptr;
    }
    if (m_processThread.joinable())
        m_processThread.join();
    for (const ListenerHandle &listener : std::as_const(listeners))
        listener->stop(); // waits for a call in progress
    m_status->setState(InformerStatus::State::Stopped);
    {
        std::lock_guard startLock(m_startMutex);
        m_stopFinished = true;
    }
    m_stopFinishedChanged.notify_all();
}

bool SharedIndexInformer::hasStarted() const
{
    std::lock_guard lock(m_startMutex);
    return m_started;
}

bool SharedIndexInformer::isStopped() const
{
    std::lock_guard lock(m_startMutex);
    return m_stopped;
}

bool SharedIndexInformer::hasSynced() const
{
    return m_synced.load(std::memory_order_acquire);
}

void SharedIndexInformer::retryNow()
{
    std::lock_guard lock(m_startMutex);
    if (m_reflector)
        m_reflector->retryNow();
}

bool SharedIndexInformer::waitForSync(qint64 timeoutMs) const
{
    using namespace std::chrono;
    const auto deadline = steady_clock::now() + milliseconds(timeoutMs);
    while (!hasSynced()) {
        if (isStopped() || steady_clock::now() >= deadline)
            return false;
        QThread::msleep(5);
    }
    return true;
}

QString SharedIndexInformer::lastSyncResourceVersion() const
{
    std::lock_guard lock(m_startMutex);
    return m_reflector ? m_reflector->lastSyncResourceVersion() : QString();
}

InformerStatus SharedIndexInformer::status() const
{
    return m_status->status();
}

void SharedIndexInformer::markSyncedIfDone()
{
    if (m_synced.load(std::memory_order_acquire))
        return;
    // DeltaFIFO processes under its lock, so once it reports synced every
    // initial-list item has been applied and distributed.
    if (m_fifo->hasSynced()) {
        m_synced.store(true, std::memory_order_release);
        m_status->setObjects(m_indexer.size());
        m_status->markSynced();
    }
}

} // namespace informant
