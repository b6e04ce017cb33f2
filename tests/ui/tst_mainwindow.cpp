#include "customkindobjects.h"
#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/informerstatusmodel.h"
#include "models/resourcetablemodel.h"
#include "models/resourcetreemodel.h"
#include "models/secondclock.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/filterpane.h"
#include "ui/freshnessbanner.h"
#include "ui/kindswitcher.h"
#include "ui/mainwindow.h"
#include "ui/noticebar.h"
#include "ui/resourceview.h"
#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinewidget.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDateTime>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace informant;
using namespace informant::test;

namespace {

// The sidebar's tree of kinds (the window has other tree views).
QTreeView *kindTree(const MainWindow &window)
{
    for (QTreeView *view : window.findChildren<QTreeView *>()) {
        if (view->model() == window.treeModel())
            return view;
    }
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void showsPodsWithKubectlColumns();
    void customKindShowsCrdPrinterColumns();
    void customKindColumnsFollowTheCrd();
    void bannerSaysWhenTheWatchIsDown();
    void timelineSaysWhyItHasNoEvents();
    void emptyViewsSayWaitingForSignInOnce();
    void statusBarSaysWaitingForSignInRatherThanCountingFailures();
    void switchingKindsLeavesNoSelectionModelsBehind();
    void treeStatusBarAndPanelShowOneCount();
    void treeKeepsTheShownKindAfterDiscovery();
    void watchedKindsChooseTheTreesInformers();
    void otherContextOpensThroughCallback();
    void timelineClickOpensTheKindOfTheEventsGroup();
    void treeHighlightsAKindShownFromElsewhere();
    void treeHighlightsNoKindOverTheTimeline();
    void timelineClickOnAnEarlierObjectSaysItIsGone();
    void treeSaysNotListedUntilTheInformerHasSynced();
    void statusBarShowsProgressWhileListing();
    void reconnectAllRetriesEveryInformerNotWatching();
    void tableTitleNamesTheGroupOfARepeatedPlural();
};

void TestMainWindow::showsPodsWithKubectlColumns()
{
    Fixture f;
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QStringList headers;
    for (int c = 0; c < f.model()->columnCount(); ++c)
        headers.append(f.model()->headerData(c, Qt::Horizontal).toString());
    QCOMPARE(headers.mid(0, 6),
             (QStringList{"NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE"}));
    QCOMPARE(f.model()->index(0, 1).data().toString(), QStringLiteral("pg-0"));
}

void TestMainWindow::customKindShowsCrdPrinterColumns()
{
    Fixture f(kindsWithWidgets());
    LocalKindSource *crds = f.session.local(QStringLiteral("customresourcedefinitions"));
    crds->upsert(widgetCrd(QStringLiteral("Size"), QStringLiteral("1")));
    crds->flush();
    LocalKindSource *widgets = f.session.local(QStringLiteral("widgets"));
    widgets->upsert(widget(QStringLiteral("shop"), QStringLiteral("w-1"), 7));
    widgets->flush();
    QVERIFY(f.window->showKindByName(QStringLiteral("widgets")));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QCOMPARE(headersOf(f.model()), (QStringList{"NAMESPACE", "NAME", "SIZE", "AGE"}));
    QCOMPARE(f.model()->index(0, 2).data().toString(), QStringLiteral("7"));
}

// The CRD informer may deliver after the custom kind is shown (a restored
// last kind at startup), and a CRD may be edited while it is shown.
void TestMainWindow::customKindColumnsFollowTheCrd()
{
    Fixture f(kindsWithWidgets());
    LocalKindSource *widgets = f.session.local(QStringLiteral("widgets"));
    widgets->upsert(widget(QStringLiteral("shop"), QStringLiteral("w-1"), 7));
    widgets->upsert(widget(QStringLiteral("shop"), QStringLiteral("w-2"), 9));
    widgets->flush();
    QVERIFY(f.window->showKindByName(QStringLiteral("widgets")));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QCOMPARE(headersOf(f.model()), (QStringList{"NAMESPACE", "NAME", "AGE"}));
    f.window->resourceView()->table()->setCurrentIndex(f.model()->index(1, 0));
    QCOMPARE(f.window->resourceView()->currentObject().name(), QStringLiteral("w-2"));

    LocalKindSource *crds = f.session.local(QStringLiteral("customresourcedefinitions"));
    crds->upsert(widgetCrd(QStringLiteral("Size"), QStringLiteral("1")));
    crds->flush();
    QTRY_COMPARE(headersOf(f.model()), (QStringList{"NAMESPACE", "NAME", "SIZE", "AGE"}));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QTRY_COMPARE(f.window->resourceView()->currentObject().name(), QStringLiteral("w-2"));

    crds->upsert(widgetCrd(QStringLiteral("Replicas"), QStringLiteral("2")));
    crds->flush();
    QTRY_COMPARE(headersOf(f.model()), (QStringList{"NAMESPACE", "NAME", "REPLICAS", "AGE"}));
    QTRY_COMPARE(f.model()->rowCount(), 2);
}

void TestMainWindow::bannerSaysWhenTheWatchIsDown()
{
    Fixture f;
    FreshnessBanner *banner = f.window->resourceView()->banner();
    QVERIFY(!banner->isVisibleTo(f.window.get()));
    InformerStatus down;
    down.state = InformerStatus::State::BackingOff;
    down.synced = true;
    down.retryAtMs = QDateTime::currentMSecsSinceEpoch() + 5000;
    down.lastError = QStringLiteral("connection refused");
    f.session.local(QStringLiteral("pods"))->setStatus(down);
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY2(banner->text().contains(QStringLiteral("reconnecting in")),
             qPrintable(banner->text()));
    QVERIFY(banner->text().contains(QStringLiteral("connection refused")));
    QVERIFY(f.window->statusText().contains(QStringLiteral("reconnecting")));
    // How old the rows shown are, re-worded as the seconds pass.
    QTRY_VERIFY2(f.window->statusText().contains(QStringLiteral("not watched for 0 s")),
                 qPrintable(f.window->statusText()));
    // The user need not wait for the timer once the network is back.
    QVERIFY(banner->retryButton()->isVisibleTo(f.window.get()));
    banner->retryButton()->click();
    QCOMPARE(f.session.local(QStringLiteral("pods"))->retries(), 1);
    InformerStatus up;
    up.state = InformerStatus::State::Watching;
    up.synced = true;
    f.session.local(QStringLiteral("pods"))->setStatus(up);
    QVERIFY(!banner->isVisibleTo(f.window.get()));
    QTRY_VERIFY2(!f.window->statusText().contains(QStringLiteral("not watched")),
                 qPrintable(f.window->statusText()));
}

// RBAC that forbids listing events must not read as a quiet cluster: the
// timeline, the status bar over it and the Events tab all say why.
void TestMainWindow::timelineSaysWhyItHasNoEvents()
{
    Fixture f;
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    QVERIFY(events);
    f.window->setTimelineVisible(true);
    TimelineWidget *timeline = f.window->timeline();
    FreshnessBanner *banner = timeline->banner();
    FreshnessBanner *eventsTab = f.window->detailsPane()->eventsBanner();
    QVERIFY(!banner->isVisibleTo(timeline));

    InformerStatus forbidden;
    forbidden.state = InformerStatus::State::Forbidden;
    forbidden.lastError = QStringLiteral("events is forbidden: cannot list resource \"events\"");
    events->setStatus(forbidden);
    QVERIFY(banner->isVisibleTo(timeline));
    QVERIFY2(banner->text().startsWith(QStringLiteral("Not allowed to watch events")),
             qPrintable(banner->text()));
    QVERIFY(banner->text().contains(QStringLiteral("cannot list resource")));
    QVERIFY2(timeline->summaryText().endsWith(QStringLiteral("events: forbidden")),
             qPrintable(timeline->summaryText()));
    // The status bar describes what is shown: the events, not the pods table.
    QVERIFY2(f.window->statusText().contains(QStringLiteral("<b>events</b>: forbidden")),
             qPrintable(f.window->statusText()));
    QVERIFY(!eventsTab->isHidden()); // on its tab, which is not the current one
    QCOMPARE(eventsTab->text(), banner->text());
    // The empty plot says so too, rather than blaming the filter.
    QVERIFY2(timeline->emptyText().startsWith(QStringLiteral("Could not list events: forbidden")),
             qPrintable(timeline->emptyText()));

    f.window->setTimelineVisible(false);
    QVERIFY2(f.window->statusText().contains(QStringLiteral("<b>pods</b>")),
             qPrintable(f.window->statusText()));
    f.window->setTimelineVisible(true);

    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    events->setStatus(watching);
    QVERIFY(!banner->isVisibleTo(timeline));
    QVERIFY(eventsTab->isHidden());
    QVERIFY2(!timeline->summaryText().contains(QStringLiteral("forbidden")),
             qPrintable(timeline->summaryText()));
    QCOMPARE(timeline->emptyText(), QStringLiteral("No events in the cluster yet"));
}

// While the credential plugin waits for the user, an empty table and an empty
// timeline said "Waiting for the list of pods: waiting for sign-in.": the
// same wait twice in one sentence.
void TestMainWindow::emptyViewsSayWaitingForSignInOnce()
{
    Fixture f;
    ResourceView *view = f.window->resourceView();
    QLabel *hint = view->emptyHint();
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    InformerStatus waiting;
    waiting.state = InformerStatus::State::WaitingForSignIn;
    f.session.local(QStringLiteral("deployments"))->setStatus(waiting);
    QTRY_VERIFY(hint->isVisibleTo(view));
    QCOMPARE(hint->text(),
             QStringLiteral("Waiting for you to sign in before listing deployments."));
    QCOMPARE(hint->text().count(QStringLiteral("sign"), Qt::CaseInsensitive), 1);

    f.window->setTimelineVisible(true);
    f.session.local(QStringLiteral("events"))->setStatus(waiting);
    const QString empty = f.window->timeline()->emptyText();
    QCOMPARE(empty, QStringLiteral("Waiting for you to sign in before listing events"));
    QCOMPARE(empty.count(QStringLiteral("sign"), Qt::CaseInsensitive), 1);
}

// Signing in, every list waits for the user: "19 of 19 informers not
// watching" in amber read as an outage. The status bar says what is awaited,
// and still counts an informer that fails meanwhile.
void TestMainWindow::statusBarSaysWaitingForSignInRatherThanCountingFailures()
{
    Fixture f;
    const QList<KindSource *> sources = f.session.sources();
    QVERIFY(sources.size() > 2);
    InformerStatus waiting;
    waiting.state = InformerStatus::State::WaitingForSignIn;
    for (KindSource *s : sources)
        static_cast<LocalKindSource *>(s)->setStatus(waiting);
    QCOMPARE(f.window->informersSummaryText(), QStringLiteral("Waiting for sign-in"));

    InformerStatus forbidden;
    forbidden.state = InformerStatus::State::Forbidden;
    f.session.local(QStringLiteral("secrets"))->setStatus(forbidden);
    const QString mixed = f.window->informersSummaryText();
    QVERIFY2(mixed.startsWith(QStringLiteral("Waiting for sign-in · ")), qPrintable(mixed));
    QVERIFY2(mixed.contains(QStringLiteral(">1 of %1 informers not watching<").arg(sources.size())),
             qPrintable(mixed));

    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    for (KindSource *s : sources)
        static_cast<LocalKindSource *>(s)->setStatus(watching);
    QCOMPARE(f.window->informersSummaryText(),
             QStringLiteral("%1 informers watching").arg(sources.size()));
}

// A session switches kinds hundreds of times; each switch must not leave
// objects on the table for the rest of the window's life.
void TestMainWindow::switchingKindsLeavesNoSelectionModelsBehind()
{
    Fixture f;
    QTableView *table = f.window->resourceView()->table();
    const auto selectionModels = [table] {
        // The old model's selection models go with deleteLater.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        return table->findChildren<QItemSelectionModel *>().size();
    };
    const qsizetype before = selectionModels();
    for (int i = 0; i < 3; ++i) {
        QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
        QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    }
    QCOMPARE(selectionModels(), before);
    QTRY_COMPARE(f.model()->rowCount(), 3);
}

void TestMainWindow::treeStatusBarAndPanelShowOneCount()
{
    // Under churn the tree, the status bar and the informers panel used to
    // read the cache at different moments and show different counts for
    // the same kind.
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    pods->setStatus(watching);
    const auto treeCount = [&] {
        const QModelIndex kind = f.window->treeModel()->indexOfKind(pods->kind().id());
        return kind.data(ResourceTreeModel::CountRole).toLongLong();
    };
    // The informers panel's Objects column shows the same read (the status's
    // own count, 0 here, is taken at other moments).
    InformerStatusModel *panel = f.window->informerModel();
    const auto panelCount = [&] {
        for (int row = 0; row < panel->rowCount(); ++row) {
            if (panel->sourceAt(row) == pods)
                return panel->index(row, InformerStatusModel::ObjectsColumn).data().toString();
        }
        return QString();
    };
    QVERIFY2(f.window->statusText().contains(QStringLiteral("3 objects")),
             qPrintable(f.window->statusText()));
    QCOMPARE(treeCount(), 3);
    QCOMPARE(panelCount(), QStringLiteral("3"));

    pods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-1"), QStringLiteral("pg"),
                     QStringLiteral("Running")));
    pods->flush();
    pods->setStatus(watching); // still watching: the count waits for the counts tick
    // The tick that counts the new pod shows it in all three places.
    QTRY_COMPARE(treeCount(), 4);
    QVERIFY2(f.window->statusText().contains(QStringLiteral("4 objects")),
             qPrintable(f.window->statusText()));
    QCOMPARE(panelCount(), QStringLiteral("4"));
}

