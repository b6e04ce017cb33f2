// One window over two clusters (informant --context east --context west):
// each kind's table holds both clusters' rows, CLUSTER first, and says when
// one cluster is not live.

#include "models/clusterfacetmodel.h"
#include "models/clusterrowkey.h"
#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/multiclustersession.h"
#include "models/namespacefacetmodel.h"
#include "multiclusterfixture.h"
#include "testsettings.h"
#include "ui/celldelegate.h"
#include "ui/detailspane.h"
#include "ui/filterpane.h"
#include "ui/freshnessbanner.h"
#include "ui/informerspanel.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"
#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinewidget.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QTreeView>

using namespace informant;
using namespace informant::test;

namespace {

// "value=count" per row of a facet list.
QStringList countsOf(const ListFacetModel *facet)
{
    QStringList out;
    for (int r = 0; r < facet->rowCount(); ++r)
        out.append(facet->index(r, 0).data(ListFacetModel::ValueRole).toString() + u'=' +
                   facet->index(r, 1).data(ListFacetModel::CountRole).toString());
    return out;
}

void tick(ListFacetModel *facet, const QString &value)
{
    for (int r = 0; r < facet->rowCount(); ++r) {
        if (facet->index(r, 0).data(ListFacetModel::ValueRole).toString() == value) {
            facet->setData(facet->index(r, 0), Qt::Checked, Qt::CheckStateRole);
            return;
        }
    }
    QFAIL(qPrintable(QStringLiteral("no facet row %1").arg(value)));
}

bool facetListShown(const FilterPane *pane, const QAbstractItemModel *facet)
{
    const QList<QTreeView *> views = pane->findChildren<QTreeView *>();
    return std::any_of(views.cbegin(), views.cend(), [&](const QTreeView *view) {
        return view->model() == facet && view->isVisibleTo(pane);
    });
}

// The object lane of `cluster`'s `name`; -1 if none.
int laneOf(const TimelineLayout &layout, const QString &cluster, const QString &name)
{
    for (int lane = 0; lane < layout.laneCount(); ++lane) {
        const TimelineLane &l = layout.lane(lane);
        if (!l.isGroup() && l.cluster == cluster && l.name == name)
            return lane;
    }
    return -1;
}

// The tooltip the canvas shows at `at`, as a hovering mouse gets it.
QString toolTipAt(TimelineCanvas *canvas, const QPoint &at)
{
    const QPoint global = canvas->viewport()->mapToGlobal(at);
    const QString before = QStringLiteral("(no tooltip)");
    QToolTip::showText(global, before, canvas->viewport());
    QHelpEvent help(QEvent::ToolTip, at, global);
    QCoreApplication::sendEvent(canvas->viewport(), &help);
    const QString text = QToolTip::text() == before ? QString() : QToolTip::text();
    QToolTip::hideText();
    return text;
}

} // namespace

class TestMultiClusterWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void tableHoldsBothClustersRowsClusterFirst();
    void rowActionsShowTheRowsOwnClustersObject();
    void bannerNamesTheClusterThatIsNotLive();
    void kindOnlyOneClusterServesSaysSo();
    void linkGoesToTheRowsOwnCluster();
    void onlyTheClusterNotLiveHasItsRowsFaded();
    void detailsFreshnessIsTheRowsOwnClusters();
    void overviewNamesTheRowsCluster();
    void informersPanelHasEachClustersInformers();
    void timelineLaneGoesToTheEventsOwnCluster();
    void clusterFacetFiltersTheTableAndTheOtherCounts();
    void clusterFacetIsOnlyInAWindowOfSeveral();
    void clusterFacetScopesTheTimeline();
    void ctrlCCopiesEachRowsCluster();
    void statusBarNamesTheSelectedRowsCluster();
    void clusterFacetFadesTheClusterNotLive();
    void rowSelectsItsOwnClustersNodeLane();
    void earlierLaneSaysHowItWentInItsOwnCluster();
};

