#include "ui/timeline/timelinepainter.h"

#include <QPainter>
#include <QPainterPath>

#include <QtMath>

#include <array>
#include <cmath>

namespace informant {

namespace {

constexpr int kMarkerTypes = 3;
// The lane labels' geometry: group text after the disclosure triangle,
// object names indented under it, the count badge at the right.
constexpr int kGroupTextLeftPx = 22;
constexpr int kObjectTextLeftPx = 26;
constexpr int kBadgeGapPx = 4;
constexpr int kLabelRightMarginPx = 8;

QFont boldFont(const QFont &font)
{
    QFont bold = font;
    bold.setBold(true);
    return bold;
}

QFont smallFont(const QFont &font)
{
    QFont small = font;
    small.setPointSizeF(qMax(6.0, font.pointSizeF() * 0.85));
    return small;
}

// A group's object count, in a pill.
int badgeWidth(const TimelineLane &lane, const QFont &small)
{
    return QFontMetrics(small).horizontalAdvance(QString::number(lane.objectCount)) + 12;
}

QPixmap makeMarker(EventType type, const QColor &color, const QColor &outline, qreal dpr)
{
    const int size = TimelinePainter::kMarkerSizePx + 2;
    QPixmap pixmap(qRound(size * dpr), qRound(size * dpr));
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(outline, 1.2));
    p.setBrush(color);
    const QRectF box(1, 1, size - 2, size - 2);
    if (type == EventType::Warning) {
        // A diamond: Warnings differ in shape as well as in colour.
        QPainterPath diamond;
        const QPointF c = box.center();
        const qreal r = box.width() / 2 + 0.6;
        diamond.moveTo(c.x(), c.y() - r);
        diamond.lineTo(c.x() + r, c.y());
        diamond.lineTo(c.x(), c.y() + r);
        diamond.lineTo(c.x() - r, c.y());
        diamond.closeSubpath();
        p.drawPath(diamond);
    } else {
        p.drawEllipse(box.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    return pixmap;
}

// log1p for bar heights; small counts (nearly all columns) from a table.
double fastLog1p(qint32 n)
{
    static const auto table = [] {
        std::array<double, 1024> t{};
        for (size_t i = 0; i < t.size(); ++i)
            t[i] = std::log1p(double(i));
        return t;
    }();
    return n >= 0 && n < qint32(table.size()) ? table[size_t(n)] : std::log1p(double(n));
}

bool isSelected(const TimelineLane &lane, const TimelineView &view)
{
    return !lane.isGroup() && !view.selectedObject.isEmpty() &&
           (lane.key == view.selectedObject || lane.uid == view.selectedObject);
}

// The opaque background of a lane's plot area (selection blended in).
QColor rowColor(const TimelineLayout &layout, int lane, const TimelineView &view,
                const TimelinePalette &palette)
{
    const TimelineLane &l = layout.lane(lane);
    QColor row = l.isGroup() ? palette.header : (lane % 2 ? palette.alternate : palette.base);
    if (isSelected(l, view)) {
        const double a = palette.selection.alphaF();
        row = QColor::fromRgbF(float(row.redF() * (1 - a) + palette.selection.redF() * a),
                               float(row.greenF() * (1 - a) + palette.selection.greenF() * a),
                               float(row.blueF() * (1 - a) + palette.selection.blueF() * a));
    }
    return row;
}

} // namespace

void TimelinePainter::ensureMarkers(const TimelinePalette &palette, qreal devicePixelRatio)
{
    bool stale = m_markerDpr != devicePixelRatio;
    for (int i = 0; i < kMarkerTypes; ++i)
        stale = stale || m_markerColors[i] != palette.colorFor(EventType(i));
    if (!stale)
        return;
    for (int i = 0; i < kMarkerTypes; ++i) {
        m_markerColors[i] = palette.colorFor(EventType(i));
        m_markers[i] = makeMarker(EventType(i), m_markerColors[i], palette.base, devicePixelRatio);
    }
    m_markerDpr = devicePixelRatio;
}

void TimelinePainter::paint(QPainter &p, const TimelineLayout &layout, const TimelineView &view,
                            const TimelinePalette &palette, const QFont &font, qreal dpr)
{
    ensureMarkers(palette, dpr);
    m_spanBudget = kDetailedSpanBudget;
    m_font = font;
    m_boldFont = boldFont(font);
    m_smallFont = smallFont(font);

    p.fillRect(0, 0, view.width, view.height, palette.base);
    p.fillRect(0, 0, view.plotLeft(), view.height, palette.gutter);
    TimeAxis::ticks(view.t0Ms, view.msPerPx, view.plotWidth(), 110.0, view.zone, m_ticks);

    const int lanes = int(layout.laneCount());
    const int first = qMax(0, view.laneAt(TimelineView::kAxisHeight));
    const int last = qMin(lanes - 1, view.laneAt(view.height - 1));
    p.setFont(font);
    for (int i = first; i <= last; ++i) {
        const TimelineLane &lane = layout.lane(i);
        const int top = view.laneTop(i);
        p.fillRect(view.plotLeft(), top, view.plotWidth(), TimelineView::kLaneHeight,
                   rowColor(layout, i, view, palette));
        if (lane.isGroup())
            p.fillRect(0, top, view.plotLeft(), TimelineView::kLaneHeight, palette.header);
        if (isSelected(lane, view))
            p.fillRect(0, top, view.plotLeft(), TimelineView::kLaneHeight, palette.selection);
    }
    paintGrid(p, view, palette);
    p.setClipRect(0, TimelineView::kAxisHeight, view.width, view.height);
    for (int i = first; i <= last; ++i) {
        const TimelineLane &lane = layout.lane(i);
        const int top = view.laneTop(i);
        paintLaneLabel(p, lane, top, view, palette);
        p.save();
        p.setClipRect(view.plotLeft(), qMax(top, TimelineView::kAxisHeight), view.plotWidth(),
                      TimelineView::kLaneHeight);
        if (lane.earlier)
            p.setOpacity(kEarlierOpacity);
        paintLaneEvents(p, lane, top, view, palette, rowColor(layout, i, view, palette), dpr);
        p.restore();
    }
    p.setClipping(false);
    p.setPen(palette.grid);
    p.drawLine(view.plotLeft(), 0, view.plotLeft(), view.height);
    paintNow(p, view, palette);
    paintAxis(p, view, palette);
    paintWatchGaps(p, view, palette);
    if (lanes == 0) {
        p.setPen(palette.mutedText);
        p.setFont(font);
        p.drawText(QRect(view.plotLeft(), TimelineView::kAxisHeight, view.plotWidth(),
                         view.height - TimelineView::kAxisHeight),
                   Qt::AlignCenter | Qt::TextWordWrap, view.emptyText);
    }
}

int TimelinePainter::labelWidth(const TimelineLane &lane, const QFont &font)
{
    // Rounded up: QFontMetrics' whole-pixel advance can be a fraction short,
    // and elidedText() then cuts a label given exactly that width.
    const auto advance = [](const QFont &f, const QString &text) {
        return int(std::ceil(QFontMetricsF(f).horizontalAdvance(text))) + 1;
    };
    if (!lane.isGroup())
        return kObjectTextLeftPx + advance(font, labelText(lane)) + kLabelRightMarginPx;
    return kGroupTextLeftPx + advance(boldFont(font), labelText(lane)) + kBadgeGapPx +
           badgeWidth(lane, smallFont(font)) + kLabelRightMarginPx;
}

QRect TimelinePainter::countBadgeRect(const TimelineLane &lane, int top, const TimelineView &view,
                                      const QFont &font)
{
    if (!lane.isGroup())
        return {};
    const int width = badgeWidth(lane, smallFont(font));
    const int right = view.plotLeft() - kLabelRightMarginPx;
    return QRect(right - width, top + 5, width, TimelineView::kLaneHeight - 10);
}

QString TimelinePainter::countBadgeToolTip(const TimelineLane &lane)
{
    return lane.objectCount == 1 ? QObject::tr("1 object in this group")
                                 : QObject::tr("%1 objects in this group").arg(lane.objectCount);
}

QString TimelinePainter::labelText(const TimelineLane &lane)
{
    if (!lane.isGroup()) {
        // Two clusters' objects of one name share the group: the cluster
        // tells their lanes apart.
        const QString name = lane.cluster.isEmpty()
                                 ? lane.name
                                 : lane.name + QStringLiteral(" \u00b7 ") + lane.cluster;
        return lane.earlier ? name + QObject::tr(" (earlier)") : name;
    }
    const QString ns = lane.namespaceName.isEmpty() ? QObject::tr("(cluster)") : lane.namespaceName;
    const QString kind =
        lane.objectKind.isEmpty() ? QObject::tr("(unknown kind)") : lane.objectKind;
    return ns + QStringLiteral(" \u00b7 ") + kind;
}

void TimelinePainter::paintLaneLabel(QPainter &p, const TimelineLane &lane, int top,
                                     const TimelineView &view, const TimelinePalette &palette)
{
    const int h = TimelineView::kLaneHeight;
    const int textRight = view.plotLeft() - kLabelRightMarginPx;
    if (lane.isGroup()) {
        // Disclosure triangle, then "namespace · Kind", counts right-aligned.
        const QPointF c(12, top + h / 2.0);
        QPainterPath arrow;
        if (lane.collapsed) {
            arrow.moveTo(c.x() - 2.5, c.y() - 4.5);
            arrow.lineTo(c.x() + 3.5, c.y());
            arrow.lineTo(c.x() - 2.5, c.y() + 4.5);
        } else {
            arrow.moveTo(c.x() - 4.5, c.y() - 2.5);
            arrow.lineTo(c.x() + 4.5, c.y() - 2.5);
            arrow.lineTo(c.x(), c.y() + 3.5);
        }
        arrow.closeSubpath();
        p.setRenderHint(QPainter::Antialiasing, true);
        p.fillPath(arrow, palette.mutedText);
        p.setRenderHint(QPainter::Antialiasing, false);

        const QString count = QString::number(lane.objectCount);
        p.setFont(m_smallFont);
        const QRect badge = countBadgeRect(lane, top, view, m_font);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(palette.badge);
        p.drawRoundedRect(badge, badge.height() / 2.0, badge.height() / 2.0);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(palette.text);
        p.drawText(badge, Qt::AlignCenter, count);

        p.setFont(m_boldFont);
        p.setPen(palette.text);
        const QRect textRect(kGroupTextLeftPx, top, badge.left() - kBadgeGapPx - kGroupTextLeftPx,
                             h);
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                   p.fontMetrics().elidedText(labelText(lane), Qt::ElideMiddle, textRect.width()));
        return;
    }
    p.setPen(lane.earlier ? palette.mutedText : palette.text);
    const QRect textRect(kObjectTextLeftPx, top, textRight - kObjectTextLeftPx, h);
    p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(labelText(lane), Qt::ElideMiddle, textRect.width()));
    if (lane.warningCount > 0) {
        // A small warning dot before the name: this object has Warnings.
        p.drawPixmap(QPointF(9, top + (h - kMarkerSizePx - 2) / 2.0),
                     m_markers[int(EventType::Warning)]);
    }
}

