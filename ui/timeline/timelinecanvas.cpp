#include "ui/timeline/timelinecanvas.h"

#include "models/secondclock.h"
#include "models/timeline/earlierlanetooltip.h"
#include "models/timeline/eventtooltip.h"
#include "models/timeline/objectidentity.h"
#include "ui/timeline/laneanchor.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>
#include <optional>
#include <utility>

namespace informant {

namespace {

constexpr int kDragThresholdPx = 4;
constexpr int kFollowIntervalMs = 500;
constexpr double kDefaultWindowMs = 15 * 60 * 1000.0; // before there is any event
// Of the window's width: room left of the first event when fitting, and
// right of the right edge's anchor (now when following, else the newest
// event), so the newest marker shows whole. Fit and follow share the right
// edge: with both on (the default) each rebuild fits and each follow tick
// moves the window, and any difference made the plot jitter.
constexpr double kLeftMarginRatio = 0.04;
constexpr double kRightMarginRatio = 0.02;

} // namespace

TimelineCanvas::TimelineCanvas(EventStore *store, QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_store(store)
    // The cluster's time, to the millisecond: the events are stamped with it,
    // and a replay's "now" is the replayed moment's, not the wall clock's.
    , m_clock([] { return SecondClock::clusterTimeAt(QDateTime::currentMSecsSinceEpoch()); })
    , m_zone(QTimeZone::systemTimeZone())
{
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    m_palette = TimelinePalette::fromPalette(palette());
    m_rebuildTimer.setSingleShot(true);
    m_rebuildTimer.setInterval(kRebuildDelayMs);
    connect(&m_rebuildTimer, &QTimer::timeout, this,
            [this] { keepingLanesInView([this] { rebuildNow(); }); });
    m_reorderTimer.setSingleShot(true);
    m_reorderTimer.setInterval(kRebuildDelayMs);
    connect(&m_reorderTimer, &QTimer::timeout, this,
            [this] { keepingLanesInView([this] { applyOrder(); }); });
    m_followTimer.setInterval(kFollowIntervalMs);
    connect(&m_followTimer, &QTimer::timeout, this, &TimelineCanvas::followTick);
    connect(m_store, &EventStore::changed, this, &TimelineCanvas::scheduleRebuild);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(),
            qOverload<>(&QWidget::update));
    m_msPerPx = kDefaultWindowMs / 800;
    m_t0Ms = double(now()) - kDefaultWindowMs;
    m_followTimer.start();
    rebuildNow();
}

TimelineCanvas::~TimelineCanvas() = default;

int TimelineCanvas::plotWidth() const
{
    return plotWidthFor(viewport()->width());
}

int TimelineCanvas::plotWidthFor(int viewportWidth) const
{
    return qMax(1, viewportWidth - gutterWidthFor(viewportWidth));
}

int TimelineCanvas::gutterWidthFor(int viewportWidth) const
{
    const int most =
        qBound(TimelineView::kMinGutterWidth, viewportWidth / 2, TimelineView::kMaxGutterWidth);
    return qMin(m_labelsWidth, most);
}

bool TimelineCanvas::updateGutter()
{
    // Every group label is measured; of a group's objects only the name
    // with the most characters (one measure per group, not per lane: ten
    // thousand pods make ten thousand lanes).
    const QFont labelFont = font();
    int needed = m_labelsWidth;
    const TimelineLane *longest = nullptr;
    const auto measureLongest = [&] {
        if (longest)
            needed = qMax(needed, TimelinePainter::labelWidth(*longest, labelFont));
        longest = nullptr;
    };
    for (const TimelineLane &lane : m_layout.lanes()) {
        if (lane.isGroup()) {
            measureLongest();
            needed = qMax(needed, TimelinePainter::labelWidth(lane, labelFont));
        } else if (!longest || lane.name.size() > longest->name.size()) {
            longest = &lane;
        }
    }
    measureLongest();
    if (needed == m_labelsWidth)
        return false;
    m_labelsWidth = needed;
    return true;
}

qint64 TimelineCanvas::now() const
{
    return m_clock();
}

void TimelineCanvas::setClock(std::function<qint64()> nowMs)
{
    m_clock = std::move(nowMs);
    if (m_followLive)
        followTick();
}

void TimelineCanvas::setTimeZone(const QTimeZone &zone)
{
    m_zone = zone;
    viewport()->update();
}

void TimelineCanvas::setFilter(const TimelineFilter &filter)
{
    m_filter = filter;
    rebuildNow();
}

void TimelineCanvas::setClusters(const QSet<QString> &clusters)
{
    m_filter.clusters = clusters;
    rebuildNow();
}

void TimelineCanvas::setNamespaces(const QSet<QString> &namespaces)
{
    m_filter.namespaces = namespaces;
    rebuildNow();
}

void TimelineCanvas::setObjectUids(const std::optional<QSet<QString>> &uids)
{
    m_filter.objectUids = uids;
    rebuildNow();
}

void TimelineCanvas::setReasons(const QSet<QString> &reasons)
{
    m_filter.reasons = reasons;
    rebuildNow();
}

void TimelineCanvas::setWarningsOnly(bool warningsOnly)
{
    m_filter.warningsOnly = warningsOnly;
    rebuildNow();
}

void TimelineCanvas::scheduleRebuild()
{
    // Hidden (the table is shown): rebuild once when shown, not on every
    // batch of events. A layout of 200k events costs tens of ms.
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    if (!m_rebuildTimer.isActive()) {
        // Keep rebuilds under about a fifth of the GUI thread's time however
        // big the store grows.
        m_rebuildTimer.setInterval(
            int(qMax<qint64>(kRebuildDelayMs, m_lastRebuildNs * 4 / 1'000'000)));
        m_rebuildTimer.start();
    }
}

void TimelineCanvas::showEvent(QShowEvent *event)
{
    QAbstractScrollArea::showEvent(event);
    if (m_stale || m_layout.storeRevision() != m_store->revision())
        keepingLanesInView([this] { rebuildNow(); });
    else // the window moved on while hidden (following live)
        keepingLanesInView([this] { applyOrder(); });
}

void TimelineCanvas::setLaneOrder(LaneOrder order)
{
    if (order == m_laneOrder)
        return;
    m_laneOrder = order;
    keepingLanesInView([this] { applyOrder(); });
}

void TimelineCanvas::scheduleReorder()
{
    // The Name order does not depend on the window; a hidden canvas orders
    // when shown.
    if (m_laneOrder == LaneOrder::Name || !isVisible())
        return;
    // Lanes moving under the cursor while the user drags through time
    // would lose what they follow.
    if (m_pressed) {
        m_reorderAfterDrag = true;
        return;
    }
    if (!m_reorderTimer.isActive())
        m_reorderTimer.start();
}

void TimelineCanvas::applyOrder()
{
    m_reorderTimer.stop();
    if (!m_layout.applyOrder(m_laneOrder, qint64(std::floor(startMs())),
                             qint64(std::ceil(endMs()))))
        return;
    m_hoveredSlot = -1;
    viewport()->update();
}

void TimelineCanvas::keepingLanesInView(const std::function<void()> &change)
{
    QScrollBar *bar = verticalScrollBar();
    const int before = bar->value();
    LaneAnchor anchor;
    anchor.remember(m_layout, before, viewport()->height() - TimelineView::kAxisHeight);
    change();
    if (const std::optional<int> scrollY = anchor.restoredScrollY(m_layout)) {
        bar->setValue(*scrollY);
        // A drag scrolls relative to where it started: from where the
        // lanes went.
        m_pressScrollY += bar->value() - before;
    }
}

void TimelineCanvas::rebuildNow()
{
    m_rebuildTimer.stop();
    m_stale = false;
    QElapsedTimer timer;
    timer.start();
    m_layout.rebuild(*m_store, m_filter, m_collapsed);
    const double end = endMs();
    const bool gutterGrew = updateGutter();
    m_lastRebuildNs = timer.nsecsElapsed();
    m_hoveredSlot = -1;
    updateScrollBar();
    if (m_autoFit) {
        zoomToFit();
    } else if (gutterGrew) {
        // A wider gutter narrows the plot: the right edge (now, when
        // following) stays where it was, as on a resize.
        m_t0Ms = end - m_msPerPx * plotWidth();
        emitRange();
    }
    applyOrder(); // for the window the fit chose
    viewport()->update();
    Q_EMIT layoutRebuilt();
}

void TimelineCanvas::updateScrollBar()
{
    const int content = int(m_layout.laneCount()) * TimelineView::kLaneHeight;
    const int visible = qMax(0, viewport()->height() - TimelineView::kAxisHeight);
    verticalScrollBar()->setPageStep(visible);
    verticalScrollBar()->setSingleStep(TimelineView::kLaneHeight);
    verticalScrollBar()->setRange(0, qMax(0, content - visible));
}

TimelineView TimelineCanvas::view() const
{
    TimelineView v;
    v.t0Ms = m_t0Ms;
    v.msPerPx = m_msPerPx;
    v.width = viewport()->width();
    v.height = viewport()->height();
    v.scrollY = verticalScrollBar()->value();
    v.gutterWidth = gutterWidthFor(v.width);
    v.hoveredLane = m_hoveredLane;
    v.hoveredSlot = m_hoveredSlot;
    v.selectedObject = m_selectedObject;
    v.emptyText = m_emptyText;
    v.nowMs = now();
    v.zone = m_zone;
    v.watchGaps = m_watchGaps.gaps();
    return v;
}

void TimelineCanvas::paintEvent(QPaintEvent *)
{
    QElapsedTimer timer;
    timer.start();
    QPainter painter(viewport());
    m_painter.paint(painter, m_layout, view(), m_palette, font(), devicePixelRatioF());
    m_lastPaintNs = timer.nsecsElapsed();
}

void TimelineCanvas::resizeEvent(QResizeEvent *event)
{
    // Keep the right edge (now, in follow mode) and the scale. This is the
    // viewport's resize, and it already has its new width: the edge is where
    // the old width put it.
    const double end = event->oldSize().width() > 0
                           ? m_t0Ms + m_msPerPx * plotWidthFor(event->oldSize().width())
                           : endMs();
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
    if (m_autoFit) {
        zoomToFit();
    } else if (m_followLive) {
        followTick();
    } else {
        m_t0Ms = end - m_msPerPx * plotWidth();
        emitRange();
    }
}

void TimelineCanvas::setVisibleRange(double startMs, double endMs)
{
    if (endMs <= startMs)
        return;
    m_autoFit = false;
    m_msPerPx = (endMs - startMs) / plotWidth();
    m_t0Ms = startMs;
    clampZoom();
    if (m_followLive && std::abs(this->endMs() - double(now())) > m_msPerPx * plotWidth() * 0.1)
        setFollowLive(false);
    emitRange();
}

void TimelineCanvas::zoomToFit()
{
    double first = m_layout.firstMs();
    double last = m_layout.lastMs();
    if (first < 0) {
        last = double(now());
        first = last - kDefaultWindowMs;
    }
    // Following, the right edge is now's (followTick): events stamped after
    // now are out of view anyway, and any other edge would move at the tick.
    if (m_followLive)
        last = double(now());
    first = qMin(first, last);
    const double span = qMax(last - first, 60'000.0); // at least a minute
    m_msPerPx = span / (1 - kLeftMarginRatio - kRightMarginRatio) / plotWidth();
    clampZoom();
    // Placed from the right: when the zoom is clamped (a stray event from
    // 1970 next to today's) the window shows the newest events, not the
    // oldest stretch.
    setRightEdge(last);
    emitRange();
}

void TimelineCanvas::zoomBy(double factor, double anchorX)
{
    if (factor <= 0)
        return;
    m_autoFit = false;
    const int left = gutterWidthFor(viewport()->width());
    const double anchorMs = m_t0Ms + (anchorX - left) * m_msPerPx;
    m_msPerPx /= factor;
    clampZoom();
    m_t0Ms = anchorMs - (anchorX - left) * m_msPerPx;
    if (m_followLive) {
        // Zooming keeps following: now stays at the right edge.
        followTick();
        return;
    }
    emitRange();
}

void TimelineCanvas::clampZoom()
{
    m_msPerPx = std::clamp(m_msPerPx, kMinMsPerPx, kMaxMsPerPx);
}

void TimelineCanvas::emitRange()
{
    viewport()->update();
    scheduleReorder();
    Q_EMIT visibleRangeChanged(startMs(), endMs());
}

void TimelineCanvas::setFollowLive(bool follow)
{
    if (m_followLive == follow)
        return;
    m_followLive = follow;
    if (follow)
        followTick();
    Q_EMIT followLiveChanged(follow);
}

void TimelineCanvas::followTick()
{
    if (!m_followLive) {
        viewport()->update(); // the "now" line still moves
        return;
    }
    setRightEdge(double(now()));
    emitRange();
}

void TimelineCanvas::setRightEdge(double anchorMs)
{
    const double width = m_msPerPx * plotWidth();
    m_t0Ms = anchorMs + width * kRightMarginRatio - width;
}

void TimelineCanvas::userMovedView()
{
    m_autoFit = false;
    setFollowLive(false);
}

void TimelineCanvas::setGroupCollapsed(const QString &groupKey, bool collapsed)
{
    if (collapsed == m_collapsed.contains(groupKey))
        return;
    if (collapsed)
        m_collapsed.insert(groupKey);
    else
        m_collapsed.remove(groupKey);
    const bool autoFit = m_autoFit;
    m_autoFit = false; // collapsing must not move the time window
    rebuildNow();
    m_autoFit = autoFit;
}

void TimelineCanvas::setEmptyText(const QString &text)
{
    if (text == m_emptyText)
        return;
    m_emptyText = text;
    viewport()->update();
}

void TimelineCanvas::setObjectEndLookup(ObjectEndLookup lookup)
{
    m_objectEnd = std::move(lookup);
}

void TimelineCanvas::setSelectedObject(const QString &keyOrUid)
{
    m_selectedObject = keyOrUid;
    const int lane = m_layout.laneOfObject(keyOrUid);
    if (lane >= 0) {
        const int top = lane * TimelineView::kLaneHeight;
        QScrollBar *bar = verticalScrollBar();
        if (top < bar->value() || top + TimelineView::kLaneHeight > bar->value() + bar->pageStep())
            bar->setValue(top - bar->pageStep() / 2);
    }
    viewport()->update();
}

const LaneItem *TimelineCanvas::itemAt(const QPoint &pos, int *laneOut) const
{
    const TimelineView v = view();
    const int lane = v.laneAt(pos.y());
    if (laneOut)
        *laneOut = lane;
    if (lane < 0 || lane >= m_layout.laneCount() || pos.x() < v.plotLeft())
        return nullptr;
    const double t = v.timeForX(pos.x());
    const auto tolerance = qint64(std::ceil(kHoverTolerancePx * m_msPerPx));
    return TimelineLayout::itemAt(m_layout.lane(lane), qint64(t), tolerance);
}

QString TimelineCanvas::elidedLabelAt(const QPoint &pos) const
{
    const TimelineView v = view();
    const int lane = v.laneAt(pos.y());
    if (pos.x() >= v.plotLeft() || lane < 0 || lane >= m_layout.laneCount())
        return {};
    const TimelineLane &l = m_layout.lane(lane);
    if (TimelinePainter::labelWidth(l, font()) <= v.plotLeft())
        return {};
    return TimelinePainter::labelText(l);
}

QString TimelineCanvas::earlierLaneToolTipAt(const QPoint &pos) const
{
    const TimelineView v = view();
    const int index = v.laneAt(pos.y());
    if (pos.x() >= v.plotLeft() || index < 0 || index >= m_layout.laneCount())
        return {};
    const TimelineLane &lane = m_layout.lane(index);
    if (!lane.earlier || lane.items.empty())
        return {};
    // The next object under its name: the lane whose events start first
    // after this one's (the lanes of one name are few).
    const qint64 firstMs = lane.items.front().startMs;
    qint64 nextFirstMs = -1;
    for (const TimelineLane &other : m_layout.lanes()) {
        if (other.isGroup() || other.items.empty() || other.name != lane.name ||
            other.objectKind != lane.objectKind || other.namespaceName != lane.namespaceName ||
            other.cluster != lane.cluster || other.key == lane.key)
            continue;
        const qint64 otherFirstMs = other.items.front().startMs;
        if (otherFirstMs >= firstMs && (nextFirstMs < 0 || otherFirstMs < nextFirstMs))
            nextFirstMs = otherFirstMs;
    }
    const EarlierObject end = m_objectEnd ? m_objectEnd(lane.object()) : EarlierObject();
    return earlierLaneToolTip(lane, end, nextFirstMs, m_zone);
}

void TimelineCanvas::setEventsStatus(const InformerStatus &status)
{
    if (m_watchGaps.observe(status, now()))
        viewport()->update();
}

const WatchGap *TimelineCanvas::watchGapAt(const QPoint &pos) const
{
    const TimelineView v = view();
    if (pos.x() < v.plotLeft())
        return nullptr;
    // As drawn: at least TimelinePainter::kMinWatchGapPx wide.
    for (const WatchGap &gap : m_watchGaps.gaps()) {
        const double left = v.xForTime(double(gap.startMs));
        const double right =
            qMax(v.xForTime(double(gap.endOr(v.nowMs))), left + TimelinePainter::kMinWatchGapPx);
        if (pos.x() >= std::floor(left) && pos.x() <= std::ceil(right))
            return &gap;
    }
    return nullptr;
}

void TimelineCanvas::showToolTip(const QPoint &pos, const QPoint &globalPos)
{
    if (const QString earlier = earlierLaneToolTipAt(pos); !earlier.isEmpty()) {
        QToolTip::showText(globalPos, earlier, viewport());
        return;
    }
    // A click only selects: the way to the object's table is told where
    // the user points at it.
    const QString followHint = tr("Double-click or Enter: show it in its table");
    const TimelineView v = view();
    const int labelLane = pos.x() < v.plotLeft() ? v.laneAt(pos.y()) : -1;
    if (labelLane >= 0 && labelLane < m_layout.laneCount()) {
        const TimelineLane &lane = m_layout.lane(labelLane);
        if (TimelinePainter::countBadgeRect(lane, v.laneTop(labelLane), v, font()).contains(pos)) {
            QToolTip::showText(globalPos, TimelinePainter::countBadgeToolTip(lane), viewport());
            return;
        }
        // A label too long for the gutter's maximum: whole in its tooltip.
        const QString label = elidedLabelAt(pos);
        QString text = label;
        if (!lane.isGroup())
            text = label.isEmpty() ? followHint : label + u'\n' + followHint;
        if (!text.isEmpty()) {
            QToolTip::showText(globalPos, text, viewport());
            return;
        }
    }
    int itemLane = -1;
    const LaneItem *item = itemAt(pos, &itemLane);
    // The store may have given the slot to another event since the layout
    // was built (it is rebuilt after a delay).
    if (!item || !m_store->holds(item->slot, item->generation)) {
        // An event's tooltip wins: the shade is under every event of the gap.
        if (const WatchGap *gap = watchGapAt(pos))
            QToolTip::showText(globalPos, watchGapToolTip(*gap, m_zone), viewport());
        else
            QToolTip::hideText();
        return;
    }
    QString text = eventToolTip(m_store->at(item->slot), now(), m_zone);
    if (!m_layout.lane(itemLane).earlier)
        text += QStringLiteral("<br/><i>%1</i>").arg(followHint.toHtmlEscaped());
    QToolTip::showText(globalPos, text, viewport());
}

void TimelineCanvas::handleClick(const QPoint &pos)
{
    int laneIndex = -1;
    const LaneItem *item = itemAt(pos, &laneIndex);
    if (laneIndex < 0 || laneIndex >= m_layout.laneCount())
        return;
    const TimelineLane &lane = m_layout.lane(laneIndex);
    if (lane.isGroup() && (!item || pos.x() < gutterWidthFor(viewport()->width()))) {
        setGroupCollapsed(lane.groupKey(), !lane.collapsed);
        return;
    }
    m_clicked = objectAt(pos);
    if (!m_clicked)
        return;
    m_selectedObject = m_clicked->key;
    viewport()->update();
    Q_EMIT objectSelected(m_clicked->object);
}

std::optional<TimelineCanvas::ClickedObject> TimelineCanvas::objectAt(const QPoint &pos) const
{
    int laneIndex = -1;
    const LaneItem *item = itemAt(pos, &laneIndex);
    if (laneIndex < 0 || laneIndex >= m_layout.laneCount())
        return std::nullopt;
    const TimelineLane &lane = m_layout.lane(laneIndex);
    if (!lane.isGroup())
        return ClickedObject{lane.key, lane.object()};
    // A collapsed group's marker is the object of its event, if the slot
    // still holds that event.
    if (!item || pos.x() < gutterWidthFor(viewport()->width()) ||
        !m_store->holds(item->slot, item->generation))
        return std::nullopt;
    InvolvedObject object = m_store->at(item->slot).object;
    object.uid = knownObjectUid(object);
    return ClickedObject{objectKey(object), object};
}

std::optional<InvolvedObject> TimelineCanvas::selectedLaneObject() const
{
    if (m_selectedObject.isEmpty())
        return std::nullopt;
    // A marker of a collapsed group has no lane of its own.
    if (m_clicked && m_clicked->key == m_selectedObject)
        return m_clicked->object;
    const int lane = m_layout.laneOfObject(m_selectedObject);
    if (lane < 0 || lane >= m_layout.laneCount() || m_layout.lane(lane).isGroup())
        return std::nullopt;
    return m_layout.lane(lane).object();
}

void TimelineCanvas::activate(const InvolvedObject &object)
{
    Q_EMIT objectActivated(object.kind, object.namespaceName, object.name, object.uid,
                           object.apiVersion, object.cluster);
}

void TimelineCanvas::wheelEvent(QWheelEvent *event)
{
    const QPoint angle = event->angleDelta();
    if (event->modifiers() & Qt::ShiftModifier || angle.x() != 0) {
        const int delta = angle.x() != 0 ? angle.x() : angle.y();
        if (event->modifiers() & Qt::ShiftModifier) {
            verticalScrollBar()->setValue(verticalScrollBar()->value() - delta / 2);
        } else {
            userMovedView();
            m_t0Ms -= delta / 120.0 * 40 * m_msPerPx;
            emitRange();
        }
        event->accept();
        return;
    }
    zoomBy(std::pow(1.2, angle.y() / 120.0), event->position().x());
    event->accept();
}

void TimelineCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position().toPoint();
    m_pressT0Ms = m_t0Ms;
    m_pressScrollY = verticalScrollBar()->value();
}

void TimelineCanvas::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (m_pressed) {
        const QPoint delta = pos - m_pressPos;
        if (!m_dragging && delta.manhattanLength() >= kDragThresholdPx) {
            m_dragging = true;
            viewport()->setCursor(Qt::ClosedHandCursor);
        }
        if (m_dragging) {
            if (delta.x() != 0 || m_followLive)
                userMovedView();
            m_t0Ms = m_pressT0Ms - delta.x() * m_msPerPx;
            verticalScrollBar()->setValue(m_pressScrollY - delta.y());
            emitRange();
        }
        return;
    }
    int lane = -1;
    const LaneItem *item = itemAt(pos, &lane);
    const qint32 slot = item ? item->slot : -1;
    if (slot != m_hoveredSlot || lane != m_hoveredLane) {
        m_hoveredSlot = slot;
        m_hoveredLane = lane;
        viewport()->setCursor(slot >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    }
}

void TimelineCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    m_pressed = false;
    if (std::exchange(m_reorderAfterDrag, false))
        scheduleReorder();
    if (m_dragging) {
        m_dragging = false;
        viewport()->setCursor(Qt::ArrowCursor);
        return;
    }
    handleClick(event->position().toPoint());
}

void TimelineCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mouseDoubleClickEvent(event);
    // The first click selected the lane (or folded its group); the second
    // follows it, and is no click of its own: a group would unfold again.
    m_pressed = false;
    if (const std::optional<ClickedObject> clicked = objectAt(event->position().toPoint()))
        activate(clicked->object);
}

void TimelineCanvas::keyPressEvent(QKeyEvent *event)
{
    const double centre = gutterWidthFor(viewport()->width()) + plotWidth() / 2.0;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.5, centre);
        return;
    case Qt::Key_Minus:
        zoomBy(1 / 1.5, centre);
        return;
    case Qt::Key_Home:
        m_autoFit = true;
        zoomToFit();
        return;
    case Qt::Key_F:
        setFollowLive(!m_followLive);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (const std::optional<InvolvedObject> object = selectedLaneObject()) {
            activate(*object);
            return;
        }
        QAbstractScrollArea::keyPressEvent(event);
        return;
    default:
        QAbstractScrollArea::keyPressEvent(event);
    }
}

bool TimelineCanvas::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        showToolTip(help->pos(), help->globalPos());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void TimelineCanvas::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        m_palette = TimelinePalette::fromPalette(palette());
        viewport()->update();
    }
    if (event->type() == QEvent::FontChange) {
        // Labels measured with the old font: measured again.
        m_labelsWidth = TimelineView::kMinGutterWidth;
        updateGutter();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

} // namespace informant
