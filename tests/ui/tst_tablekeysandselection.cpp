// The table's selection as the keyboard and the filters move it: Home and
// End (with or without Ctrl) select the first and last row, as in k9s, Lens
// and file managers; a selected row the filters hid is selected again when
// they show it, unless the user chose another row meanwhile.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/namespacefacetmodel.h"
#include "models/resourcetablemodel.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QTableView>
#include <QTest>

#include <algorithm>

using namespace informant;
using namespace informant::test;

namespace {

QList<int> selectedRows(const QTableView *table)
{
    QList<int> rows;
    for (const QModelIndex &index : table->selectionModel()->selectedRows())
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    return rows;
}

} // namespace

class TestTableKeysAndSelection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void homeAndEndSelectTheFirstAndLastRow();
    void aRowTheFiltersHidIsSelectedAgainWhenShown();
};

void TestTableKeysAndSelection::homeAndEndSelectTheFirstAndLastRow()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTableView *table = f.window->resourceView()->table();
    DetailsPane *details = f.window->detailsPane();
    const auto keyOfRow = [&](int row) { return f.model()->keyAt(row); };
    table->setCurrentIndex(f.model()->index(1, 1));
    QCOMPARE(selectedRows(table), QList<int>{1});

    QTest::keyClick(table, Qt::Key_End);
    QCOMPARE(table->currentIndex().row(), 2);
    QCOMPARE(table->currentIndex().column(), 1); // the row changes, not the column
    QCOMPARE(selectedRows(table), QList<int>{2});
    QCOMPARE(details->object().key(), keyOfRow(2));

    QTest::keyClick(table, Qt::Key_Home);
    QCOMPARE(table->currentIndex().row(), 0);
    QCOMPARE(selectedRows(table), QList<int>{0});
    QCOMPARE(details->object().key(), keyOfRow(0));

    // Qt's Ctrl+End moved the current cell without selecting it: the details
    // said "No object selected".
    QTest::keyClick(table, Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(table->currentIndex().row(), 2);
    QCOMPARE(selectedRows(table), QList<int>{2});
    QCOMPARE(details->object().key(), keyOfRow(2));

    QTest::keyClick(table, Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(table->currentIndex().row(), 0);
    QCOMPARE(selectedRows(table), QList<int>{0});
    QCOMPARE(details->object().key(), keyOfRow(0));

    // Shift extends the selection to the last row.
    QTest::keyClick(table, Qt::Key_End, Qt::ShiftModifier);
    QCOMPARE(table->currentIndex().row(), 2);
    QCOMPARE(selectedRows(table), (QList<int>{0, 1, 2}));
}

void TestTableKeysAndSelection::aRowTheFiltersHidIsSelectedAgainWhenShown()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    ResourceView *view = f.window->resourceView();
    QTableView *table = view->table();
    DetailsPane *details = f.window->detailsPane();
    const QModelIndex web2 = f.model()->index(f.model()->rowOfKey(QStringLiteral("shop/web-2")), 0);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(web2).center());
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-2"));

    view->quickFilter()->setText(QStringLiteral("pg-0"));
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QVERIFY2(details->headerText().endsWith(QStringLiteral("hidden by the filters")),
             qPrintable(details->headerText()));
    QVERIFY(view->currentObject().isNull());

    // Esc, as the user clears the filter.
    view->quickFilter()->setFocus();
    QVERIFY(view->clearFilters());
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(view->currentObject().key(), QStringLiteral("shop/web-2"));
    QCOMPARE(selectedRows(table), QList<int>{f.model()->rowOfKey(QStringLiteral("shop/web-2"))});
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-2"));
    QVERIFY2(!details->headerText().contains(QStringLiteral("hidden")),
             qPrintable(details->headerText()));

    // The same through the filter pane: a namespace ticked, then Clear.
    f.window->filterPane()->namespaceModel()->setChecked({QStringLiteral("db")});
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QVERIFY(view->currentObject().isNull());
    QVERIFY2(details->headerText().endsWith(QStringLiteral("hidden by the filters")),
             qPrintable(details->headerText()));
    f.window->filterPane()->clear();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(view->currentObject().key(), QStringLiteral("shop/web-2"));
    QVERIFY2(!details->headerText().contains(QStringLiteral("hidden")),
             qPrintable(details->headerText()));

    // Not when the user has chosen another row meanwhile.
    table->setCurrentIndex(f.model()->index(f.model()->rowOfKey(QStringLiteral("db/pg-0")), 0));
    QCOMPARE(view->currentObject().key(), QStringLiteral("db/pg-0"));

    view->quickFilter()->setText(QStringLiteral("web"));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QVERIFY(view->currentObject().isNull());
    table->setCurrentIndex(f.model()->index(f.model()->rowOfKey(QStringLiteral("shop/web-1")), 0));
    QCOMPARE(view->currentObject().key(), QStringLiteral("shop/web-1"));

    view->quickFilter()->clear();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(view->currentObject().key(), QStringLiteral("shop/web-1"));
    QCOMPARE(selectedRows(table), QList<int>{f.model()->rowOfKey(QStringLiteral("shop/web-1"))});
}

QTEST_MAIN(TestTableKeysAndSelection)
#include "tst_tablekeysandselection.moc"
