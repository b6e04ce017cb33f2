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
    connect(
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

InformerKindSource::~InformerKindSource()
{
    for (const auto &handle : std::as_const(m_handles))
        m_informer->removeEventHandler(handle);
    if (m_contentHandle)
        m_informer->removeEventHandler(m_contentHandle);
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
    if (m_waitingForSignIn && (status.state == State::Pending || status.state == State::Listing))
        status.state = State::WaitingForSignIn;
    return status;
}

const Indexer &InformerKindSource::indexer() const
{
    return m_informer->indexer();
}

void InformerKindSource::subscribe(QObject *receiver, BatchHandler handler)
{
    auto handle = m_informer->addBatchHandler(receiver, std::move(handler), kBatchIntervalMs);
    if (handle.ok())
        m_handles.insert(receiver, handle.value());
}

void InformerKindSource::unsubscribe(QObject *receiver)
{
    const auto handle = m_handles.take(receiver);
    if (handle)
        m_informer->removeEventHandler(handle);
}

void InformerKindSource::retryNow()
{
    m_informer->retryNow();
}

} // namespace informant
