#pragma once

// LaneAnchor: keeps the timeline's lanes the user reads where they are on
// screen while a rebuild adds and removes lanes and the activity order moves
// them (laneorder.h), as ScrollAnchor does for the table's rows.
//
// Before the change it notes the lanes in view, top down, and how far into
// the top lane the view is scrolled; after it, every one of them still shown
// votes for where the top lane went and the view follows the most. The lane
// that just had an event and jumped to the top of its group is one vote: it
// does not drag the view with it. At the very top
// nothing is anchored: that is where troubled lanes arrive. GUI thread.

#include <QStringList>

#include <optional>

namespace informant {

class TimelineLayout;

class LaneAnchor final
{
public:
    // Notes the lanes in view: `scrollY` pixels scrolled into the lanes,
    // `laneAreaHeight` pixels of them shown.
    void remember(const TimelineLayout &layout, int scrollY, int laneAreaHeight);
    // The scroll position that puts the noted lanes back; nullopt to leave
    // it (nothing noted, or none of them is left).
    std::optional<int> restoredScrollY(const TimelineLayout &layout) const;

private:
    QStringList m_keys; // TimelineLayout::laneKey() of the lanes in view, top down
    int m_intoTopLanePx = 0;
};

} // namespace informant