void TimelinePainter::paintLaneEvents(QPainter &p, const TimelineLane &lane, int top,
                                      const TimelineView &view, const TimelinePalette &palette,
                                      const QColor &row, qreal dpr)
{
    m_bins.bin(lane, view.t0Ms, view.msPerPx, view.plotWidth());
    if (m_bins.itemsInView() == 0)
        return;
    const bool dense = m_bins.pointColumns() * kDenseColumnRatio > m_bins.width() ||
                       m_bins.spansOverflowed() || int(m_bins.spans().size()) > m_spanBudget;
    if (dense) {
        paintDenseLane(p, top, view, palette, row, dpr);
        return;
    }
    m_spanBudget -= int(m_bins.spans().size());
    paintSpans(p, top, view, palette);
    paintSparseColumns(p, top, view, palette);
}

void TimelinePainter::paintDenseLane(QPainter &p, int top, const TimelineView &view,
                                     const TimelinePalette &palette, const QColor &row, qreal dpr)
{
    // Level of detail for busy lanes: per pixel column one bar whose height
    // grows with log(count), spans as a thin band, written straight into a
    // reused opaque image and blitted once. Cost ~ width, not event count.
    const int width = m_bins.width();
    const int h = TimelineView::kLaneHeight;
    const QSize size(qCeil(width * dpr), qCeil(h * dpr));
    if (m_band.size() != size || m_band.devicePixelRatio() != dpr) {
        m_band = QImage(size, QImage::Format_RGB32);
        m_band.setDevicePixelRatio(dpr);
    }
    m_band.fill(row);
    auto *bits = reinterpret_cast<QRgb *>(m_band.bits());
    const qsizetype stride = m_band.bytesPerLine() / qsizetype(sizeof(QRgb));
    auto fillColumns = [&](int x0, int x1, int y0, int y1, QRgb color) {
        for (int y = qMax(0, y0); y < qMin(size.height(), y1); ++y) {
            QRgb *line = bits + y * stride;
            for (int x = qMax(0, x0); x < qMin(size.width(), x1); ++x)
                line[x] = color;
        }
    };
    for (const AxisTick &tick : m_ticks) {
        const int x = int(std::lround(tick.x * dpr));
        fillColumns(x, x + qMax(1, int(dpr)), 0, size.height(),
                    (tick.major ? palette.majorGrid : palette.grid).rgb());
    }
    QRgb colors[3];
    QRgb bands[3];
    for (int t = 0; t < 3; ++t) {
        const QColor c = palette.colorFor(EventType(t));
        colors[t] = c.rgb();
        const double a = palette.dark ? 0.45 : 0.35;
        bands[t] =
            qRgb(int(row.red() * (1 - a) + c.red() * a), int(row.green() * (1 - a) + c.green() * a),
                 int(row.blue() * (1 - a) + c.blue() * a));
    }
    const double logMax = std::log1p(double(qMax(1, m_bins.maxColumnCount())));
    const double mid = h * dpr / 2.0;
    const int bandHalf = qMax(1, int(3 * dpr));
    for (int x = 0; x < width; ++x) {
        const int dx0 = int(x * dpr);
        const int dx1 = qMax(dx0 + 1, int((x + 1) * dpr));
        if (const quint8 cover = m_bins.spanCoverAt(x)) {
            const int t = cover & (1 << int(EventType::Warning))  ? int(EventType::Warning)
                          : cover & (1 << int(EventType::Normal)) ? int(EventType::Normal)
                                                                  : int(EventType::Other);
            fillColumns(dx0, dx1, int(mid) - bandHalf, int(mid) + bandHalf, bands[t]);
        }
        const qint32 warning = m_bins.warningAt(x);
        const qint32 total = m_bins.normalAt(x) + warning + m_bins.otherAt(x);
        if (total == 0)
            continue;
        const int t = warning > 0              ? int(EventType::Warning)
                      : m_bins.normalAt(x) > 0 ? int(EventType::Normal)
                                               : int(EventType::Other);
        const double barHeight = (4 + (h - 10) * fastLog1p(total) / logMax) * dpr;
        fillColumns(dx0, dx1, int(std::lround(mid - barHeight / 2)),
                    int(std::lround(mid + barHeight / 2)), colors[t]);
    }
    p.drawImage(QPointF(view.plotLeft(), top), m_band);
}

