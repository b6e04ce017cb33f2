#pragma once

// LaneOrder: the order of the timeline's lanes within the (namespace, kind)
// grouping TimelineLayout builds.
//
// Name is the table's order (TimelineLayout builds the lanes in it). Activity
// puts the troubled and recently active objects on top, where a busy cluster's
// hundreds of quiet lanes would otherwise hide them: first the lanes with a
// Warning in the time window, then the rest by their newest event, newest
// first, the name order breaking ties. Groups are ordered the same way, by
// their objects (or, collapsed, by their own items), so the top of the
// timeline is the most troubled group's most troubled object. The newest
// event is taken as of the window's right edge: a window moved into the past
// orders the lanes as the timeline stood then.
//
// laneActivity() costs a binary search and a scan of the lane's items in the
// window, stopping at its first Warning; an order is O(lanes log lanes) beside
// that. Plain functions and values.

#include "models/timeline/laneitem.h"

#include <QString>

#include <limits>
#include <optional>
#include <vector>

namespace informant {

enum class LaneOrder : quint8 { Activity, Name };

// As settings store it: "activity", "name". nullopt for anything else.
QString laneOrderId(LaneOrder order);
std::optional<LaneOrder> laneOrderFromId(const QString &id);

struct LaneActivity
{
    static constexpr qint64 kNever = std::numeric_limits<qint64>::min();

    bool warningInWindow = false;
    qint64 lastMs = kNever; // newest occurrence at or before the window's end

    // Of a group: its objects' most troubled and newest.
    void include(const LaneActivity &other);
    // True if `this` goes above `other` (the name order breaks a tie).
    bool before(const LaneActivity &other) const;
};

// `lane`'s activity in the window [t0Ms, t1Ms]. Items must be sorted by start
// (as TimelineLayout keeps them).
LaneActivity laneActivity(const TimelineLane &lane, qint64 t0Ms, qint64 t1Ms);

// The order of `lanes` (group-contiguous: each header followed by its
// objects, as TimelineLayout lays them out): the index in `lanes` of the lane
// to show at each position. Ties, and the Name order, follow nameRank.
std::vector<int> orderLanes(const std::vector<TimelineLane> &lanes, LaneOrder order, qint64 t0Ms,
                            qint64 t1Ms);

} // namespace informant
