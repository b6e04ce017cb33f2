#pragma once

// The simulator's etcd: one global resourceVersion counter and a
// ResourceStore per storage id. Every write gets the next resourceVersion,
// stamped into the stored bytes. Server thread only.

#include "sim/resourcestore.h"

#include <QHash>

#include <functional>

namespace informant::sim {

class ResourceTable;

class Storage
{
public:
    Storage(const ResourceTable *table, int historyLimit);
    ~Storage();
    Q_DISABLE_COPY_MOVE(Storage)

    quint64 currentRv() const { return m_rv; }
    ResourceStore &store(const QString &storageId);
    QStringList storageIds() const { return m_stores.keys(); }

    // Stores `json` as the new state of its key (ADDED if new, else MODIFIED).
    Result<EventPtr> put(const QString &storageId, const QByteArray &json);
    // Fast path for generated objects: `build` makes the complete object
    // (fields filled, JSON stamped) for the resourceVersion it is given.
    EventPtr putBuilt(const QString &storageId, const std::function<ObjectPtr(quint64 rv)> &build);
    // Deletes `key`; the DELETED event carries the last state at a new resourceVersion.
    Result<EventPtr> remove(const QString &storageId, const QString &key);
    void dropStore(const QString &storageId);
    // Makes `log` (starting at currentRv() + 1) the next changes of
    // `storageId`; the counter moves past them.
    void installReplay(const QString &storageId, std::shared_ptr<const ReplayLog> log);

    void setHistoryLimit(int limit);
    int historyLimit() const { return m_historyLimit; }

private:
    Result<ObjectPtr> makeObject(const QString &storageId, const QByteArray &json, quint64 rv);

    const ResourceTable *m_table;
    int m_historyLimit;
    quint64 m_rv = 1;
    QHash<QString, ResourceStore *> m_stores;
};

} // namespace informant::sim