void TimelinePainter::paintSparseColumns(QPainter &p, int top, const TimelineView &view,
                                         const TimelinePalette &palette)
{
    // Isolated events are markers; events closer than a marker's width merge
    // into one capsule from the first to the last, so a burst reads as one
    // shape instead of a smear of overlapping outlines.
    const double size = kMarkerSizePx + 2;
    const double half = size / 2.0;
    const double cy = top + TimelineView::kLaneHeight / 2.0;
    auto countAt = [this](int type, int x) {
        return type == int(EventType::Warning)  ? m_bins.warningAt(x)
               : type == int(EventType::Normal) ? m_bins.normalAt(x)
                                                : m_bins.otherAt(x);
    };
    auto drawRun = [&](int type, int first, int last) {
        if (first == last) {
            p.drawPixmap(QPointF(view.plotLeft() + first + 0.5 - half, cy - half), m_markers[type]);
            return;
        }
        const QRectF capsule(view.plotLeft() + first + 0.5 - half + 1, cy - half + 1,
                             last - first + size - 2, size - 2);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(QPen(palette.base, 1.2));
        p.setBrush(palette.colorFor(EventType(type)));
        p.drawRoundedRect(capsule, capsule.height() / 2.0, capsule.height() / 2.0);
        p.setRenderHint(QPainter::Antialiasing, false);
    };
    // Normals first so a Warning in the same place is drawn on top.
    for (int type : {int(EventType::Other), int(EventType::Normal), int(EventType::Warning)}) {
        int runFirst = -1;
        int runLast = -1;
        for (int x = 0; x < m_bins.width(); ++x) {
            if (countAt(type, x) == 0)
                continue;
            if (runFirst >= 0 && x - runLast < kMarkerSizePx) {
                runLast = x;
                continue;
            }
            if (runFirst >= 0)
                drawRun(type, runFirst, runLast);
            runFirst = runLast = x;
        }
        if (runFirst >= 0)
            drawRun(type, runFirst, runLast);
    }
}

