// The filter pane's counts are of the objects the table holds: a user who
// reads "shop 7" and ticks shop sees 7 rows, even while the cache runs ahead
// of the table by the batch in flight (models/facetcounts.h).

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/labelfacetmodel.h"
#include "models/namespacefacetmodel.h"
#include "testsettings.h"
#include "ui/filterpane.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

// The table's rows (every object it has, with no filter on) in `ns`, or with
// label app=`app` when `app` is given.
qint64 tableRows(const ResourceTableModel &table, const QString &ns, const QString &app = {})
{
    qint64 rows = 0;
    for (int row = 0; row < table.rowCount(); ++row) {
        const KubeObject object = table.objectAt(row);
        if (!ns.isEmpty() && object.namespaceName() != ns)
            continue;
        if (!app.isEmpty() && object.label(QStringLiteral("app")) != app)
            continue;
        ++rows;
    }
    return rows;
}

qint64 namespaceCount(const NamespaceFacetModel &namespaces, const QString &ns)
{
    for (int row = 0; row < namespaces.rowCount(); ++row) {
        const QModelIndex count = namespaces.index(row, 1);
        if (count.data(NamespaceFacetModel::ValueRole).toString() == ns)
            return count.data(NamespaceFacetModel::CountRole).toLongLong();
    }
    return -1;
}

qint64 appCount(const LabelFacetModel &labels, const QString &app)
{
    for (int k = 0; k < labels.rowCount(); ++k) {
        const QModelIndex key = labels.index(k, 0);
        if (key.data(LabelFacetModel::LabelKeyRole).toString() != QLatin1String("app"))
            continue;
        for (int v = 0; v < labels.rowCount(key); ++v) {
            const QModelIndex value = labels.index(v, 1, key);
            if (value.data(LabelFacetModel::LabelValueRole).toString() == app)
                return value.data(LabelFacetModel::CountRole).toLongLong();
        }
    }
    return -1;
}

const QStringList kNamespaces{QStringLiteral("shop"), QStringLiteral("db"), QStringLiteral("ops")};
const QStringList kApps{QStringLiteral("web"), QStringLiteral("pg"), QStringLiteral("cache")};

// Deterministic churn in the cache: `adds` new pods; with every third, the
// one added six before it deleted; with every fifth, one relabelled.
void churn(LocalKindSource *pods, int adds, int *serial)
{
    for (int i = 0; i < adds; ++i) {
        const int n = (*serial)++;
        pods->upsert(pod(kNamespaces.at(n % 3), QStringLiteral("p-%1").arg(n), kApps.at(n % 2),
                         QStringLiteral("Running")));
        if (n % 3 == 2 && n >= 6) {
            const int gone = n - 6;
            pods->remove(pod(kNamespaces.at(gone % 3), QStringLiteral("p-%1").arg(gone),
                             kApps.at(gone % 2), QStringLiteral("Running")));
        }
        if (n % 5 == 4 && n >= 4) {
            const int moved = n - 4;
            if (moved % 3 != 2) // not one deleted above
                pods->upsert(pod(kNamespaces.at(moved % 3), QStringLiteral("p-%1").arg(moved),
                                 kApps.at(2), QStringLiteral("Running")));
        }
    }
}

void tickNamespace(NamespaceFacetModel *namespaces, const QString &ns)
{
    for (int row = 0; row < namespaces->rowCount(); ++row) {
        const QModelIndex name = namespaces->index(row, 0);
        if (name.data(NamespaceFacetModel::ValueRole).toString() == ns)
            namespaces->setData(name, Qt::Checked, Qt::CheckStateRole);
    }
}

// The window of the fixture, its pods watched, with its table and facets
// tested as models.
struct Window
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    ResourceTableModel *table = f.model();
    FilterPane *pane = f.window->filterPane();
    NamespaceFacetModel *namespaces = pane->namespaceModel();
    LabelFacetModel *labels = pane->labelModel();
    QAbstractItemModelTester tableTester{table,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester namespaceTester{
        namespaces, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester labelTester{labels,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest};
    int serial = 0;

    Window() { pods->setStatus(watching()); }
    // A round of churn: changes delivered to the table, then more in the
    // cache only (the batch in flight). Returns the objects delivered.
    qint64 churnRound()
    {
        churn(pods, 9, &serial);
        pods->flush();
        const qint64 delivered = pods->indexer().size();
        churn(pods, 4, &serial);
        return delivered;
    }
};

} // namespace

class TestFilterPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void namespaceCountsAreTheTablesRowsAtEveryPublishedTick();
    void tickingANamespaceLeavesTheRowsItsCountSaid();
    void namespaceCountsFollowTheSelectorQuickFilterAndLabels();
};

