#include "informer/informers/informerstatustracker.h"

namespace informant {

InformerStatusTracker::InformerStatusTracker(std::shared_ptr<Clock> clock, QObject *parent)
    : QObject(parent)
    , m_clock(std::move(clock))
    , m_startMs(m_clock->nowMs())
{
}

InformerStatus InformerStatusTracker::status() const
{
    std::lock_guard lock(m_mutex);
    return snapshotLocked(m_clock->nowMs());
}

InformerStatus InformerStatusTracker::snapshotLocked(qint64 nowMs) const
{
    InformerStatus status = m_status;
    // Rates over the samples inside the window, measured up to now so that a
    // stream that went quiet decays to zero.
    for (const Sample &sample : m_samples) {
        if (nowMs - sample.ms > kRateWindowMs)
            continue;
        const double seconds = double(qMax<qint64>(nowMs - sample.ms, 1000)) / 1000.0;
        status.eventsPerSecond = double(m_status.events - sample.events) / seconds;
        status.bytesPerSecond = double(m_bytes - sample.bytes) / seconds;
        break;
    }
    return status;
}

void InformerStatusTracker::sampleLocked(qint64 nowMs)
{
    if (!m_samples.isEmpty() && nowMs - m_samples.constLast().ms < kPublishIntervalMs)
        return;
    while (!m_samples.isEmpty() && nowMs - m_samples.constFirst().ms > 2 * kRateWindowMs)
        m_samples.removeFirst();
    m_samples.append(Sample{nowMs, m_status.events, m_bytes});
}

void InformerStatusTracker::publish(std::unique_lock<std::mutex> &lock, bool force)
{
    const qint64 now = m_clock->nowMs();
    if (!force && m_lastPublishMs >= 0 && now - m_lastPublishMs < kPublishIntervalMs)
        return;
    m_lastPublishMs = now;
    const InformerStatus copy = snapshotLocked(now);
    lock.unlock();
    Q_EMIT statusChanged(copy);
}

void InformerStatusTracker::setState(InformerStatus::State state, const QString &error,
                                     qint64 retryAtMs)
{
    std::unique_lock lock(m_mutex);
    const bool changed = m_status.state != state || m_status.retryAtMs != retryAtMs;
    m_status.state = state;
    m_status.retryAtMs = retryAtMs;
    if (state == InformerStatus::State::Watching)
        m_status.lastErrorCurrent = false;
    if (!error.isEmpty()) {
        m_status.lastError = error;
        m_status.lastErrorCurrent = true;
    }
    if (state != InformerStatus::State::Listing)
        m_status.itemsListed = 0;
    publish(lock, changed);
}

void InformerStatusTracker::setListing(qint64 itemsSoFar)
{
    std::unique_lock lock(m_mutex);
    const bool changed = m_status.state != InformerStatus::State::Listing;
    m_status.state = InformerStatus::State::Listing;
    m_status.retryAtMs = -1;
    m_status.itemsListed = itemsSoFar;
    publish(lock, changed);
}

void InformerStatusTracker::setLastError(const QString &error)
{
    std::unique_lock lock(m_mutex);
    m_status.lastError = error;
    m_status.lastErrorCurrent = true;
    publish(lock, true);
}

void InformerStatusTracker::listed(const QString &resourceVersion, bool relist)
{
    std::unique_lock lock(m_mutex);
    m_status.lastResourceVersion = resourceVersion;
    if (relist)
        ++m_status.relists;
    else if (m_status.listedMs < 0)
        m_status.listedMs = m_clock->nowMs() - m_startMs;
    publish(lock, false);
}

void InformerStatusTracker::setObjects(qint64 objects)
{
    std::unique_lock lock(m_mutex);
    m_status.objects = objects;
    publish(lock, false);
}

void InformerStatusTracker::setBacklog(qint64 backlog, qint64 peak, qint64 coalesced)
{
    std::lock_guard lock(m_mutex);
    m_status.backlog = backlog;
    m_status.backlogPeak = peak;
    m_status.coalesced = coalesced;
}

void InformerStatusTracker::markSynced()
{
    std::unique_lock lock(m_mutex);
    if (m_status.synced)
        return;
    m_status.synced = true;
    m_status.syncedMs = m_clock->nowMs() - m_startMs;
    publish(lock, true);
}

void InformerStatusTracker::addWatchRestart()
{
    std::unique_lock lock(m_mutex);
    ++m_status.watchRestarts;
    publish(lock, false);
}

void InformerStatusTracker::addEvents(qint64 events, qint64 bytes, const QString &resourceVersion)
{
    std::unique_lock lock(m_mutex);
    const qint64 now = m_clock->nowMs();
    if (m_samples.isEmpty())
        m_samples.append(Sample{now, m_status.events, m_bytes});
    m_status.events += events;
    m_bytes += bytes;
    if (events > 0)
        m_status.lastEventMs = m_clock->wallMs();
    if (!resourceVersion.isEmpty())
        m_status.lastResourceVersion = resourceVersion;
    sampleLocked(now);
    publish(lock, false);
}

void InformerStatusTracker::addBytes(qint64 bytes)
{
    std::unique_lock lock(m_mutex);
    m_bytes += bytes;
    sampleLocked(m_clock->nowMs());
    publish(lock, false);
}

} // namespace informant