void TestMultiClusterWindow::tableHoldsBothClustersRowsClusterFirst()
{
    MultiFixture f;
    QCOMPARE(f.window->windowTitle(), QStringLiteral("east + west — Informant"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(headersOf(f.model()).mid(0, 3), (QStringList{"CLUSTER", "NAMESPACE", "NAME"}));
    QStringList clusters;
    for (int r = 0; r < 3; ++r)
        clusters.append(f.model()->index(r, 0).data().toString());
    QCOMPARE(clusters, (QStringList{"east", "east", "west"}));
    QVERIFY(f.rowOf("east", "shop/web-1") >= 0);
    QVERIFY(f.rowOf("west", "shop/web-1") >= 0);
}

void TestMultiClusterWindow::rowActionsShowTheRowsOwnClustersObject()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const auto phaseShown = [&f] {
        return QString::fromUtf8(f.window->detailsPane()->object().json())
                       .contains(QStringLiteral("Pending"))
                   ? QStringLiteral("Pending")
                   : QStringLiteral("Running");
    };
    f.select(f.rowOf("west", "shop/web-1"));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web-1"));
    QCOMPARE(phaseShown(), QStringLiteral("Pending"));
    // From one cluster's web-1 to the other's: the row is there, the
    // selection stays and the details follow.
    f.select(f.rowOf("east", "shop/web-1"));
    QVERIFY(f.window->resourceView()->table()->selectionModel()->hasSelection());
    QCOMPARE(f.window->resourceView()->currentObject().name(), QStringLiteral("web-1"));
    QCOMPARE(phaseShown(), QStringLiteral("Running"));
    f.select(f.rowOf("east", "db/pg-0"));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("pg-0"));
}

void TestMultiClusterWindow::bannerNamesTheClusterThatIsNotLive()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    FreshnessBanner *banner = f.window->resourceView()->banner();
    QVERIFY(!banner->isVisibleTo(f.window.get()));
    f.west->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY2(banner->text().contains(QStringLiteral("pods in west")), qPrintable(banner->text()));
    QVERIFY(!banner->text().contains(QStringLiteral("east")));
    QVERIFY2(f.window->statusText().contains(QStringLiteral("reconnecting")),
             qPrintable(f.window->statusText()));
    f.west->local(QStringLiteral("pods"))->setStatus(watching());
    QVERIFY(!banner->isVisibleTo(f.window.get()));
}

void TestMultiClusterWindow::kindOnlyOneClusterServesSaysSo()
{
    MultiFixture f;
    QVERIFY(f.window->showKindByName(QStringLiteral("crontabs")));
    KindSource *source = f.window->resourceView()->source();
    QVERIFY(source);
    QCOMPARE(source->origin(), QStringLiteral("west (not served by east)"));
    f.west->local(QStringLiteral("crontabs"))->setStatus(watchLost());
    QVERIFY(f.window->resourceView()->banner()->isVisibleTo(f.window.get()));
    QVERIFY2(
        f.window->resourceView()->banner()->text().contains(QStringLiteral("not served by east")),
        qPrintable(f.window->resourceView()->banner()->text()));
}

void TestMultiClusterWindow::linkGoesToTheRowsOwnCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.select(f.rowOf("west", "shop/web-1"));
    // The details pane's owner link, as a click on it gives it.
    Q_EMIT f.window->detailsPane()->linkActivated(QStringLiteral("apps/v1"),
                                                  QStringLiteral("Deployment"),
                                                  QStringLiteral("shop"), QStringLiteral("web"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QTRY_COMPARE(
        f.window->resourceView()->table()->currentIndex().data(ResourceTableModel::KeyRole),
        QVariant(clusterRowKey(QStringLiteral("west"), QStringLiteral("shop/web"))));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web"));
}

void TestMultiClusterWindow::timelineLaneGoesToTheEventsOwnCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *westEvents = f.west->local(QStringLiteral("events"));
    westEvents->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                                  QStringLiteral("web-1"), QStringLiteral("Scheduled")));
    westEvents->flush();
    // The table's current row is the other cluster's: the lane must not
    // borrow its cluster.
    f.select(f.rowOf("east", "db/pg-0"));
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().laneCount() == 2)); // shop · Pod, web-1
    QCOMPARE(canvas->layout().lane(1).name, QStringLiteral("web-1"));
    // A click selects the lane, Enter follows it.
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {},
                      QPoint(500, canvas->view().laneTop(1) + TimelineView::kLaneHeight / 2));
    QTest::keyClick(canvas, Qt::Key_Return);
    QVERIFY(!f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QTRY_COMPARE(
        f.window->resourceView()->table()->currentIndex().data(ResourceTableModel::KeyRole),
        QVariant(clusterRowKey(QStringLiteral("west"), QStringLiteral("shop/web-1"))));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web-1"));
}

