#include "informer/informers/batchlistener.h"

#include <QMetaObject>

#include <chrono>

namespace informant {

BatchListener::BatchListener(QObject *receiver, Callback callback, qint64 intervalMs,
                             std::function<bool()> informerSynced, Coalescing coalescing)
    : ProcessorListener(std::move(informerSynced))
    , m_callback(std::move(callback))
    , m_intervalMs(qMax<qint64>(0, intervalMs))
    , m_coalescing(coalescing)
    , m_liveness(std::make_shared<Liveness>())
{
    if (!receiver)
        return;
    m_liveness->receiver = receiver;
    // Direct: runs in the destroying thread before Qt drops the receiver's
    // posted events, so a batch posted before this is dropped with them.
    m_receiverDestroyed = QObject::connect(receiver, &QObject::destroyed, [liveness = m_liveness] {
        std::lock_guard lock(liveness->mutex);
        liveness->receiver = nullptr;
    });
}

BatchListener::~BatchListener()
{
    stop();
    QObject::disconnect(m_receiverDestroyed);
}

// From the moment a stop is requested no posted delivery runs: a view that
// unsubscribes gets no batch after that, whatever is still queued for it.
void BatchListener::stopRequested()
{
    std::lock_guard lock(m_liveness->mutex);
    m_liveness->alive = false;
}

void BatchListener::addLocked(const Notification &notification, const QString &key)
{
    ObjectChange change;
    change.type = notification.type == Notification::Type::Delete ? ObjectChange::Type::Delete
                                                                  : ObjectChange::Type::Upsert;
    change.key = key;
    change.object = notification.object;
    change.receivedNs = notification.receivedNs;
    change.missingFromRelist =
        notification.type == Notification::Type::Delete && !notification.tombstoneKey.isEmpty();
    if (notification.type == Notification::Type::Update)
        change.previous = notification.oldObject;
    if (notification.type == Notification::Type::Add && notification.isInInitialList)
        ++m_pendingInitial;
    if (m_coalescing == Coalescing::None) {
        m_pending.changes.append(std::move(change));
        m_peakPending = qMax(m_peakPending, m_pending.changes.size());
        return;
    }
    const auto found = m_indexOfKey.constFind(key);
    if (found != m_indexOfKey.constEnd()) {
        ObjectChange &existing = m_pending.changes[*found];
        // Keep the first arrival time: latency is measured from it; and the
        // state before the first merged change.
        change.receivedNs = existing.receivedNs ? existing.receivedNs : change.receivedNs;
        change.previous = existing.previous;
        existing = std::move(change);
        ++m_coalesced;
        return;
    }
    m_indexOfKey.insert(key, m_pending.changes.size());
    m_pending.changes.append(std::move(change));
    m_peakPending = qMax(m_peakPending, m_pending.changes.size());
}

ProcessorListener::Backlog BatchListener::backlog() const
{
    std::lock_guard lock(m_mutex);
    return Backlog{m_pending.changes.size(), m_peakPending, m_coalesced};
}

void BatchListener::add(const Notification &notification)
{
    const QString key = notification.key();
    bool wake = false;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping)
            return;
        wake = m_pending.changes.isEmpty();
        if (notification.type == Notification::Type::Add && notification.isInInitialList)
            initialQueued(1);
        addLocked(notification, key);
    }
    if (wake)
        m_cv.notify_one();
}

void BatchListener::addInitialSnapshot(const QList<KubeObject> &objects)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping)
            return;
        m_pending.snapshot = true;
        m_pending.changes.reserve(objects.size());
        m_indexOfKey.reserve(objects.size());
        for (const KubeObject &object : objects) {
            Notification notification;
            notification.type = Notification::Type::Add;
            notification.isInInitialList = true;
            notification.object = object;
            initialQueued(1);
            addLocked(notification, object.key());
        }
    }
    m_cv.notify_one();
}

void BatchListener::delivered(qint64 initialCount)
{
    initialDelivered(initialCount);
    {
        std::lock_guard lock(m_mutex);
        m_inFlight = false;
    }
    m_cv.notify_one();
}

void BatchListener::run()
{
    using Clock = std::chrono::steady_clock;
    Clock::time_point lastFlush = Clock::now() - std::chrono::milliseconds(m_intervalMs);
    for (;;) {
        ChangeBatch batch;
        qint64 initialCount = 0;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock,
                      [&] { return m_stopping || (!m_inFlight && !m_pending.changes.isEmpty()); });
            if (m_stopping)
                return;
            // Coalesce for the rest of the interval.
            const auto due = lastFlush + std::chrono::milliseconds(m_intervalMs);
            if (m_cv.wait_until(lock, due, [&] { return m_stopping.load(); }))
                return;
            batch = std::exchange(m_pending, ChangeBatch{});
            m_indexOfKey.clear();
            initialCount = std::exchange(m_pendingInitial, 0);
            m_inFlight = true;
        }
        lastFlush = Clock::now();
        std::unique_lock liveLock(m_liveness->mutex);
        if (!m_liveness->receiver) {
            liveLock.unlock();
            delivered(initialCount);
            continue;
        }
        QMetaObject::invokeMethod(
            m_liveness->receiver,
            [this, liveness = m_liveness, batch = std::move(batch), initialCount] {
                std::lock_guard lock(liveness->mutex);
                if (!liveness->alive)
                    return;
                m_callback(batch);
                if (liveness->alive)
                    delivered(initialCount);
            },
            Qt::QueuedConnection);
    }
}

} // namespace informant
