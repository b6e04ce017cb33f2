#include "ui/mainwindow.h"

#include "models/clusterrowkey.h"
#include "models/clustersession.h"
#include "models/crdlookup.h"
#include "models/followedobject.h"
#include "models/history/historystore.h"
#include "models/informerstatusmodel.h"
#include "models/multiclustersession.h"
#include "models/objectread.h"
#include "models/resourcecategory.h"
#include "models/resourcetablemodel.h"
#include "models/resourcetreemodel.h"
#include "models/rowformatter.h"
#include "models/secondclock.h"
#include "models/timeline/eventstore.h"
#include "models/timeline/objectidentity.h"
#include "models/timeline/timelinescope.h"
#include "ui/benchrecorder.h"
#include "ui/clustersidebar.h"
#include "ui/countspresenter.h"
#include "ui/detailspane.h"
#include "ui/docksizekeeper.h"
#include "ui/filterpane.h"
#include "ui/helpmenu.h"
#include "ui/history/historywidget.h"
#include "ui/informerspanel.h"
#include "ui/kindswitcher.h"
#include "ui/managedfieldsoption.h"
#include "ui/metadataonlyaction.h"
#include "ui/metadataonlybar.h"
#include "ui/namespacechoice.h"
#include "ui/navigationhistory.h"
#include "ui/noticebar.h"
#include "ui/objectnavigator.h"
#include "ui/resources.h"
#include "ui/resourceview.h"
#include "ui/signinbanner.h"
#include "ui/statusbarfields.h"
#include "ui/theme.h"
#include "ui/thememenu.h"
#include "ui/timeline/laneobjects.h"
#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinefacets.h"
#include "ui/timeline/timelinewidget.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include <utility>

