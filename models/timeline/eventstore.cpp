#include "models/timeline/eventstore.h"

#include "models/clusterrowkey.h"
#include "models/timeline/objectidentity.h"

#include <algorithm>

namespace informant {

namespace {

// Events with the same content need no change notification.
bool sameContent(const TimelineEvent &a, const TimelineEvent &b)
{
    return a.resourceVersion == b.resourceVersion && a.startMs == b.startMs && a.endMs == b.endMs &&
           a.count == b.count && a.type == b.type && a.reason == b.reason &&
           a.message == b.message && a.object == b.object;
}

// An event is indexed under its object's real uid and, for an object
// identified by name, under its name key; a filter may name either.
template<typename Visit> void forEachObjectKey(const InvolvedObject &object, Visit visit)
{
    if (const QString uid = knownObjectUid(object); !uid.isEmpty())
        visit(uid);
    if (isIdentifiedByName(object))
        visit(objectNameKey(object.kind, object.namespaceName, object.name));
}

QList<qint32> sortedSlots(const QSet<qint32> &set)
{
    QList<qint32> result(set.cbegin(), set.cend());
    std::sort(result.begin(), result.end());
    return result;
}

} // namespace

EventStore::EventStore(QObject *parent)
    : QObject(parent)
{
}

EventStore::~EventStore() = default;

void EventStore::setCapacity(qsizetype capacity)
{
    m_capacity = qMax<qsizetype>(1, capacity);
    if (m_size > m_capacity) {
        enforceCapacity(m_capacity);
        ++m_revision;
        Q_EMIT changed();
    }
}

bool EventStore::isLive(qint32 slot) const
{
    return slot >= 0 && size_t(slot) < m_live.size() && m_live[size_t(slot)];
}

void EventStore::applyBatch(const ChangeBatch &batch)
{
    const quint64 before = m_revision;
    QSignalBlocker blocker(this); // one changed() for the whole batch
    for (const ObjectChange &change : batch.changes) {
        if (change.type == ObjectChange::Type::Delete) {
            if (m_keepDeleted || change.object.isNull())
                continue;
            if (const QString uid = change.object.uid(); !uid.isEmpty())
                remove(uid);
            continue;
        }
        auto parsed = parseTimelineEvent(change.object);
        if (!parsed) {
            ++m_rejected;
            continue;
        }
        TimelineEvent event = std::move(parsed).value();
        if (const QStringView cluster = clusterOfRowKey(change.key); !cluster.isEmpty()) {
            event.object.cluster = cluster.toString();
            event.eventKey = clusterRowKey(event.object.cluster, event.eventKey);
        }
        upsert(event);
    }
    blocker.unblock();
    if (m_revision != before)
        Q_EMIT changed();
}

bool EventStore::upsert(const TimelineEvent &event)
{
    qint32 existing = slotOf(event.uid);
    if (existing < 0 && !event.eventKey.isEmpty())
        existing = m_byEventKey.value(event.eventKey, -1);
    if (existing >= 0) {
        const TimelineEvent &current = m_events[size_t(existing)];
        if (current.uid != event.uid) {
            // The recorder's re-created series (see the header). A late update
            // of the uid it replaced (the other API's watch may lag) must not
            // bring the old state back.
            if (event.endMs < current.endMs)
                return false;
        } else if (sameContent(current, event)) {
            return false;
        }
        replaceSlot(existing, event);
    } else if (m_size >= m_capacity) {
        // Evict a 1/64 step so a full store does not scan per insert; an event
        // older than what is evicted would be the next to go, so it is dropped
        // instead of pushing out newer ones.
        const quint64 before = m_revision;
        if (!isOlderThanEvicted(event)) {
            enforceCapacity(qMax<qsizetype>(0, m_capacity - qMax<qsizetype>(1, m_capacity / 64)));
            ++m_revision;
        }
        if (isOlderThanEvicted(event)) {
            ++m_evicted;
            if (m_revision == before)
                return false;
            Q_EMIT changed();
            return true;
        }
        insertNew(event);
    } else {
        insertNew(event);
    }
    ++m_revision;
    Q_EMIT changed();
    return true;
}

bool EventStore::remove(const QString &uid)
{
    const qint32 slot = slotOf(uid);
    if (slot < 0)
        return false;
    removeSlot(slot);
    ++m_revision;
    Q_EMIT changed();
    return true;
}

void EventStore::clear()
{
    if (m_size == 0)
        return;
    m_events.clear();
    m_live.clear();
    m_generation.clear(); // m_nextGeneration goes on: old lane items stay stale
    m_free.clear();
    m_byUid.clear();
    m_byEventKey.clear();
    m_byObject.clear();
    m_byNamespace.clear();
    m_byReason.clear();
    for (QSet<qint32> &set : m_byType)
        set.clear();
    m_strings.clear();
    m_size = 0;
    m_evictedUpToMs = std::numeric_limits<qint64>::min();
    ++m_revision;
    Q_EMIT changed();
}

qint32 EventStore::insertNew(TimelineEvent event)
{
    event.reason = intern(event.reason);
    event.object.kind = intern(event.object.kind);
    event.object.namespaceName = intern(event.object.namespaceName);
    event.object.apiVersion = intern(event.object.apiVersion);
    event.source = intern(event.source);
    qint32 slot;
    if (!m_free.empty()) {
        slot = m_free.back();
        m_free.pop_back();
        m_events[size_t(slot)] = std::move(event);
        m_live[size_t(slot)] = 1;
        m_generation[size_t(slot)] = ++m_nextGeneration;
    } else {
        slot = qint32(m_events.size());
        m_events.push_back(std::move(event));
        m_live.push_back(1);
        m_generation.push_back(++m_nextGeneration);
    }
    const TimelineEvent &stored = m_events[size_t(slot)];
    m_byUid.insert(stored.uid, slot);
    if (!stored.eventKey.isEmpty())
        m_byEventKey.insert(stored.eventKey, slot);
    index(slot);
    ++m_size;
    return slot;
}

void EventStore::replaceSlot(qint32 slot, const TimelineEvent &event)
{
    unindex(slot);
    TimelineEvent &stored = m_events[size_t(slot)];
    if (stored.uid != event.uid) {
        m_byUid.remove(stored.uid);
        m_byUid.insert(event.uid, slot);
    }
    if (stored.eventKey != event.eventKey) {
        if (m_byEventKey.value(stored.eventKey, -1) == slot)
            m_byEventKey.remove(stored.eventKey);
        if (!event.eventKey.isEmpty())
            m_byEventKey.insert(event.eventKey, slot);
    }
    stored = event;
    stored.reason = intern(event.reason);
    stored.object.kind = intern(event.object.kind);
    stored.object.namespaceName = intern(event.object.namespaceName);
    stored.object.apiVersion = intern(event.object.apiVersion);
    stored.source = intern(event.source);
    index(slot);
}

void EventStore::removeSlot(qint32 slot)
{
    unindex(slot);
    const TimelineEvent &event = m_events[size_t(slot)];
    m_byUid.remove(event.uid);
    if (!event.eventKey.isEmpty() && m_byEventKey.value(event.eventKey, -1) == slot)
        m_byEventKey.remove(event.eventKey);
    m_events[size_t(slot)] = TimelineEvent{}; // release the strings now
    m_live[size_t(slot)] = 0;
    m_free.push_back(slot);
    --m_size;
}

void EventStore::index(qint32 slot)
{
    const TimelineEvent &event = m_events[size_t(slot)];
    forEachObjectKey(event.object, [&](const QString &key) { m_byObject[key].insert(slot); });
    m_byNamespace[event.object.namespaceName].insert(slot);
    m_byReason[event.reason].insert(slot);
    m_byType[int(event.type)].insert(slot);
}

void EventStore::unindex(qint32 slot)
{
    const TimelineEvent &event = m_events[size_t(slot)];
    auto drop = [slot](QHash<QString, QSet<qint32>> &index, const QString &value) {
        auto it = index.find(value);
        if (it == index.end())
            return;
        it->remove(slot);
        if (it->isEmpty())
            index.erase(it);
    };
    forEachObjectKey(event.object, [&](const QString &key) { drop(m_byObject, key); });
    drop(m_byNamespace, event.object.namespaceName);
    drop(m_byReason, event.reason);
    m_byType[int(event.type)].remove(slot);
}

void EventStore::enforceCapacity(qsizetype target)
{
    if (m_size > target)
        evictOldest(m_size - target);
}

bool EventStore::isOlderThanEvicted(const TimelineEvent &event) const
{
    return event.endMs < m_evictedUpToMs;
}

void EventStore::evictOldest(qsizetype count)
{
    // Oldest = ended longest ago (a long-running series stays while it repeats).
    std::vector<std::pair<qint64, qint32>> order;
    order.reserve(size_t(m_size));
    for (qint32 slot = 0; slot < slotEnd(); ++slot) {
        if (m_live[size_t(slot)])
            order.emplace_back(m_events[size_t(slot)].endMs, slot);
    }
    count = qMin<qsizetype>(count, qsizetype(order.size()));
    if (count <= 0)
        return;
    std::nth_element(order.begin(), order.begin() + count, order.end());
    qint64 newestEvicted = std::numeric_limits<qint64>::min();
    for (qsizetype i = 0; i < count; ++i) {
        newestEvicted = qMax(newestEvicted, order[size_t(i)].first);
        removeSlot(order[size_t(i)].second);
    }
    m_evictedUpToMs = newestEvicted;
    m_evicted += count;
}

QString EventStore::intern(const QString &text)
{
    if (text.isEmpty())
        return {};
    const auto it = m_strings.constFind(text);
    if (it != m_strings.cend())
        return *it;
    m_strings.insert(text);
    return text;
}

QList<qint32> EventStore::slotsForObject(const QString &objectKey) const
{
    return sortedSlots(m_byObject.value(objectKey));
}

QList<qint32> EventStore::slotsInNamespace(const QString &namespaceName) const
{
    return sortedSlots(m_byNamespace.value(namespaceName));
}

QList<qint32> EventStore::slotsWithReason(const QString &reason) const
{
    return sortedSlots(m_byReason.value(reason));
}

QList<qint32> EventStore::slotsOfType(EventType type) const
{
    return sortedSlots(m_byType[int(type)]);
}

QStringList EventStore::reasons() const
{
    QStringList list = m_byReason.keys();
    list.sort();
    return list;
}

QStringList EventStore::namespaces() const
{
    QStringList list = m_byNamespace.keys();
    list.sort();
    return list;
}

std::pair<qint64, qint64> EventStore::timeRange() const
{
    qint64 first = -1;
    qint64 last = -1;
    for (qint32 slot = 0; slot < slotEnd(); ++slot) {
        if (!m_live[size_t(slot)])
            continue;
        const TimelineEvent &event = m_events[size_t(slot)];
        if (first < 0 || event.startMs < first)
            first = event.startMs;
        last = qMax(last, event.endMs);
    }
    return {first, last};
}

} // namespace informant
