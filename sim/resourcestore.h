#pragma once

// The objects of one storage id (one resource, shared by the API views over
// it): current state sorted by key, a bounded history of changes for watches
// and exact-resourceVersion lists, and the watchers to notify. History is
// complete for every resourceVersion greater than compactedRv(); older ones
// answer 410 Expired, as etcd compaction does. A replay log (the `replay`
// scenario) can stand for a long run of changes kept compactly: its changes
// come right after compactedRv() and before the events in history. Server
// thread only.

#include "sim/replaylog.h"
#include "sim/storedevent.h"

#include <deque>
#include <map>
#include <vector>

namespace informant::sim {

using Snapshot = std::shared_ptr<const std::vector<ObjectPtr>>;

class ResourceStore
{
public:
    explicit ResourceStore(int historyLimit)
        : m_historyLimit(historyLimit)
    {
    }

    const std::map<QString, ObjectPtr> &objects() const { return m_objects; }
    ObjectPtr get(const QString &key) const;
    qsizetype size() const { return qsizetype(m_objects.size()); }

    // Records a change (its object already carries `event->resourceVersion`),
    // trims history and notifies the watchers.
    void apply(const EventPtr &event);

    quint64 compactedRv() const { return m_compactedRv; }
    void setCompactedRv(quint64 rv) { m_compactedRv = std::max(m_compactedRv, rv); }
    void setHistoryLimit(int limit);
    int historyLimit() const { return m_historyLimit; }
    // Changes with resourceVersion > rv (rv must be >= compactedRv()), not
    // counting those of the replay log (see replay()).
    std::vector<EventPtr> eventsAfter(quint64 rv) const;
    // Installs `log`, whose changes must follow every stored change: the
    // changed objects take their final state, history before it is compacted,
    // and the watchers are told (they stream the changes as they can).
    void installReplay(std::shared_ptr<const ReplayLog> log);
    // The replay log while its changes are not compacted, else null.
    const std::shared_ptr<const ReplayLog> &replay() const { return m_replay; }
    // The state as of `rv` (sorted by key); null when rv < compactedRv().
    // `currentRv` is the global counter: rv >= it gives the current state.
    Snapshot snapshotAt(quint64 rv, quint64 currentRv);

    void addWatcher(WatchSink *sink) { m_watchers.push_back(sink); }
    void removeWatcher(WatchSink *sink);
    qsizetype watcherCount() const { return qsizetype(m_watchers.size()); }

private:
    void trim();
    void remember(quint64 rv, const Snapshot &snapshot);

    std::map<QString, ObjectPtr> m_objects;
    std::deque<EventPtr> m_history;
    std::shared_ptr<const ReplayLog> m_replay;
    quint64 m_compactedRv = 0;
    int m_historyLimit;
    std::vector<WatchSink *> m_watchers;
    bool m_notifying = false;
    std::vector<WatchSink *> m_removedDuringNotify;
    // Last snapshots handed out (pages of one list share one).
    std::vector<std::pair<quint64, Snapshot>> m_snapshots;
    quint64 m_lastChangeRv = 0;
};

} // namespace informant::sim