namespace informant {

namespace {

// A first window's size, on a screen with room for it.
constexpr QSize kFreshWindowSize(1440, 860);
// Of the docks' saved state. 1: states saved before it could hold docks that
// the window's content had squeezed (a sidebar of 90 px), for good.
constexpr int kWindowStateVersion = 1;

// The kind a cluster opens on is the one last shown in it: Secrets looked at
// in one cluster are no reason to open another on Secrets. Cluster names
// may be server URLs, whose '/' would nest settings groups.
QString lastKindSetting(const QString &cluster)
{
    return QStringLiteral("clusters/%1/lastKind")
        .arg(QString::fromLatin1(QUrl::toPercentEncoding(cluster)));
}

} // namespace

QString MainWindow::lastKindShownIn(const QString &cluster)
{
    return QSettings().value(lastKindSetting(cluster)).toString();
}

MainWindow::MainWindow(ClusterSession *session, const QStringList &contexts,
                       std::function<void(const QString &)> openContext, QWidget *parent)
    : QMainWindow(parent)
    , m_session(session)
    , m_view(new ResourceView(this))
    , m_filter(new FilterPane(this))
    , m_details(new DetailsPane(this))
    , m_statusModel(new InformerStatusModel(this))
    , m_informers(new InformersPanel(m_statusModel, this))
    , m_switcher(new KindSwitcher(this))
{
    initUiResources();
    setWindowTitle(QStringLiteral("%1 — Informant").arg(session->name()));
    setWindowIcon(QIcon(QStringLiteral(":/informant/informant.svg")));
    m_eventStore = new EventStore(this);
    m_timeline = new TimelineWidget(m_eventStore, this);
    m_timelineFacets = new TimelineFacets(session, m_eventStore, m_timeline->canvas(), this);
    m_history = new HistoryStore(this);
    m_lanes = std::make_unique<LaneObjects>(session, m_history);
    m_crds = new CrdLookup(session, this);
    connect(m_crds, &CrdLookup::changed, this, &MainWindow::onCrdsChanged);
    m_laneObject = new FollowedObject(this);
    m_historyWidget = new HistoryWidget(m_history, m_details);
    m_details->tabs()->addTab(m_historyWidget, QStringLiteral("History"));
    setManagedFieldsKept(m_details->showManagedFields(), session->keepsManagedFields());
    m_centre = new QStackedWidget(this);
    m_centre->addWidget(m_view);
    m_centre->addWidget(m_timeline);
    m_signIn = new SignInBanner(session->name(), this);
    // Above both views, as the sign-in banner: `--kind podz --view timeline`
    // opens on the timeline, and the notice must not wait behind it. (In a
    // layout of its own, its margins would stay when it is hidden.)
    m_notice = new NoticeBar(this);
    m_navigator = new ObjectNavigator(
        session, m_view, m_notice, [this](const KindInfo &k) { return showKind(k); },
        [this] { return m_kind; }, this);
    m_navigation = new NavigationHistory([this] { return currentPlace(); },
                                         [this](const NavigationPlace &p) { goToPlace(p); }, this);
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(4);
    centralLayout->addWidget(m_signIn);
    centralLayout->addWidget(m_notice);
    centralLayout->addWidget(m_centre, 1);
    setCentralWidget(central);
    setDockNestingEnabled(true);
    m_details->setDark(isDarkTheme());
    m_details->setControlledLookup(
        [this](const KubeObject &o) { return m_session->controlledBy(o); });
    m_details->metadataOnlyBar()->setReader([this](const KubeObject &o, QObject *parent) {
        const KindInfo kind = m_session->kindOf(o.apiVersion(), o.kind());
        if (!kind.isValid())
            return static_cast<ObjectRead *>(nullptr);
        // Of the shown row's cluster: the same namespace and name may be in
        // each cluster of the window.
        if (auto *multi = qobject_cast<MultiClusterSession *>(m_session))
            return multi->readObjectIn(m_detailsCluster, kind, o.namespaceName(), o.name(), parent);
        return m_session->readObject(kind, o.namespaceName(), o.name(), parent);
    });
    // First: what the build steps set up may refresh the status bar.
    m_statusFields = new StatusBarFields(statusBar(), m_statusModel, session);
    buildSidebar(contexts, openContext);
    treeModel()->setUnwatchedReason(unwatchedKindsReason(m_watchedKinds));
    m_counts = new CountsPresenter(
        session, m_view, [this] { return shownSource(); },
        {m_sidebar, m_statusModel, m_filter, m_details}, this);
    connect(m_counts, &CountsPresenter::countsChanged, this, [this] {
        refreshStatusBar();
        if (m_timelineLabelled.hasLabels())
            m_timelineScopeStale = true; // on the second's tick
    });
    buildDocks();
    buildMenus(contexts, openContext);
    buildShortcuts();

    connect(m_view, &ResourceView::currentObjectChanged, this, [this](const KubeObject &object) {
        m_goneRow.reset();
        showObject(object);
    });
    // Over a lane's details, kept for when the table is shown again.
    connect(m_view, &ResourceView::currentObjectGone, this,
            [this](const KubeObject &lastState, bool deleted) {
                m_goneRow = GoneRow{lastState, deleted};
                showGoneRow();
            });
    // A timeline lane followed (double-click, Enter) selects its object in
    // the table and details: of the kind its events name by group (a Knative
    // Service is not a core Service), or, when they give no apiVersion, the
    // first kind so called.
    connect(m_timeline, &TimelineWidget::objectActivated, this,
            m_navigation->navigation([this](const QString &kind, const QString &ns,
                                            const QString &name, const QString &uid,
                                            const QString &apiVersion, const QString &cluster) {
                followLane({kind, ns, name, uid, {}, apiVersion, cluster});
            }));
    connect(m_timeline, &TimelineWidget::objectSelected, this, &MainWindow::showLaneObject);
    connect(m_laneObject, &FollowedObject::changed, this,
            [this](const KubeObject &object) { showLaneState(object, false); });
    connect(m_laneObject, &FollowedObject::gone, this, [this](const KubeObject &lastState) {
        showLaneState(lastState.isNull() ? m_lanes->lastStateOf(m_shownLane) : lastState, true);
    });
    // An earlier object's lane says how it went, as History saw it.
    m_timeline->canvas()->setObjectEndLookup(
        [this](const InvolvedObject &object) { return m_lanes->endOf(object); });
    connect(m_view, &ResourceView::objectActivated, this, [this](const KubeObject &) {
        m_detailsDock->show();
        m_detailsDock->raise();
        m_details->tabs()->setFocus();
    });
    connect(m_filter, &FilterPane::selectionChanged, this,
            [this](const FacetSelection &s, const QString &description) {
                m_view->setFacets(s, description);
                updateTimelineScope();
            });
    connect(m_details, &DetailsPane::linkActivated, this,
            m_navigation->navigation(std::bind_front(&ObjectNavigator::followLink, m_navigator)));
    connect(m_switcher, &KindSwitcher::kindChosen, this,
            m_navigation->navigation([this](const KindInfo &k) {
                setTimelineVisible(false);
                showKind(k);
                m_view->table()->setFocus();
            }));
    connect(session, &ClusterSession::kindsChanged, this, &MainWindow::onKindsChanged);
    connect(session, &ClusterSession::sourceCreated, this, &MainWindow::watchSource);
    // A failed discovery (the kinds shown may be incomplete) stays in view
    // until another kind is shown; a status-bar message was gone in 15 s.
    connect(session, &ClusterSession::failed, m_notice, &NoticeBar::showNotice);
    connect(session, &ClusterSession::credentialPluginStarted, m_signIn, &SignInBanner::start);
    connect(session, &ClusterSession::credentialPluginOutput, m_signIn, &SignInBanner::addLine);
    connect(session, &ClusterSession::credentialPluginFinished, m_signIn, &SignInBanner::finish);
    connect(m_statusModel, &InformerStatusModel::summaryChanged, this,
            &MainWindow::refreshStatusBar);

    connect(SecondClock::instance(), &SecondClock::ticked, this, [this] {
        refreshStatusBar();
        // Objects that newly carry the chosen labels bring their events
        // along: a scan of the labelled objects, once a second at most.
        if (std::exchange(m_timelineScopeStale, false))
            updateTimelineScope();
    });

    for (KindSource *s : session->sources())
        watchSource(s);
    onKindsChanged();

    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    // Bounded by the screen: not every window manager shrinks a window that
    // does not fit, and without one (Xvfb, kiosks) the docks, the selector
    // and the status bar would be off the screen.
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(kFreshWindowSize.boundedTo(screen()->availableGeometry().size()));
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray(),
                      kWindowStateVersion))
        layOutDocksAfresh();
}

