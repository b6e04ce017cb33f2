#pragma once

// ThreadSafeStore: the indexed object map behind every informer cache
// (client-go's thread_safe_store.go, reference §4.4).
//
// Guarantees:
// - items: key -> object; objects are immutable KubeObjects shared with callers.
// - indices: index name -> indexed value -> set of keys, always consistent with
//   items; a value whose key set becomes empty is removed (no empty sets).
// - Index functions must be deterministic, thread-safe and cheap; upsert and
//   take run them before taking the write lock (under it only if another
//   writer changed the same key in between). They cannot fail (client-go panics on an index error):
//   an object with nothing to index yields no values.
// - addIndexers is allowed on a populated store and indexes the existing items
//   for the new indexers only; a name that already exists is an
//   "indexer conflict" error and nothing is added.
// - Unordered results: list, listKeys, index, byIndex, listIndexFuncValues.
//   Ordered: indexKeys (sorted keys), indexValueCounts (sorted by value).
//
// Threading: every method is thread-safe. One QReadWriteLock: many readers or
// one writer. Results are built under the read lock as flat lists (never as
// implicitly shared copies of the internal containers, which would make the
// next write deep-copy them while holding the write lock).
//
// Layout (for 100k objects with a dozen indexed values each): every key gets
// a small integer slot id; objects live in a slot vector and index sets hold
// ids, so index updates hash integers, not key strings, and byIndex reads
// objects straight from the vector.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QHash>
#include <QList>
#include <QReadWriteLock>
#include <QSet>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace informant {

// Computes the indexed values of an object (a set; duplicates are harmless).
using IndexFunc = std::function<QStringList(const KubeObject &)>;
// Index name -> index function.
using Indexers = QHash<QString, IndexFunc>;

class ThreadSafeStore
{
public:
    explicit ThreadSafeStore(const Indexers &indexers = {});
    ~ThreadSafeStore();
    Q_DISABLE_COPY_MOVE(ThreadSafeStore)

    // client-go Add/Update (the same upsert).
    void add(const QString &key, const KubeObject &object) { upsert(key, object); }
    void update(const QString &key, const KubeObject &object) { upsert(key, object); }
    // Stores `object` under `key` and returns the object it replaced, if any.
    std::optional<KubeObject> upsert(const QString &key, const KubeObject &object);
    // client-go Delete: absent keys are a no-op.
    void remove(const QString &key) { take(key); }
    // Removes `key` and returns the object it held, if any.
    std::optional<KubeObject> take(const QString &key);
    // Swaps in a whole new item map and rebuilds every index. The new indices
    // are built before the write lock is taken. The resourceVersion is
    // accepted for interface parity with client-go and not stored.
    void replace(QHash<QString, KubeObject> items, const QString &resourceVersion = {});

    std::optional<KubeObject> get(const QString &key) const;
    bool contains(const QString &key) const;
    qsizetype size() const;
    QList<KubeObject> list() const;
    QStringList listKeys() const;

    // Objects sharing any indexed value with `object` (deduplicated by key).
    Result<QList<KubeObject>> index(const QString &indexName, const KubeObject &object) const;
    // Objects whose indexed values include `value`; an unknown value is empty.
    Result<QList<KubeObject>> byIndex(const QString &indexName, const QString &value) const;
    // Keys whose indexed values include `value`, sorted.
    Result<QStringList> indexKeys(const QString &indexName, const QString &value) const;
    // Every value present in the index; an unknown index yields an empty list.
    QStringList listIndexFuncValues(const QString &indexName) const;
    Indexers getIndexers() const;
    Result<void> addIndexers(const Indexers &newIndexers);

    // Facet counts. O(1): number of keys indexed under `value` (0 if none or
    // if the index does not exist).
    qsizetype indexValueCount(const QString &indexName, const QString &value) const;
    // (value, key count) for every value of the index, sorted by value.
    QList<std::pair<QString, qsizetype>> indexValueCounts(const QString &indexName) const;

private:
    struct NamedIndexer
    {
        QString name;
        IndexFunc func;
    };
    // Copy-on-write: the pointer is replaced, never mutated, so a snapshot
    // taken under the lock can be used outside it and compared for identity.
    using IndexerList = QList<NamedIndexer>;
    using SlotId = quint32;
    using IdSet = QSet<SlotId>;
    using Index = QHash<QString, IdSet>;    // indexed value -> entries
    using IndexValues = QList<QStringList>; // aligned with an IndexerList

    struct Slot
    {
        QString key;
        KubeObject object;
        bool used = false;
    };
    // The items and their indices; replace() builds a new one outside the lock.
    struct Content
    {
        QHash<QString, SlotId> ids;
        QList<Slot> entries;
        QList<SlotId> freeIds;
        QList<Index> indices; // aligned with the IndexerList

        SlotId allocate(const QString &key, const KubeObject &object);
        void release(SlotId id);
    };

    std::shared_ptr<const IndexerList> indexerSnapshot() const;
    static IndexValues computeValues(const IndexerList &indexers, const KubeObject &object);
    static QList<Index> buildIndices(const IndexerList &indexers, const QList<Slot> &entries);
    qsizetype indexPositionLocked(const QString &indexName) const;
    const Index *findIndexLocked(const QString &indexName) const;
    // Index values computed outside the write lock: for the incoming object and
    // for the object stored under the key when prepare() looked.
    struct Prepared
    {
        std::shared_ptr<const IndexerList> indexers;
        std::optional<KubeObject> current;
        IndexValues currentValues;
        IndexValues newValues;
    };
    Prepared prepare(const QString &key, const KubeObject *incoming) const;
    const IndexValues &storedValuesLocked(const Prepared &prepared, const KubeObject &stored,
                                          IndexValues &scratch) const;
    void updateIndicesLocked(SlotId id, const IndexValues *oldValues, const IndexValues *newValues);
    QList<KubeObject> objectsForIdsLocked(const IdSet &ids) const;

    mutable QReadWriteLock m_lock;
    Content m_content;
    std::shared_ptr<const IndexerList> m_indexers;
};

} // namespace informant
