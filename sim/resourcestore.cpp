#include "sim/resourcestore.h"

#include <algorithm>

namespace informant::sim {

namespace {
constexpr std::size_t kSnapshotCacheSize = 4;
}

ObjectPtr ResourceStore::get(const QString &key) const
{
    const auto it = m_objects.find(key);
    return it == m_objects.end() ? nullptr : it->second;
}

void ResourceStore::apply(const EventPtr &event)
{
    if (event->type == StoredEvent::Type::Deleted)
        m_objects.erase(event->object->key);
    else
        m_objects[event->object->key] = event->object;
    m_lastChangeRv = event->resourceVersion;
    m_history.push_back(event);
    trim();
    m_notifying = true;
    // A sink may remove itself (or another) while being notified: skip those.
    const std::vector<WatchSink *> sinks = m_watchers;
    for (WatchSink *sink : sinks) {
        if (std::find(m_removedDuringNotify.begin(), m_removedDuringNotify.end(), sink) ==
            m_removedDuringNotify.end())
            sink->deliver(event);
    }
    m_notifying = false;
    m_removedDuringNotify.clear();
}

void ResourceStore::trim()
{
    while (qsizetype(m_history.size()) > std::max(m_historyLimit, 1)) {
        m_compactedRv = std::max(m_compactedRv, m_history.front()->resourceVersion);
        m_history.pop_front();
    }
    if (m_replay && m_compactedRv >= m_replay->lastRv())
        m_replay.reset();
    std::erase_if(m_snapshots, [&](const auto &entry) { return entry.first < m_compactedRv; });
}

void ResourceStore::installReplay(std::shared_ptr<const ReplayLog> log)
{
    for (ObjectPtr &object : log->finalObjects()) {
        if (object)
            m_objects[object->key] = std::move(object);
    }
    m_compactedRv = std::max(m_compactedRv, log->firstRv() - 1);
    m_lastChangeRv = std::max(m_lastChangeRv, log->lastRv());
    m_snapshots.clear();
    m_replay = std::move(log);
    const std::vector<WatchSink *> sinks = m_watchers;
    for (WatchSink *sink : sinks)
        sink->deliverReplay(m_replay);
}

void ResourceStore::setHistoryLimit(int limit)
{
    m_historyLimit = limit;
    trim();
}

void ResourceStore::removeWatcher(WatchSink *sink)
{
    std::erase(m_watchers, sink);
    if (m_notifying)
        m_removedDuringNotify.push_back(sink);
}

std::vector<EventPtr> ResourceStore::eventsAfter(quint64 rv) const
{
    auto it = std::upper_bound(
        m_history.begin(), m_history.end(), rv,
        [](quint64 value, const EventPtr &event) { return value < event->resourceVersion; });
    return std::vector<EventPtr>(it, m_history.end());
}

Snapshot ResourceStore::snapshotAt(quint64 rv, quint64 currentRv)
{
    if (rv < m_compactedRv)
        return nullptr;
    // A snapshot at rv is the same as one at any later rv with no change in between.
    const quint64 effectiveRv = std::min(rv, currentRv);
    for (const auto &[snapshotRv, snapshot] : m_snapshots) {
        if (snapshotRv == effectiveRv ||
            (snapshotRv >= m_lastChangeRv && effectiveRv >= m_lastChangeRv))
            return snapshot;
    }
    auto items = std::make_shared<std::vector<ObjectPtr>>();
    items->reserve(m_objects.size());
    if (effectiveRv >= m_lastChangeRv) {
        for (const auto &entry : m_objects)
            items->push_back(entry.second);
        remember(effectiveRv, items);
        return items;
    }
    std::map<QString, ObjectPtr> state = m_objects;
    for (auto it = m_history.rbegin(); it != m_history.rend(); ++it) {
        const StoredEvent &event = **it;
        if (event.resourceVersion <= effectiveRv)
            break;
        if (event.type == StoredEvent::Type::Added)
            state.erase(event.object->key);
        else
            state[event.object->key] = event.previous;
    }
    if (m_replay && effectiveRv < m_replay->lastRv()) {
        // Walking back, the last version written for a key is the one at effectiveRv.
        for (quint64 changeRv = m_replay->lastRv(); changeRv > effectiveRv; --changeRv) {
            const ObjectPtr previous = m_replay->previousAt(changeRv);
            state[previous->key] = previous;
        }
    }
    for (auto &entry : state)
        items->push_back(std::move(entry.second));
    remember(effectiveRv, items);
    return items;
}

void ResourceStore::remember(quint64 rv, const Snapshot &snapshot)
{
    m_snapshots.emplace_back(rv, snapshot);
    if (m_snapshots.size() > kSnapshotCacheSize)
        m_snapshots.erase(m_snapshots.begin());
}

} // namespace informant::sim