MainWindow::~MainWindow() = default;

ResourceTreeModel *MainWindow::treeModel() const
{
    return m_sidebar->treeModel();
}

void MainWindow::buildSidebar(const QStringList &contexts,
                              std::function<void(const QString &)> openContext)
{
    m_sidebar = new ClusterSidebar(m_session->name(), contexts, std::move(openContext), this);
    // A kind chosen over the timeline is shown in the table: the tree
    // highlights no kind while the timeline is shown.
    connect(m_sidebar, &ClusterSidebar::kindChosen, this,
            m_navigation->navigation([this](const KindInfo &kind) {
                setTimelineVisible(false);
                showKind(kind);
            }));
    m_sidebarDock = new QDockWidget(QStringLiteral("Cluster"), this);
    m_sidebarDock->setObjectName(QStringLiteral("clusterDock"));
    m_sidebarDock->setWidget(m_sidebar);
    m_sidebarDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_sidebarDock);
}

void MainWindow::buildDocks()
{
    auto dock = [this](const QString &title, const QString &name, QWidget *w,
                       Qt::DockWidgetArea a) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(a, d);
        return d;
    };
    m_filterDock = dock(QStringLiteral("Filter"), QStringLiteral("filterDock"), m_filter,
                        Qt::LeftDockWidgetArea);
    splitDockWidget(m_sidebarDock, m_filterDock, Qt::Vertical);
    m_detailsDock = dock(QStringLiteral("Details"), QStringLiteral("detailsDock"), m_details,
                         Qt::RightDockWidgetArea);
    m_informersDock = dock(QStringLiteral("Informers"), QStringLiteral("informersDock"),
                           m_informers, Qt::BottomDockWidgetArea);
    m_dockSizes =
        new DockSizeKeeper(this, {m_sidebarDock, m_filterDock, m_detailsDock, m_informersDock});
}

