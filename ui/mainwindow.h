#pragma once

// MainWindow: one window per open context. Sidebar with the context switcher
// and the resource tree (live counts), the resource table in the centre, and
// dockable filter pane, details pane and informers panel. The status bar
// always shows how fresh the current table is and how the other informers
// are doing. Keyboard: Ctrl+K or `:` kind switcher, `/` quick filter, Ctrl+L
// selector, Esc clears, arrows, Home/End and Enter for details, Alt+Left and Alt+Right
// (Backspace in the table, the mouse's buttons) back and forward.

#include "informer/informers/informerstatus.h"
#include "models/kindinfo.h"
#include "models/timeline/timelineevent.h"
#include "models/timeline/timelinescope.h"
#include "ui/watchedkinds.h"

#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QDockWidget;
class QProgressBar;
class QToolButton;
class QStackedWidget;

namespace informant {

class ClusterSession;
class DetailsPane;
class FilterPane;
class InformerStatusModel;
class InformersPanel;
class KindSource;
class KindSwitcher;
class KubeObject;
struct NavigationPlace;
class ResourceTreeModel;
class ResourceView;
class BenchRecorder;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    // `contexts`: every context of the merged kubeconfig; choosing another one
    // calls `openContext` (the application opens or raises its window).
    MainWindow(ClusterSession *session, const QStringList &contexts,
               std::function<void(const QString &)> openContext, QWidget *parent = nullptr);
    ~MainWindow() override;

    ClusterSession *session() const { return m_session; }
    // The kind last shown in the cluster named `cluster` (its session's
    // name), which a window on it opens on; empty for a cluster not seen.
    static QString lastKindShownIn(const QString &cluster);
    bool showKind(const KindInfo &kind);
    bool showKindByName(const QString &name);
    // Shows the kind `name` names, as --kind asks: at once when it is among
    // the kinds known, else when discovery brings it. When the cluster has
    // no such kind, the table says so and shows the closest kind instead
    // ("podz": pods), or the one it showed.
    void showKindNamed(const QString &name);
    KindInfo currentKind() const { return m_kind; }
    // Selects the first row once the table has rows (screenshots, demos).
    void selectFirstRowWhenPopulated();
    void setBenchRecorder(BenchRecorder *recorder);
    void openKindSwitcher(const QString &initialText = {});
    // Which kinds keep an informer besides the shown one (the tree's counts);
    // applies now and whenever discovery changes the kinds.
    void setWatchedKinds(WatchedKinds kinds);

    ResourceView *resourceView() const { return m_view; }
    FilterPane *filterPane() const { return m_filter; }
    DetailsPane *detailsPane() const { return m_details; }
    ResourceTreeModel *treeModel() const;
    InformerStatusModel *informerModel() const { return m_statusModel; }
    KindSwitcher *kindSwitcher() const { return m_switcher; }
    // The event timeline in place of the table (--view timeline, Ctrl+T).
    void setTimelineVisible(bool visible);
    bool timelineVisible() const;
    class TimelineWidget *timeline() const { return m_timeline; }
    // What the cluster's credential plugin asks of the user, above the table.
    class SignInBanner *signInBanner() const { return m_signIn; }
    QString statusText() const;
    QProgressBar *listProgress() const;
    QToolButton *reconnectAllButton() const;
    // The status bar's word on all the informers ("27 informers watching").
    QString informersSummaryText() const;
    // What the window could not do as asked ("No kind "podz"…"), above the
    // table and the timeline alike; kept until another kind is shown.
    class NoticeBar *noticeBar() const { return m_notice; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildSidebar(const QStringList &contexts,
                      std::function<void(const QString &)> openContext);
    void buildDocks();
    // The docks' sizes on a first start (no saved state).
    void layOutDocksAfresh();
    void buildMenus(const QStringList &contexts, std::function<void(const QString &)> openContext);
    void buildShortcuts();
    void onKindsChanged();
    // The details pane, History and the timeline's highlight follow the
    // table's current object (null: none), unless the details show a lane.
    void showObject(const KubeObject &object);
    // The details pane, History and the status bar show `object` of `source`
    // (null: the table's; of the kind `kindId`, in `cluster` in a window of
    // several).
    void showDetails(KindSource *source, const QString &kindId, const QString &cluster,
                     const KubeObject &object);
    // A lane followed (double-click, Enter): its object selected in its
    // kind's table, unless it is known to be gone.
    void followLane(const InvolvedObject &object);
    // A lane clicked: the details pane follows its object (LaneObjects,
    // FollowedObject) while the timeline is shown.
    void showLaneObject(const InvolvedObject &object);
    void showLaneState(const KubeObject &object, bool gone);
    bool detailsShowLane() const;
    // The table's current row left it (m_goneRow): its last state, marked,
    // unless the details show a lane.
    void showGoneRow();
    void watchSource(KindSource *source);
    void startWatchedKinds();
    // The filter pane's namespaces and labels applied to the timeline.
    void updateTimelineScope();
    // The tree's current row: the kind the table shows, none over the
    // timeline.
    void highlightShownKind();
    // The source whose freshness the status bar shows.
    KindSource *shownSource() const;
    void refreshStatusBar();
    // The shown custom kind's CRD changed: its columns may have.
    void onCrdsChanged();
    // Where Back and Forward return to: the kind, the view, its selection.
    NavigationPlace currentPlace() const;
    void goToPlace(const NavigationPlace &place);

