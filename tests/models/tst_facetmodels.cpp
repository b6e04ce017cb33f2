#include "informer/cache/indexfuncs.h"
#include "models/clusterfacetmodel.h"
#include "models/clusterrowkey.h"
#include "models/facetselection.h"
#include "models/labelfacetmodel.h"
#include "models/localkindsource.h"
#include "models/namespacefacetmodel.h"
#include "testobjects.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

KindInfo podsKind()
{
    return KindInfo{QString(), QStringLiteral("v1"),  QStringLiteral("Pod"), QStringLiteral("pods"),
                    true,      {QStringLiteral("po")}};
}

KubeObject pod(const QString &ns, const QString &name, const QString &app,
               const QString &tier = QString())
{
    QMap<QString, QString> labels{{QStringLiteral("app"), app}};
    if (!tier.isEmpty())
        labels.insert(QStringLiteral("tier"), tier);
    return makeObject(ns, name, labels);
}

QStringList column(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QStringList out;
    for (int r = 0; r < model.rowCount(parent); ++r)
        out.append(model.index(r, 0, parent).data().toString() + QLatin1Char('=') +
                   model.index(r, 1, parent).data(NamespaceFacetModel::CountRole).toString());
    return out;
}

} // namespace

class TestFacetModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namespaceCountsFollowChurn();
    void labelTreeCountsFollowChurn();
    void checkingFacetsBuildsSelection();
    void staleCountsAreFadedAndSayWhy();
    void tickedFacetsStayListedWhenTheirObjectsGo();
    void tickedValueBeyondTheCapKeepsItsCount();
    void facetKeysIntersectIndexes_data();
    void facetKeysIntersectIndexes();
    void clusterListCountsAndTicks();
    void facetKeysKeepTheTickedClustersRows();
    void valuesAreListedInTheTablesOrderOfNames();
};

void TestFacetModels::namespaceCountsFollowChurn()
{
    LocalKindSource source(podsKind());
    NamespaceFacetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto refresh = [&] {
        model.refresh(source.indexer().indexValueCounts(QString(kNamespaceIndex)));
    };

    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("a"), QStringLiteral("web")));
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("b"), QStringLiteral("web")));
    source.upsert(pod(QStringLiteral("db"), QStringLiteral("c"), QStringLiteral("pg")));
    source.flush();
    refresh();
    QCOMPARE(column(model), (QStringList{"db=1", "shop=2"}));
    QCOMPARE(inserted.count(), 2);

    // Churn: one namespace empties, another appears, a count changes.
    source.remove(pod(QStringLiteral("db"), QStringLiteral("c"), QStringLiteral("pg")));
    source.upsert(pod(QStringLiteral("ops"), QStringLiteral("d"), QStringLiteral("mon")));
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("e"), QStringLiteral("web")));
    source.flush();
    inserted.clear();
    refresh();
    QCOMPARE(column(model), (QStringList{"ops=1", "shop=3"}));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
    // Unchanged counts: no signal at all.
    changed.clear();
    refresh();
    QCOMPARE(changed.count(), 0);
}

void TestFacetModels::labelTreeCountsFollowChurn()
{
    LocalKindSource source(podsKind());
    LabelFacetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    auto refresh = [&] { model.refresh(source.indexer().indexValueCounts(QString(kLabelsIndex))); };
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("a"), QStringLiteral("web"),
                      QStringLiteral("front")));
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("b"), QStringLiteral("web")));
    source.upsert(pod(QStringLiteral("db"), QStringLiteral("c"), QStringLiteral("pg"),
                      QStringLiteral("back")));
    source.flush();
    refresh();
    QCOMPARE(column(model), (QStringList{"app=3", "tier=2"}));
    QCOMPARE(column(model, model.index(0, 0)), (QStringList{"pg=1", "web=2"}));
    QCOMPARE(column(model, model.index(1, 0)), (QStringList{"back=1", "front=1"}));

    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    source.remove(pod(QStringLiteral("db"), QStringLiteral("c"), QStringLiteral("pg")));
    source.upsert(pod(QStringLiteral("ops"), QStringLiteral("d"), QStringLiteral("mon")));
    source.flush();
    refresh();
    QCOMPARE(column(model), (QStringList{"app=3", "tier=1"}));
    QCOMPARE(column(model, model.index(0, 0)), (QStringList{"mon=1", "web=2"}));
    QCOMPARE(column(model, model.index(1, 0)), (QStringList{"front=1"}));
    QCOMPARE(inserted.count(), 1); // app=mon
    QCOMPARE(removed.count(), 2);  // app=pg, tier=back
    QCOMPARE(reset.count(), 0);
}