// The rows of a cluster whose watch is down are its last known state; the
// other cluster's are live and must not look stale with them.
void TestMultiClusterWindow::onlyTheClusterNotLiveHasItsRowsFaded()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ResourceView *view = f.window->resourceView();
    auto *delegate = qobject_cast<CellDelegate *>(view->table()->itemDelegate());
    QVERIFY(delegate);
    const auto faded = [&f, delegate](const char *cluster, const char *key) {
        return delegate->dims(f.model()->index(f.rowOf(cluster, key), 1));
    };
    QVERIFY(!faded("east", "shop/web-1"));
    QVERIFY(!faded("west", "shop/web-1"));

    f.west->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY(faded("west", "shop/web-1"));
    QVERIFY(!faded("east", "shop/web-1"));
    QVERIFY(!faded("east", "db/pg-0"));
    QVERIFY(!view->rowsDimmed());
    QVERIFY2(view->banner()->text().contains(QStringLiteral("pods in west")),
             qPrintable(view->banner()->text()));

    // Both down: every row is the last known state.
    f.east->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY(view->rowsDimmed());
    QVERIFY(faded("east", "db/pg-0"));

    f.east->local(QStringLiteral("pods"))->setStatus(watching());
    f.west->local(QStringLiteral("pods"))->setStatus(watching());
    QVERIFY(!view->rowsDimmed());
    QVERIFY(!faded("west", "shop/web-1"));
    QVERIFY(!faded("east", "shop/web-1"));
}

// The details pane's "not watched since" is the shown row's cluster's: a
// healthy cluster's object is live while another's watch is down. The
// facets count both clusters' rows: stale only when every row is.
void TestMultiClusterWindow::detailsFreshnessIsTheRowsOwnClusters()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    DetailsPane *details = f.window->detailsPane();
    const NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    f.select(f.rowOf("east", "shop/web-1"));
    QCOMPARE(details->object().name(), QStringLiteral("web-1"));

    f.west->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY2(details->freshnessNote().isEmpty(), qPrintable(details->freshnessNote()));
    QVERIFY2(namespaces->stale().isEmpty(), qPrintable(namespaces->stale()));

    f.select(f.rowOf("west", "shop/web-1"));
    QVERIFY2(details->freshnessNote().contains(QStringLiteral("not watched since")),
             qPrintable(details->freshnessNote()));
    f.select(f.rowOf("east", "db/pg-0"));
    QVERIFY2(details->freshnessNote().isEmpty(), qPrintable(details->freshnessNote()));

    // The shown row's own cluster going down shows at once.
    f.east->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY2(details->freshnessNote().contains(QStringLiteral("not watched since")),
             qPrintable(details->freshnessNote()));
    QVERIFY(!namespaces->stale().isEmpty());

    f.east->local(QStringLiteral("pods"))->setStatus(watching());
    QVERIFY2(details->freshnessNote().isEmpty(), qPrintable(details->freshnessNote()));
    QVERIFY(namespaces->stale().isEmpty());
}

