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

void InformerKindSource::retire(const std::shared_ptr<SharedIndexInformer> &informer)
{
    m_retired.push_back(informer);
    m_stopping.push_back(std::async(std::launch::async, [informer] { informer->stop(); }));
}

void InformerKindSource::setGone()
{
    if (m_gone)
        return;
    m_gone = true;
    retire(m_informer);
    Q_EMIT statusChanged(status());
}

void InformerKindSource::replaceInformer(std::shared_ptr<SharedIndexInformer> informer,
                                         KindInfo kind)
{
    detach();
    if (!m_gone)
        retire(m_informer);
    m_informer = std::move(informer);
    setKind(std::move(kind));
    m_gone = false;
    attach();
    m_subscribers.removeIf([](const auto &entry) { return !entry.value().receiver; });
    ChangeBatch cleared;
    cleared.snapshot = true;
    for (auto it = m_subscribers.cbegin(); it != m_subscribers.cend(); ++it) {
        const Subscriber &subscriber = it.value();
        // Queued like the informer's batches, so it comes before them.
        QMetaObject::invokeMethod(
            subscriber.receiver, [handler = subscriber.handler, cleared] { handler(cleared); },
            Qt::QueuedConnection);
        auto handle = m_informer->addBatchHandler(it.key(), subscriber.handler, kBatchIntervalMs);
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

void InformerKindSource::setCredentialsWithheld(bool withheld)
{
    if (withheld == m_credentialsWithheld)
        return;
    m_credentialsWithheld = withheld;
    Q_EMIT statusChanged(status());
}

InformerStatus InformerKindSource::shownStatus(InformerStatus status) const
{
    using State = InformerStatus::State;
    status.credentialsWithheld = m_credentialsWithheld;
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
    // Kept even when the informer takes no handler (stopped: the kind is
    // gone), so the subscriber moves to the informer that serves it again.
    m_subscribers.insert(receiver, Subscriber{receiver, handler});
    if (const auto replaced = m_handles.take(receiver))
        m_informer->removeEventHandler(replaced);
    auto handle = m_informer->addBatchHandler(receiver, std::move(handler), kBatchIntervalMs);
    if (handle.ok())
        m_handles.insert(receiver, handle.value());
}

void InformerKindSource::unsubscribe(QObject *receiver)
{
    m_subscribers.remove(receiver);
    const auto handle = m_handles.take(receiver);
    if (handle)
        m_informer->removeEventHandler(handle);
}

void InformerKindSource::retryNow()
{
    m_informer->retryNow();
}

} // namespace informant