void MainWindow::layOutDocksAfresh()
{
    // For a window of kFreshWindowSize, given once it is laid out: a smaller
    // one's docks are scaled down with it (fixed sizes left a 1024 px
    // window's table a third of it).
    const std::pair<QDockWidget *, QSize> sizes[] = {{m_sidebarDock, {240, 380}},
                                                     {m_filterDock, {240, 370}},
                                                     {m_detailsDock, {430, 0}},
                                                     {m_informersDock, {0, 170}}};
    for (const auto &[dock, size] : sizes)
        m_dockSizes->setPreferredSize(dock, size, kFreshWindowSize);
}

void MainWindow::buildMenus(const QStringList &contexts,
                            std::function<void(const QString &)> openContext)
{
    QMenu *file = menuBar()->addMenu(QStringLiteral("&File"));
    QMenu *open = file->addMenu(QStringLiteral("Open &context"));
    for (const QString &context : contexts) {
        open->addAction(context, this, [openContext, context] {
            if (openContext)
                openContext(context);
        });
    }
    open->setEnabled(!contexts.isEmpty());
    file->addSeparator();
    file->addAction(QStringLiteral("&Close window"), QKeySequence::Close, this, &QWidget::close);
    file->addAction(QStringLiteral("&Quit"), QKeySequence::Quit, qApp, &QCoreApplication::quit);
    QMenu *view = menuBar()->addMenu(QStringLiteral("&View"));
    view->addAction(m_navigation->backAction());
    view->addAction(m_navigation->forwardAction());
    view->addSeparator();
    view->addAction(QStringLiteral("Switch &kind…"), QKeySequence(QStringLiteral("Ctrl+K")), this,
                    [this] { openKindSwitcher(); });
    view->addAction(QStringLiteral("&Filter rows"), QKeySequence(Qt::Key_Slash), m_view,
                    &ResourceView::focusQuickFilter);
    view->addAction(QStringLiteral("&Label selector"), QKeySequence(QStringLiteral("Ctrl+L")),
                    m_view, &ResourceView::focusSelector);
    view->addAction(
        QStringLiteral("Event &timeline"), QKeySequence(QStringLiteral("Ctrl+T")), this,
        [this] { m_navigation->navigate([this] { setTimelineVisible(!timelineVisible()); }); });
    // A user allowed only some namespaces names one on a forbidden list's
    // banner, or here at any time.
    auto *namespaces = new NamespaceChoice(m_session, m_filter, m_notice, this);
    namespaces->offerOn(m_view->banner(),
                        [this] { return m_view->source() && m_view->source()->kind().namespaced; });
    namespaces->offerOn(m_timeline->banner(), [] { return true; }); // Events are namespaced
    view->addAction(namespaces->menuAction());
    m_metadataOnly = new MetadataOnlyAction(m_session, this);
    view->addAction(m_metadataOnly);
    view->addSeparator();
    // The Cluster dock cannot be closed: its toggle would only be greyed.
    for (QDockWidget *d : {m_filterDock, m_detailsDock, m_informersDock})
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    view->addMenu(new ThemeMenu(view));
    new HelpMenu(this);
}

void MainWindow::buildShortcuts()
{
    auto *colon = new QShortcut(QKeySequence(Qt::Key_Colon), this);
    colon->setWhatsThis(QStringLiteral("Switch kind"));
    connect(colon, &QShortcut::activated, this, [this] { openKindSwitcher(); });
    // Backspace goes back from the table, as a browser's page (where the
    // platform's Back is not Backspace already: the two would be ambiguous).
    if (!m_navigation->backAction()->shortcuts().contains(QKeySequence(Qt::Key_Backspace))) {
        auto *backspace = new QShortcut(QKeySequence(Qt::Key_Backspace), m_view->table(), nullptr,
                                        nullptr, Qt::WidgetShortcut);
        backspace->setWhatsThis(QStringLiteral("Back (in the table)"));
        connect(backspace, &QShortcut::activated, m_navigation, &NavigationHistory::goBack);
    }
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    escape->setWhatsThis(QStringLiteral("Clear the filters"));
    connect(escape, &QShortcut::activated, this, [this] {
        if (!m_view->clearFilters() && !m_filter->selection().isEmpty())
            m_filter->clear();
    });
}