// Both clusters hold a shop/web-1: the Overview says whose it shows, and
// only in a window of several.
void TestMultiClusterWindow::overviewNamesTheRowsCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    DetailsPane *details = f.window->detailsPane();
    f.select(f.rowOf("west", "shop/web-1"));
    QVERIFY2(details->overviewText().contains(QStringLiteral("Cluster\nwest\nKind\n")),
             qPrintable(details->overviewText()));
    f.select(f.rowOf("east", "shop/web-1"));
    QVERIFY2(details->overviewText().contains(QStringLiteral("Cluster\neast\nKind\n")),
             qPrintable(details->overviewText()));

    LocalClusterSession *alone = new LocalClusterSession(standardKinds());
    alone->setName(QStringLiteral("alone"));
    LocalKindSource *pods = alone->local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                     QStringLiteral("Running")));
    pods->flush();
    MainWindow one(alone, QStringList{"alone"}, [](const QString &) {});
    alone->setParent(&one);
    one.show();
    ResourceTableModel *model = one.resourceView()->feed()->model();
    QTRY_COMPARE(model->rowCount(), 1);
    one.resourceView()->table()->setCurrentIndex(model->index(0, 0));
    QCOMPARE(one.detailsPane()->object().name(), QStringLiteral("web-1"));
    QVERIFY2(!one.detailsPane()->overviewText().contains(QStringLiteral("Cluster")),
             qPrintable(one.detailsPane()->overviewText()));
}

// One cluster down is that cluster's informers not watching, named, not
// every kind of the window.
void TestMultiClusterWindow::informersPanelHasEachClustersInformers()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.window->showKindByName(QStringLiteral("deployments"));
    InformerStatusModel *informers = f.window->informerModel();
    QAbstractItemModelTester tester(informers,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList rows;
    for (int row = 0; row < informers->rowCount(); ++row)
        rows.append(informers->clusterAt(row) + u' ' + informers->sourceAt(row)->kind().plural);
    QVERIFY2(rows.contains(QStringLiteral("east pods")), qPrintable(rows.join(u',')));
    QVERIFY2(rows.contains(QStringLiteral("west pods")), qPrintable(rows.join(u',')));
    QVERIFY2(rows.contains(QStringLiteral("west deployments")), qPrintable(rows.join(u',')));
    auto *panel = f.window->findChild<InformersPanel *>();
    QVERIFY(panel);
    QVERIFY(!panel->table()->isColumnHidden(InformerStatusModel::ClusterColumn));

    const int all = informers->rowCount();
    int west = 0;
    for (int row = 0; row < all; ++row)
        west += informers->clusterAt(row) == QStringLiteral("west") ? 1 : 0;
    for (KindSource *source : f.west->sources())
        static_cast<LocalKindSource *>(source)->setStatus(watchLost());
    QCOMPARE(informers->unhealthyCount(), west);
    const QString summary = f.window->informersSummaryText();
    QVERIFY2(summary.contains(
                 QStringLiteral("%1 of %2 informers not watching — west<").arg(west).arg(all)),
             qPrintable(summary));
}

void TestMultiClusterWindow::clusterFacetFiltersTheTableAndTheOtherCounts()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    FilterPane *pane = f.window->filterPane();
    ClusterFacetModel *clusters = pane->clusterModel();
    NamespaceFacetModel *namespaces = pane->namespaceModel();
    QAbstractItemModelTester tester(clusters,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(facetListShown(pane, clusters));
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=2", "west=1"}));
    QCOMPARE(countsOf(namespaces), (QStringList{"db=1", "shop=2"}));

    tick(clusters, QStringLiteral("west"));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QCOMPARE(f.model()->keyAt(0),
             clusterRowKey(QStringLiteral("west"), QStringLiteral("shop/web-1")));
    // The namespaces count west's objects; the clusters, their own tick aside,
    // every cluster's.
    QTRY_COMPARE(countsOf(namespaces), (QStringList{"db=0", "shop=1"}));
    QCOMPARE(countsOf(clusters), (QStringList{"east=2", "west=1"}));
    QCOMPARE(pane->selection().describe(), QStringLiteral("cluster: west"));

    tick(namespaces, QStringLiteral("db"));
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=1", "west=0"}));
    QCOMPARE(f.model()->rowCount(), 0);

    // Another kind keeps the cluster ticked, and filters by it.
    pane->clear();
    tick(clusters, QStringLiteral("east"));
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=1", "west=1"}));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QCOMPARE(f.model()->keyAt(0),
             clusterRowKey(QStringLiteral("east"), QStringLiteral("shop/web")));
}