    ClusterSession *m_session;
    KindInfo m_kind;
    // The cluster of the object the details pane shows, in a window of
    // several (its row's); empty in a window of one.
    QString m_detailsCluster;
    ResourceView *m_view;
    FilterPane *m_filter;
    DetailsPane *m_details;
    InformerStatusModel *m_statusModel;
    InformersPanel *m_informers;
    class ClusterSidebar *m_sidebar = nullptr; // the context switcher and the kind tree
    KindSwitcher *m_switcher;
    class StatusBarFields *m_statusFields = nullptr;
    // Every count outside the table, and its freshness.
    class CountsPresenter *m_counts = nullptr;
    QDockWidget *m_filterDock = nullptr;
    QDockWidget *m_detailsDock = nullptr;
    QDockWidget *m_informersDock = nullptr;
    QDockWidget *m_sidebarDock = nullptr;
    class DockSizeKeeper *m_dockSizes = nullptr;
    BenchRecorder *m_bench = nullptr;
    WatchedKinds m_watchedKinds = watchedKindsChoice({});
    // Event timeline and per-object history, fed from the same sources.
    class EventStore *m_eventStore = nullptr;
    class TimelineWidget *m_timeline = nullptr;
    class TimelineFacets *m_timelineFacets = nullptr; // the filter pane's, over the timeline
    class HistoryStore *m_history = nullptr;
    class HistoryWidget *m_historyWidget = nullptr;
    std::unique_ptr<class LaneObjects> m_lanes;
    // The object of the lane clicked last, while the details show it.
    class FollowedObject *m_laneObject = nullptr;
    InvolvedObject m_shownLane;
    KindInfo m_shownLaneKind;
    bool m_detailsShowLane = false; // over the timeline: the lane clicked last
    struct GoneRow
    {
        KubeObject lastState;
        bool deleted = false; // else hidden by the filters
    };
    std::optional<GoneRow> m_goneRow;
    QStackedWidget *m_centre = nullptr;
    class SignInBanner *m_signIn = nullptr;
    class NoticeBar *m_notice = nullptr;
    KindSource *m_eventsFed = nullptr;
    class CrdLookup *m_crds = nullptr; // the custom kinds' printer columns
    // resourceVersion of the CRD whose printer columns the table shows; empty
    // when it shows the kind's built-in or default columns.
    QString m_shownCrdVersion;
    // Kinds asked for by name, owner links, selections waiting for rows.
    class ObjectNavigator *m_navigator = nullptr;
    class NavigationHistory *m_navigation = nullptr;    // Back and Forward
    class MetadataOnlyAction *m_metadataOnly = nullptr; // View menu, for the shown kind
    LabelledObjects m_timelineLabelled;                 // the filter's labels, over the timeline
    bool m_timelineScopeStale = false; // the caches changed since the labelled objects were found
};

} // namespace informant
