#include "ui/timeline/laneanchor.h"

#include "models/timeline/timelinelayout.h"
#include "ui/timeline/timelinepainter.h"

#include <QHash>

namespace informant {

namespace {

// The lanes in view an anchor remembers (a tall window shows ~60).
constexpr qsizetype kMaxAnchorLanes = 128;

} // namespace

void LaneAnchor::remember(const TimelineLayout &layout, int scrollY, int laneAreaHeight)
{
    m_keys.clear();
    m_intoTopLanePx = 0;
    if (scrollY <= 0)
        return;
    const int top = scrollY / TimelineView::kLaneHeight;
    const int bottom = (scrollY + qMax(1, laneAreaHeight) - 1) / TimelineView::kLaneHeight;
    for (int lane = top;
         lane <= bottom && lane < layout.laneCount() && m_keys.size() < kMaxAnchorLanes; ++lane)
        m_keys.append(TimelineLayout::laneKey(layout.lane(lane)));
    m_intoTopLanePx = scrollY - top * TimelineView::kLaneHeight;
}

std::optional<int> LaneAnchor::restoredScrollY(const TimelineLayout &layout) const
{
    QHash<int, int> votes;
    int best = 0;
    int bestVotes = 0;
    for (qsizetype offset = 0; offset < m_keys.size(); ++offset) {
        const int lane = layout.laneOfKey(m_keys.at(offset));
        if (lane < 0)
            continue;
        const int top = lane - int(offset);
        if (const int n = ++votes[top]; n > bestVotes) {
            best = top;
            bestVotes = n;
        }
    }
    if (bestVotes == 0)
        return std::nullopt;
    return qMax(0, best * TimelineView::kLaneHeight + m_intoTopLanePx);
}

} // namespace informant
