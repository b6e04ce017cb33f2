#include "informer/informers/processorlistener.h"

#include "informer/informers/threadjoin.h"

#include <utility>

namespace informant {

ProcessorListener::ProcessorListener(std::function<bool()> informerSynced)
    : m_informerSynced(std::move(informerSynced))
{
}

ProcessorListener::~ProcessorListener()
{
    // Subclasses call stop() in their destructors; this is a safety net.
    if (m_thread.joinable())
        m_thread.detach();
}

void ProcessorListener::addInitialSnapshot(const QList<KubeObject> &objects)
{
    for (const KubeObject &object : objects) {
        Notification notification;
        notification.type = Notification::Type::Add;
        notification.isInInitialList = true;
        notification.object = object;
        add(notification);
    }
}

void ProcessorListener::start()
{
    std::lock_guard lock(m_mutex);
    if (!m_thread.joinable() && !m_stopping)
        m_thread = std::thread([self = shared_from_this()] { self->run(); });
}

void ProcessorListener::requestStop()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping.exchange(true))
            return;
    }
    stopRequested();
    m_cv.notify_all();
}

void ProcessorListener::stop()
{
    requestStop();
    joinGuardedThread(m_mutex, m_thread);
}

void ProcessorListener::holdWakeups()
{
    std::lock_guard lock(m_mutex);
    m_wakeupsHeld = true;
}

void ProcessorListener::releaseWakeups()
{
    bool wake = false;
    {
        std::lock_guard lock(m_mutex);
        m_wakeupsHeld = false;
        wake = std::exchange(m_wakePending, false);
    }
    if (wake)
        m_cv.notify_one();
}

bool ProcessorListener::hasSynced() const
{
    return m_informerSynced() && m_pendingInitial.load() == 0;
}

HandlerListener::HandlerListener(ResourceEventHandler handler, std::function<bool()> informerSynced,
                                 qsizetype coalesceBacklog)
    : ProcessorListener(std::move(informerSynced))
    , m_handler(std::move(handler))
    , m_buffer(coalesceBacklog)
{
}

HandlerListener::~HandlerListener()
{
    stop();
}

void HandlerListener::add(const Notification &notification)
{
    bool wake = false;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping)
            return;
        if (notification.type == Notification::Type::Add && notification.isInInitialList)
            initialQueued(1);
        wake = wakeLocked(m_buffer.isEmpty());
        // An initial add merged away with its deletion counts as delivered.
        initialDelivered(m_buffer.add(notification));
    }
    if (wake)
        m_cv.notify_one();
}

ProcessorListener::Backlog HandlerListener::backlog() const
{
    std::lock_guard lock(m_mutex);
    return Backlog{m_buffer.pending(), m_buffer.peakPending(), m_buffer.coalesced()};
}

void HandlerListener::run()
{
    NotificationBuffer::Entries batch;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [&] { return m_stopping || !m_buffer.isEmpty(); });
            if (m_stopping)
                return; // buffered notifications are dropped, as client-go does
            batch = m_buffer.takeAll();
        }
        while (!batch.empty()) {
            if (!batch.front().dropped)
                deliver(batch.front().notification);
            batch.pop_front();
            if (isStopping())
                return;
        }
    }
}

void HandlerListener::deliver(const Notification &notification)
{
    switch (notification.type) {
    case Notification::Type::Add:
        if (m_handler.onAdd)
            m_handler.onAdd(notification.object, notification.isInInitialList);
        if (notification.isInInitialList)
            initialDelivered(1);
        break;
    case Notification::Type::Update:
        if (m_handler.onUpdate)
            m_handler.onUpdate(notification.oldObject, notification.object);
        break;
    case Notification::Type::Delete:
        if (m_handler.onDelete)
            m_handler.onDelete(
                Delta{DeltaType::Deleted, notification.object, notification.tombstoneKey});
        break;
    }
}

} // namespace informant
