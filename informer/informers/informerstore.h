#pragma once

// InformerStore: the ReflectorStore a SharedIndexInformer gives its
// Reflector. It forwards to the DeltaFIFO and, while a batch registration
// wants latencies, notes when each key's change first reached the informer.
// Internal to the informer; thread-safe like the DeltaFIFO.

#include "informer/cache/deltafifo.h"

namespace informant {

class SharedIndexInformer;

class InformerStore final : public ReflectorStore
{
public:
    InformerStore(SharedIndexInformer &informer, DeltaFIFO &fifo)
        : m_informer(informer)
        , m_fifo(fifo)
    {
    }

    Result<void> add(const KubeObject &object) override;
    Result<void> update(const KubeObject &object) override;
    Result<void> remove(const KubeObject &object) override;
    Result<void> replace(const QList<KubeObject> &objects, const QString &resourceVersion) override;
    Result<void> resync() override { return m_fifo.resync(); }
    KubeObject knownVersion(const KubeObject &object) const override
    {
        return m_fifo.knownVersion(object);
    }
    void beginBatch() override { m_fifo.beginBatch(); }
    void endBatch() override { m_fifo.endBatch(); }

    static qint64 monotonicNowNs();

private:
    // Notes when the key's change arrived unless an earlier one of it is
    // still waiting; true if it noted.
    bool noteReceived(const KubeObject &object);
    void forgetReceivedUnlessQueued(const QString &key);

    SharedIndexInformer &m_informer;
    DeltaFIFO &m_fifo;
};

} // namespace informant
