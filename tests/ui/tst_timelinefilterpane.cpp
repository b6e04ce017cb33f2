// The filter pane over the event timeline: its namespace and label choice
// filters the timeline's events (and still the table alone once back on it),
// and while the timeline is shown it offers and counts the timeline's own
// values, keeping the ticks of values both views have; those counts are the
// last known while the events' informer is not watching.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/clusterfacetmodel.h"
#include "models/freshness.h"
#include "models/labelfacetmodel.h"
#include "models/multiclustersession.h"
#include "models/namespacefacetmodel.h"
#include "models/resourcetablemodel.h"
#include "multiclusterfixture.h"
#include "testsettings.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinewidget.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QFont>
#include <QTest>

using namespace informant;
using namespace informant::test;

class TestTimelineFilterPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void filterPaneChoiceFiltersTimeline();
    void filterPaneOffersTheTimelinesValuesOverIt();
    void facetsOverTheTimelineFadeByTheEventsInformer();
    void clusterFacetOverTheTimelineFadesTheClusterWhoseEventsAreNotLive();
};

void TestTimelineFilterPane::filterPaneChoiceFiltersTimeline()
{
    Fixture f;
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-1"), QStringLiteral("Started")));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-2"), QStringLiteral("Pulled")));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Deployment"),
                              QStringLiteral("web"), QStringLiteral("ScalingReplicaSet")));
    events->upsert(eventAbout(QStringLiteral("db"), QStringLiteral("Pod"), QStringLiteral("pg-0"),
                              QStringLiteral("Started")));
    events->flush();
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    canvas->rebuildNow();
    QTRY_COMPARE(canvas->layout().itemCount(), 4);

    // Namespace: the events of objects in that namespace.
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    QTRY_COMPARE(namespaces->rowCount(), 2);
    QVERIFY(namespaces->setData(namespaces->index(0, 0), Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(canvas->filter().namespaces, QSet<QString>{"db"});
    QCOMPARE(canvas->layout().itemCount(), 1);
    QVERIFY2(
        f.window->timeline()->summaryText().startsWith(QStringLiteral("Filter: namespace: db · ")),
        qPrintable(f.window->timeline()->summaryText()));
    f.window->filterPane()->clear();
    QCOMPARE(canvas->layout().itemCount(), 4);

    // Label: the events of the objects carrying it, of every watched kind.
    LabelFacetModel *labels = f.window->filterPane()->labelModel();
    labels->setChecked({{QStringLiteral("app"), {QStringLiteral("web")}}});
    QCOMPARE(canvas->filter().objectUids,
             (std::optional<QSet<QString>>{{"shopweb-1", "shopweb-2", "shopweb"}}));
    QCOMPARE(canvas->layout().itemCount(), 3);

    // A new matching object brings its events along (counts refresh).
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-3"), QStringLiteral("web"),
                     QStringLiteral("Running")));
    pods->flush();
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-3"), QStringLiteral("Scheduled")));
    events->flush();
    QTRY_COMPARE(canvas->layout().itemCount(), 4);

    // Back in the table, the choice still filters the table alone.
    f.window->setTimelineVisible(false);
    labels->setChecked({});
    QTRY_COMPARE(f.model()->rowCount(), 4);
    f.window->setTimelineVisible(true);
    QCOMPARE(canvas->filter().objectUids, std::nullopt);
    QTRY_COMPARE(canvas->layout().itemCount(), 5);
}

namespace {

// "value count" per row of a facet list, or of a label key's values.
QStringList facetRows(const QAbstractItemModel *model, const QModelIndex &parent = {})
{
    QStringList rows;
    for (int r = 0; r < model->rowCount(parent); ++r)
        rows.append(model->index(r, 0, parent).data().toString() + u' ' +
                    model->index(r, 1, parent).data().toString());
    return rows;
}

QModelIndex labelKeyRow(const QAbstractItemModel *model, const QString &key)
{
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->index(r, 0).data(LabelFacetModel::LabelKeyRole).toString() == key)
            return model->index(r, 0);
    }
    return {};
}

} // namespace

// Over the timeline the pane filters its events: it offers their objects'
// namespaces and labels, counting events, not the table's pods; the table's
// come back with it, and a tick on a value of both stays.
void TestTimelineFilterPane::filterPaneOffersTheTimelinesValuesOverIt()
{
    Fixture f;
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-1"), QStringLiteral("Started")));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-1"), QStringLiteral("Pulled")));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Deployment"),
                              QStringLiteral("web"), QStringLiteral("ScalingReplicaSet")));
    events->upsert(eventAbout(QStringLiteral("ops"), QStringLiteral("Pod"),
                              QStringLiteral("backup-1"), QStringLiteral("Started")));
    events->flush();
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    LabelFacetModel *labels = f.window->filterPane()->labelModel();
    QAbstractItemModelTester namespacesTester(namespaces);
    QAbstractItemModelTester labelsTester(labels);
    QTRY_COMPARE(facetRows(namespaces), (QStringList{"db 1", "shop 2"}));
    QVERIFY(namespaces->setData(namespaces->index(1, 0), Qt::Checked, Qt::CheckStateRole));
    QTRY_COMPARE(f.model()->rowCount(), 2);

    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_COMPARE(canvas->layout().itemCount(), 3);
    // The events' namespaces, each with the events ticking it leaves; shop
    // keeps its tick.
    QTRY_COMPARE(facetRows(namespaces), (QStringList{"ops 1", "shop 3"}));
    QCOMPARE(namespaces->checked(), QSet<QString>{"shop"});
    QCOMPARE(canvas->filter().namespaces, QSet<QString>{"shop"});
    // The labels of the objects with events in shop: web-1 and its
    // Deployment, not pg-0, which has none.
    const QModelIndex app = labelKeyRow(labels, QStringLiteral("app"));
    QVERIFY(app.isValid());
    QCOMPARE(facetRows(labels, app), QStringList{"web 3"});
    QVERIFY(namespaces->setData(namespaces->index(0, 0), Qt::Checked, Qt::CheckStateRole));
    QTRY_COMPARE(canvas->layout().itemCount(), 4);
    // The timeline's own filters count too: none of them is a Warning.
    canvas->setWarningsOnly(true);
    QTRY_COMPARE(facetRows(namespaces), (QStringList{"ops 0", "shop 0"}));
    canvas->setWarningsOnly(false);

    // The table's values again, its ticks with them.
    f.window->setTimelineVisible(false);
    QTRY_COMPARE(facetRows(namespaces), (QStringList{"db 1", "ops 0", "shop 2"}));
    QCOMPARE(namespaces->checked(), (QSet<QString>{"ops", "shop"}));
    QCOMPARE(facetRows(labels, labelKeyRow(labels, QStringLiteral("app"))),
             (QStringList{"pg 0", "web 2"}));
}

