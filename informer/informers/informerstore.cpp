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

bool InformerStore::noteReceived(const KubeObject &object)
{
    if (m_informer.m_batchListeners.load(std::memory_order_relaxed) == 0)
        return false;
    const qint64 now = monotonicNowNs();
    const QString key = object.key();
    std::lock_guard lock(m_informer.m_receivedMutex);
    if (m_informer.m_received.contains(key))
        return false;
    m_informer.m_received.insert(key, now);
    return true;
}

void InformerStore::forgetReceivedUnlessQueued(const QString &key)
{
    // Only this (the reflector's) thread notes receive times, so once the key
    // is not queued nothing can note it again meanwhile: either its pop took
    // the time already (and this erases nothing) or no pop ever will.
    if (m_fifo.getByKey(key))
        return;
    std::lock_guard lock(m_informer.m_receivedMutex);
    m_informer.m_received.remove(key);
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
    const bool noted = noteReceived(object);
    Result<void> removed = m_fifo.remove(object);
    // A delete of a key neither queued nor known is dropped, so no pop takes
    // its receive time: left behind, it would pile up with churn and be
    // taken for a later object of the same name.
    if (noted)
        forgetReceivedUnlessQueued(object.key());
    return removed;
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