void TestMultiClusterWindow::clusterFacetIsOnlyInAWindowOfSeveral()
{
    {
        MultiFixture f;
        QVERIFY(facetListShown(f.window->filterPane(), f.window->filterPane()->clusterModel()));
    }
    Fixture one;
    QTRY_COMPARE(one.model()->rowCount(), 3);
    FilterPane *pane = one.window->filterPane();
    QVERIFY(facetListShown(pane, pane->namespaceModel()));
    QVERIFY(!facetListShown(pane, pane->clusterModel()));
    QCOMPARE(pane->clusterModel()->rowCount(), 0);
}

void TestMultiClusterWindow::clusterFacetScopesTheTimeline()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.addAnEventInEachCluster();
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().itemCount() == 2));
    QTRY_COMPARE(f.window->filterPane()->clusterModel()->rowCount(), 2);
    tick(f.window->filterPane()->clusterModel(), QStringLiteral("west"));
    QTRY_COMPARE(canvas->filter().clusters, QSet<QString>{"west"});
    QCOMPARE(canvas->layout().itemCount(), 1);
    QCOMPARE(canvas->layout().lane(1).name, QStringLiteral("web-1"));
    QCOMPARE(canvas->layout().lane(1).cluster, QStringLiteral("west"));
    QVERIFY2(f.window->timeline()->summaryText().contains(QStringLiteral("cluster: west")),
             qPrintable(f.window->timeline()->summaryText()));
}

// Both clusters' web-1 pasted: the lines say whose each is, CLUSTER first
// as the table shows it, then the name as in a window of one.
void TestMultiClusterWindow::ctrlCCopiesEachRowsCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTableView *table = f.window->resourceView()->table();
    table->selectRow(f.rowOf("west", "shop/web-1"));
    table->selectionModel()->select(f.model()->index(f.rowOf("east", "shop/web-1"), 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->clear();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(clipboard->text(), QStringLiteral("east\tshop/web-1\nwest\tshop/web-1"));

    // One namespace ticked: the bare names, each still after its cluster.
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    QTRY_COMPARE(countsOf(namespaces), (QStringList{"db=1", "shop=2"}));
    tick(namespaces, QStringLiteral("shop"));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    table->selectAll();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(clipboard->text(), QStringLiteral("east\tweb-1\nwest\tweb-1"));
}

// Both clusters hold a shop/web-1: the status bar says whose is selected,
// only in a window of several, and not over the timeline (it tells of the
// events there).
void TestMultiClusterWindow::statusBarNamesTheSelectedRowsCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QVERIFY2(!f.window->statusText().contains(QStringLiteral("shop/web-1")),
             qPrintable(f.window->statusText()));
    f.select(f.rowOf("west", "shop/web-1"));
    QVERIFY2(f.window->statusText().contains(QStringLiteral(" · west: shop/web-1")),
             qPrintable(f.window->statusText()));
    f.select(f.rowOf("east", "shop/web-1"));
    QVERIFY2(f.window->statusText().contains(QStringLiteral(" · east: shop/web-1")),
             qPrintable(f.window->statusText()));
    QVERIFY(!f.window->statusText().contains(QStringLiteral("west")));
    f.window->setTimelineVisible(true);
    QVERIFY2(!f.window->statusText().contains(QStringLiteral("shop/web-1")),
             qPrintable(f.window->statusText()));
    f.window->setTimelineVisible(false);
    QVERIFY2(f.window->statusText().contains(QStringLiteral(" · east: shop/web-1")),
             qPrintable(f.window->statusText()));
    f.window->resourceView()->table()->selectionModel()->clear();
    QVERIFY2(!f.window->statusText().contains(QStringLiteral("shop/web-1")),
             qPrintable(f.window->statusText()));

    Fixture one;
    QTRY_COMPARE(one.model()->rowCount(), 3);
    one.window->resourceView()->table()->setCurrentIndex(
        one.model()->index(one.model()->rowOfKey(QStringLiteral("shop/web-1")), 0));
    QCOMPARE(one.window->detailsPane()->object().name(), QStringLiteral("web-1"));
    QVERIFY2(!one.window->statusText().contains(QStringLiteral("web-1")),
             qPrintable(one.window->statusText()));
}