void MainWindow::openKindSwitcher(const QString &initialText)
{
    m_switcher->setKinds(m_session->kinds());
    m_switcher->popup(initialText);
}

void MainWindow::onKindsChanged()
{
    m_sidebar->setKinds(m_session->kinds());
    highlightShownKind(); // the reset cleared the shown kind's row
    m_switcher->setKinds(m_session->kinds());
    m_counts->refreshCounts();
    // The shown kind is now served at another version (a CRD upgrade): its
    // columns are that version's.
    const KindInfo served = m_kind.isValid() ? m_session->findKind(m_kind.id()) : KindInfo();
    if (served.isValid() && !served.sameEndpoint(m_kind)) {
        m_kind = KindInfo(); // showKind skips the kind already shown
        showKind(served);
    }
    if (!m_kind.isValid()) {
        const QString last = lastKindShownIn(m_session->name());
        if (last.isEmpty() || !showKindByName(last))
            showKindByName(QStringLiteral("pods"));
    }
    m_navigator->onKindsChanged();
    const KindInfo events = m_session->eventsKind();
    if (events.isValid()) {
        KindSource *eventSource = m_session->source(events);
        m_details->setEventsSource(eventSource);
        m_timeline->setEventsSource(eventSource);
        if (eventSource && eventSource != m_eventsFed) {
            m_eventsFed = eventSource;
            m_counts->shownSourceChanged(); // over the timeline, its events' source
            eventSource->subscribe(m_eventStore, [store = m_eventStore](const ChangeBatch &b) {
                store->applyBatch(b);
            });
        }
    }
    startWatchedKinds();
}

void MainWindow::setWatchedKinds(WatchedKinds kinds)
{
    m_watchedKinds = kinds;
    treeModel()->setUnwatchedReason(unwatchedKindsReason(kinds));
    startWatchedKinds();
}

// Informers once started stay (a narrower choice takes effect in new windows).
void MainWindow::startWatchedKinds()
{
    if (m_watchedKinds == WatchedKinds::Shown)
        return;
    for (const KindInfo &k : m_session->kinds()) {
        if (m_watchedKinds == WatchedKinds::All || m_watchedKinds == WatchedKinds::Recorded ||
            builtinKindRank(k) < 100)
            m_session->source(k);
    }
}

void MainWindow::watchSource(KindSource *source)
{
    m_statusModel->addSource(source);
    // Every revision since the watch started, for the History tab.
    connect(source, &KindSource::changesObserved, m_history,
            [history = m_history, kind = source->kind().id()](const ChangeBatch &batch) {
                history->applyBatch(kind, batch);
            });
    m_counts->watchSource(source);
}

void MainWindow::followLane(const InvolvedObject &object)
{
    // An object known to be gone (its kind listed, the key not there, or
    // another object's: the lane is of an earlier one under the name): the
    // timeline stays, where its events still are.
    if (m_lanes->isKnownGone(object)) {
        m_navigator->explainUnfollowed(LaneObjects::describe(object, true) +
                                       QStringLiteral(" is not in the cluster any more; its events "
                                                      "stay on the timeline."));
        return;
    }
    // Of the kind its events name by group, or, when they give no
    // apiVersion, the first kind so called.
    if (!object.apiVersion.isEmpty()) {
        setTimelineVisible(false);
        m_navigator->followLinkIn(object.cluster, object.apiVersion, object.kind,
                                  object.namespaceName, object.name);
        return;
    }
    const KindInfo kind = m_lanes->kindOf(object);
    if (!kind.isValid())
        return;
    setTimelineVisible(false);
    showKind(kind);
    m_navigator->selectWhenPopulated(LaneObjects::rowKeyOf(object, kind),
                                     kind.kind + u' ' + LaneObjects::keyOf(object, kind));
}

