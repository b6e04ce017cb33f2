#pragma once

// TimelineWidget: the event timeline as the main window shows it: a toolbar
// (follow live, zoom to fit, zoom in/out, warnings only, a reason filter menu,
// the lane order, a summary of what is shown) above a TimelineCanvas. The
// lane order is remembered (QSettings `timeline/laneOrder`).
//
// Mounting: create one EventStore per window, feed it the events informer's
// ChangeBatches (EventStore::applyBatch; a window of several clusters, their
// merged events), give it to this widget. The filter pane's choice goes to
// setClusters()/setNamespaces()/setObjectUids(); a lane clicked arrives as
// objectSelected(object) (the details pane shows it), a lane followed
// (double-click or Enter) as objectActivated(kind, namespace, name, uid,
// apiVersion, cluster). Given
// the events informer (setEventsSource), it says when the events are not
// fresh: a forbidden or failing watch must not read as "no events". GUI
// thread.

#include "models/timeline/eventstore.h"
#include "models/timeline/laneorder.h"

#include <QWidget>

#include <optional>

class QToolButton;
class QMenu;

namespace informant {

class ElidedLabel;
class FreshnessBanner;
class KindSource;
class TimelineCanvas;

class TimelineWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineWidget)

public:
    explicit TimelineWidget(EventStore *store, QWidget *parent = nullptr);
    ~TimelineWidget() override;

    TimelineCanvas *canvas() const { return m_canvas; }
    FreshnessBanner *banner() const { return m_banner; }
    // What the plot says while it shows nothing: the events' state when
    // there are none, else that the filter hides them.
    QString emptyText() const;

    // The informer that feeds the store (null: none), for its freshness.
    void setEventsSource(KindSource *source);

    // The filter pane's selection: clusters in a window of several and
    // namespaces (empty = all) and, when labels are chosen, the uids of the
    // matching objects (nullopt = no label filter).
    void setClusters(const QSet<QString> &clusters);
    void setNamespaces(const QSet<QString> &namespaces);
    void setObjectUids(const std::optional<QSet<QString>> &uids);
    // Shown beside the counts ("ns: shop · app: web"); empty: no filter.
    void setScopeDescription(const QString &description);
    QString summaryText() const;
    // Highlights the object's lane (selection made in a table).
    void setSelectedObject(const QString &keyOrUid);

Q_SIGNALS:
    // `apiVersion` as the events name it (it tells a Knative Service from a
    // core one); empty when they do not. `cluster`: the events' cluster in a
    // window of several (InvolvedObject::cluster), else empty.
    void objectActivated(const QString &kind, const QString &namespaceName, const QString &name,
                         const QString &uid, const QString &apiVersion,
                         const QString &cluster = QString());
    // A lane clicked (or a collapsed group's marker): its object, uid as the
    // lane knows it (knownObjectUid). Not for a selection made in a table.
    void objectSelected(const informant::InvolvedObject &object);

private:
    void fillReasonMenu();
    void updateSummary();
    void updateReasonButton();
    void updateFreshness();
    void setLaneOrder(LaneOrder order);

    EventStore *m_store;
    KindSource *m_source = nullptr;
    TimelineCanvas *m_canvas;
    QToolButton *m_follow;
    QToolButton *m_warningsOnly;
    QToolButton *m_reasons;
    QMenu *m_reasonMenu;
    QToolButton *m_orderByActivity;
    QToolButton *m_orderByName;
    ElidedLabel *m_summary; // elided: a long filter must not widen the window's centre
    FreshnessBanner *m_banner;
    QSet<QString> m_selectedReasons;
    QString m_scope;
};

} // namespace informant
