#pragma once

// EventStore: the timeline's bounded, indexed store of Kubernetes Events.
//
// - Fed with informer ChangeBatches for core/v1 and/or events.k8s.io/v1
//   Events; the same Event seen through both APIs (or again after a relist)
//   is one entry: entries are deduplicated by the Event's uid.
// - Indexed by involved (regarding) object uid, namespace, reason and type.
// - Bounded: never holds more than capacity() events (default 200k). When
//   full, the events that ended longest ago are evicted (in steps of 1/64 of
//   the capacity, so eviction is amortised O(1) per insert).
// - Deletes from the API server (the Event TTL, one hour by default) do not
//   remove entries unless keepDeletedEvents is false: the timeline's point is
//   to show what happened, and the capacity bounds the growth.
//
// Slots are stable integers for the lifetime of an entry and are what lane
// items refer to. GUI-thread object (not thread-safe); changed() is emitted
// once per applyBatch/upsert that altered something.

#include "informer/informers/changebatch.h"
#include "models/timeline/timelineevent.h"

#include <QHash>
#include <QObject>
#include <QSet>

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
    // Inserts or replaces (by uid). Returns false if nothing changed.
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

    QList<qint32> slotsForObject(const QString &objectUid) const;
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
    void index(qint32 slot);
    void unindex(qint32 slot);
    void evictOldest(qsizetype count);
    void enforceCapacity(qsizetype target);
    QString intern(const QString &text);

    std::vector<TimelineEvent> m_events;
    std::vector<quint8> m_live;
    std::vector<qint32> m_free;
    QHash<QString, qint32> m_byUid;
    QHash<QString, QSet<qint32>> m_byObject;
    QHash<QString, QSet<qint32>> m_byNamespace;
    QHash<QString, QSet<qint32>> m_byReason;
    QSet<qint32> m_byType[3];
    QSet<QString> m_strings; // interned reasons, kinds, namespaces, sources
    qsizetype m_capacity = kDefaultCapacity;
    qsizetype m_size = 0;
    qint64 m_rejected = 0;
    qint64 m_evicted = 0;
    quint64 m_revision = 0;
    bool m_keepDeleted = true;
};

} // namespace informant