void MainWindow::showLaneObject(const InvolvedObject &object)
{
    m_detailsShowLane = true;
    m_shownLane = object;
    m_shownLaneKind = m_lanes->kindOf(object);
    // A click does not start an informer (the watched kinds are the user's
    // choice): the object is followed if its kind is watched.
    if (KindSource *source = m_lanes->watchedSourceOf(m_shownLaneKind)) {
        m_laneObject->follow(source, LaneObjects::rowKeyOf(object, m_shownLaneKind),
                             LaneObjects::uidOf(object));
        return;
    }
    m_laneObject->stop();
    showDetails(nullptr, {}, {}, KubeObject());
    m_details->setNoObject(
        LaneObjects::describe(object) +
        (m_shownLaneKind.isValid()
             ? QStringLiteral(": %1 are not watched; double-click the lane to open it")
                   .arg(m_shownLaneKind.plural)
             : QStringLiteral(": this cluster does not serve its kind")));
}

void MainWindow::showLaneState(const KubeObject &object, bool gone)
{
    if (!detailsShowLane())
        return;
    showDetails(m_laneObject->source(), m_shownLaneKind.id(), m_shownLane.cluster, object);
    if (!object.isNull()) {
        if (gone)
            m_details->setObjectGone(object, true);
        return;
    }
    m_details->setNoObject(
        LaneObjects::describe(m_shownLane) +
        (gone ? QStringLiteral(" is not in the cluster any more")
              : QStringLiteral(": %1 not listed yet").arg(m_shownLaneKind.plural)));
}

bool MainWindow::detailsShowLane() const
{
    return m_detailsShowLane && timelineVisible();
}

void MainWindow::showGoneRow()
{
    if (!m_goneRow || detailsShowLane())
        return;
    showObject(m_goneRow->lastState); // History keeps its revisions, the last one a delete
    m_details->setObjectGone(m_goneRow->lastState, m_goneRow->deleted);
}

void MainWindow::showObject(const KubeObject &object)
{
    // Over the timeline, the details show the lane clicked last: the
    // table's current row, changing behind the timeline, is not on screen.
    if (detailsShowLane())
        return;
    m_detailsShowLane = false;
    m_laneObject->stop();
    // The row's key names its cluster. The last state of a row that left the
    // table has no current row any more: it is still the cluster's shown.
    QString cluster = m_detailsCluster;
    if (object.isNull()) {
        cluster.clear();
    } else if (const QString key =
                   m_view->table()->currentIndex().data(ResourceTableModel::KeyRole).toString();
               !key.isEmpty()) {
        cluster = clusterOfRowKey(key).toString();
    }
    showDetails(nullptr, m_kind.id(), cluster, object);
    // By its key: a Node whose lane only the kubelet's events opened (they
    // name no real uid) is found by its name, in the row's cluster.
    if (object.isNull()) {
        m_timeline->setSelectedObject(QString());
    } else {
        InvolvedObject reference = referenceTo(object);
        reference.cluster = m_detailsCluster;
        m_timeline->setSelectedObject(objectKey(reference));
    }
}

void MainWindow::showDetails(KindSource *source, const QString &kindId, const QString &cluster,
                             const KubeObject &object)
{
    m_detailsCluster = cluster;
    m_counts->setDetailsSource(source, cluster);
    m_details->setCluster(cluster);
    m_details->setObject(object);
    m_statusFields->showSelectedRow(source ? source : m_view->source(), cluster, object);
    // With nothing to show, the details pane's room is the table's (a PVC's
    // VOLUME whole instead of "pvc-3f2…" beside "No object selected").
    m_dockSizes->setEmpty(m_detailsDock, object.isNull());
    // Every state of it: HistoryWidget keeps the revisions the user chose for
    // the same object (uid) and shows another under the same name afresh.
    // The kind's id: two groups may both have a "Gateway" or a "Job"; its
    // row key: two clusters may both have a node-1.
    if (object.isNull())
        m_historyWidget->clear();
    else
        m_historyWidget->setObject(
            kindId, cluster.isEmpty() ? object.key() : clusterRowKey(cluster, object.key()),
            object);
}