// West's watch down: its rows are faded in the table, and so is its entry
// in the Clusters facet, saying why; east's stays live.
void TestMultiClusterWindow::clusterFacetFadesTheClusterNotLive()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ClusterFacetModel *clusters = f.window->filterPane()->clusterModel();
    QAbstractItemModelTester tester(clusters,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=2", "west=1"}));
    const auto faded = [clusters](int row, int column) {
        return clusters->index(row, column).data(Qt::ForegroundRole) == QVariant(staleTextColor());
    };
    const auto tooltip = [clusters](int row) {
        return clusters->index(row, 0).data(Qt::ToolTipRole).toString();
    };
    QVERIFY(!faded(0, 0) && !faded(1, 0) && !faded(0, 1) && !faded(1, 1));

    f.west->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY(faded(1, 0));
    QVERIFY(faded(1, 1));
    QVERIFY(clusters->index(1, 1).data(Qt::FontRole).value<QFont>().italic());
    QVERIFY2(tooltip(1).startsWith(QStringLiteral("west: not watched")), qPrintable(tooltip(1)));
    QVERIFY2(tooltip(1).contains(QStringLiteral("connection refused")), qPrintable(tooltip(1)));
    QVERIFY(!faded(0, 0));
    QVERIFY(!faded(0, 1));
    QVERIFY2(tooltip(0).isEmpty(), qPrintable(tooltip(0)));

    // Another kind is west's own informer of it: live.
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=1", "west=1"}));
    QVERIFY(!faded(1, 0));
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=2", "west=1"}));
    QVERIFY(faded(1, 0));

    // Over the timeline the facet counts each cluster's events, which
    // west's pods informer does not bring.
    f.addAnEventInEachCluster();
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().itemCount() == 2));
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=1", "west=1"}));
    QVERIFY(!faded(1, 0));
    f.window->setTimelineVisible(false);
    QTRY_COMPARE(countsOf(clusters), (QStringList{"east=2", "west=1"}));
    QVERIFY(faded(1, 0));

    f.west->local(QStringLiteral("pods"))->setStatus(watching());
    QVERIFY(!faded(1, 0));
    QVERIFY(!faded(1, 1));
    QVERIFY2(tooltip(1).isEmpty(), qPrintable(tooltip(1)));
}

