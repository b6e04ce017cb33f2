#pragma once

// KindSource: what the GUI needs from the informer of one kind in one
// cluster — its freshness, its indexed cache (read-only, thread-safe), and a
// stream of coalesced ChangeBatches delivered in a receiver's thread, starting
// with a snapshot of the current contents. Implemented over a
// SharedIndexInformer for live clusters and by LocalKindSource in tests.
//
// Lives in the GUI thread; `indexer()` may be read from any thread.

#include "informer/cache/indexer.h"
#include "informer/informers/changebatch.h"
#include "informer/informers/informerstatus.h"
#include "models/kindinfo.h"

#include <QObject>

#include <functional>

namespace informant {

class KindSource : public QObject
{
    Q_OBJECT

public:
    using BatchHandler = std::function<void(const ChangeBatch &)>;

    explicit KindSource(KindInfo kind, QObject *parent = nullptr)
        : QObject(parent)
        , m_kind(std::move(kind))
    {
    }

    const KindInfo &kind() const { return m_kind; }
    virtual InformerStatus status() const = 0;
    // The cache; never null.
    virtual const Indexer &indexer() const = 0;
    // `handler` runs in `receiver`'s thread: first a snapshot batch with the
    // current contents, then every change. Ends when the receiver is
    // destroyed or unsubscribes.
    virtual void subscribe(QObject *receiver, BatchHandler handler) = 0;
    virtual void unsubscribe(QObject *receiver) = 0;
    // The server (or context) this kind comes from, for messages.
    virtual QString origin() const { return {}; }
    // Ends a wait before the next attempt (a backoff after failures, up to
    // a minute): the user knows the network is back before the timer does.
    virtual void retryNow() = 0;

Q_SIGNALS:
    void statusChanged(const informant::InformerStatus &status);
    // Every change to the cache, in order and none merged, each with the
    // object it replaced (ObjectChange::previous), in the GUI thread at most
    // every few hundred ms, from the time the source exists: what History
    // records. Emitted just before contentChanged.
    void changesObserved(const informant::ChangeBatch &batch);
    // After the cache changed (at most once per delivered batch), in the GUI
    // thread: counts and facets may want a refresh.
    void contentChanged();

protected:
    void setKind(KindInfo kind) { m_kind = std::move(kind); }

private:
    KindInfo m_kind;
};

} // namespace informant