// Over the timeline the facets count events: their counts are the last
// known while the events' informer is not watching, whatever the table's
// kind's is (they faded by the pods' watch, not the events'); back on the
// table, by its kind's again.
void TestTimelineFilterPane::facetsOverTheTimelineFadeByTheEventsInformer()
{
    Fixture f;
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-1"), QStringLiteral("Started")));
    events->flush();
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    LabelFacetModel *labels = f.window->filterPane()->labelModel();
    QAbstractItemModelTester namespacesTester(namespaces);
    QAbstractItemModelTester labelsTester(labels);
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_COMPARE(canvas->layout().itemCount(), 1);
    QTRY_COMPARE(facetRows(namespaces), QStringList{"shop 1"});
    QCOMPARE(namespaces->stale(), QString());

    // The table's kind behind the timeline: not what the facets count.
    pods->setStatus(watchLost());
    QCOMPARE(namespaces->stale(), QString());
    QCOMPARE(labels->stale(), QString());

    events->setStatus(watchLost());
    QVERIFY2(namespaces->stale().startsWith(QStringLiteral("not watched since")),
             qPrintable(namespaces->stale()));
    QVERIFY2(namespaces->stale().contains(QStringLiteral("connection refused")),
             qPrintable(namespaces->stale()));
    QCOMPARE(labels->stale(), namespaces->stale());
    QVERIFY(namespaces->index(0, 1).data(Qt::FontRole).value<QFont>().italic());

    // Back on the table: its pods' watch, down too.
    f.window->setTimelineVisible(false);
    QTRY_COMPARE(facetRows(namespaces), (QStringList{"db 1", "shop 2"}));
    QVERIFY(!namespaces->stale().isEmpty());
    pods->setStatus(watching());
    QCOMPARE(namespaces->stale(), QString());
    QCOMPARE(labels->stale(), QString());

    // Over the timeline again, its events' watch still down.
    f.window->setTimelineVisible(true);
    QVERIFY(!namespaces->stale().isEmpty());
    QVERIFY(!labels->stale().isEmpty());
    events->setStatus(watching());
    QCOMPARE(namespaces->stale(), QString());
    QCOMPARE(labels->stale(), QString());
}

// Over the timeline the Clusters facet counts each cluster's events: an
// entry is faded while that cluster's events informer is not watching, not
// while the pods informer of the table behind is; the namespaces and labels
// count both clusters' events, and stay live while one cluster's are.
void TestTimelineFilterPane::clusterFacetOverTheTimelineFadesTheClusterWhoseEventsAreNotLive()
{
    MultiFixture f;
    f.addAnEventInEachCluster();
    LocalKindSource *westEvents = f.west->local(QStringLiteral("events"));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ClusterFacetModel *clusters = f.window->filterPane()->clusterModel();
    QAbstractItemModelTester tester(clusters,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto faded = [clusters](int row, int column) {
        return clusters->index(row, column).data(Qt::ForegroundRole) == QVariant(staleTextColor());
    };
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().itemCount() == 2));
    QTRY_COMPARE(facetRows(clusters), (QStringList{"east 1", "west 1"}));
    QVERIFY(!faded(1, 0));

    f.west->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY(!faded(1, 0));
    westEvents->setStatus(watchLost());
    QVERIFY(faded(1, 0));
    QVERIFY(faded(1, 1));
    const QString why = clusters->index(1, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(why.startsWith(QStringLiteral("west: not watched")), qPrintable(why));
    QVERIFY(!faded(0, 0));
    QCOMPARE(f.window->filterPane()->namespaceModel()->stale(), QString());

    // The table's pods: west's are down too; then up, while its events are not.
    f.window->setTimelineVisible(false);
    QTRY_COMPARE(facetRows(clusters), (QStringList{"east 2", "west 1"}));
    QVERIFY(faded(1, 0));
    f.west->local(QStringLiteral("pods"))->setStatus(watching());
    QVERIFY(!faded(1, 0));
    f.window->setTimelineVisible(true);
    QTRY_COMPARE(facetRows(clusters), (QStringList{"east 1", "west 1"}));
    QVERIFY(faded(1, 0));
    westEvents->setStatus(watching());
    QVERIFY(!faded(1, 0));
}

QTEST_MAIN(TestTimelineFilterPane)
#include "tst_timelinefilterpane.moc"