// Both clusters have a node-1, whose lanes the kubelet's events (naming no
// real uid) open by name: the selected row is one cluster's node-1, and so
// is the lane selected with it.
void TestMultiClusterWindow::rowSelectsItsOwnClustersNodeLane()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    for (LocalClusterSession *cluster : {f.east, f.west}) {
        LocalKindSource *nodes = cluster->local(QStringLiteral("nodes"));
        nodes->upsert(node(cluster->name(), QStringLiteral("node-1")));
        nodes->upsert(node(cluster->name(), QStringLiteral("node-2")));
        nodes->flush();
        LocalKindSource *events = cluster->local(QStringLiteral("events"));
        events->upsert(eventIn(cluster->name(), QStringLiteral("Node"), {},
                               QStringLiteral("node-1"), QStringLiteral("node-1"),
                               QStringLiteral("NodeReady"),
                               QStringLiteral("2024-05-01T10:00:00Z")));
        events->flush();
    }
    QVERIFY(f.window->showKindByName(QStringLiteral("nodes")));
    QTRY_COMPARE(f.model()->rowCount(), 4);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    const auto selectedLane = [&] {
        canvas->rebuildNow();
        return canvas->layout().laneOfObject(canvas->selectedObject());
    };
    f.select(f.rowOf("west", "node-1"));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("node-1"));
    f.window->setTimelineVisible(true);
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().laneCount() == 3)); // Node, 2 × node-1
    const int west = laneOf(canvas->layout(), QStringLiteral("west"), QStringLiteral("node-1"));
    const int east = laneOf(canvas->layout(), QStringLiteral("east"), QStringLiteral("node-1"));
    QVERIFY(west >= 0 && east >= 0 && west != east);
    QCOMPARE(selectedLane(), west);

    f.window->setTimelineVisible(false);
    f.select(f.rowOf("east", "node-1"));
    f.window->setTimelineVisible(true);
    QCOMPARE(selectedLane(), east);
    // A node without events has no lane; it does not select another's.
    f.window->setTimelineVisible(false);
    f.select(f.rowOf("west", "node-2"));
    f.window->setTimelineVisible(true);
    QCOMPARE(selectedLane(), -1);
}

// West's shop/api-0 was deleted and created again; east's, under the same
// name, lives on. West's earlier lane says how it went, from West's History.
void TestMultiClusterWindow::earlierLaneSaysHowItWentInItsOwnCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const QString ns = QStringLiteral("shop");
    const QString name = QStringLiteral("api-0");
    LocalKindSource *westPods = f.west->local(QStringLiteral("pods"));
    LocalKindSource *eastPods = f.east->local(QStringLiteral("pods"));
    eastPods->upsert(podWithUid(ns, name, QStringLiteral("east-api-0")));
    eastPods->flush();
    westPods->upsert(podWithUid(ns, name, QStringLiteral("west-api-0-before")));
    westPods->flush();
    westPods->remove(podWithUid(ns, name, QStringLiteral("west-api-0-before")));
    westPods->flush();
    westPods->upsert(podWithUid(ns, name, QStringLiteral("west-api-0")));
    westPods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 5);

    const auto pulled = [&](LocalClusterSession *cluster, const QString &uid, const char *at) {
        LocalKindSource *events = cluster->local(QStringLiteral("events"));
        events->upsert(eventIn(cluster->name(), QStringLiteral("Pod"), ns, name, uid,
                               QStringLiteral("Pulled"), QString::fromLatin1(at)));
        events->flush();
    };
    pulled(f.east, QStringLiteral("east-api-0"), "2024-05-01T10:00:00Z");
    pulled(f.west, QStringLiteral("west-api-0-before"), "2024-05-01T10:05:00Z");
    pulled(f.west, QStringLiteral("west-api-0"), "2024-05-01T10:10:00Z");
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().laneCount() == 4)); // shop · Pod, 3 lanes
    const TimelineLayout &layout = canvas->layout();
    const int earlier = layout.laneOfObject(QStringLiteral("west-api-0-before"));
    QVERIFY(earlier >= 0);
    QVERIFY(layout.lane(earlier).earlier);
    QVERIFY(!layout.lane(layout.laneOfObject(QStringLiteral("west-api-0"))).earlier);
    QVERIFY(!layout.lane(layout.laneOfObject(QStringLiteral("east-api-0"))).earlier);
    const auto labelToolTip = [canvas](int lane) {
        return toolTipAt(canvas,
                         QPoint(40, canvas->view().laneTop(lane) + TimelineView::kLaneHeight / 2));
    };
    const QString tip = labelToolTip(earlier);
    QVERIFY2(tip.contains(QStringLiteral("uid west-api-0-before")) &&
                 tip.contains(QStringLiteral("It was deleted at")),
             qPrintable(tip));
}

QTEST_MAIN(TestMultiClusterWindow)
#include "tst_multiclusterwindow.moc"