// Discovery rebuilds the tree (a CRD was added); the shown kind's row used
// to lose its highlight.
void TestMainWindow::treeKeepsTheShownKindAfterDiscovery()
{
    Fixture f;
    QTreeView *tree = kindTree(*f.window);
    QVERIFY(tree);
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    const auto shownRow = [&] {
        return f.window->treeModel()->indexOfKind(QStringLiteral("deployments.apps"));
    };
    QCOMPARE(tree->currentIndex(), shownRow());
    f.session.setKinds(kindsWithWidgets());
    QVERIFY(shownRow().isValid());
    QCOMPARE(tree->currentIndex(), shownRow());
    QVERIFY(tree->selectionModel()->isRowSelected(shownRow().row(), shownRow().parent()));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
}

void TestMainWindow::watchedKindsChooseTheTreesInformers()
{
    QList<KindInfo> kinds = standardKinds();
    kinds.append(KindInfo{QStringLiteral("kafka.bench.informant.io"),
                          QStringLiteral("v1"),
                          QStringLiteral("KafkaTopic"),
                          QStringLiteral("kafkatopics"),
                          true,
                          {}});
    const auto started = [](const Fixture &f) {
        QStringList plurals;
        for (KindSource *source : f.session.sources())
            plurals.append(source->kind().plural);
        plurals.sort();
        return plurals;
    };
    // A kind without an informer has no count: "—", as a kind still
    // listing (its cell was blank), and its tooltip says how to get one.
    const auto unwatchedRow = [](const Fixture &f, const QString &kindId) {
        const QModelIndex row = f.window->treeModel()->indexOfKind(kindId);
        return std::pair(row.siblingAtColumn(1).data().toString(),
                         row.data(Qt::ToolTipRole).toString());
    };
    {
        // The default: every built-in kind counts in the tree; a custom kind
        // starts when shown, or for all kinds when asked.
        Fixture f(kinds);
        QCOMPARE(started(f), QStringList({"deployments", "events", "nodes", "pods", "secrets"}));
        const auto [count, tip] =
            unwatchedRow(f, QStringLiteral("kafkatopics.kafka.bench.informant.io"));
        QCOMPARE(count, QStringLiteral("—"));
        QVERIFY2(tip.contains(QStringLiteral("Not watched: custom")) &&
                     tip.contains(QStringLiteral("--watch-kinds all")),
                 qPrintable(tip));
        f.window->setWatchedKinds(WatchedKinds::All);
        QVERIFY(started(f).contains(QStringLiteral("kafkatopics")));
    }
    {
        Fixture f(kinds, QStringLiteral("all"));
        QCOMPARE(started(f).size(), kinds.size());
    }
    {
        // Only what is shown (and the events behind the details pane).
        Fixture f(kinds, QStringLiteral("shown"));
        QCOMPARE(started(f), QStringList({"events", "pods"}));
        const auto [count, tip] = unwatchedRow(f, QStringLiteral("deployments.apps"));
        QCOMPARE(count, QStringLiteral("—"));
        QVERIFY2(tip.contains(QStringLiteral("--watch-kinds builtin")), qPrintable(tip));
    }
}

