#include "informer/cache/threadsafestore.h"

#include <algorithm>

namespace informant {

namespace {

template<typename Index, typename Id>
void removeFromIndex(Index &index, const QString &value, Id id)
{
    const auto it = index.find(value);
    if (it == index.end())
        return;
    it->remove(id);
    // As client-go: never keep an empty set, so listIndexFuncValues and the
    // facet counts only show values that still have objects.
    if (it->isEmpty())
        index.erase(it);
}

// Equivalent to client-go's "remove from every old value, add to every new
// value", but touches only the values that actually changed.
template<typename Index, typename Id>
void updateIndex(Index &index, const QStringList &oldValues, const QStringList &newValues, Id id)
{
    if (oldValues == newValues)
        return;
    for (const QString &value : oldValues) {
        if (!newValues.contains(value))
            removeFromIndex(index, value, id);
    }
    for (const QString &value : newValues) {
        if (!oldValues.contains(value))
            index[value].insert(id);
    }
}

Error unknownIndexError(const QString &indexName)
{
    return makeError(QStringLiteral("Index with name %1 does not exist").arg(indexName));
}

} // namespace

ThreadSafeStore::SlotId ThreadSafeStore::Content::allocate(const QString &key,
                                                           const KubeObject &object)
{
    SlotId id;
    if (!freeIds.isEmpty()) {
        id = freeIds.takeLast();
        entries[id] = Slot{key, object, true};
    } else {
        id = SlotId(entries.size());
        entries.append(Slot{key, object, true});
    }
    ids.insert(key, id);
    return id;
}

void ThreadSafeStore::Content::release(SlotId id)
{
    Slot &slot = entries[id];
    ids.remove(slot.key);
    slot = Slot{};
    freeIds.append(id);
}

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
                                                            const QList<Slot> &entries)
{
    QList<Index> indices(indexers.size());
    for (SlotId id = 0; id < SlotId(entries.size()); ++id) {
        const Slot &slot = entries.at(id);
        if (!slot.used)
            continue;
        for (qsizetype i = 0; i < indexers.size(); ++i) {
            for (const QString &value : indexers.at(i).func(slot.object))
                indices[i][value].insert(id);
        }
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
    return position < 0 ? nullptr : &m_content.indices.at(position);
}

void ThreadSafeStore::updateIndicesLocked(SlotId id, const IndexValues *oldValues,
                                          const IndexValues *newValues)
{
    static const QStringList none;
    for (qsizetype i = 0; i < m_indexers->size(); ++i) {
        updateIndex(m_content.indices[i], oldValues ? oldValues->at(i) : none,
                    newValues ? newValues->at(i) : none, id);
    }
}

ThreadSafeStore::Prepared ThreadSafeStore::prepare(const QString &key,
                                                   const KubeObject *incoming) const
{
    Prepared prepared;
    {
        QReadLocker locker(&m_lock);
        prepared.indexers = m_indexers;
        const auto it = m_content.ids.constFind(key);
        if (it != m_content.ids.cend())
            prepared.current = m_content.entries.at(it.value()).object;
    }
    if (incoming)
        prepared.newValues = computeValues(*prepared.indexers, *incoming);
    if (prepared.current && !(incoming && prepared.current->sameAs(*incoming)))
        prepared.currentValues = computeValues(*prepared.indexers, *prepared.current);
    return prepared;
}

const ThreadSafeStore::IndexValues &ThreadSafeStore::storedValuesLocked(const Prepared &prepared,
                                                                        const KubeObject &stored,
                                                                        IndexValues &scratch) const
{
    // Another writer may have replaced the object (or added indexers) since
    // prepare(): then the values are computed here, under the lock.
    if (prepared.indexers == m_indexers && prepared.current && prepared.current->sameAs(stored))
        return prepared.currentValues;
    scratch = computeValues(*m_indexers, stored);
    return scratch;
}

std::optional<KubeObject> ThreadSafeStore::upsert(const QString &key, const KubeObject &object)
{
    // Index functions may parse JSON: run them before taking the write lock
    // so readers (the GUI) do not wait for that.
    Prepared prepared = prepare(key, &object);

    QWriteLocker locker(&m_lock);
    if (prepared.indexers != m_indexers) // addIndexers ran in between (rare)
        prepared.newValues = computeValues(*m_indexers, object);
    const auto it = m_content.ids.constFind(key);
    if (it == m_content.ids.cend()) {
        const SlotId id = m_content.allocate(key, object);
        updateIndicesLocked(id, nullptr, &prepared.newValues);
        return std::nullopt;
    }
    const SlotId id = it.value();
    Slot &slot = m_content.entries[id];
    // `key` is the new object's own string (KubeObject::key()): holding it
    // in place of the first version's keeps one copy per object. The hash's
    // key is replaced by an equal string, so its place in the hash holds.
    slot.key = key;
    const_cast<QString &>(it.key()) = key;
    const KubeObject old = std::exchange(slot.object, object);
    // Same bytes means the same indexed values: nothing to re-index.
    if (!old.sameAs(object)) {
        IndexValues scratch;
        updateIndicesLocked(id, &storedValuesLocked(prepared, old, scratch), &prepared.newValues);
    }
    return old;
}

std::optional<KubeObject> ThreadSafeStore::take(const QString &key)
{
    const Prepared prepared = prepare(key, nullptr);

    QWriteLocker locker(&m_lock);
    const auto it = m_content.ids.constFind(key);
    if (it == m_content.ids.cend())
        return std::nullopt;
    const SlotId id = it.value();
    const KubeObject old = m_content.entries.at(id).object;
    IndexValues scratch;
    updateIndicesLocked(id, &storedValuesLocked(prepared, old, scratch), nullptr);
    m_content.release(id);
    return old;
}

void ThreadSafeStore::replace(QHash<QString, KubeObject> items, const QString &resourceVersion)
{
    Q_UNUSED(resourceVersion)
    const std::shared_ptr<const IndexerList> indexers = indexerSnapshot();
    Content content;
    content.ids.reserve(items.size());
    content.entries.reserve(items.size());
    for (auto it = items.cbegin(); it != items.cend(); ++it)
        content.allocate(it.key(), it.value());
    content.indices = buildIndices(*indexers, content.entries);
    {
        QWriteLocker locker(&m_lock);
        if (m_indexers != indexers)
            content.indices = buildIndices(*m_indexers, content.entries);
        std::swap(m_content, content);
    }
    // `content` now holds the old contents and is freed here, outside the lock.
}

std::optional<KubeObject> ThreadSafeStore::get(const QString &key) const
{
    QReadLocker locker(&m_lock);
    const auto it = m_content.ids.constFind(key);
    if (it == m_content.ids.cend())
        return std::nullopt;
    return m_content.entries.at(it.value()).object;
}

bool ThreadSafeStore::contains(const QString &key) const
{
    QReadLocker locker(&m_lock);
    return m_content.ids.contains(key);
}

qsizetype ThreadSafeStore::size() const
{
    QReadLocker locker(&m_lock);
    return m_content.ids.size();
}

QList<KubeObject> ThreadSafeStore::list() const
{
    QReadLocker locker(&m_lock);
    QList<KubeObject> objects;
    objects.reserve(m_content.ids.size());
    for (const Slot &slot : m_content.entries) {
        if (slot.used)
            objects.append(slot.object);
    }
    return objects;
}

QStringList ThreadSafeStore::listKeys() const
{
    QReadLocker locker(&m_lock);
    QStringList keys;
    keys.reserve(m_content.ids.size());
    for (const Slot &slot : m_content.entries) {
        if (slot.used)
            keys.append(slot.key);
    }
    return keys;
}

QList<KubeObject> ThreadSafeStore::objectsForIdsLocked(const IdSet &ids) const
{
    QList<KubeObject> objects;
    objects.reserve(ids.size());
    for (const SlotId id : ids)
        objects.append(m_content.entries.at(id).object);
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
    const Index &index = m_content.indices.at(position);
    if (values.size() == 1) // the common case needs no union
        return objectsForIdsLocked(index.value(values.first()));
    IdSet ids;
    for (const QString &value : values)
        ids.unite(index.value(value));
    return objectsForIdsLocked(ids);
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
    return objectsForIdsLocked(it.value());
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
            for (const SlotId id : it.value())
                keys.append(m_content.entries.at(id).key);
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
    IndexerList added;
    for (const QString &name : std::as_const(names))
        added.append(NamedIndexer{name, newIndexers.value(name)});
    m_content.indices.append(buildIndices(added, m_content.entries));
    auto indexers = std::make_shared<IndexerList>(*m_indexers);
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
