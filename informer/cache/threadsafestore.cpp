#include "informer/cache/threadsafestore.h"

#include <algorithm>

namespace informant {

namespace {

using KeySet = QSet<QString>;
using Index = QHash<QString, KeySet>;

void addToIndex(Index &index, const QStringList &values, const QString &key)
{
    for (const QString &value : values)
        index[value].insert(key);
}

void removeFromIndex(Index &index, const QString &value, const QString &key)
{
    const auto it = index.find(value);
    if (it == index.end())
        return;
    it->remove(key);
    // As client-go: never keep an empty set, so listIndexFuncValues and the
    // facet counts only show values that still have objects.
    if (it->isEmpty())
        index.erase(it);
}

// Equivalent to client-go's "remove from every old value, add to every new
// value", but touches only the values that actually changed.
void updateIndex(Index &index, const QStringList &oldValues, const QStringList &newValues,
                 const QString &key)
{
    if (oldValues == newValues)
        return;
    for (const QString &value : oldValues) {
        if (!newValues.contains(value))
            removeFromIndex(index, value, key);
    }
    for (const QString &value : newValues) {
        if (!oldValues.contains(value))
            index[value].insert(key);
    }
}

Error unknownIndexError(const QString &indexName)
{
    return makeError(QStringLiteral("Index with name %1 does not exist").arg(indexName));
}

} // namespace

ThreadSafeStore::ThreadSafeStore(const Indexers &indexers)
    : m_indexers(std::make_shared<const IndexerList>())
{
    if (!indexers.isEmpty()) {
        // Cannot conflict: the store has no indexers yet.
        const Result<void> added = addIndexers(indexers);
        Q_ASSERT(added.ok());
    }
}

ThreadSafeStore::~ThreadSafeStore() = default;

std::shared_ptr<const ThreadSafeStore::IndexerList> ThreadSafeStore::indexerSnapshot() const
{
    QReadLocker locker(&m_lock);
    return m_indexers;
}

ThreadSafeStore::IndexValues ThreadSafeStore::computeValues(const IndexerList &indexers,
                                                            const KubeObject &object)
{
    IndexValues values;
    values.reserve(indexers.size());
    for (const NamedIndexer &indexer : indexers)
        values.append(indexer.func(object));
    return values;
}

QList<ThreadSafeStore::Index> ThreadSafeStore::buildIndices(const IndexerList &indexers,
                                                            const QHash<QString, KubeObject> &items)
{
    QList<Index> indices(indexers.size());
    for (auto it = items.cbegin(); it != items.cend(); ++it) {
        for (qsizetype i = 0; i < indexers.size(); ++i)
            addToIndex(indices[i], indexers.at(i).func(it.value()), it.key());
    }
    return indices;
}

qsizetype ThreadSafeStore::indexPositionLocked(const QString &indexName) const
{
    for (qsizetype i = 0; i < m_indexers->size(); ++i) {
        if (m_indexers->at(i).name == indexName)
            return i;
    }
    return -1;
}

const ThreadSafeStore::Index *ThreadSafeStore::findIndexLocked(const QString &indexName) const
{
    const qsizetype position = indexPositionLocked(indexName);
    return position < 0 ? nullptr : &m_indices.at(position);
}

void ThreadSafeStore::updateIndicesLocked(const QString &key, const KubeObject *oldObject,
                                          const IndexValues *newValues)
{
    for (qsizetype i = 0; i < m_indexers->size(); ++i) {
        const QStringList oldValues =
            oldObject ? m_indexers->at(i).func(*oldObject) : QStringList();
        const QStringList values = newValues ? newValues->at(i) : QStringList();
        updateIndex(m_indices[i], oldValues, values, key);
    }
}

std::optional<KubeObject> ThreadSafeStore::upsert(const QString &key, const KubeObject &object)
{
    // Index the new object before taking the lock: index functions may parse
    // JSON, and readers (the GUI) should not wait for that.
    const std::shared_ptr<const IndexerList> indexers = indexerSnapshot();
    IndexValues values = computeValues(*indexers, object);

    QWriteLocker locker(&m_lock);
    if (m_indexers != indexers) // addIndexers ran in between (rare)
        values = computeValues(*m_indexers, object);
    std::optional<KubeObject> old;
    auto it = m_items.find(key);
    if (it != m_items.end()) {
        old = it.value();
        it.value() = object;
    } else {
        m_items.insert(key, object);
    }
    // Same bytes means the same indexed values: nothing to re-index.
    if (!old || !old->sameAs(object))
        updateIndicesLocked(key, old ? &*old : nullptr, &values);
    return old;
}

std::optional<KubeObject> ThreadSafeStore::take(const QString &key)
{
    QWriteLocker locker(&m_lock);
    const auto it = m_items.find(key);
    if (it == m_items.end())
        return std::nullopt;
    const KubeObject old = it.value();
    updateIndicesLocked(key, &old, nullptr);
    m_items.erase(it);
    return old;
}

void ThreadSafeStore::replace(QHash<QString, KubeObject> items, const QString &resourceVersion)
{
    Q_UNUSED(resourceVersion)
    const std::shared_ptr<const IndexerList> indexers = indexerSnapshot();
    QList<Index> indices = buildIndices(*indexers, items);
    {
        QWriteLocker locker(&m_lock);
        if (m_indexers != indexers)
            indices = buildIndices(*m_indexers, items);
        std::swap(m_items, items);
        std::swap(m_indices, indices);
    }
    // `items` and `indices` now hold the old contents and are freed here,
    // outside the lock.
}

std::optional<KubeObject> ThreadSafeStore::get(const QString &key) const
{
    QReadLocker locker(&m_lock);
    const auto it = m_items.constFind(key);
    if (it == m_items.cend())
        return std::nullopt;
    return it.value();
}

bool ThreadSafeStore::contains(const QString &key) const
{
    QReadLocker locker(&m_lock);
    return m_items.contains(key);
}

qsizetype ThreadSafeStore::size() const
{
    QReadLocker locker(&m_lock);
    return m_items.size();
}

QList<KubeObject> ThreadSafeStore::list() const
{
    QReadLocker locker(&m_lock);
    QList<KubeObject> objects;
    objects.reserve(m_items.size());
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        objects.append(it.value());
    return objects;
}

QStringList ThreadSafeStore::listKeys() const
{
    QReadLocker locker(&m_lock);
    QStringList keys;
    keys.reserve(m_items.size());
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it)
        keys.append(it.key());
    return keys;
}