// While the kind is not watched the counts are its last known state, drawn
// as the table draws its rows then; the names stay as they are.
void TestFacetModels::staleCountsAreFadedAndSayWhy()
{
    LocalKindSource source(podsKind());
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("a"), QStringLiteral("web")));
    source.upsert(pod(QStringLiteral("db"), QStringLiteral("c"), QStringLiteral("pg")));
    source.flush();
    NamespaceFacetModel namespaces;
    LabelFacetModel labels;
    QAbstractItemModelTester nsTester(&namespaces,
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester labelTester(&labels,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    namespaces.refresh(source.indexer().indexValueCounts(QString(kNamespaceIndex)));
    labels.refresh(source.indexer().indexValueCounts(QString(kLabelsIndex)));
    const QModelIndex appKey = labels.index(0, 0);
    QCOMPARE(appKey.data().toString(), QStringLiteral("app"));
    QVERIFY(labels.rowCount(appKey) > 0);
    const QList<QModelIndex> counts{namespaces.index(0, 1), labels.index(0, 1),
                                    labels.index(0, 1, appKey)};
    for (const QModelIndex &count : counts)
        QVERIFY(!count.data(Qt::FontRole).isValid());

    QSignalSpy nsChanged(&namespaces, &QAbstractItemModel::dataChanged);
    QSignalSpy labelsChanged(&labels, &QAbstractItemModel::dataChanged);
    const QString why = QStringLiteral("not watched since 14:02:15 (watch lost, reconnecting)");
    namespaces.setStale(why);
    labels.setStale(why);
    namespaces.setStale(why);
    QCOMPARE(nsChanged.count(), 1);
    QCOMPARE(labelsChanged.count(), 2); // the keys, and the values of the one key
    for (const QModelIndex &count : counts) {
        QVERIFY(count.data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(count.data(Qt::ForegroundRole).isValid());
        QVERIFY2(count.data(Qt::ToolTipRole).toString().contains(why),
                 qPrintable(count.data(Qt::ToolTipRole).toString()));
    }
    QVERIFY(!namespaces.index(0, 0).data(Qt::FontRole).isValid());
    QVERIFY(!labels.index(0, 0, appKey).data(Qt::FontRole).isValid());

    namespaces.setStale({});
    labels.setStale({});
    for (const QModelIndex &count : counts) {
        QVERIFY(!count.data(Qt::FontRole).isValid());
        QVERIFY(!count.data(Qt::ToolTipRole).isValid());
    }
}

void TestFacetModels::checkingFacetsBuildsSelection()
{
    LocalKindSource source(podsKind());
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("a"), QStringLiteral("web"),
                      QStringLiteral("front")));
    source.flush();
    LabelFacetModel labels;
    labels.refresh(source.indexer().indexValueCounts(QString(kLabelsIndex)));
    QSignalSpy changed(&labels, &LabelFacetModel::checkedChanged);
    const QModelIndex web = labels.index(0, 0, labels.index(0, 0));
    QVERIFY(labels.setData(web, Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(labels.checked().value(QStringLiteral("app")), QSet<QString>{QStringLiteral("web")});
    QCOMPARE(labels.index(0, 0).data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
    QVERIFY(labels.setData(labels.index(1, 0), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(labels.checked().contains(QStringLiteral("tier")));
    QVERIFY(labels.checked().value(QStringLiteral("tier")).isEmpty());

    NamespaceFacetModel namespaces;
    namespaces.refresh(source.indexer().indexValueCounts(QString(kNamespaceIndex)));
    QVERIFY(namespaces.setData(namespaces.index(0, 0), Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(namespaces.checked(), QSet<QString>{QStringLiteral("shop")});
}

// The last canary pod is deleted while app=canary is ticked: the tick still
// filters the table, so the row stays (at 0) for the user to see and untick.
void TestFacetModels::tickedFacetsStayListedWhenTheirObjectsGo()
{
    LocalKindSource source(podsKind());
    const KubeObject canary = pod(QStringLiteral("canary-ns"), QStringLiteral("c"),
                                  QStringLiteral("canary"), QStringLiteral("edge"));
    source.upsert(pod(QStringLiteral("shop"), QStringLiteral("a"), QStringLiteral("web")));
    source.upsert(canary);
    source.flush();
    LabelFacetModel labels;
    QAbstractItemModelTester labelsTester(&labels,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    NamespaceFacetModel namespaces;
    QAbstractItemModelTester namespacesTester(
        &namespaces, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto refresh = [&] {
        labels.refresh(source.indexer().indexValueCounts(QString(kLabelsIndex)));
        namespaces.refresh(source.indexer().indexValueCounts(QString(kNamespaceIndex)));
    };
    refresh();
    labels.setChecked(
        {{QStringLiteral("app"), {QStringLiteral("canary")}}, {QStringLiteral("tier"), {}}});
    namespaces.setChecked({QStringLiteral("canary-ns")});

    source.remove(canary);
    source.flush();
    refresh();
    QCOMPARE(column(namespaces), (QStringList{"canary-ns=0", "shop=1"}));
    QCOMPARE(namespaces.index(0, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    // A value with nothing left is faded, name and count; the others are not.
    for (const int col : {0, 1}) {
        QVERIFY(namespaces.index(0, col).data(Qt::ForegroundRole).canConvert<QColor>());
        QVERIFY(!namespaces.index(1, col).data(Qt::ForegroundRole).isValid());
    }
    QCOMPARE(column(labels), (QStringList{"app=1", "tier=0"}));
    const QModelIndex app = labels.index(0, 0);
    QCOMPARE(column(labels, app), (QStringList{"canary=0", "web=1"}));
    QVERIFY(labels.index(0, 0, app).data(Qt::ForegroundRole).canConvert<QColor>());
    QVERIFY(!labels.index(1, 0, app).data(Qt::ForegroundRole).isValid());
    QCOMPARE(labels.index(0, 0, app).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QCOMPARE(labels.index(1, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));

    // Unticked, they go at the next refresh.
    QVERIFY(labels.setData(labels.index(0, 0, app), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(labels.setData(labels.index(1, 0), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(namespaces.setData(namespaces.index(0, 0), Qt::Unchecked, Qt::CheckStateRole));
    refresh();
    QCOMPARE(column(namespaces), (QStringList{"shop=1"}));
    QCOMPARE(column(labels), (QStringList{"app=1"}));
    QCOMPARE(column(labels, labels.index(0, 0)), (QStringList{"web=1"}));
}

// pod-template-hash has a value per ReplicaSet, more than the pane lists; a
// ticked one stays listed with its real count, not 0.
void TestFacetModels::tickedValueBeyondTheCapKeepsItsCount()
{
    QList<std::pair<QString, qsizetype>> counts;
    for (int i = 0; i < LabelFacetModel::kMaxValuesPerKey + 50; ++i)
        counts.append({QStringLiteral("hash=v%1").arg(i, 3, 10, QLatin1Char('0')), 5});
    counts.append({QStringLiteral("hash=rare"), 2});
    counts.append({QStringLiteral("hash"), 5 * (LabelFacetModel::kMaxValuesPerKey + 50) + 2});
    std::sort(counts.begin(), counts.end());
    const auto capped = LabelFacetModel::group(counts);
    QCOMPARE(capped.value(QStringLiteral("hash")).second.size(), LabelFacetModel::kMaxValuesPerKey);
    const auto ticked =
        LabelFacetModel::group(counts, {{QStringLiteral("hash"), {QStringLiteral("rare")}}});
    const auto &values = ticked.value(QStringLiteral("hash")).second;
    QCOMPARE(values.size(), LabelFacetModel::kMaxValuesPerKey);
    const auto rare = std::find_if(values.cbegin(), values.cend(), [](const auto &entry) {
        return entry.first == QStringLiteral("rare");
    });
    QVERIFY(rare != values.cend());
    QCOMPARE(rare->second, qsizetype(2));
}

void TestFacetModels::facetKeysIntersectIndexes_data()
{
    QTest::addColumn<QStringList>("namespaces");
    QTest::addColumn<QStringList>("appValues"); // OR within app
    QTest::addColumn<bool>("tierExists");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("one namespace")
        << QStringList{"shop"} << QStringList{} << false << QStringList{"shop/a", "shop/b"};
    QTest::newRow("two namespaces OR") << QStringList{"shop", "db"} << QStringList{} << false
                                       << QStringList{"db/c", "shop/a", "shop/b"};
    QTest::newRow("label values OR") << QStringList{} << QStringList{"web", "pg"} << false
                                     << QStringList{"db/c", "shop/a", "shop/b"};
    QTest::newRow("AND across facets")
        << QStringList{"shop"} << QStringList{"web"} << true << QStringList{"shop/a"};
    QTest::newRow("nothing matches")
        << QStringList{"db"} << QStringList{"web"} << false << QStringList{};
}

void TestFacetModels::facetKeysIntersectIndexes()
{
    QFETCH(QStringList, namespaces);
    QFETCH(QStringList, appValues);
    QFETCH(bool, tierExists);
    QFETCH(QStringList, expected);
    LocalKindSource source(podsKind());
    const QList<KubeObject> pods{
        pod(QStringLiteral("shop"), QStringLiteral("a"), QStringLiteral("web"),
            QStringLiteral("front")),
        pod(QStringLiteral("shop"), QStringLiteral("b"), QStringLiteral("web")),
        pod(QStringLiteral("db"), QStringLiteral("c"), QStringLiteral("pg"),
            QStringLiteral("back"))};
    for (const KubeObject &p : pods)
        source.upsert(p);
    source.flush();
    FacetSelection selection;
    selection.namespaces = QSet<QString>(namespaces.cbegin(), namespaces.cend());
    if (!appValues.isEmpty())
        selection.labels.insert(QStringLiteral("app"),
                                QSet<QString>(appValues.cbegin(), appValues.cend()));
    if (tierExists)
        selection.labels.insert(QStringLiteral("tier"), {});
    const auto keys = facetKeys(source.indexer(), selection);
    QVERIFY(keys.has_value());
    QStringList sorted(keys->cbegin(), keys->cend());
    sorted.sort();
    QCOMPARE(sorted, expected);
    // The per-event predicate agrees with the index intersection.
    for (const KubeObject &p : pods)
        QCOMPARE(selection.matches(p, p.key()), keys->contains(p.key()));
}

void TestFacetModels::clusterListCountsAndTicks()
{
    ClusterFacetModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Cluster"));
    model.refresh({{QStringLiteral("east"), 2}, {QStringLiteral("west"), 1}});
    QCOMPARE(column(model), (QStringList{"east=2", "west=1"}));
    QSignalSpy checked(&model, &FacetModel::checkedChanged);
    QVERIFY(model.setData(model.index(1, 0), Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(checked.count(), 1);
    QCOMPARE(model.checked(), QSet<QString>{"west"});
    QCOMPARE(model.index(1, 0).data(ClusterFacetModel::ValueRole).toString(),
             QStringLiteral("west"));
    // A ticked cluster whose objects are gone (its watch lost, its kind
    // deleted) still filters: listed at 0 for the user to untick.
    model.refresh({{QStringLiteral("east"), 2}});
    QCOMPARE(column(model), (QStringList{"east=2", "west=0"}));
    model.setChecked({});
    model.refresh({{QStringLiteral("east"), 3}});
    QCOMPARE(column(model), (QStringList{"east=3"}));
}

void TestFacetModels::facetKeysKeepTheTickedClustersRows()
{
    Indexer indexer(defaultIndexers(QStringLiteral("Pod")));
    const KubeObject web =
        pod(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web"));
    const KubeObject pg = pod(QStringLiteral("db"), QStringLiteral("pg"), QStringLiteral("pg"));
    for (const QString &cluster : {QStringLiteral("east"), QStringLiteral("west")}) {
        indexer.store().upsert(clusterRowKey(cluster, web.key()), web);
        indexer.store().upsert(clusterRowKey(cluster, pg.key()), pg);
    }
    FacetSelection selection;
    selection.clusters = {QStringLiteral("west")};
    const auto sortedKeys = [&] {
        const auto keys = facetKeys(indexer, selection);
        QStringList sorted = keys ? QStringList(keys->cbegin(), keys->cend()) : QStringList();
        sorted.sort();
        return sorted;
    };
    QCOMPARE(sortedKeys(),
             (QStringList{clusterRowKey(QStringLiteral("west"), QStringLiteral("db/pg")),
                          clusterRowKey(QStringLiteral("west"), QStringLiteral("shop/web"))}));
    selection.namespaces = {QStringLiteral("shop")};
    QCOMPARE(sortedKeys(),
             QStringList{clusterRowKey(QStringLiteral("west"), QStringLiteral("shop/web"))});
    QVERIFY(selection.matches(web, clusterRowKey(QStringLiteral("west"), web.key())));
    QVERIFY(!selection.matches(web, clusterRowKey(QStringLiteral("east"), web.key())));
    QCOMPARE(selection.describe(), QStringLiteral("cluster: west · namespace: shop"));
}

// A trailing number counts by value, as in the table's NAME and NAMESPACE
// columns: app-2 before app-10, not after it.
void TestFacetModels::valuesAreListedInTheTablesOrderOfNames()
{
    LocalKindSource source(podsKind());
    LabelFacetModel labels;
    NamespaceFacetModel namespaces;
    QAbstractItemModelTester labelsTester(&labels,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester namespacesTester(
        &namespaces, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto refresh = [&] {
        source.flush();
        labels.refresh(source.indexer().indexValueCounts(QString(kLabelsIndex)));
        namespaces.refresh(source.indexer().indexValueCounts(QString(kNamespaceIndex)));
    };
    for (const char *n : {"10", "2", "1"})
        source.upsert(pod(QStringLiteral("team-%1").arg(QLatin1String(n)), QStringLiteral("p"),
                          QStringLiteral("app-%1").arg(QLatin1String(n))));
    refresh();
    QCOMPARE(column(labels, labels.index(0, 0)), (QStringList{"app-1=1", "app-2=1", "app-10=1"}));
    QCOMPARE(column(namespaces), (QStringList{"team-1=1", "team-2=1", "team-10=1"}));

    // Values that come and go, and a ticked one kept at 0, find their place.
    namespaces.setChecked({QStringLiteral("team-2")});
    source.remove(pod(QStringLiteral("team-2"), QStringLiteral("p"), QStringLiteral("app-2")));
    source.upsert(pod(QStringLiteral("team-9"), QStringLiteral("p"), QStringLiteral("app-9")));
    refresh();
    QCOMPARE(column(labels, labels.index(0, 0)), (QStringList{"app-1=1", "app-9=1", "app-10=1"}));
    QCOMPARE(column(namespaces), (QStringList{"team-1=1", "team-2=0", "team-9=1", "team-10=1"}));
}

QTEST_MAIN(TestFacetModels)
#include "tst_facetmodels.moc"
