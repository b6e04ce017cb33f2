#include "models/timeline/laneorder.h"

#include "models/timeline/timelinelayout.h"

#include <algorithm>

namespace informant {

namespace {

struct GroupSpan
{
    int header = 0;
    int firstObject = 0; // objects are [firstObject, end)
    int end = 0;
    LaneActivity activity;
};

std::vector<GroupSpan> groupSpans(const std::vector<TimelineLane> &lanes)
{
    std::vector<GroupSpan> groups;
    for (int i = 0; i < int(lanes.size()); ++i) {
        if (lanes[size_t(i)].isGroup()) {
            if (!groups.empty())
                groups.back().end = i;
            groups.push_back({i, i + 1, i + 1, {}});
        }
    }
    if (!groups.empty())
        groups.back().end = int(lanes.size());
    return groups;
}

} // namespace

QString laneOrderId(LaneOrder order)
{
    return order == LaneOrder::Name ? QStringLiteral("name") : QStringLiteral("activity");
}

std::optional<LaneOrder> laneOrderFromId(const QString &id)
{
    if (id == u"activity")
        return LaneOrder::Activity;
    if (id == u"name")
        return LaneOrder::Name;
    return std::nullopt;
}

void LaneActivity::include(const LaneActivity &other)
{
    warningInWindow = warningInWindow || other.warningInWindow;
    lastMs = qMax(lastMs, other.lastMs);
}

bool LaneActivity::before(const LaneActivity &other) const
{
    if (warningInWindow != other.warningInWindow)
        return warningInWindow;
    return lastMs > other.lastMs;
}

LaneActivity laneActivity(const TimelineLane &lane, qint64 t0Ms, qint64 t1Ms)
{
    LaneActivity activity;
    const auto &items = lane.items;
    const auto [first, last] = TimelineLayout::itemRange(lane, t0Ms, t1Ms);
    for (size_t i = first; i < last && !activity.warningInWindow; ++i) {
        const LaneItem &item = items[i];
        activity.warningInWindow = item.type == EventType::Warning && item.endMs >= t0Ms;
    }
    // The items starting by the window's end, newest first. A series counts
    // until its last occurrence (or the window's end). Each item ends within
    // maxDurationMs of its start, so once one starts that long before the
    // newest found, no earlier one can beat it: O(1) but for long series.
    const auto startsAfterEnd =
        std::upper_bound(items.begin(), items.end(), t1Ms,
                         [](qint64 t, const LaneItem &item) { return t < item.startMs; });
    for (auto it = startsAfterEnd; it != items.begin();) {
        --it;
        if (activity.lastMs != LaneActivity::kNever &&
            it->startMs + lane.maxDurationMs <= activity.lastMs)
            break;
        activity.lastMs = qMax(activity.lastMs, qMin(it->endMs, t1Ms));
    }
    return activity;
}

std::vector<int> orderLanes(const std::vector<TimelineLane> &lanes, LaneOrder order, qint64 t0Ms,
                            qint64 t1Ms)
{
    std::vector<GroupSpan> groups = groupSpans(lanes);
    std::vector<LaneActivity> activity;
    if (order == LaneOrder::Activity) {
        activity.resize(lanes.size());
        for (GroupSpan &group : groups) {
            // A collapsed group's header holds its objects' items; an
            // expanded one holds none and is as active as its most active
            // object.
            const TimelineLane &header = lanes[size_t(group.header)];
            if (header.collapsed)
                group.activity = laneActivity(header, t0Ms, t1Ms);
            for (int i = group.firstObject; i < group.end; ++i) {
                activity[size_t(i)] = laneActivity(lanes[size_t(i)], t0Ms, t1Ms);
                group.activity.include(activity[size_t(i)]);
            }
            activity[size_t(group.header)] = group.activity;
        }
    }
    // nameRank is unique per layout, so the order is total and repeatable.
    const auto before = [&](int a, int b) {
        if (!activity.empty()) {
            if (activity[size_t(a)].before(activity[size_t(b)]))
                return true;
            if (activity[size_t(b)].before(activity[size_t(a)]))
                return false;
        }
        return lanes[size_t(a)].nameRank < lanes[size_t(b)].nameRank;
    };
    std::sort(groups.begin(), groups.end(),
              [&](const GroupSpan &a, const GroupSpan &b) { return before(a.header, b.header); });
    std::vector<int> result;
    result.reserve(lanes.size());
    for (const GroupSpan &group : groups) {
        result.push_back(group.header);
        for (int i = group.firstObject; i < group.end; ++i)
            result.push_back(i);
        std::sort(result.end() - (group.end - group.firstObject), result.end(), before);
    }
    return result;
}

} // namespace informant