void TestMainWindow::otherContextOpensThroughCallback()
{
    Fixture f;
    auto *combo = f.window->findChild<QComboBox *>();
    QVERIFY(combo);
    QCOMPARE(combo->count(), 2);
    Q_EMIT combo->textActivated(QStringLiteral("other"));
    QCOMPARE(f.opened, QStringList{"other"});
    QCOMPARE(combo->currentText(), QStringLiteral("test"));
}

// A Knative Service's events name serving.knative.dev/v1: a click on its lane
// must not open the core Service that Knative creates under the same name.
void TestMainWindow::timelineClickOpensTheKindOfTheEventsGroup()
{
    QList<KindInfo> kinds = standardKinds();
    kinds.append(KindInfo{QString(),
                          QStringLiteral("v1"),
                          QStringLiteral("Service"),
                          QStringLiteral("services"),
                          true,
                          {QStringLiteral("svc")}});
    Fixture f(kinds);
    TimelineWidget *timeline = f.window->findChild<TimelineWidget *>();
    QVERIFY(timeline);
    Q_EMIT timeline->objectActivated(QStringLiteral("Service"), QStringLiteral("shop"),
                                     QStringLiteral("web"), QString(),
                                     QStringLiteral("serving.knative.dev/v1"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    auto *notice = f.window->findChild<NoticeBar *>();
    QVERIFY(notice);
    QTRY_VERIFY(notice->isVisibleTo(f.window.get()));
    QVERIFY2(notice->text().contains(QStringLiteral("does not serve serving.knative.dev/v1")),
             qPrintable(notice->text()));

    Q_EMIT timeline->objectActivated(QStringLiteral("Pod"), QStringLiteral("db"),
                                     QStringLiteral("pg-0"), QString(), QStringLiteral("v1"));
    QTRY_COMPARE(f.window->resourceView()->currentObject().key(), QStringLiteral("db/pg-0"));

    // A pod that is gone (pods are listed, it is not among them): the
    // timeline, where its events still are, stays, and says so.
    f.window->setTimelineVisible(true);
    Q_EMIT timeline->objectActivated(QStringLiteral("Pod"), QStringLiteral("db"),
                                     QStringLiteral("pg-9"), QString(), QStringLiteral("v1"));
    QVERIFY(f.window->timelineVisible());
    QCOMPARE(notice->text(), QStringLiteral("Pod db/pg-9 is not in the cluster any more; its "
                                            "events stay on the timeline."));
}

// Ctrl+K (or a timeline click, a link) shows another kind: the tree's
// selection follows, and tells its view (which repaints on the signal); the
// old kind's row stayed highlighted while the selection was synced with the
// selection model's signals blocked.
void TestMainWindow::treeHighlightsAKindShownFromElsewhere()
{
    Fixture f;
    QTreeView *tree = kindTree(*f.window);
    QVERIFY(tree);
    QAbstractItemModelTester tester(f.window->treeModel());
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const QModelIndex deployments =
        f.window->treeModel()->indexOfKind(QStringLiteral("deployments.apps"));
    QSignalSpy selectionChanged(tree->selectionModel(), &QItemSelectionModel::selectionChanged);
    QSignalSpy currentChanged(tree->selectionModel(), &QItemSelectionModel::currentChanged);
    f.window->activateWindow();
    QTest::keyClick(f.window.get(), Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(f.window->kindSwitcher()->isVisible());
    QTest::keyClicks(f.window->kindSwitcher()->input(), QStringLiteral("deploy"));
    QTest::keyClick(f.window->kindSwitcher()->input(), Qt::Key_Return);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QCOMPARE(tree->currentIndex(), deployments);
    QVERIFY(tree->selectionModel()->isRowSelected(deployments.row(), deployments.parent()));
    QCOMPARE(selectionChanged.count(), 1);
    QCOMPARE(currentChanged.count(), 1);
    // The user's own choice in the tree still shows its kind.
    tree->setCurrentIndex(f.window->treeModel()->indexOfKind(QStringLiteral("pods")));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
}

// The timeline shows every kind's events: while it is shown the tree
// highlights no kind (a highlighted "Pods" told of a table not in view), and
// a kind chosen in the tree, the kind switcher or on a lane is shown in the
// table, the tree's highlight with it.
void TestMainWindow::treeHighlightsNoKindOverTheTimeline()
{
    Fixture f;
    QTreeView *tree = kindTree(*f.window);
    QVERIFY(tree);
    QAbstractItemModelTester tester(f.window->treeModel());
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const QModelIndex pods = f.window->treeModel()->indexOfKind(QStringLiteral("pods"));
    const QModelIndex deployments =
        f.window->treeModel()->indexOfKind(QStringLiteral("deployments.apps"));
    QCOMPARE(tree->currentIndex(), pods);

    f.window->setTimelineVisible(true);
    QVERIFY(!tree->currentIndex().isValid());
    QVERIFY(!tree->selectionModel()->hasSelection());
    // The kind the table showed, chosen again: the table comes back.
    tree->setCurrentIndex(pods);
    QVERIFY(!f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QCOMPARE(tree->currentIndex(), pods);

    // A lane's object: its kind in the table, and in the tree.
    f.session.local(QStringLiteral("deployments"))
        ->upsert(deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    f.session.local(QStringLiteral("deployments"))->flush();
    f.window->setTimelineVisible(true);
    Q_EMIT f.window->timeline()->objectActivated(
        QStringLiteral("Deployment"), QStringLiteral("shop"), QStringLiteral("web"),
        QStringLiteral("shopweb"), QStringLiteral("apps/v1"));
    QVERIFY(!f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QCOMPARE(tree->currentIndex(), deployments);

    // Back to the timeline (Ctrl+T), then Ctrl+K: the table shows the kind.
    f.window->activateWindow();
    QTest::keyClick(f.window.get(), Qt::Key_T, Qt::ControlModifier);
    QVERIFY(f.window->timelineVisible());
    QVERIFY(!tree->currentIndex().isValid());
    QTest::keyClick(f.window.get(), Qt::Key_K, Qt::ControlModifier);
    QTRY_VERIFY(f.window->kindSwitcher()->isVisible());
    QTest::keyClicks(f.window->kindSwitcher()->input(), QStringLiteral("pods"));
    QTest::keyClick(f.window->kindSwitcher()->input(), Qt::Key_Return);
    QVERIFY(!f.window->timelineVisible());
    QCOMPARE(tree->currentIndex(), pods);
}

// A pod deleted and created again under its name has two lanes; the earlier
// one's click does not open the current pod as if it were the same object,
// and the next lane followed takes its notice away.
void TestMainWindow::timelineClickOnAnEarlierObjectSaysItIsGone()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.window->setTimelineVisible(true);
    Q_EMIT f.window->timeline()->objectActivated(
        QStringLiteral("Pod"), QStringLiteral("shop"), QStringLiteral("web-1"),
        QStringLiteral("uid-before"), QStringLiteral("v1"));
    QVERIFY(f.window->timelineVisible());
    auto *notice = f.window->findChild<NoticeBar *>();
    QVERIFY(notice);
    QCOMPARE(notice->text(), QStringLiteral("Pod shop/web-1 (uid uid-before) is not in the "
                                            "cluster any more; its events stay on the timeline."));
    QVERIFY(f.window->resourceView()->currentObject().isNull());

    // The current one's lane (its uid, pod() makes it ns + name) opens it.
    Q_EMIT f.window->timeline()->objectActivated(QStringLiteral("Pod"), QStringLiteral("shop"),
                                                 QStringLiteral("web-1"),
                                                 QStringLiteral("shopweb-1"), QStringLiteral("v1"));
    QVERIFY(!f.window->timelineVisible());
    QTRY_COMPARE(f.window->resourceView()->currentObject().key(), QStringLiteral("shop/web-1"));
    // The word on the earlier lane is answered: it does not stay above the
    // object found.
    QVERIFY2(!notice->isVisibleTo(f.window.get()), qPrintable(notice->text()));
}

// An informer that never listed (the server unreachable) has an empty cache:
// its "0" read as "none in the cluster". The tree says "—" and, in the
// tooltip, why, until the first list.
void TestMainWindow::treeSaysNotListedUntilTheInformerHasSynced()
{
    Fixture f;
    ResourceTreeModel *tree = f.window->treeModel();
    QAbstractItemModelTester tester(tree);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    const auto countCell = [&](LocalKindSource *source) {
        return tree->indexOfKind(source->kind().id()).siblingAtColumn(1);
    };
    InformerStatus failing;
    failing.state = InformerStatus::State::Error;
    failing.lastError = QStringLiteral("connection refused");
    deployments->setStatus(failing);
    // (Before its first count, on the next tick, a kind shows "—" too.)
    QTRY_VERIFY(countCell(deployments)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Not listed yet")));
    QCOMPARE(countCell(deployments).data().toString(), QStringLiteral("—"));
    QCOMPARE(countCell(deployments).data(ResourceTreeModel::CountRole).toLongLong(), -1);
    const QString tip = countCell(deployments).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Not listed yet")) &&
                 tip.contains(QStringLiteral("connection refused")),
             qPrintable(tip));
    QCOMPARE(countCell(deployments).siblingAtColumn(0).data(Qt::ToolTipRole).toString(), tip);

    // The shown kind, counted with the status bar: its cache has 3 pods from
    // before, but the informer has not listed yet.
    InformerStatus listing;
    listing.state = InformerStatus::State::Listing;
    pods->setStatus(listing);
    QCOMPARE(countCell(pods).data().toString(), QStringLiteral("—"));

    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    pods->setStatus(watching);
    QCOMPARE(countCell(pods).data().toString(), QStringLiteral("3"));
    QVERIFY(!countCell(pods)
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains(QStringLiteral("Not listed yet")));
    deployments->setStatus(watching);
    QTRY_COMPARE(countCell(deployments).data().toString(), QStringLiteral("0"));
}

// Spec §3: listing shows a progress bar in the status bar, as in the
// informers panel: how far a relist is, busy while a first list cannot know.
void TestMainWindow::statusBarShowsProgressWhileListing()
{
    Fixture f;
    QProgressBar *bar = f.window->listProgress();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QVERIFY(!bar->isVisibleTo(f.window.get()));

    // A first list: nothing says how many objects will come.
    QVERIFY(f.window->showKindByName(QStringLiteral("deploy")));
    InformerStatus listing;
    listing.state = InformerStatus::State::Listing;
    listing.itemsListed = 1;
    f.session.local(QStringLiteral("deployments"))->setStatus(listing);
    QTRY_VERIFY(bar->isVisibleTo(f.window.get()));
    QCOMPARE(bar->maximum(), 0); // busy

    // A relist of pods expects as many as the cache holds.
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    listing.objects = 4;
    listing.itemsListed = 2;
    pods->setStatus(listing);
    QTRY_COMPARE(bar->maximum(), 100);
    QCOMPARE(bar->value(), 50);
    QVERIFY(bar->isVisibleTo(f.window.get()));

    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    pods->setStatus(watching);
    QTRY_VERIFY(!bar->isVisibleTo(f.window.get()));
}

// After an outage every informer waits out its own backoff; the status bar
// offers to retry them all at once, and only those not watching.
void TestMainWindow::reconnectAllRetriesEveryInformerNotWatching()
{
    Fixture f;
    QToolButton *reconnect = f.window->reconnectAllButton();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QVERIFY(!reconnect->isVisibleTo(f.window.get()));
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    InformerStatus down;
    down.state = InformerStatus::State::BackingOff;
    down.retryAtMs = SecondClock::nowMs() + 30'000;
    pods->setStatus(down);
    QTRY_VERIFY(reconnect->isVisibleTo(f.window.get()));
    reconnect->click();
    QCOMPARE(pods->retries(), 1);
    QCOMPARE(deployments->retries(), 0); // watching: left alone
}

// Two kinds called Events (core v1 and events.k8s.io): the table's title
// named neither.
void TestMainWindow::tableTitleNamesTheGroupOfARepeatedPlural()
{
    QList<KindInfo> kinds = standardKinds();
    kinds.append(KindInfo{QStringLiteral("events.k8s.io"),
                          QStringLiteral("v1"),
                          QStringLiteral("Event"),
                          QStringLiteral("events"),
                          true,
                          {}});
    Fixture f(kinds);
    QVERIFY(f.window->showKind(kinds.last()));
    QCOMPARE(f.window->resourceView()->title()->text(), QStringLiteral("Events (events.k8s.io)"));
    QVERIFY(f.window->showKind(kinds.at(3)));
    QCOMPARE(f.window->resourceView()->title()->text(), QStringLiteral("Events (core)"));
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QCOMPARE(f.window->resourceView()->title()->text(), QStringLiteral("Pods"));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