// The facets counted the cache on a worker thread while the table showed
// the batch before: during churn they led the table by a batch.
void TestFilterPane::namespaceCountsAreTheTablesRowsAtEveryPublishedTick()
{
    Window w;
    QTRY_COMPARE(w.table->rowCount(), 3);
    QTRY_COMPARE(w.namespaces->rowCount(), 2);

    // Each count, checked against the table at the moment it is shown.
    QStringList mismatches;
    int shown = 0;
    const auto check = [&](int first, int last) {
        for (int row = first; row <= last; ++row) {
            const QModelIndex count = w.namespaces->index(row, 1);
            const QString ns = count.data(NamespaceFacetModel::ValueRole).toString();
            const qint64 facet = count.data(NamespaceFacetModel::CountRole).toLongLong();
            const qint64 rows = tableRows(*w.table, ns);
            ++shown;
            if (facet != rows)
                mismatches.append(QStringLiteral("%1: facet %2, table %3 (of %4 objects)")
                                      .arg(ns)
                                      .arg(facet)
                                      .arg(rows)
                                      .arg(w.table->totalObjects()));
        }
    };
    QObject guard; // the checks end with it
    connect(
        w.namespaces, &QAbstractItemModel::dataChanged, &guard,
        [&](const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) {
            if (roles.contains(NamespaceFacetModel::CountRole))
                check(topLeft.row(), bottomRight.row());
        });
    connect(w.namespaces, &QAbstractItemModel::rowsInserted, &guard,
            [&](const QModelIndex &, int first, int last) { check(first, last); });

    for (int round = 0; round < 6; ++round) {
        QSignalSpy refreshed(w.pane, &FilterPane::countsRefreshed);
        const qint64 delivered = w.churnRound();
        QVERIFY(refreshed.wait(5000));
        QTRY_COMPARE(w.table->totalObjects(), delivered);
    }
    QVERIFY(shown > 0);
    QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(QStringLiteral("; "))));
}

// What the user sees: "shop 7" in the pane, and 7 rows once shop is ticked,
// while changes wait in the cache; within shop, the label counts are the
// rows ticking them would leave.
void TestFilterPane::tickingANamespaceLeavesTheRowsItsCountSaid()
{
    Window w;
    QTRY_COMPARE(w.table->rowCount(), 3);
    // The counts shown once the pane refreshed after the table's last batch.
    QList<qint64> tableAtRefresh;
    connect(w.pane, &FilterPane::countsRefreshed, w.pane,
            [&] { tableAtRefresh.append(w.table->totalObjects()); });
    qint64 delivered = 0;
    for (int round = 0; round < 3; ++round)
        delivered = w.churnRound();
    QTRY_VERIFY(tableAtRefresh.contains(delivered));
    QVERIFY(w.pods->indexer().size() != delivered); // the cache is ahead
    const qint64 shopCount = namespaceCount(*w.namespaces, QStringLiteral("shop"));
    const qint64 cacheCount = appCount(*w.labels, QStringLiteral("cache"));
    const qint64 cacheRows = tableRows(*w.table, QString(), QStringLiteral("cache"));
    const qint64 shopCache = tableRows(*w.table, QStringLiteral("shop"), QStringLiteral("cache"));

    tickNamespace(w.namespaces, QStringLiteral("shop"));
    QTRY_COMPARE(w.table->rowCount(), shopCount);
    QCOMPARE(cacheCount, cacheRows); // before the tick, in every namespace
    QTRY_COMPARE(appCount(*w.labels, QStringLiteral("cache")), shopCache);
    QCOMPARE(namespaceCount(*w.namespaces, QStringLiteral("shop")), shopCount);
}

// The selector box said "1 of 3" while the namespace facet still counted
// every pod; each facet counts what the other filters leave.
void TestFilterPane::namespaceCountsFollowTheSelectorQuickFilterAndLabels()
{
    Window w; // shop: web-1, web-2 (app=web); db: pg-0 (app=pg)
    QTRY_COMPARE(w.table->rowCount(), 3);
    QTRY_COMPARE(namespaceCount(*w.namespaces, QStringLiteral("shop")), 2);
    ResourceView *view = w.f.window->resourceView();

    view->selectorBox()->setText(QStringLiteral("app=pg"));
    QTRY_COMPARE(w.table->rowCount(), 1);
    QTRY_COMPARE(namespaceCount(*w.namespaces, QStringLiteral("shop")), 0); // listed, at 0
    QCOMPARE(namespaceCount(*w.namespaces, QStringLiteral("db")), 1);
    QCOMPARE(appCount(*w.labels, QStringLiteral("web")), 0);

    view->selectorBox()->clear();
    view->quickFilter()->setText(QStringLiteral("web-1"));
    QTRY_COMPARE(w.table->rowCount(), 1);
    QTRY_COMPARE(namespaceCount(*w.namespaces, QStringLiteral("shop")), 1);
    QCOMPARE(namespaceCount(*w.namespaces, QStringLiteral("db")), 0);

    view->quickFilter()->clear();
    QTRY_COMPARE(w.table->rowCount(), 3);
    tickNamespace(w.namespaces, QStringLiteral("db"));
    QTRY_COMPARE(w.table->rowCount(), 1);
    QTRY_COMPARE(appCount(*w.labels, QStringLiteral("web")), 0);
    QCOMPARE(namespaceCount(*w.namespaces, QStringLiteral("shop")), 2); // its own ticks aside
}

QTEST_MAIN(TestFilterPane)
#include "tst_filterpane.moc"
