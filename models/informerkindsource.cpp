#include "models/informerkindsource.h"

#include "informer/informers/sharedindexinformer.h"

namespace informant {

InformerKindSource::InformerKindSource(KindInfo kind, std::shared_ptr<SharedIndexInformer> informer,
                                       QString origin, QObject *parent)
    : KindSource(std::move(kind), parent)
    , m_informer(std::move(informer))
    , m_origin(std::move(origin))
{
    qRegisterMetaType<InformerStatus>();
    attach();
}

InformerKindSource::~InformerKindSource()
{
    detach();
}

void InformerKindSource::attach()
{
    m_statusRelay = connect(
        m_informer->statusTracker(), &InformerStatusTracker::statusChanged, this,
        [this](const InformerStatus &status) { Q_EMIT statusChanged(shownStatus(status)); },
        Qt::QueuedConnection);
    auto handle = m_informer->addBatchHandler(
        this,
        [this](const ChangeBatch &batch) {
            if (!batch.snapshot)
                Q_EMIT changesObserved(batch);
            Q_EMIT contentChanged();
        },
        kContentIntervalMs, BatchListener::Coalescing::None);
    if (handle.ok())
        m_contentHandle = handle.value();
}

void InformerKindSource::detach()
{
    disconnect(m_statusRelay);
    for (const auto &handle : std::as_const(m_handles))
        m_informer->removeEventHandler(handle);
    m_handles.clear();
    if (m_contentHandle)
        m_informer->removeEventHandler(std::exchange(m_contentHandle, nullptr));
}

void InformerKindSource::setGone()
{
    if (m_gone)
        return;
    m_gone = true;
    m_informer->stop();
    Q_EMIT statusChanged(status());
}

void InformerKindSource::replaceInformer(std::shared_ptr<SharedIndexInformer> informer,
                                         KindInfo kind)
{
    detach();
    m_informer = std::move(informer);
    setKind(std::move(kind));
    m_gone = false;
    attach();
    for (auto it = m_handlers.cbegin(); it != m_handlers.cend(); ++it) {
        auto handle = m_informer->addBatchHandler(it.key(), it.value(), kBatchIntervalMs);
        if (handle.ok())
            m_handles.insert(it.key(), handle.value());
    }
    Q_EMIT statusChanged(status());
}

InformerStatus InformerKindSource::status() const
{
    return shownStatus(m_informer->status());
}

void InformerKindSource::setWaitingForSignIn(bool waiting)
{
    if (waiting == m_waitingForSignIn)
        return;
    m_waitingForSignIn = waiting;
    Q_EMIT statusChanged(status());
}

InformerStatus InformerKindSource::shownStatus(InformerStatus status) const
{
    using State = InformerStatus::State;
    // A watch already open keeps its connection and stays fresh; a failure
    // is the informer's own news.
    if (m_gone)
        status.state = State::Gone;
    else if (m_waitingForSignIn &&
             (status.state == State::Pending || status.state == State::Listing))
        status.state = State::WaitingForSignIn;
    return status;
}

const Indexer &InformerKindSource::indexer() const
{
    return m_informer->indexer();
}

void InformerKindSource::subscribe(QObject *receiver, BatchHandler handler)
{
    auto handle = m_informer->addBatchHandler(receiver, handler, kBatchIntervalMs);
    if (!handle.ok())
        return;
    const bool known = m_handlers.contains(receiver);
    if (const auto replaced = m_handles.take(receiver))
        m_informer->removeEventHandler(replaced);
    m_handles.insert(receiver, handle.value());
    m_handlers.insert(receiver, std::move(handler));
    // A receiver that goes without unsubscribing leaves nothing behind.
    if (!known)
        connect(receiver, &QObject::destroyed, this, [this, receiver] { unsubscribe(receiver); });
}

void InformerKindSource::unsubscribe(QObject *receiver)
{
    m_handlers.remove(receiver);
    const auto handle = m_handles.take(receiver);
    if (handle)
        m_informer->removeEventHandler(handle);
}

void InformerKindSource::retryNow()
{
    m_informer->retryNow();
}

} // namespace informant
