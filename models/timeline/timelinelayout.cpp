#include "models/timeline/timelinelayout.h"

#include "models/sortkey.h"
#include "models/timeline/objectidentity.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace informant {

namespace {

struct GroupBuild
{
    QString namespaceName;
    QString kind;
    std::vector<int> objects; // indices into the object lanes
};

void sortItems(TimelineLane &lane)
{
    std::sort(lane.items.begin(), lane.items.end(), [](const LaneItem &a, const LaneItem &b) {
        return a.startMs != b.startMs ? a.startMs < b.startMs : a.slot < b.slot;
    });
    lane.maxDurationMs = 0;
    for (const LaneItem &item : lane.items)
        lane.maxDurationMs = qMax(lane.maxDurationMs, item.endMs - item.startMs);
}

void addItem(TimelineLane &lane, const LaneItem &item)
{
    lane.items.push_back(item);
    lane.eventCount += item.count;
    if (item.type == EventType::Warning)
        lane.warningCount += item.count;
}

// The slots a filter can match, from the store's indexes, when that is
// narrower than the whole store: nullopt means "scan every slot".
std::optional<QList<qint32>> candidateSlots(const EventStore &store, const TimelineFilter &filter)
{
    // Objects: worth it while the chosen objects are few next to the store.
    constexpr qsizetype kMaxObjectsForIndex = 4096;
    QList<qint32> found;
    if (!filter.namespaces.isEmpty()) {
        for (const QString &ns : filter.namespaces)
            found.append(store.slotsInNamespace(ns));
    } else if (filter.objectUids && filter.objectUids->size() <= kMaxObjectsForIndex) {
        for (const QString &uid : *filter.objectUids)
            found.append(store.slotsForObject(uid));
    } else {
        return std::nullopt;
    }
    // An event is in one namespace, but a Node's may be found under its uid
    // and its name key. Slot order keeps the layout identical to a full scan's.
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

// Groups by namespace then kind, each group's objects by name: in the
// table's order (compareNames: pod-2 before pod-10, "ns" before "ns-b").
// compareNames is total, and the kind (or, for an object recreated under
// its name, its first event, then its key) breaks ties, so the order does not
// change between rebuilds.
void sortGroups(std::vector<GroupBuild> &groups, const std::vector<TimelineLane> &objects)
{
    std::sort(groups.begin(), groups.end(), [](const GroupBuild &a, const GroupBuild &b) {
        const int byNamespace = compareNames(a.namespaceName, b.namespaceName);
        return byNamespace != 0 ? byNamespace < 0 : a.kind < b.kind;
    });
    std::vector<qint64> firstStart(objects.size(), std::numeric_limits<qint64>::max());
    for (size_t i = 0; i < objects.size(); ++i) {
        for (const LaneItem &item : objects[i].items)
            firstStart[i] = qMin(firstStart[i], item.startMs);
    }
    for (GroupBuild &group : groups) {
        std::sort(group.objects.begin(), group.objects.end(), [&](int a, int b) {
            const TimelineLane &la = objects[size_t(a)];
            const TimelineLane &lb = objects[size_t(b)];
            if (const int byName = compareNames(la.name, lb.name); byName != 0)
                return byName < 0;
            if (la.cluster != lb.cluster) // a window of several clusters
                return la.cluster < lb.cluster;
            if (firstStart[size_t(a)] != firstStart[size_t(b)])
                return firstStart[size_t(a)] < firstStart[size_t(b)];
            return la.key < lb.key;
        });
    }
}

// Lanes of one name (in one cluster) follow each other, oldest first
// (sortGroups): all but the newest object with a uid are earlier ones. A lane without a uid
// (events about an object being created) may be any of them: not marked,
// and not the newest.
void markEarlierObjects(const std::vector<GroupBuild> &groups, std::vector<TimelineLane> &objects)
{
    for (const GroupBuild &group : groups) {
        const std::vector<int> &lanes = group.objects;
        for (size_t begin = 0; begin < lanes.size();) {
            const TimelineLane &first = objects[size_t(lanes[begin])];
            size_t end = begin + 1;
            while (end < lanes.size() && objects[size_t(lanes[end])].name == first.name &&
                   objects[size_t(lanes[end])].cluster == first.cluster)
                ++end;
            size_t newest = end;
            for (size_t i = end; end - begin > 1 && i-- > begin;) {
                if (!objects[size_t(lanes[i])].uid.isEmpty()) {
                    newest = i;
                    break;
                }
            }
            for (size_t i = begin; i < newest && newest < end; ++i) {
                TimelineLane &lane = objects[size_t(lanes[i])];
                lane.earlier = !lane.uid.isEmpty();
            }
            begin = end;
        }
    }
}

} // namespace

void TimelineLayout::clear()
{
    m_lanes.clear();
    m_laneByObject.clear();
    m_laneByGroup.clear();
    m_laneOfRank.clear();
    m_itemCount = 0;
    m_firstMs = m_lastMs = -1;
}

void TimelineLayout::rebuild(const EventStore &store, const TimelineFilter &filter,
                             const QSet<QString> &collapsedGroups)
{
    clear();
    m_storeRevision = store.revision();
    std::vector<TimelineLane> objects;
    QHash<QString, int> objectIndex;
    QHash<QString, int> groupIndex;
    std::vector<GroupBuild> groups;
    const bool filtered = !filter.isEmpty();
    objectIndex.reserve(1024);
    auto consider = [&](qint32 slot) {
        const TimelineEvent &event = store.at(slot);
        if (filtered && !filter.matches(event))
            return;
        // One lane per object (objectidentity.h). The uid is used in place
        // (no copy); keys by name are rare (Nodes, objects without a uid).
        QString nameKey;
        const bool byName = isIdentifiedByName(event.object);
        if (byName)
            nameKey = objectKey(event.object);
        const QString &identity = byName ? nameKey : event.object.uid;
        auto it = objectIndex.find(identity);
        if (it == objectIndex.end()) {
            TimelineLane lane;
            lane.namespaceName = event.object.namespaceName;
            lane.objectKind = event.object.kind;
            lane.name = event.object.name;
            lane.uid = knownObjectUid(event.object);
            lane.apiVersion = event.object.apiVersion;
            lane.key = identity;
            lane.cluster = event.object.cluster;
            const QString key = lane.groupKey();
            auto group = groupIndex.find(key);
            if (group == groupIndex.end()) {
                group = groupIndex.insert(key, int(groups.size()));
                groups.push_back({lane.namespaceName, lane.objectKind, {}});
            }
            groups[size_t(*group)].objects.push_back(int(objects.size()));
            it = objectIndex.insert(identity, int(objects.size()));
            objects.push_back(std::move(lane));
        } else {
            TimelineLane &lane = objects[size_t(*it)];
            // A Node lane opened by a kubelet event learns the real uid from
            // a controller's, so selecting the Node finds it.
            if (byName && lane.uid.isEmpty())
                lane.uid = knownObjectUid(event.object);
            if (lane.apiVersion.isEmpty())
                lane.apiVersion = event.object.apiVersion;
        }
        addItem(objects[size_t(*it)],
                LaneItem{event.startMs, event.endMs, slot, store.generation(slot), event.count,
                         event.type, event.isSpan()});
        ++m_itemCount;
        m_firstMs = m_firstMs < 0 ? event.startMs : qMin(m_firstMs, event.startMs);
        m_lastMs = qMax(m_lastMs, event.endMs);
    };
    // A namespace or object choice reads only its events from the store's
    // indexes, so a filter change costs the matching events, not the store.
    if (const std::optional<QList<qint32>> candidates = candidateSlots(store, filter)) {
        for (qint32 slot : *candidates)
            consider(slot);
    } else {
        for (qint32 slot = 0; slot < store.slotEnd(); ++slot) {
            if (store.isLive(slot))
                consider(slot);
        }
    }

    sortGroups(groups, objects);
    markEarlierObjects(groups, objects);
    for (GroupBuild &group : groups) {
        TimelineLane header;
        header.kind = TimelineLane::Kind::Group;
        header.group = int(m_lanes.size());
        header.namespaceName = group.namespaceName;
        header.objectKind = group.kind;
        header.objectCount = qint32(group.objects.size());
        header.collapsed = collapsedGroups.contains(header.groupKey());
        const size_t headerIndex = m_lanes.size();
        header.nameRank = qint32(headerIndex);
        m_laneByGroup.insert(header.groupKey(), header.nameRank);
        m_lanes.push_back(header);
        for (int index : group.objects) {
            TimelineLane &object = objects[size_t(index)];
            m_lanes[headerIndex].eventCount += object.eventCount;
            m_lanes[headerIndex].warningCount += object.warningCount;
            if (m_lanes[headerIndex].collapsed) {
                auto &items = m_lanes[headerIndex].items;
                items.insert(items.end(), object.items.begin(), object.items.end());
                continue;
            }
            sortItems(object);
            object.group = int(headerIndex);
            object.nameRank = qint32(m_lanes.size());
            m_laneByObject.insert(object.key, object.nameRank);
            if (!object.uid.isEmpty())
                m_laneByObject.insert(object.uid, object.nameRank);
            m_lanes.push_back(std::move(object));
        }
        sortItems(m_lanes[headerIndex]);
    }
    m_laneOfRank.resize(m_lanes.size());
    for (size_t i = 0; i < m_lanes.size(); ++i)
        m_laneOfRank[i] = int(i);
}

bool TimelineLayout::applyOrder(LaneOrder order, qint64 t0Ms, qint64 t1Ms)
{
    const std::vector<int> positions = orderLanes(m_lanes, order, t0Ms, t1Ms);
    bool moved = false;
    for (size_t i = 0; i < positions.size() && !moved; ++i)
        moved = positions[i] != int(i);
    if (!moved)
        return false;
    std::vector<TimelineLane> lanes;
    lanes.reserve(m_lanes.size());
    int header = 0;
    for (int from : positions) {
        TimelineLane &lane = m_lanes[size_t(from)];
        if (lane.isGroup())
            header = int(lanes.size());
        lane.group = header;
        m_laneOfRank[size_t(lane.nameRank)] = int(lanes.size());
        lanes.push_back(std::move(lane));
    }
    m_lanes = std::move(lanes);
    return true;
}

int TimelineLayout::laneOfObject(const QString &keyOrUid) const
{
    const int rank = m_laneByObject.value(keyOrUid, -1);
    return rank < 0 ? -1 : m_laneOfRank[size_t(rank)];
}

QString TimelineLayout::laneKey(const TimelineLane &lane)
{
    return lane.isGroup() ? lane.groupKey() : lane.key;
}

int TimelineLayout::laneOfKey(const QString &laneKey) const
{
    // A group key holds a 0x1f, which no object key does.
    const int rank = m_laneByGroup.value(laneKey, -1);
    return rank >= 0 ? m_laneOfRank[size_t(rank)] : laneOfObject(laneKey);
}

std::pair<size_t, size_t> TimelineLayout::itemRange(const TimelineLane &lane, qint64 t0Ms,
                                                    qint64 t1Ms)
{
    // An item overlaps [t0, t1] iff start <= t1 and end >= t0; end <= start +
    // maxDuration, so every overlapping item starts at or after t0 - maxDuration.
    const auto &items = lane.items;
    const qint64 from = t0Ms - lane.maxDurationMs;
    auto first = std::lower_bound(items.begin(), items.end(), from,
                                  [](const LaneItem &item, qint64 t) { return item.startMs < t; });
    auto last = std::upper_bound(first, items.end(), t1Ms,
                                 [](qint64 t, const LaneItem &item) { return t < item.startMs; });
    return {size_t(first - items.begin()), size_t(last - items.begin())};
}

const LaneItem *TimelineLayout::itemAt(const TimelineLane &lane, qint64 tMs, qint64 toleranceMs)
{
    const auto [first, last] = itemRange(lane, tMs - toleranceMs, tMs + toleranceMs);
    const LaneItem *best = nullptr;
    qint64 bestDistance = 0;
    for (size_t i = first; i < last; ++i) {
        const LaneItem &item = lane.items[i];
        qint64 distance = 0;
        if (tMs < item.startMs)
            distance = item.startMs - tMs;
        else if (tMs > item.endMs)
            distance = tMs - item.endMs;
        if (distance > toleranceMs)
            continue;
        const bool better = !best || distance < bestDistance ||
                            (distance == bestDistance && item.type == EventType::Warning &&
                             best->type != EventType::Warning);
        if (better) {
            best = &item;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace informant
