// The order each kind's table is sorted in, as a user drives it: a header
// click is kept for the kind when another kind is shown and in the next
// window; a kind never sorted opens in its own order; a remembered column
// the kind no longer has falls back to that order.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/resourcetablemodel.h"
#include "testsettings.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSettings>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::test;

class TestTableOrder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void eachKindKeepsTheUsersSort();
    void aRememberedColumnTheKindLostFallsBackToItsOwnOrder();
};

namespace {

QStringList keysInOrder(const ResourceTableModel *model)
{
    QStringList keys;
    for (int row = 0; row < model->rowCount(); ++row)
        keys.append(model->keyAt(row));
    return keys;
}

void clickHeader(QTableView *table, int column)
{
    QHeaderView *header = table->horizontalHeader();
    const QPoint centre(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                        header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, centre);
}

} // namespace

// Pods sorted by AGE, deployments shown (Ctrl+K), pods again: the pods were
// back in namespace/name order, the user's sort lost.
void TestTableOrder::eachKindKeepsTheUsersSort()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("old-0"), QStringLiteral("web"),
                     QStringLiteral("Running"), QStringLiteral("2020-01-01T00:00:00Z")));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 4);
    QTableView *table = f.window->resourceView()->table();
    const int age = f.model()->formatter().columnOf(QStringLiteral("AGE"));
    QVERIFY(age >= 0);
    QCOMPARE(f.model()->sortColumn(), -1);
    const QStringList byName = keysInOrder(f.model());

    clickHeader(table, age);
    QTRY_COMPARE(f.model()->sortColumn(), age);
    QTRY_VERIFY(keysInOrder(f.model()) != byName); // old-0 moved to an end
    const Qt::SortOrder order = f.model()->sortOrder();
    const QStringList byAge = keysInOrder(f.model());

    const auto expectPodsByAge = [&] {
        QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
        ResourceTableModel *model = f.model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE(model->rowCount(), 4);
        QCOMPARE(model->sortColumn(), age);
        QCOMPARE(model->sortOrder(), order);
        QCOMPARE(keysInOrder(model), byAge);
        const QHeaderView *header = f.window->resourceView()->table()->horizontalHeader();
        QCOMPARE(header->sortIndicatorSection(), age);
        QCOMPARE(header->sortIndicatorOrder(), order);
        QVERIFY(header->isSortIndicatorShown());
    };
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QCOMPARE(f.model()->sortColumn(), -1); // each kind its own
    expectPodsByAge();
    if (QTest::currentTestFailed())
        return;

    // A kind the user never sorted opens in its own order: events newest first.
    QVERIFY(f.window->showKindByName(QStringLiteral("events")));
    const KindInfo::Sort eventsOwn = f.window->currentKind().defaultSort();
    const TableQuery &eventsQuery = f.window->resourceView()->feed()->query();
    QCOMPARE(eventsQuery.sortColumn, f.model()->formatter().columnOf(eventsOwn.column));
    QVERIFY(eventsQuery.sortColumn >= 0);
    QCOMPARE(eventsQuery.order, eventsOwn.order);

    // And across starts (QSettings).
    f.window = std::make_unique<MainWindow>(&f.session, QStringList{}, nullptr);
    f.window->show();
    expectPodsByAge();
}

// A CRD's new version may drop the column the user sorted by: the kind opens
// in its own order, not by some other column at the same place.
void TestTableOrder::aRememberedColumnTheKindLostFallsBackToItsOwnOrder()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const int status = f.model()->formatter().columnOf(QStringLiteral("STATUS"));
    clickHeader(f.window->resourceView()->table(), status);
    QTRY_COMPARE(f.model()->sortColumn(), status);
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QSettings settings;
    const QStringList remembered = settings.allKeys().filter(QStringLiteral("tables/pods/sort"));
    QVERIFY2(!remembered.isEmpty(), qPrintable(settings.allKeys().join(u' ')));
    // As if the version that had the column saved it.
    settings.setValue(QStringLiteral("tables/pods/sortColumn"), QStringLiteral("NO SUCH COLUMN"));
    settings.sync();

    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(f.model()->sortColumn(), -1);
    QCOMPARE(keysInOrder(f.model()), (QStringList{"db/pg-0", "shop/web-1", "shop/web-2"}));
    QVERIFY(!f.window->resourceView()->table()->horizontalHeader()->isSortIndicatorShown());
}

QTEST_MAIN(TestTableOrder)
#include "tst_tableorder.moc"
