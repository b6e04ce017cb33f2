#pragma once

// TimelineCanvas: the custom-painted event timeline. One lane per involved
// object, grouped by namespace and kind (click a group row to collapse it),
// a time axis readable from milliseconds to weeks, Normal/Warning markers,
// series as spans with their count.
//
// Interaction: wheel zooms around the cursor (Shift+wheel scrolls lanes),
// drag pans, hover shows the event (reason, message, count, times). A click
// selects an object lane; a double-click or Enter follows it (objectActivated),
// as its label's and its events' tooltips say: a click that only meant to
// focus the timeline must not leave it. An earlier object's lane (another
// object now holds its name) is faded, tagged "(earlier)", and its label's
// tooltip says which it was and how it went (setObjectEndLookup). Follow-live keeps "now" at the
// right edge; panning or zooming away from now turns it off. The times the
// events watch was down are shaded, explained in their tooltip (setEventsStatus).
//
// It only paints and handles input: the lanes come from a TimelineLayout
// rebuilt when the filter changes and, coalesced, when the EventStore does
// (at most every kRebuildDelayMs, or 4x the last rebuild's time if longer;
// never while hidden: once when shown instead). GUI thread only; the store must outlive the canvas.
//
// The lanes are in a LaneOrder (laneorder.h), Activity by default. The
// activity order depends on the time window too: it is applied with each
// rebuild and, coalesced as rebuilds are, when the window moves (not while
// the user drags it: when the drag ends). Whenever store changes or the
// order move lanes, the lanes in view stay where they are on screen
// (laneanchor.h).

#include "models/history/historystore.h"
#include "models/timeline/eventstore.h"
#include "models/timeline/timelinefilter.h"
#include "models/timeline/timelinelayout.h"
#include "models/timeline/watchgaps.h"
#include "ui/timeline/timelinepainter.h"

#include <QAbstractScrollArea>
#include <QPoint>
#include <QTimer>

#include <functional>
#include <optional>

namespace informant {

class TimelineCanvas final : public QAbstractScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineCanvas)

public:
    static constexpr int kRebuildDelayMs = 50;
    static constexpr double kMinMsPerPx = 0.05;
    static constexpr double kMaxMsPerPx = 6.0 * 3600 * 1000; // a quarter day per pixel
    static constexpr int kHoverTolerancePx = 6;

    explicit TimelineCanvas(EventStore *store, QWidget *parent = nullptr);
    ~TimelineCanvas() override;

    // Filters (the filter pane's namespaces and label-matching uids, the
    // reason filter, warnings only). Each rebuilds the layout at once.
    void setFilter(const TimelineFilter &filter);
    const TimelineFilter &filter() const { return m_filter; }
    void setClusters(const QSet<QString> &clusters);
    void setNamespaces(const QSet<QString> &namespaces);
    void setObjectUids(const std::optional<QSet<QString>> &uids);
    void setReasons(const QSet<QString> &reasons);
    void setWarningsOnly(bool warningsOnly);

    // The time window. setVisibleRange() and zoom/pan stop auto-fitting.
    void setVisibleRange(double startMs, double endMs);
    double startMs() const { return m_t0Ms; }
    double endMs() const { return m_t0Ms + m_msPerPx * plotWidth(); }
    double msPerPx() const { return m_msPerPx; }
    void zoomBy(double factor, double anchorX); // anchorX in viewport pixels
    void zoomToFit();                           // all matching events (and now)

    bool followLive() const { return m_followLive; }
    void setFollowLive(bool follow);
    void setClock(std::function<qint64()> nowMs); // for tests; default: the cluster's time
    void setTimeZone(const QTimeZone &zone);

    void setLaneOrder(LaneOrder order);
    LaneOrder laneOrder() const { return m_laneOrder; }

    // How an object went, as far as the watch saw it (the window's History
    // knows): asked when an earlier object's label is hovered. None: the
    // tooltip tells what the events do.
    using ObjectEndLookup = std::function<EarlierObject(const InvolvedObject &object)>;
    void setObjectEndLookup(ObjectEndLookup lookup);

    void setGroupCollapsed(const QString &groupKey, bool collapsed);
    // Highlights and scrolls to the lane of the object with this key
    // (objectKey()) or uid.
    void setSelectedObject(const QString &keyOrUid);
    QString selectedObject() const { return m_selectedObject; }
    // The events informer's status, as it changes: the times its watch was
    // down are shaded on the axis, their tooltip saying events of that time
    // may be missing (watchgaps.h). Timed by the canvas's clock.
    void setEventsStatus(const InformerStatus &status);
    const QList<WatchGap> &watchGaps() const { return m_watchGaps.gaps(); }
    // What the plot says when it shows no lane.
    void setEmptyText(const QString &text);
    QString emptyText() const { return m_emptyText; }

    // Rebuilds the layout now instead of after kRebuildDelayMs.
    void rebuildNow();
    const TimelineLayout &layout() const { return m_layout; }
    TimelineView view() const; // geometry in viewport coordinates
    qint64 lastPaintNs() const { return m_lastPaintNs; }

