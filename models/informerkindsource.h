#pragma once

// InformerKindSource: a KindSource over a SharedIndexInformer. Table feeds
// subscribe as coalesced batch registrations (delivered on their worker
// thread every kBatchIntervalMs); the source itself holds one slower
// registration on the GUI thread to say "content changed" for the tree's
// counts (the facets count with the table's batches: models/facetcounts.h),
// which also carries every change, unmerged, for History
// (changesObserved); status changes arrive queued from the informer's
// tracker.

#include "models/kindsource.h"

#include <QHash>
#include <QPointer>

#include <future>
#include <memory>
#include <vector>

namespace informant {

class SharedIndexInformer;
class ProcessorListener;

class InformerKindSource final : public KindSource
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InformerKindSource)

public:
    // One table batch per 50 ms (the spec's frame tick is 16-50 ms): each
    // batch costs a repaint of the table, so the slow end of the range.
    static constexpr qint64 kBatchIntervalMs = 50;
    static constexpr qint64 kContentIntervalMs = 250;

    InformerKindSource(KindInfo kind, std::shared_ptr<SharedIndexInformer> informer, QString origin,
                       QObject *parent = nullptr);
    ~InformerKindSource() override;

    InformerStatus status() const override;
    const Indexer &indexer() const override;
    void subscribe(QObject *receiver, BatchHandler handler) override;
    void unsubscribe(QObject *receiver) override;
    QString origin() const override { return m_origin; }
    void retryNow() override;
    // While the cluster's credential plugin waits for the user to sign in,
    // a list that has not started or not ended waits for its credential:
    // its status says WaitingForSignIn instead of "listing" (the informer
    // sees only a slow request). Set by the session, which hears the plugin.
    void setWaitingForSignIn(bool waiting);
    // The session's server is not https, so no credentials go with the
    // requests: the status says so (InformerStatus::credentialsWithheld).
    void setCredentialsWithheld(bool withheld);
    // The cluster no longer serves the kind: the informer is stopped (no
    // retries against a 404) and the status says Gone. The session, which
    // hears discovery, sets it.
    void setGone();
    bool isGone() const { return m_gone; }
    // The kind is served again, or at another version or scope: the same
    // source goes on over `informer` (new, not started). Its subscribers are
    // moved over: each gets an empty snapshot first (what it had is not the
    // new informer's), then the new contents as they are listed.
    void replaceInformer(std::shared_ptr<SharedIndexInformer> informer, KindInfo kind);

private:
    struct Subscriber
    {
        QPointer<QObject> receiver; // null once it is gone
        BatchHandler handler;
    };
    InformerStatus shownStatus(InformerStatus status) const;
    // Status relay and the content registration on m_informer.
    void attach();
    void detach();
    // Stops `informer` on a thread of its own (stopping joins its threads; a
    // reflector may be waiting on a credential plugin for minutes) and keeps
    // it for this source's life: indexer() was handed out to other threads.
    void retire(const std::shared_ptr<SharedIndexInformer> &informer);

    std::shared_ptr<SharedIndexInformer> m_informer;
    QString m_origin;
    QHash<QObject *, std::shared_ptr<ProcessorListener>> m_handles;
    // Every subscriber, registered or not (a stopped informer takes none),
    // to move them to a new informer.
    QHash<QObject *, Subscriber> m_subscribers;
    std::shared_ptr<ProcessorListener> m_contentHandle;
    std::vector<std::shared_ptr<SharedIndexInformer>> m_retired;
    std::vector<std::future<void>> m_stopping; // joined by the destructor
    QMetaObject::Connection m_statusRelay;
    bool m_waitingForSignIn = false;
    bool m_credentialsWithheld = false;
    bool m_gone = false;
};

} // namespace informant
