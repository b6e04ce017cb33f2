#include "models/timeline/lanebins.h"

#include "models/timeline/timelinelayout.h"

#include <algorithm>
#include <cmath>

namespace informant {

namespace {

// The column of pixel position x, kept in [-1, width] while still a double:
// a long span at a fine zoom reaches x beyond 2^31, which no int holds.
int columnOf(double x, int width)
{
    return int(std::floor(std::clamp(x, -1.0, double(width))));
}

} // namespace

void LaneBins::reset(int width)
{
    m_width = qMax(0, width);
    // assign() reuses capacity: no allocation once the widest paint happened.
    m_normal.assign(size_t(m_width), 0);
    m_warning.assign(size_t(m_width), 0);
    m_other.assign(size_t(m_width), 0);
    m_spanCover.assign(size_t(m_width), 0);
    m_spanDelta.assign(3 * size_t(m_width + 1), 0);
    m_spans.clear();
    m_spansOverflowed = false;
    m_itemsInView = 0;
    m_pointColumns = 0;
    m_maxColumnCount = 0;
}

void LaneBins::addPoint(int column, const LaneItem &item)
{
    if (column < 0 || column >= m_width)
        return;
    const size_t c = size_t(column);
    if (m_normal[c] == 0 && m_warning[c] == 0 && m_other[c] == 0)
        ++m_pointColumns;
    qint32 *bucket = item.type == EventType::Warning  ? &m_warning[c]
                     : item.type == EventType::Normal ? &m_normal[c]
                                                      : &m_other[c];
    *bucket += item.count;
    m_maxColumnCount = qMax(m_maxColumnCount, m_normal[c] + m_warning[c] + m_other[c]);
}

void LaneBins::bin(const TimelineLane &lane, double t0Ms, double msPerPx, int width)
{
    reset(width);
    if (m_width == 0 || msPerPx <= 0)
        return;
    const double t1Ms = t0Ms + m_width * msPerPx;
    const auto [first, last] =
        TimelineLayout::itemRange(lane, qint64(std::floor(t0Ms)), qint64(std::ceil(t1Ms)));
    for (size_t i = first; i < last; ++i) {
        const LaneItem &item = lane.items[i];
        if (double(item.endMs) < t0Ms || double(item.startMs) > t1Ms)
            continue;
        ++m_itemsInView;
        const double x0 = (double(item.startMs) - t0Ms) / msPerPx;
        const double x1 = (double(item.endMs) - t0Ms) / msPerPx;
        if (item.span && x1 - x0 >= kMinSpanWidthPx) {
            const int c0 = qMax(0, columnOf(x0, m_width));
            const int c1 = qMin(m_width - 1, columnOf(x1, m_width));
            // Difference array: O(1) per span however wide it is.
            const size_t row = size_t(int(item.type)) * size_t(m_width + 1);
            ++m_spanDelta[row + size_t(c0)];
            --m_spanDelta[row + size_t(c1) + 1];
            if (m_spans.size() < size_t(kMaxSpansPerLane))
                m_spans.push_back({x0, x1, item.count, item.slot, item.type});
            else
                m_spansOverflowed = true;
            continue;
        }
        // A point (or a narrow span) marks the column where it last happened
        // if visible, so a repeating event sits at its latest occurrence.
        const double x = x1 < m_width ? x1 : x0;
        addPoint(columnOf(x, m_width), item);
    }
    for (int type = 0; type < 3; ++type) {
        const size_t row = size_t(type) * size_t(m_width + 1);
        qint32 depth = 0;
        for (int c = 0; c < m_width; ++c) {
            depth += m_spanDelta[row + size_t(c)];
            if (depth > 0)
                m_spanCover[size_t(c)] |= quint8(1u << type);
        }
    }
}

} // namespace informant