bool MainWindow::showKindByName(const QString &name)
{
    const KindInfo kind = m_session->findKind(name);
    return kind.isValid() && showKind(kind);
}

void MainWindow::showKindNamed(const QString &name)
{
    m_navigator->showKindNamed(name);
}

bool MainWindow::showKind(const KindInfo &kind)
{
    if (!kind.isValid())
        return false;
    if (kind == m_kind)
        return true;
    KindSource *source = m_session->source(kind);
    if (!source)
        return false;
    // A notice is about the kind it was given for (a CRD's new columns show
    // the same kind again).
    if (!m_view->source() || m_view->source()->kind() != kind)
        m_notice->clearNotice();
    m_kind = kind;
    m_metadataOnly->setKind(kind);
    const std::optional<KubeObject> crd = m_crds->crdOf(kind);
    m_shownCrdVersion = crd ? crd->resourceVersion() : QString();
    m_view->setSource(source,
                      m_session->tableFormatter(
                          crd ? RowFormatter::forCustomResource(*crd, kind.version, kind.namespaced)
                              : RowFormatter::forKind(kind.group, kind.kind, kind.namespaced)));
    if (m_bench)
        m_view->feed()->model()->setLatencyObserver(
            [this](const QList<qint64> &ns) { m_bench->recordLatency(ns); });
    m_filter->setSource(source);
    m_counts->tableChanged();
    // Named as the tree names it: "Events (events.k8s.io)" beside core Events.
    if (const QModelIndex row = treeModel()->indexOfKind(kind.id()); row.isValid())
        m_view->title()->setText(row.data().toString());
    const FacetSelection facets = m_filter->selection();
    m_view->setFacets(facets, facets.describe());
    updateTimelineScope(); // a cluster-scoped kind has no namespace choice
    m_goneRow.reset();
    showObject(KubeObject());
    highlightShownKind();
    QSettings().setValue(lastKindSetting(m_session->name()), kind.id());
    refreshStatusBar();
    return true;
}

void MainWindow::onCrdsChanged()
{
    // The CRD informer often syncs after the last kind was shown at startup,
    // and an edited CRD may change its columns: the table follows either.
    const std::optional<KubeObject> crd = m_crds->crdOf(m_kind);
    if ((crd ? crd->resourceVersion() : QString()) == m_shownCrdVersion)
        return;
    const KindInfo kind = m_kind;
    const KubeObject selected = m_view->currentObject();
    m_kind = KindInfo(); // showKind skips the kind already shown
    showKind(kind);
    if (!selected.isNull())
        m_navigator->selectWhenPopulated(selected.key(), kind.kind + u' ' + selected.name());
}

NavigationPlace MainWindow::currentPlace() const
{
    NavigationPlace place{m_kind.id(), timelineVisible(), {}, {}};
    if (place.timeline) {
        place.objectKey = m_timeline->canvas()->selectedObject();
        place.label = QStringLiteral("the event timeline");
        return place;
    }
    place.label = m_view->title()->text().isEmpty() ? m_kind.plural : m_view->title()->text();
    if (!m_view->currentObject().isNull()) {
        place.objectKey =
            m_view->table()->currentIndex().data(ResourceTableModel::KeyRole).toString();
        place.label += QStringLiteral(" (%1)").arg(objectKeyOfRowKey(place.objectKey));
    }
    return place;
}

