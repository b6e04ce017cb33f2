#include "informer/cache/deltafifo.h"

#include "informer/cache/deltafifocoalesce.h"
#include "informer/cache/logging.h"

#include <QElapsedTimer>
#include <QSet>

#include <utility>

namespace informant {

namespace {

constexpr qsizetype kSlowPopQueueDepth = 10;
constexpr qint64 kSlowPopProcessMs = 100;
// A drained queue keeps room for this many keys; more is released.
constexpr qsizetype kKeepCapacity = 1024;
// How many objects ahead a pass over a Replace's objects asks for their
// memory: far enough for a load from RAM to land before it is needed.
constexpr qsizetype kPrefetchAhead = 8;

// client-go dedupDeltas: only the last two deltas are compared, and only two
// deletions collapse; the one with a real final state (not a tombstone) wins.
void dedupDeltas(Deltas &deltas)
{
    const qsizetype n = deltas.size();
    if (n < 2)
        return;
    const Delta &newer = deltas.at(n - 1);
    Delta &older = deltas[n - 2];
    if (older.type != DeltaType::Deleted || newer.type != DeltaType::Deleted)
        return;
    if (older.isTombstone())
        older = newer;
    deltas.removeLast();
}

} // namespace

ProcessResult::ProcessResult(const Result<void> &result)
{
    if (!result.ok())
        m_error = result.error();
}

ProcessResult::ProcessResult(const Error &error)
    : m_error(error)
{
}

ProcessResult ProcessResult::requeue(std::optional<Error> error)
{
    ProcessResult result;
    result.m_error = std::move(error);
    result.m_requeue = true;
    return result;
}

DeltaFIFO::DeltaFIFO(DeltaFIFOOptions options)
    : m_options(std::move(options))
{
}

DeltaFIFO::~DeltaFIFO() = default;

QString DeltaFIFO::closedErrorMessage()
{
    return QStringLiteral("DeltaFIFO: manipulating with closed queue");
}

QString DeltaFIFO::zeroLengthDeltasMessage()
{
    return QStringLiteral("0 length Deltas object; can't get key");
}

Result<QString> DeltaFIFO::keyOf(const KubeObject &object) const
{
    const Result<QString> key =
        m_options.keyFunction ? m_options.keyFunction(object) : metaNamespaceKey(object);
    if (!key.ok())
        return keyError(object, key.error());
    return key;
}

Result<QString> DeltaFIFO::keyOf(const Delta &delta) const
{
    if (delta.isTombstone())
        return delta.tombstoneKey;
    return keyOf(delta.object);
}

Result<QString> DeltaFIFO::keyOf(const Deltas &deltas) const
{
    if (deltas.isEmpty())
        return keyError(KubeObject(), makeError(zeroLengthDeltasMessage()));
    return keyOf(deltas.last());
}

// client-go's transformer step of queueActionInternalLocked, hoisted out of
// the lock (it is pure): applied to Add/Update/Delete objects and to Replace
// items even when they are emitted as Sync; never to tombstones or to
// Resync's Sync deltas, whose objects come from the store already transformed.
KubeObject DeltaFIFO::transformed(const KubeObject &object) const
{
    if (!m_options.transformer)
        return object;
    KubeObject result = m_options.transformer(object);
    return result.isNull() ? object : result; // a transformer cannot make an object vanish
}

// A Replace item that is the KnownObjects' own instance (a relist hands the
// cached object on for an unchanged one, see knownVersion) went through the
// transformer when it was cached: client-go transforms every object once,
// fresh from the wire, never a cached one again. Only the very instance
// counts (sameAs): an equal object decoded anew is transformed.
KubeObject DeltaFIFO::transformedReplaceItem(const QString &key, const KubeObject &object) const
{
    if (m_options.transformer && m_options.knownObjects) {
        const std::optional<KubeObject> known = m_options.knownObjects->getByKey(key);
        if (known && known->sameAs(object))
            return object;
    }
    return transformed(object);
}

void DeltaFIFO::countAddedLocked(qsizetype deltas)
{
    m_deltaCount += deltas;
    m_peakDeltas = std::max(m_peakDeltas, m_deltaCount);
}

// client-go queueActionLocked: append, dedup, enqueue the key if it is new;
// then, only while the consumer is more than coalesceBacklog deltas behind,
// coalesce the key (not client-go: see the class comment).
void DeltaFIFO::queueActionLocked(const QString &key, DeltaType type, const KubeObject &object,
                                  const QString &tombstoneKey)
{
    const qsizetype before = m_items.size();
    Deltas &deltas = m_items[key];
    if (m_items.size() != before)
        m_queue.append(key); // a queued key keeps its position
    deltas.append(Delta{type, object, tombstoneKey});
    const qsizetype length = deltas.size();
    dedupDeltas(deltas);
    countAddedLocked(1 - (length - deltas.size()));
    const qsizetype backlog = m_deltaCount - m_queue.size();
    if (m_options.coalesceBacklog > 0 && backlog > m_options.coalesceBacklog) {
        const qsizetype dropped = coalesceDeltas(deltas);
        m_deltaCount -= dropped;
        m_coalesced += dropped;
    }
    // Waiting pops are woken once per public call, not once per delta.
}

Result<void> DeltaFIFO::addOrUpdate(DeltaType type, const KubeObject &object)
{
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return key.error();
    const KubeObject item = transformed(object);
    QMutexLocker locker(&m_mutex);
    m_populated = true;
    queueActionLocked(key.value(), type, item);
    wakePoppersLocked();
    return {};
}

void DeltaFIFO::wakePoppersLocked()
{
    if (m_batchDepth > 0)
        m_wakePending = true;
    else
        m_notEmpty.wakeAll();
}

void DeltaFIFO::beginBatch()
{
    QMutexLocker locker(&m_mutex);
    ++m_batchDepth;
}

void DeltaFIFO::endBatch()
{
    QMutexLocker locker(&m_mutex);
    if (m_batchDepth > 0 && --m_batchDepth == 0 && std::exchange(m_wakePending, false))
        m_notEmpty.wakeAll();
}

Result<void> DeltaFIFO::add(const KubeObject &object)
{
    return addOrUpdate(DeltaType::Added, object);
}

Result<void> DeltaFIFO::update(const KubeObject &object)
{
    return addOrUpdate(DeltaType::Updated, object);
}

Result<void> DeltaFIFO::remove(const KubeObject &object)
{
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return key.error();
    const KubeObject item = transformed(object);
    QMutexLocker locker(&m_mutex);
    m_populated = true;
    // Without KnownObjects a delete of an unqueued key is assumed to have been
    // handled by a relist already; with them, only a key that is neither known
    // nor queued is dropped.
    const bool queued = m_items.contains(key.value());
    const bool known =
        m_options.knownObjects && m_options.knownObjects->getByKey(key.value()).has_value();
    if (!queued && !known)
        return {};
    queueActionLocked(key.value(), DeltaType::Deleted, item);
    wakePoppersLocked();
    return {};
}

Result<void> DeltaFIFO::replace(const QList<KubeObject> &objects, const QString &resourceVersion)
{
    Q_UNUSED(resourceVersion) // as client-go: the DeltaFIFO ignores it
    // Keys (and transforms) first, so a bad object aborts before anything is
    // queued and the lock is not held while transforming.
    QList<QString> keys;
    QList<KubeObject> items;
    keys.reserve(objects.size());
    items.reserve(objects.size());
    // A listed object was decoded long before its list ended: its block and
    // key are cold (see KubeObject::prefetchBlock), hence the prefetches.
    for (qsizetype i = 0; i < objects.size(); ++i) {
        if (i + kPrefetchAhead * 2 < objects.size())
            objects.at(i + kPrefetchAhead * 2).prefetchBlock();
        if (i + kPrefetchAhead < objects.size())
            objects.at(i + kPrefetchAhead).prefetchKey();
        const KubeObject &object = objects.at(i);
        const Result<QString> key = keyOf(object);
        if (!key.ok())
            return key.error();
        keys.append(key.value());
        items.append(transformedReplaceItem(key.value(), object));
    }

    QMutexLocker locker(&m_mutex);
    const DeltaType type = m_options.emitDeltaTypeReplaced ? DeltaType::Replaced : DeltaType::Sync;
    // Known keys under the queue's lock: the store changes only as the queue
    // is popped, which needs it too.
    const QStringList knownKeys =
        m_options.knownObjects ? m_options.knownObjects->listKeys() : QStringList();
    m_items.reserve(m_items.size() + keys.size());
    // With nothing queued or known, nothing can be missing from the list:
    // no tombstones, and no set of the listed keys to find them (building
    // it took 10 of the 34 ms an initial sync of 100k pods held the lock
    // for). Every distinct key then enters the queue once.
    const bool mayTombstone = !m_queue.isEmpty() || !knownKeys.isEmpty();
    QSet<QString> listedKeys;
    if (mayTombstone)
        listedKeys.reserve(keys.size());
    for (qsizetype i = 0; i < objects.size(); ++i) {
        if (i + kPrefetchAhead < objects.size())
            __builtin_prefetch(keys.at(i + kPrefetchAhead).constData());
        if (mayTombstone)
            listedKeys.insert(keys.at(i));
        queueActionLocked(keys.at(i), type, items.at(i));
    }
    const qsizetype listedCount = mayTombstone ? listedKeys.size() : m_queue.size();
    const qsizetype queuedDeletions =
        mayTombstone ? queueTombstonesLocked(listedKeys, knownKeys) : 0;
    if (!m_populated) {
        m_populated = true;
        m_initialPopulationCount = listedCount + queuedDeletions;
    }
    m_notEmpty.wakeAll();
    return {};
}

KubeObject DeltaFIFO::knownVersion(const KubeObject &object) const
{
    // No lock: KnownObjects is thread-safe and the queue is not consulted (a
    // cached object with the listed resourceVersion is that version, whatever
    // is queued for the key).
    const QString resourceVersion = object.resourceVersion();
    if (!m_options.knownObjects || resourceVersion.isEmpty())
        return object;
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return object;
    const std::optional<KubeObject> known = m_options.knownObjects->getByKey(key.value());
    if (!known || known->resourceVersion() != resourceVersion || known->uid() != object.uid())
        return object;
    return *known;
}

// Replace steps 2 and 3: a DeletedFinalStateUnknown for every queued key and
// every known-but-unqueued key that the new list lacks. Returns how many.
qsizetype DeltaFIFO::queueTombstonesLocked(const QSet<QString> &listedKeys,
                                           const QStringList &knownKeys)
{
    qsizetype queued = 0;
    // Queue order (client-go iterates its map: any order is conforming).
    const QList<QString> queuedKeys = m_queue;
    for (const QString &key : queuedKeys) {
        if (listedKeys.contains(key))
            continue;
        // The newest queued object; a tombstone's Delta already holds its
        // inner object, as client-go unwraps it.
        const KubeObject newest = m_items.value(key).last().object;
        queueActionLocked(key, DeltaType::Deleted, newest, key);
        ++queued;
    }
    for (const QString &key : knownKeys) {
        if (listedKeys.contains(key) || m_items.contains(key))
            continue;
        const std::optional<KubeObject> known = m_options.knownObjects->getByKey(key);
        if (!known)
            qCDebug(lcCache)
                << m_options.name << "key" << key
                << "vanished from known objects during Replace; tombstone has no object";
        queueActionLocked(key, DeltaType::Deleted, known.value_or(KubeObject()), key);
        ++queued;
    }
    return queued;
}

Result<void> DeltaFIFO::resync()
{
    QMutexLocker locker(&m_mutex);
    if (!m_options.knownObjects)
        return {};
    const QStringList knownKeys = m_options.knownObjects->listKeys();
    for (const QString &knownKey : knownKeys) {
        const std::optional<KubeObject> object = m_options.knownObjects->getByKey(knownKey);
        if (!object) {
            qCDebug(lcCache) << m_options.name << "key" << knownKey
                             << "does not exist in known objects; resync skipped";
            continue;
        }
        const Result<QString> key = keyOf(*object);
        if (!key.ok()) {
            m_notEmpty.wakeAll(); // for what was queued before the error
            return key.error();
        }
        // A queued key already carries newer state than the store: a Sync of
        // the stored object would deliver a stale value after it.
        if (m_items.contains(key.value()))
            continue;
        queueActionLocked(key.value(), DeltaType::Sync, *object);
    }
    m_notEmpty.wakeAll();
    return {};
}

void DeltaFIFO::addIfNotPresentLocked(const QString &key, const Deltas &deltas)
{
    m_populated = true;
    if (m_items.contains(key))
        return;
    m_queue.append(key);
    m_items.insert(key, deltas);
    countAddedLocked(deltas.size());
    m_notEmpty.wakeAll();
}

Result<void> DeltaFIFO::addIfNotPresent(const Deltas &deltas)
{
    const Result<QString> key = keyOf(deltas);
    if (!key.ok())
        return key.error();
    QMutexLocker locker(&m_mutex);
    addIfNotPresentLocked(key.value(), deltas);
    return {};
}

PopResult DeltaFIFO::closedResult() const
{
    PopResult result;
    result.result = makeError(closedErrorMessage());
    result.closed = true;
    return result;
}

PopResult DeltaFIFO::popOneLocked(const PopProcess &process)
{
    PopResult popped;
    const bool isInInitialList = !hasSyncedLocked(); // before the decrement
    popped.key = m_queue.takeFirst();
    if (m_initialPopulationCount > 0)
        --m_initialPopulationCount;
    popped.deltas = m_items.take(popped.key);
    m_deltaCount -= popped.deltas.size();
    if (m_queue.isEmpty())
        shrinkDrainedLocked();

    QElapsedTimer timer;
    timer.start();
    const ProcessResult processed = process(popped.deltas, isInInitialList);
    if (m_queue.size() > kSlowPopQueueDepth && timer.elapsed() > kSlowPopProcessMs)
        qCDebug(lcCache) << m_options.name << "processing" << popped.key << "took"
                         << timer.elapsed() << "ms with" << m_queue.size() << "keys queued";

    if (processed.requeueRequested())
        addIfNotPresentLocked(popped.key, popped.deltas);
    if (processed.error())
        popped.result = *processed.error();
    return popped;
}

// Neither QHash nor QList gives memory back as it empties: after a Replace of
// 100k keys the drained queue would keep a 100k-entry hash and list for good.
void DeltaFIFO::shrinkDrainedLocked()
{
    if (m_items.capacity() > kKeepCapacity)
        m_items = {};
    if (m_queue.capacity() > kKeepCapacity)
        m_queue = {};
}

PopResult DeltaFIFO::pop(const PopProcess &process)
{
    QMutexLocker locker(&m_mutex);
    while (m_queue.isEmpty()) {
        // Whatever is still queued is popped after close(); only an empty
        // closed queue reports closed.
        if (m_closed)
            return closedResult();
        m_notEmpty.wait(&m_mutex);
    }
    return popOneLocked(process);
}

PopBatchResult DeltaFIFO::popBatch(qsizetype maxKeys, const PopProcess &process)
{
    PopBatchResult batch;
    QMutexLocker locker(&m_mutex);
    while (m_queue.isEmpty()) {
        if (m_closed) {
            batch.result = makeError(closedErrorMessage());
            batch.closed = true;
            return batch;
        }
        m_notEmpty.wait(&m_mutex);
    }
    // Bounded by the queue length at the start: a requeued key goes to the
    // tail, behind every key counted here, so it is never popped twice.
    const qsizetype limit = std::min(std::max<qsizetype>(maxKeys, 1), m_queue.size());
    while (batch.popped < limit) {
        const PopResult popped = popOneLocked(process);
        ++batch.popped;
        if (!popped.ok()) {
            batch.result = popped.result;
            break;
        }
    }
    return batch;
}

bool DeltaFIFO::hasSynced() const
{
    QMutexLocker locker(&m_mutex);
    return hasSyncedLocked();
}

void DeltaFIFO::close()
{
    QMutexLocker locker(&m_mutex);
    m_closed = true;
    m_notEmpty.wakeAll();
}

bool DeltaFIFO::isClosed() const
{
    QMutexLocker locker(&m_mutex);
    return m_closed;
}

QList<KubeObject> DeltaFIFO::list() const
{
    QMutexLocker locker(&m_mutex);
    QList<KubeObject> objects;
    objects.reserve(m_queue.size());
    for (const QString &key : m_queue)
        objects.append(m_items.value(key).last().object);
    return objects;
}

QStringList DeltaFIFO::listKeys() const
{
    QMutexLocker locker(&m_mutex);
    return m_queue;
}

Result<std::optional<Deltas>> DeltaFIFO::get(const KubeObject &object) const
{
    const Result<QString> key = keyOf(object);
    if (!key.ok())
        return key.error();
    return getByKey(key.value());
}

std::optional<Deltas> DeltaFIFO::getByKey(const QString &key) const
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_items.constFind(key);
    if (it == m_items.cend())
        return std::nullopt;
    return it.value();
}

qsizetype DeltaFIFO::size() const
{
    QMutexLocker locker(&m_mutex);
    return m_queue.size();
}

DeltaFIFOStats DeltaFIFO::stats() const
{
    QMutexLocker locker(&m_mutex);
    return DeltaFIFOStats{m_queue.size(), m_deltaCount, m_peakDeltas, m_coalesced};
}

} // namespace informant