void TimelinePainter::paintSpans(QPainter &p, int top, const TimelineView &view,
                                 const TimelinePalette &palette)
{
    if (m_bins.spans().empty())
        return;
    const int h = TimelineView::kLaneHeight;
    const double barHeight = h - 10;
    const double half = (kMarkerSizePx + 2) / 2.0;
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setFont(m_smallFont);
    for (const BinnedSpan &span : m_bins.spans()) {
        const QColor color = palette.colorFor(span.type);
        QColor fill = color;
        fill.setAlpha(palette.dark ? 90 : 60);
        // Clip the drawn rectangle to the plot so huge zooms stay cheap.
        const double x0 = qMax(-20.0, span.x0) + view.plotLeft();
        const double x1 = qMin(double(view.plotWidth()) + 20.0, span.x1) + view.plotLeft();
        const QRectF bar(x0, top + (h - barHeight) / 2.0, x1 - x0, barHeight);
        p.setPen(QPen(color, 1.2));
        p.setBrush(fill);
        p.drawRoundedRect(bar, barHeight / 2.0, barHeight / 2.0);
        // The latest occurrence is a marker at the span's end, when in view
        // (far out of it, x1 is past what Qt's integer device coordinates hold).
        if (span.x1 <= view.plotWidth() + half)
            p.drawPixmap(QPointF(view.plotLeft() + span.x1 - half, top + h / 2.0 - half),
                         m_markers[int(span.type)]);
        const QString label = QStringLiteral("\u00d7%1").arg(span.count);
        const int textWidth = p.fontMetrics().horizontalAdvance(label);
        if (bar.width() > textWidth + 2 * half + 8) {
            p.setPen(palette.text);
            p.drawText(bar.adjusted(half, 0, -half - 2, 0), Qt::AlignCenter, label);
        }
    }
    p.setRenderHint(QPainter::Antialiasing, false);
}