Q_SIGNALS:
    // `apiVersion` as the events name it (it tells a Knative Service from a
    // core one); empty when they do not. `cluster`: the events' cluster in a
    // window of several (InvolvedObject::cluster), else empty.
    void objectActivated(const QString &kind, const QString &namespaceName, const QString &name,
                         const QString &uid, const QString &apiVersion,
                         const QString &cluster = QString());
    // A click selected the lane of `object` (or a collapsed group's marker
    // of it); setSelectedObject() does not emit it.
    void objectSelected(const informant::InvolvedObject &object);
    void visibleRangeChanged(double startMs, double endMs);
    void followLiveChanged(bool follow);
    void layoutRebuilt(); // lanes or items changed

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    int plotWidth() const;
    int plotWidthFor(int viewportWidth) const;
    // The lane labels' column for this viewport width: what the labels
    // need, within TimelineView's bounds.
    int gutterWidthFor(int viewportWidth) const;
    // Grows the width the labels need to the lanes' (it never shrinks, so
    // the plot does not jump when a lane comes and goes); true if it grew.
    bool updateGutter();
    QString elidedLabelAt(const QPoint &pos) const; // empty unless elided
    // An earlier object's label at `pos`: which object, how it went; else empty.
    QString earlierLaneToolTipAt(const QPoint &pos) const;
    // The watch gap drawn at `pos`'s x (on the axis or the lanes); null if none.
    const WatchGap *watchGapAt(const QPoint &pos) const;
    qint64 now() const;
    void scheduleRebuild();
    void scheduleReorder();
    // Puts the lanes in m_laneOrder for the window shown now.
    void applyOrder();
    // Runs `change` (a rebuild or a re-order) keeping the lanes in view
    // where they are on screen.
    void keepingLanesInView(const std::function<void()> &change);
    void updateScrollBar();
    void followTick();
    // Puts the window's right edge a margin right of anchorMs, at this zoom.
    void setRightEdge(double anchorMs);
    void userMovedView();
    void clampZoom();
    void emitRange();
    void showToolTip(const QPoint &pos, const QPoint &globalPos);
    void handleClick(const QPoint &pos);
    // The object a click at `pos` is on: an object lane's, or the event's of
    // a group's marker (if its slot still holds it); none on a group's label
    // or below the lanes. `key`: m_selectedObject's for it.
    struct ClickedObject
    {
        QString key;
        InvolvedObject object;
    };
    std::optional<ClickedObject> objectAt(const QPoint &pos) const;
    // The selected lane's object (Enter follows it); none when no lane is.
    std::optional<InvolvedObject> selectedLaneObject() const;
    void activate(const InvolvedObject &object);
    const LaneItem *itemAt(const QPoint &pos, int *laneOut = nullptr) const;

    EventStore *m_store;
    TimelineFilter m_filter;
    QSet<QString> m_collapsed;
    TimelineLayout m_layout;
    TimelinePainter m_painter;
    TimelinePalette m_palette;
    QTimer m_rebuildTimer;
    QTimer m_reorderTimer;
    LaneOrder m_laneOrder = LaneOrder::Activity;
    bool m_reorderAfterDrag = false;
    QTimer m_followTimer;
    std::function<qint64()> m_clock;
    ObjectEndLookup m_objectEnd;
    WatchGaps m_watchGaps;
    QTimeZone m_zone;
    double m_t0Ms = 0;
    double m_msPerPx = 1000;
    int m_labelsWidth = TimelineView::kMinGutterWidth; // needed by the widest label
    bool m_followLive = true;
    bool m_autoFit = true; // until the user chooses a window
    QString m_selectedObject;
    std::optional<ClickedObject> m_clicked; // the lane or marker last clicked
    QString m_emptyText = tr("No events match the current filter");
    int m_hoveredLane = -1;
    qint32 m_hoveredSlot = -1;
    QPoint m_pressPos;
    double m_pressT0Ms = 0;
    int m_pressScrollY = 0;
    bool m_dragging = false;
    bool m_pressed = false;
    qint64 m_lastPaintNs = 0;
    qint64 m_lastRebuildNs = 0;
    bool m_stale = false; // the store changed while hidden
};

} // namespace informant
