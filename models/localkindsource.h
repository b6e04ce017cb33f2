#pragma once

// LocalKindSource: a KindSource whose cache is filled by its owner — objects
// pushed in, batches delivered to subscribers on flush(). Used by tests and for
// data that does not come from a live watch. GUI thread.

#include "models/kindsource.h"

#include <QList>
#include <QPointer>

namespace informant {

class LocalKindSource final : public KindSource
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalKindSource)

public:
    explicit LocalKindSource(KindInfo kind, QObject *parent = nullptr);
    ~LocalKindSource() override;

    InformerStatus status() const override { return m_status; }
    const Indexer &indexer() const override { return m_indexer; }
    void subscribe(QObject *receiver, BatchHandler handler) override;
    void unsubscribe(QObject *receiver) override;
    // Counted, for tests: a local source has nothing to retry.
    void retryNow() override { ++m_retries; }
    int retries() const { return m_retries; }

    void upsert(const KubeObject &object, qint64 receivedNs = 0);
    void remove(const KubeObject &object);
    // Delivers the changes since the last flush (one batch, coalesced per key).
    void flush();
    void setStatus(const InformerStatus &status);

private:
    struct Subscriber
    {
        QPointer<QObject> receiver;
        BatchHandler handler;
    };
    void deliver(Subscriber &subscriber, const ChangeBatch &batch);

    Indexer m_indexer;
    InformerStatus m_status;
    QList<Subscriber> m_subscribers;
    QList<ObjectChange> m_pending;
    int m_retries = 0;
};

} // namespace informant