void TimelinePainter::paintGrid(QPainter &p, const TimelineView &view,
                                const TimelinePalette &palette)
{
    for (const AxisTick &tick : m_ticks) {
        const int x = view.plotLeft() + int(std::lround(tick.x));
        p.setPen(tick.major ? palette.majorGrid : palette.grid);
        p.drawLine(x, TimelineView::kAxisHeight, x, view.height);
    }
}

void TimelinePainter::paintAxis(QPainter &p, const TimelineView &view,
                                const TimelinePalette &palette)
{
    const int h = TimelineView::kAxisHeight;
    p.fillRect(0, 0, view.width, h, palette.header);
    p.setPen(palette.majorGrid);
    p.drawLine(0, h - 1, view.width, h - 1);
    p.setFont(m_boldFont);
    p.setPen(palette.mutedText);
    p.drawText(QRect(10, 0, view.plotLeft() - 20, h), Qt::AlignVCenter | Qt::AlignLeft,
               QObject::tr("Involved object"));
    p.setClipRect(view.plotLeft(), 0, view.plotWidth(), h);
    for (const AxisTick &tick : m_ticks) {
        const int x = view.plotLeft() + int(std::lround(tick.x));
        p.setPen(tick.major ? palette.text : palette.mutedText);
        p.drawLine(x, h - (tick.major ? 9 : 6), x, h - 1);
        p.setFont(tick.major ? m_boldFont : m_font);
        p.drawText(QRect(x + 4, 0, 200, h - 3), Qt::AlignVCenter | Qt::AlignLeft, tick.label);
    }
    p.setClipping(false);
}