void MainWindow::goToPlace(const NavigationPlace &place)
{
    const KindInfo kind = m_session->findKind(place.kindId);
    if (!place.kindId.isEmpty() && !showKind(kind)) {
        m_notice->showNotice(
            QStringLiteral("%1 cannot be shown: the cluster does not serve %2 any more.")
                .arg(place.label, place.kindId));
        return;
    }
    setTimelineVisible(place.timeline);
    if (place.timeline) {
        m_timeline->setSelectedObject(place.objectKey);
        m_timeline->canvas()->setFocus();
        return;
    }
    // The row, once the table has it (a kind shown again lists afresh); the
    // notice bar says why when it cannot be.
    if (!place.objectKey.isEmpty())
        m_navigator->selectWhenPopulated(
            place.objectKey, kind.kind + u' ' + objectKeyOfRowKey(place.objectKey).toString());
    m_view->table()->setFocus();
}

void MainWindow::setBenchRecorder(BenchRecorder *recorder)
{
    m_bench = recorder;
    if (m_bench && m_view->feed())
        m_view->feed()->model()->setLatencyObserver(
            [this](const QList<qint64> &ns) { m_bench->recordLatency(ns); });
}

void MainWindow::updateTimelineScope()
{
    // Computed only while the timeline is shown; setTimelineVisible catches up.
    if (!timelineVisible())
        return;
    const FacetSelection s = m_filter->selection();
    m_timeline->setClusters(s.clusters);
    m_timeline->setNamespaces(s.namespaces);
    QList<const Indexer *> indexers;
    if (!s.labels.isEmpty()) {
        for (KindSource *source : m_session->sources())
            indexers.append(&source->indexer());
    }
    m_timeline->setObjectUids(m_timelineLabelled.update(indexers, s.labels));
    m_timeline->setScopeDescription(s.describe());
}

QString MainWindow::statusText() const
{
    return m_statusFields->freshnessText();
}

QString MainWindow::informersSummaryText() const
{
    return m_statusFields->summaryText();
}

QProgressBar *MainWindow::listProgress() const
{
    return m_statusFields->listProgress();
}

QToolButton *MainWindow::reconnectAllButton() const
{
    return m_statusFields->reconnectAll();
}

void MainWindow::refreshStatusBar()
{
    const qint64 now = SecondClock::nowMs();
    KindSource *s = shownSource();
    if (s && m_counts) {
        // The count of the last CountsTick: the second's tick re-words "last
        // event 3 s ago" without moving it ahead of the table's header.
        m_statusFields->showKind(s, m_counts->statusBarCount(s), now, m_counts->notWatchedSince(s));
    }
    m_statusFields->refreshSummary();
}

void MainWindow::setTimelineVisible(bool visible)
{
    const bool showedLane = detailsShowLane();
    m_centre->setCurrentWidget(visible ? static_cast<QWidget *>(m_timeline) : m_view);
    if (showedLane && !visible) { // the table's row again
        if (m_goneRow)
            showGoneRow();
        else
            showObject(m_view->currentObject());
    }
    m_filter->setTimeline(visible ? m_timelineFacets : nullptr);
    m_counts->shownSourceChanged(); // the facets' freshness is the events' over the timeline
    highlightShownKind();
    updateTimelineScope();
    refreshStatusBar();
}

void MainWindow::highlightShownKind()
{
    // The timeline shows every kind's events, not the kind of the table
    // behind it: a highlighted "Pods" there told of a table not in view.
    m_sidebar->highlightKind(timelineVisible() ? QString() : m_kind.id());
}

KindSource *MainWindow::shownSource() const
{
    // The status bar tells how fresh what is on screen is: over the timeline,
    // that is the events, not the kind of the table behind it.
    if (timelineVisible() && m_eventsFed)
        return m_eventsFed;
    return m_view->source();
}

bool MainWindow::timelineVisible() const
{
    return m_centre->currentWidget() == m_timeline;
}

void MainWindow::selectFirstRowWhenPopulated()
{
    m_navigator->selectFirstRowWhenPopulated();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kWindowStateVersion));
    m_view->saveColumns();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent *event)
{
    // A theme chosen while the window is open (View ▸ Theme): the palette
    // reaches every widget by itself, the YAML's colours do not.
    if (event->type() == QEvent::PaletteChange)
        m_details->setDark(isDarkTheme());
    QMainWindow::changeEvent(event);
}

} // namespace informant
