#pragma once

// LaneBins: one lane's items in a time window, reduced to what can be drawn:
// per pixel column the number of Normal/Warning/other occurrences, plus the
// spans that are wide enough to draw as spans. This is the level of detail
// that keeps paint proportional to the widget's width, not to the number of
// events: 100k events in view become at most `width` columns per lane.
//
// The buffers are reused across calls (reset() allocates only when the width
// grows), so binning allocates nothing per event and nothing per paint in
// the steady state. Not thread-safe; one instance per painter.

#include "models/timeline/laneitem.h"

#include <vector>

namespace informant {

struct BinnedSpan
{
    double x0 = 0; // pixel position of start and end, relative to the window
    double x1 = 0;
    qint32 count = 1;
    qint32 slot = -1;
    EventType type = EventType::Normal;
};

class LaneBins
{
public:
    // Narrower spans are drawn as points in their start column.
    static constexpr double kMinSpanWidthPx = 14.0;
    // Up to this many spans per lane are kept for detailed drawing; every
    // span also marks the columns it covers (spanCoverAt), which is what a
    // dense lane draws instead.
    static constexpr int kMaxSpansPerLane = 32;

    // Bins lane items overlapping [t0Ms, t0Ms + width * msPerPx).
    void bin(const TimelineLane &lane, double t0Ms, double msPerPx, int width);

    int width() const { return m_width; }
    qint32 normalAt(int column) const { return m_normal[size_t(column)]; }
    qint32 warningAt(int column) const { return m_warning[size_t(column)]; }
    qint32 otherAt(int column) const { return m_other[size_t(column)]; }
    const std::vector<BinnedSpan> &spans() const { return m_spans; }
    // More spans overlapped the window than kMaxSpansPerLane.
    bool spansOverflowed() const { return m_spansOverflowed; }
    // Bit (1 << EventType) set for each type of span covering the column.
    quint8 spanCoverAt(int column) const { return m_spanCover[size_t(column)]; }
    qint32 itemsInView() const { return m_itemsInView; }   // items overlapping the window
    qint32 pointColumns() const { return m_pointColumns; } // non-empty columns
    qint32 maxColumnCount() const { return m_maxColumnCount; }

private:
    void reset(int width);
    void addPoint(int column, const LaneItem &item);

    std::vector<qint32> m_normal;
    std::vector<qint32> m_warning;
    std::vector<qint32> m_other;
    std::vector<BinnedSpan> m_spans;
    std::vector<quint8> m_spanCover;
    std::vector<qint32> m_spanDelta; // per type, width + 1
    int m_width = 0;
    bool m_spansOverflowed = false;
    qint32 m_itemsInView = 0;
    qint32 m_pointColumns = 0;
    qint32 m_maxColumnCount = 0;
};

} // namespace informant
