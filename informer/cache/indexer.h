#pragma once

// Indexer: the informer's cache, a key function over a ThreadSafeStore
// (client-go's `cache` type from store.go plus the Indexer interface of
// index.go, reference §4.2, §4.5).
//
// Guarantees: add/update are the same upsert; remove of an absent object is a
// no-op; a key-function error stores nothing and is reported as a KeyError
// ("couldn't create key for object ..."); replace computes every key first, so
// one bad object leaves the store unchanged, then swaps the whole content.
// It is the KnownObjects a DeltaFIFO consults.
//
// Threading: thread-safe (all state lives in the ThreadSafeStore). Typically
// one writer (the informer thread) and many readers (models, CLI).

#include "informer/cache/delta.h"
#include "informer/cache/keys.h"
#include "informer/cache/knownobjects.h"
#include "informer/cache/threadsafestore.h"

namespace informant {

class Indexer final : public KnownObjects
{
public:
    explicit Indexer(KeyFunc keyFunc = metaNamespaceKey, const Indexers &indexers = {});
    explicit Indexer(const Indexers &indexers)
        : Indexer(metaNamespaceKey, indexers)
    {
    }
    ~Indexer() override;
    Q_DISABLE_COPY_MOVE(Indexer)

    Result<void> add(const KubeObject &object);
    Result<void> update(const KubeObject &object);
    // Add/Update that also says what was stored before (for OnAdd vs OnUpdate).
    Result<std::optional<KubeObject>> upsert(const KubeObject &object);
    Result<void> remove(const KubeObject &object);
    // Removes by key (e.g. a tombstone's key); returns the removed object.
    std::optional<KubeObject> removeByKey(const QString &key);
    Result<void> replace(const QList<KubeObject> &objects, const QString &resourceVersion = {});

    // The key this indexer stores `object` under.
    Result<QString> keyOf(const KubeObject &object) const;
    // As client-go's DeletionHandlingMetaNamespaceKeyFunc: a tombstone's own
    // key, otherwise keyOf(delta.object).
    Result<QString> keyOf(const Delta &delta) const;

    Result<std::optional<KubeObject>> get(const KubeObject &object) const;
    std::optional<KubeObject> getByKey(const QString &key) const override;
    QList<KubeObject> list() const { return m_store.list(); }
    QStringList listKeys() const override { return m_store.listKeys(); }
    qsizetype size() const { return m_store.size(); }

    Result<QList<KubeObject>> index(const QString &indexName, const KubeObject &object) const
    {
        return m_store.index(indexName, object);
    }
    Result<QList<KubeObject>> byIndex(const QString &indexName, const QString &value) const
    {
        return m_store.byIndex(indexName, value);
    }
    Result<QStringList> indexKeys(const QString &indexName, const QString &value) const
    {
        return m_store.indexKeys(indexName, value);
    }
    QStringList listIndexFuncValues(const QString &indexName) const
    {
        return m_store.listIndexFuncValues(indexName);
    }
    Indexers getIndexers() const { return m_store.getIndexers(); }
    Result<void> addIndexers(const Indexers &indexers) { return m_store.addIndexers(indexers); }
    qsizetype indexValueCount(const QString &indexName, const QString &value) const
    {
        return m_store.indexValueCount(indexName, value);
    }
    QList<std::pair<QString, qsizetype>> indexValueCounts(const QString &indexName) const
    {
        return m_store.indexValueCounts(indexName);
    }

    ThreadSafeStore &store() { return m_store; }
    const ThreadSafeStore &store() const { return m_store; }

private:
    const KeyFunc m_keyFunc;
    ThreadSafeStore m_store;
};

} // namespace informant