QList<KubeObject> ThreadSafeStore::objectsForKeysLocked(const KeySet &keys) const
{
    QList<KubeObject> objects;
    objects.reserve(keys.size());
    for (const QString &key : keys) {
        const auto it = m_items.constFind(key);
        if (it != m_items.cend())
            objects.append(it.value());
    }
    return objects;
}

Result<QList<KubeObject>> ThreadSafeStore::index(const QString &indexName,
                                                 const KubeObject &object) const
{
    // Indexers are only ever appended, so a position found in the snapshot is
    // valid in the current list too.
    const std::shared_ptr<const IndexerList> indexers = indexerSnapshot();
    const auto found = std::find_if(indexers->cbegin(), indexers->cend(),
                                    [&](const NamedIndexer &i) { return i.name == indexName; });
    if (found == indexers->cend())
        return unknownIndexError(indexName);
    const QStringList values = found->func(object);
    const qsizetype position = found - indexers->cbegin();

    QReadLocker locker(&m_lock);
    const Index &index = m_indices.at(position);
    if (values.size() == 1) // the common case needs no union
        return objectsForKeysLocked(index.value(values.first()));
    KeySet keys;
    for (const QString &value : values)
        keys.unite(index.value(value));
    return objectsForKeysLocked(keys);
}

Result<QList<KubeObject>> ThreadSafeStore::byIndex(const QString &indexName,
                                                   const QString &value) const
{
    QReadLocker locker(&m_lock);
    const Index *index = findIndexLocked(indexName);
    if (!index)
        return unknownIndexError(indexName);
    const auto it = index->constFind(value);
    if (it == index->cend())
        return QList<KubeObject>();
    return objectsForKeysLocked(it.value());
}

Result<QStringList> ThreadSafeStore::indexKeys(const QString &indexName, const QString &value) const
{
    QStringList keys;
    {
        QReadLocker locker(&m_lock);
        const Index *index = findIndexLocked(indexName);
        if (!index)
            return unknownIndexError(indexName);
        const auto it = index->constFind(value);
        if (it != index->cend()) {
            keys.reserve(it->size());
            for (const QString &key : it.value())
                keys.append(key);
        }
    }
    keys.sort(); // outside the lock
    return keys;
}

QStringList ThreadSafeStore::listIndexFuncValues(const QString &indexName) const
{
    QReadLocker locker(&m_lock);
    const Index *index = findIndexLocked(indexName);
    if (!index)
        return {};
    QStringList values;
    values.reserve(index->size());
    for (auto it = index->cbegin(); it != index->cend(); ++it)
        values.append(it.key());
    return values;
}

Indexers ThreadSafeStore::getIndexers() const
{
    const std::shared_ptr<const IndexerList> indexers = indexerSnapshot();
    Indexers result;
    for (const NamedIndexer &indexer : *indexers)
        result.insert(indexer.name, indexer.func);
    return result;
}

Result<void> ThreadSafeStore::addIndexers(const Indexers &newIndexers)
{
    QStringList names = newIndexers.keys();
    names.sort(); // a stable order for error messages and index positions

    QWriteLocker locker(&m_lock);
    QStringList conflicts;
    for (const QString &name : std::as_const(names)) {
        if (indexPositionLocked(name) >= 0)
            conflicts.append(name);
    }
    if (!conflicts.isEmpty())
        return makeError(QStringLiteral("indexer conflict: %1").arg(conflicts.join(u", ")));

    // As client-go since v0.30: allowed on a populated store; only the new
    // indexers are computed over the existing items.
    auto indexers = std::make_shared<IndexerList>(*m_indexers);
    IndexerList added;
    for (const QString &name : std::as_const(names))
        added.append(NamedIndexer{name, newIndexers.value(name)});
    m_indices.append(buildIndices(added, m_items));
    indexers->append(added);
    m_indexers = std::move(indexers);
    return {};
}

qsizetype ThreadSafeStore::indexValueCount(const QString &indexName, const QString &value) const
{
    QReadLocker locker(&m_lock);
    const Index *index = findIndexLocked(indexName);
    if (!index)
        return 0;
    const auto it = index->constFind(value);
    return it == index->cend() ? 0 : it->size();
}

QList<std::pair<QString, qsizetype>>
ThreadSafeStore::indexValueCounts(const QString &indexName) const
{
    QList<std::pair<QString, qsizetype>> counts;
    {
        QReadLocker locker(&m_lock);
        const Index *index = findIndexLocked(indexName);
        if (!index)
            return counts;
        counts.reserve(index->size());
        for (auto it = index->cbegin(); it != index->cend(); ++it)
            counts.append({it.key(), it->size()});
    }
    std::sort(counts.begin(), counts.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    return counts;
}

} // namespace informant
