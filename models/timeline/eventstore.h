#pragma once

// EventStore: the timeline's bounded, indexed store of Kubernetes Events.
//
// - Fed with informer ChangeBatches for core/v1 and/or events.k8s.io/v1
//   Events; the same Event seen through both APIs (or again after a relist)
//   is one entry: entries are deduplicated by the Event's uid, and by its
//   namespace/name: client-go's recorder, when its PATCH of a series finds
//   the Event gone (the TTL), creates it again under the same name with a
//   new uid, the original firstTimestamp and the count carried on. That is
//   the same series, so it replaces the entry instead of adding a second one.
// - Indexed by involved (regarding) object (its uid, or its name key, see
//   objectidentity.h), namespace, reason and type.
// - Of one cluster, or of several (a window of several clusters feeds it
//   their merged events): a batch's row keys name the cluster
//   (models/clusterrowkey.h), which each event keeps (InvolvedObject::cluster)
//   and its namespace/name key is qualified by.
// - Bounded: never holds more than capacity() events (default 200k). When
//   full, the events that ended longest ago are evicted (in steps of 1/64 of
//   the capacity, so eviction is amortised O(1) per insert), and a new event
//   that ended before the newest evicted one is not taken: it would be the
//   next to go, and taking it would push out newer ones.
// - Deletes from the API server (the Event TTL, one hour by default) do not
//   remove entries unless keepDeletedEvents is false: the timeline's point is
//   to show what happened, and the capacity bounds the growth.
//
// Slots are reused after an entry goes; a slot's generation changes each
// time it is given to another event, so a lane item built before (slot and
// generation) can tell it is stale. GUI-thread object (not thread-safe);
// changed() is emitted once per applyBatch/upsert that altered something.

#include "informer/informers/changebatch.h"
#include "models/timeline/timelineevent.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <limits>
#include <vector>

namespace informant {

class EventStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventStore)

public:
    static constexpr qsizetype kDefaultCapacity = 200'000;

    explicit EventStore(QObject *parent = nullptr);
    ~EventStore() override;

    qsizetype capacity() const { return m_capacity; }
    void setCapacity(qsizetype capacity); // evicts at once if needed; minimum 1
    bool keepDeletedEvents() const { return m_keepDeleted; }
    void setKeepDeletedEvents(bool keep) { m_keepDeleted = keep; }

    // Upserts parse each object (unparseable ones are counted and skipped);
    // deletes remove only when keepDeletedEvents is false. A snapshot batch
    // is treated as upserts: history is not dropped by a relist.
    void applyBatch(const ChangeBatch &batch);
    // Inserts or replaces (by uid, else by namespace/name). Returns false if
    // nothing changed.
    bool upsert(const TimelineEvent &event);
    bool remove(const QString &uid);
    void clear();

    qsizetype size() const { return m_size; }
    qint64 rejectedCount() const { return m_rejected; }
    qint64 evictedCount() const { return m_evicted; }
    // Increases on every change; layouts compare it to know they are stale.
    quint64 revision() const { return m_revision; }

    // Slot access. slotEnd() bounds the slot numbers; isLive() says whether a
    // slot holds an event.
    qint32 slotEnd() const { return qint32(m_events.size()); }
    bool isLive(qint32 slot) const;
    const TimelineEvent &at(qint32 slot) const { return m_events[size_t(slot)]; }
    qint32 slotOf(const QString &uid) const { return m_byUid.value(uid, -1); }
    // Changes whenever the slot is given to another event (not when its
    // event is updated in place).
    quint32 generation(qint32 slot) const { return m_generation[size_t(slot)]; }
    // The slot still holds the event it held at that generation.
    bool holds(qint32 slot, quint32 generation) const
    {
        return isLive(slot) && m_generation[size_t(slot)] == generation;
    }

    // By the object's real uid or, for an object identified by name, its
    // objectNameKey() (objectidentity.h).
    QList<qint32> slotsForObject(const QString &objectKey) const;
    QList<qint32> slotsInNamespace(const QString &namespaceName) const;
    QList<qint32> slotsWithReason(const QString &reason) const;
    QList<qint32> slotsOfType(EventType type) const;
    QStringList reasons() const;    // sorted
    QStringList namespaces() const; // of involved objects, sorted

    // Earliest start and latest end over all events; {-1, -1} when empty.
    std::pair<qint64, qint64> timeRange() const;

Q_SIGNALS:
    void changed();

private:
    qint32 insertNew(TimelineEvent event);
    void removeSlot(qint32 slot);
    void replaceSlot(qint32 slot, const TimelineEvent &event);
    void index(qint32 slot);
    void unindex(qint32 slot);
    bool isOlderThanEvicted(const TimelineEvent &event) const;
    void evictOldest(qsizetype count);
    void enforceCapacity(qsizetype target);
    QString intern(const QString &text);

    std::vector<TimelineEvent> m_events;
    std::vector<quint8> m_live;
    std::vector<quint32> m_generation;
    std::vector<qint32> m_free;
    QHash<QString, qint32> m_byUid;
    QHash<QString, qint32> m_byEventKey; // namespace/name of the Event object
    QHash<QString, QSet<qint32>> m_byObject;
    QHash<QString, QSet<qint32>> m_byNamespace;
    QHash<QString, QSet<qint32>> m_byReason;
    QSet<qint32> m_byType[3];
    QSet<QString> m_strings; // interned reasons, kinds, namespaces, sources
    qsizetype m_capacity = kDefaultCapacity;
    qsizetype m_size = 0;
    qint64 m_rejected = 0;
    qint64 m_evicted = 0;
    // The newest end among the events the last eviction removed.
    qint64 m_evictedUpToMs = std::numeric_limits<qint64>::min();
    quint64 m_revision = 0;
    quint32 m_nextGeneration = 0;
    bool m_keepDeleted = true;
};

} // namespace informant
