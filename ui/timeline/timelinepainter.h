#pragma once

// TimelinePainter: draws a TimelineLayout through a time window: the lane
// labels, the time axis and grid, the times the events watch was down, and per lane the events
// reduced by LaneBins (isolated events as markers, dense stretches as per-pixel-column bars whose
// height grows with the count, series as spans with their count). Work per
// paint is proportional to visible lanes x width, not to the event count.
//
// Keeps its buffers (bins, ticks, marker pixmaps) between paints, so a steady
// state paint allocates nothing per event. GUI thread only.

#include "models/timeline/lanebins.h"
#include "models/timeline/timeaxis.h"
#include "models/timeline/timelinelayout.h"
#include "models/timeline/watchgaps.h"
#include "ui/timeline/timelinepalette.h"

#include <QFont>
#include <QImage>
#include <QPixmap>
#include <QTimeZone>

class QPainter;

namespace informant {

// What the painter needs to know about the view.
struct TimelineView
{
    // The lane labels' column: as wide as its labels need, between these
    // (and at most half the view); a longer label is elided in the middle
    // and shown whole in its tooltip.
    static constexpr int kMinGutterWidth = 230;
    static constexpr int kMaxGutterWidth = 420;
    static constexpr int kAxisHeight = 30;
    static constexpr int kLaneHeight = 24;

    double t0Ms = 0; // time at the plot's left edge
    double msPerPx = 1000;
    int width = 0; // whole viewport
    int height = 0;
    int scrollY = 0; // pixels scrolled down in the lane area
    int gutterWidth = kMinGutterWidth;
    int hoveredLane = -1;
    qint32 hoveredSlot = -1;
    QString selectedObject; // a lane's key or uid
    // Centred on the plot when no lane is shown.
    QString emptyText;
    qint64 nowMs = -1; // drawn as a line when in the window
    // Times the events watch was down: shaded, on the axis and over the lanes.
    QList<WatchGap> watchGaps;
    QTimeZone zone = QTimeZone::systemTimeZone();

    int plotLeft() const { return gutterWidth; }
    int plotWidth() const { return qMax(0, width - gutterWidth); }
    double xForTime(double ms) const { return plotLeft() + (ms - t0Ms) / msPerPx; }
    double timeForX(double x) const { return t0Ms + (x - plotLeft()) * msPerPx; }
    int laneTop(int lane) const { return kAxisHeight + lane * kLaneHeight - scrollY; }
    int laneAt(int y) const
    {
        return y < kAxisHeight ? -1 : (y - kAxisHeight + scrollY) / kLaneHeight;
    }
};

class TimelinePainter
{
public:
    void paint(QPainter &painter, const TimelineLayout &layout, const TimelineView &view,
               const TimelinePalette &palette, const QFont &font, qreal devicePixelRatio);

    // The gutter width `lane`'s label needs to be drawn whole with `font`
    // (the view's; group labels are bold, their count badge smaller).
    static int labelWidth(const TimelineLane &lane, const QFont &font);
    // Where a group lane's object count is drawn, its lane's top at `top`,
    // with the view's `font`; empty for an object lane. Its tooltip says
    // what the number is.
    static QRect countBadgeRect(const TimelineLane &lane, int top, const TimelineView &view,
                                const QFont &font);
    static QString countBadgeToolTip(const TimelineLane &lane);
    // The label as drawn, unelided: "namespace · Kind" or the object's name
    // ("name (earlier)" for an earlier object under its name).
    static QString labelText(const TimelineLane &lane);
    // An earlier object's lane (its label and events) is drawn this opaque:
    // it is not the object its name holds now.
    static constexpr qreal kEarlierOpacity = 0.45;

    // Lanes with more non-empty columns than width / kDenseColumnRatio are drawn
    // as bars; sparser ones as markers.
    static constexpr int kDenseColumnRatio = 10;
    static constexpr int kMarkerSizePx = 10;
    // Antialiased spans are costly: past this many in one paint, lanes are
    // drawn in the dense (pixel) form.
    static constexpr int kDetailedSpanBudget = 150;
    // A watch gap's band at the axis's foot, and the least width it is drawn.
    static constexpr int kWatchGapBandPx = 5;
    static constexpr int kMinWatchGapPx = 3;

private:
    void ensureMarkers(const TimelinePalette &palette, qreal devicePixelRatio);
    void paintLaneLabel(QPainter &p, const TimelineLane &lane, int top, const TimelineView &view,
                        const TimelinePalette &palette);
    void paintLaneEvents(QPainter &p, const TimelineLane &lane, int top, const TimelineView &view,
                         const TimelinePalette &palette, const QColor &row, qreal dpr);
    void paintDenseLane(QPainter &p, int top, const TimelineView &view,
                        const TimelinePalette &palette, const QColor &row, qreal dpr);
    void paintSparseColumns(QPainter &p, int top, const TimelineView &view,
                            const TimelinePalette &palette);
    void paintSpans(QPainter &p, int top, const TimelineView &view, const TimelinePalette &palette);
    void paintAxis(QPainter &p, const TimelineView &view, const TimelinePalette &palette);
    void paintGrid(QPainter &p, const TimelineView &view, const TimelinePalette &palette);
    void paintNow(QPainter &p, const TimelineView &view, const TimelinePalette &palette);
    void paintWatchGaps(QPainter &p, const TimelineView &view, const TimelinePalette &palette);

    LaneBins m_bins;
    QImage m_band; // one dense lane, written pixel by pixel, reused
    int m_spanBudget = 0;
    std::vector<AxisTick> m_ticks;
    QPixmap m_markers[3]; // per EventType
    QColor m_markerColors[3];
    qreal m_markerDpr = 0;
    QFont m_font;
    QFont m_boldFont;
    QFont m_smallFont;
};

} // namespace informant