void TimelinePainter::paintWatchGaps(QPainter &p, const TimelineView &view,
                                     const TimelinePalette &palette)
{
    if (view.watchGaps.isEmpty())
        return;
    const int axis = TimelineView::kAxisHeight;
    // On the axis a solid band under the labels; over the lanes a veil light
    // enough to keep the events in it readable (what came in is real).
    const int band = kWatchGapBandPx;
    QColor veil = palette.watchGap;
    veil.setAlpha(palette.dark ? 40 : 32);
    p.save();
    p.setClipRect(view.plotLeft(), 0, view.plotWidth(), view.height);
    for (const WatchGap &gap : view.watchGaps) {
        const double left = qMax(view.xForTime(double(gap.startMs)), double(view.plotLeft()) - 1);
        const double right =
            qMin(view.xForTime(double(gap.endOr(view.nowMs))), double(view.width) + 1);
        if (right < view.plotLeft() || left > view.width)
            continue;
        // At least a few pixels: a gap of seconds in a window of hours still shows.
        const double width = qMax(right - left, double(kMinWatchGapPx));
        p.fillRect(QRectF(left, axis, width, view.height - axis), veil);
        p.fillRect(QRectF(left, axis - band - 1, width, band), palette.watchGap);
    }
    p.restore();
}

void TimelinePainter::paintNow(QPainter &p, const TimelineView &view,
                               const TimelinePalette &palette)
{
    if (view.nowMs < 0)
        return;
    const double x = view.xForTime(double(view.nowMs));
    if (x < view.plotLeft() || x > view.width)
        return;
    QPen pen(palette.now, 1.5, Qt::DashLine);
    p.setPen(pen);
    p.drawLine(QPointF(x, TimelineView::kAxisHeight), QPointF(x, view.height));
    p.setFont(m_smallFont);
    const QString label = QObject::tr("now");
    const int w = p.fontMetrics().horizontalAdvance(label) + 8;
    const QRectF tag(x - w, TimelineView::kAxisHeight, w, 14);
    p.fillRect(tag, palette.now);
    p.setPen(palette.base);
    p.drawText(tag, Qt::AlignCenter, label);
}

} // namespace informant
