#include "informer/informers/informerstore.h"

#include "informer/informers/sharedindexinformer.h"

#include <chrono>

namespace informant {

qint64 InformerStore::monotonicNowNs()
{
    // steady_clock is CLOCK_MONOTONIC, the clock QElapsedTimer uses on Linux.
    using namespace std::chrono;
    return duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count();
}

void InformerStore::noteReceived(const KubeObject &object)
{
    if (m_informer.m_batchListeners.load(std::memory_order_relaxed) == 0)
        return;
    const qint64 now = monotonicNowNs();
    const QString key = object.key();
    std::lock_guard lock(m_informer.m_receivedMutex);
    if (!m_informer.m_received.contains(key))
        m_informer.m_received.insert(key, now);
}

Result<void> InformerStore::add(const KubeObject &object)
{
    noteReceived(object);
    return m_fifo.add(object);
}

Result<void> InformerStore::update(const KubeObject &object)
{
    noteReceived(object);
    return m_fifo.update(object);
}

Result<void> InformerStore::remove(const KubeObject &object)
{
    noteReceived(object);
    return m_fifo.remove(object);
}

Result<void> InformerStore::replace(const QList<KubeObject> &objects,
                                    const QString &resourceVersion)
{
    Result<void> result = m_fifo.replace(objects, resourceVersion);
    m_informer.m_trimAfterReplace.store(true, std::memory_order_release);
    // An empty first list syncs the queue without anything to pop.
    m_informer.markSyncedIfDone();
    return result;
}

} // namespace informant
