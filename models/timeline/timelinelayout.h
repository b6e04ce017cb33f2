#pragma once

// TimelineLayout: the timeline's rows, computed from an EventStore and a
// TimelineFilter: one lane per involved object (as objectidentity.h
// identifies it: a Node's kubelet and controller events share one lane),
// grouped by (namespace, kind)
// under a group header lane; groups sorted by namespace then kind, objects by
// name (namespaces and names naturally, as the table: pod-2 before pod-10). Objects under one
// name (recreated, or restored with a new uid) are lanes of their own in the order of their
// first events, all but the newest marked earlier (TimelineLane::earlier). A collapsed group is
// its header lane alone, holding all its objects' items. Each lane's items are sorted by start, so
// drawing a time window is a binary search plus a scan (see LaneBins). applyOrder() then moves
// groups and their objects into another order (laneorder.h), keeping the grouping.
//
// Model-layer value (no widget dependency); rebuild() is O(n log n) in the
// matching events, applyOrder() O(lanes log lanes) plus the items in the
// window. Not thread-safe; rebuilt on the GUI thread when the store's
// revision or the filter changes.

#include "models/timeline/eventstore.h"
#include "models/timeline/laneitem.h"
#include "models/timeline/laneorder.h"
#include "models/timeline/timelinefilter.h"

#include <QHash>
#include <QSet>

#include <vector>

namespace informant {

class TimelineLayout
{
public:
    // Builds the lanes in the Name order.
    void rebuild(const EventStore &store, const TimelineFilter &filter,
                 const QSet<QString> &collapsedGroups = {});
    void clear();
    // Puts the lanes in `order` for the time window [t0Ms, t1Ms]; true if
    // any lane moved.
    bool applyOrder(LaneOrder order, qint64 t0Ms, qint64 t1Ms);

    const std::vector<TimelineLane> &lanes() const { return m_lanes; }
    qsizetype laneCount() const { return qsizetype(m_lanes.size()); }
    const TimelineLane &lane(qsizetype index) const { return m_lanes[size_t(index)]; }
    // Lane of the object with this uid; -1 if none (filtered out or collapsed).
    // By the object's key (objectKey()) or its real uid.
    int laneOfObject(const QString &keyOrUid) const;
    // A lane's identity across rebuilds and orders: an object lane's key, a
    // group's groupKey(). laneOfKey() finds it; -1 if it is gone.
    static QString laneKey(const TimelineLane &lane);
    int laneOfKey(const QString &laneKey) const;

    qsizetype itemCount() const { return m_itemCount; } // matching events
    qint64 firstMs() const { return m_firstMs; }        // -1 when empty
    qint64 lastMs() const { return m_lastMs; }
    quint64 storeRevision() const { return m_storeRevision; }

    // Index range [first, last) of the lane's items that may overlap [t0, t1].
    static std::pair<size_t, size_t> itemRange(const TimelineLane &lane, qint64 t0Ms, qint64 t1Ms);
    // The item nearest to tMs within toleranceMs (spans contain their interval);
    // nullptr if none. Warnings win ties, so they are never hidden by Normals.
    static const LaneItem *itemAt(const TimelineLane &lane, qint64 tMs, qint64 toleranceMs);

private:
    std::vector<TimelineLane> m_lanes;
    // Both by nameRank, which no order changes; m_laneOfRank maps it to
    // the lane's index now.
    QHash<QString, int> m_laneByObject;
    QHash<QString, int> m_laneByGroup;
    std::vector<int> m_laneOfRank;
    qsizetype m_itemCount = 0;
    qint64 m_firstMs = -1;
    qint64 m_lastMs = -1;
    quint64 m_storeRevision = 0;
};

} // namespace informant
