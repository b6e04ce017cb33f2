#include "models/resourcetablemodel.h"
#include "models/rowpreparer.h"
#include "models/statustone.h"
#include "testobjects.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

constexpr qint64 kNowMs = 1714600000000; // 2024-05-01T21:46:40Z

// A model fed synchronously through a RowPreparer, with every signal counted.
struct Fixture
{
    std::shared_ptr<const RowFormatter> formatter = testFormatter();
    RowPreparer preparer{formatter};
    ResourceTableModel model{formatter};
    QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    TableQuery query;
    int generation = 0;
    QSignalSpy inserted{&model, &QAbstractItemModel::rowsInserted};
    QSignalSpy removed{&model, &QAbstractItemModel::rowsRemoved};
    QSignalSpy changed{&model, &QAbstractItemModel::dataChanged};
    QSignalSpy layout{&model, &QAbstractItemModel::layoutChanged};
    QSignalSpy reset{&model, &QAbstractItemModel::modelReset};

    Fixture()
    {
        model.setFixedNowMs(kNowMs);
        QObject::connect(&model, &ResourceTableModel::sortRequested,
                         [this](int column, Qt::SortOrder order) {
                             query.sortColumn = column;
                             query.order = order;
                             setQuery(query);
                         });
    }
    void feed(const ChangeBatch &batch) { model.applyBatch(preparer.applyChanges(batch, kNowMs)); }
    void setQuery(const TableQuery &q)
    {
        query = q;
        model.applyBatch(preparer.setQuery(q, ++generation, kNowMs));
    }
    void clearSpies()
    {
        inserted.clear();
        removed.clear();
        changed.clear();
        layout.clear();
        reset.clear();
    }
    QStringList names() const
    {
        QStringList out;
        for (int r = 0; r < model.rowCount(); ++r)
            out.append(model.objectAt(r).name());
        return out;
    }
};

KubeObject pod(const QString &name, const QString &status = QStringLiteral("Running"),
               const QString &rv = QStringLiteral("1"), const QString &ns = QStringLiteral("ns"))
{
    return makeObject(ns, name, {{QStringLiteral("status"), status}},
                      QStringLiteral("2024-05-01T10:00:00Z"), rv);
}

ChangeBatch upserts(const QStringList &names)
{
    QList<ObjectChange> changes;
    for (const QString &n : names)
        changes.append(upsert(pod(n)));
    return batchOf(changes);
}

} // namespace

class TestResourceTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void insertsEmitOneSignalPerContiguousRange_data();
    void insertsEmitOneSignalPerContiguousRange();
    void removalsEmitOneSignalPerContiguousRange_data();
    void removalsEmitOneSignalPerContiguousRange();
    void updateInPlaceEmitsOnlyDataChanged();
    void updateThatMovesRowIsOneMove();
    void selectionStaysOnARowItsUpdateMoves();
    void bulkBatchIsOneLayoutChangeNotReset();
    void snapshotReplacesRowsWithLayoutChange();
    void firstSnapshotIsOneInsert();
    void sortOrdersRowsAndStaysStableUnderUpdates();
    void selectionFollowsRowAcrossSortAndBulkChanges();
    void quickFilterAndSelectorHideRows();
    void facetSelectionFiltersIncrementally();
    void rowsBeingDeletedAreMarked();
    void rowsBeingDeletedAreNotGreyedLikeStaleRows();
    void namesSortNaturallyWithinTheirNamespace_data();
    void namesSortNaturallyWithinTheirNamespace();
    void cellTextIsFormattedLazilyWithBoundedCache();
};

void TestResourceTableModel::insertsEmitOneSignalPerContiguousRange_data()
{
    QTest::addColumn<QStringList>("initial");
    QTest::addColumn<QStringList>("added");
    QTest::addColumn<int>("signalCount");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("one range at the end") << QStringList{"a", "b"} << QStringList{"c", "d", "e"}
                                          << 1 << QStringList{"a", "b", "c", "d", "e"};
    QTest::newRow("two gaps") << QStringList{"a", "c", "e"} << QStringList{"b", "d"} << 2
                              << QStringList{"a", "b", "c", "d", "e"};
    QTest::newRow("same gap twice")
        << QStringList{"a", "d"} << QStringList{"c", "b"} << 1 << QStringList{"a", "b", "c", "d"};
    QTest::newRow("front and back")
        << QStringList{"m"} << QStringList{"z", "a", "b"} << 2 << QStringList{"a", "b", "m", "z"};
    QTest::newRow("natural order") << QStringList{"pod-2"} << QStringList{"pod-10", "pod-1"} << 2
                                   << QStringList{"pod-1", "pod-2", "pod-10"};
}

void TestResourceTableModel::insertsEmitOneSignalPerContiguousRange()
{
    QFETCH(QStringList, initial);
    QFETCH(QStringList, added);
    QFETCH(int, signalCount);
    QFETCH(QStringList, expected);
    Fixture f;
    f.feed(upserts(initial));
    f.clearSpies();
    f.feed(upserts(added));
    QCOMPARE(f.inserted.count(), signalCount);
    QCOMPARE(f.removed.count(), 0);
    QCOMPARE(f.layout.count(), 0);
    QCOMPARE(f.reset.count(), 0);
    QCOMPARE(f.names(), expected);
}

void TestResourceTableModel::removalsEmitOneSignalPerContiguousRange_data()
{
    QTest::addColumn<QStringList>("deleted");
    QTest::addColumn<int>("signalCount");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("contiguous") << QStringList{"b", "c", "d"} << 1 << QStringList{"a", "e"};
    QTest::newRow("two ranges") << QStringList{"a", "d", "e"} << 2 << QStringList{"b", "c"};
    QTest::newRow("unknown key ignored")
        << QStringList{"x"} << 0 << QStringList{"a", "b", "c", "d", "e"};
}

void TestResourceTableModel::removalsEmitOneSignalPerContiguousRange()
{
    QFETCH(QStringList, deleted);
    QFETCH(int, signalCount);
    QFETCH(QStringList, expected);
    Fixture f;
    f.feed(upserts({"a", "b", "c", "d", "e"}));
    f.clearSpies();
    QList<ObjectChange> changes;
    for (const QString &n : deleted)
        changes.append(remove(pod(n)));
    f.feed(batchOf(changes));
    QCOMPARE(f.removed.count(), signalCount);
    QCOMPARE(f.inserted.count(), 0);
    QCOMPARE(f.layout.count(), 0);
    QCOMPARE(f.names(), expected);
    QCOMPARE(f.model.totalObjects(), qint64(expected.size()));
}

void TestResourceTableModel::updateInPlaceEmitsOnlyDataChanged()
{
    Fixture f;
    f.feed(upserts({"a", "b", "c", "d"}));
    f.clearSpies();
    f.feed(batchOf({upsert(pod("b", "Error", "2")), upsert(pod("c", "Error", "2")),
                    upsert(pod("a", "Pending", "2"))}));
    QCOMPARE(f.changed.count(), 1); // rows 0..2 are one contiguous range
    QCOMPARE(f.changed.at(0).at(0).toModelIndex().row(), 0);
    QCOMPARE(f.changed.at(0).at(1).toModelIndex().row(), 2);
    QCOMPARE(f.inserted.count() + f.removed.count() + f.layout.count(), 0);
    QCOMPARE(f.model.index(1, 2).data().toString(), QStringLiteral("Error"));
}

void TestResourceTableModel::updateThatMovesRowIsOneMove()
{
    Fixture f;
    f.feed(upserts({"a", "b", "c"}));
    f.model.sort(2, Qt::AscendingOrder); // STATUS: all Running, ties by key
    f.clearSpies();
    QSignalSpy moved(&f.model, &QAbstractItemModel::rowsMoved);
    f.feed(batchOf({upsert(pod("a", "Zzz", "2"))}));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.first().at(1).toInt(), 0); // from row 0
    QCOMPARE(moved.first().at(4).toInt(), 3); // to the end
    QCOMPARE(f.removed.count() + f.inserted.count(), 0);
    QCOMPARE(f.changed.count(), 1); // its new values, at its new row
    QCOMPARE(f.names(), (QStringList{"b", "c", "a"}));
    // Downwards and upwards in one batch, and a row that lands where it was.
    f.feed(batchOf({upsert(pod("c", "Aaa", "3")), upsert(pod("a", "Bbb", "4")),
                    upsert(pod("b", "Running", "5"))}));
    QCOMPARE(f.names(), (QStringList{"c", "a", "b"}));
}

// A pod that restarts while it is selected changes its STATUS and moves: the
// selection and the current row go with it (not to its neighbour, which the
// details pane would then show).
void TestResourceTableModel::selectionStaysOnARowItsUpdateMoves()
{
    Fixture f;
    f.feed(upserts({"a", "b", "c", "d"}));
    f.model.sort(2, Qt::AscendingOrder);
    QItemSelectionModel selection(&f.model);
    QSignalSpy currentChanged(&selection, &QItemSelectionModel::currentRowChanged);
    selection.setCurrentIndex(f.model.index(1, 0),
                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    currentChanged.clear();
    f.feed(batchOf({upsert(pod("b", "CrashLoopBackOff", "2"))}));
    QCOMPARE(f.names(), (QStringList{"b", "a", "c", "d"}));
    QCOMPARE(selection.currentIndex().data(ResourceTableModel::KeyRole).toString(),
             QStringLiteral("ns/b"));
    QCOMPARE(selection.selectedRows().size(), 1);
    QCOMPARE(selection.selectedRows().first().row(), 0);
    f.feed(batchOf({upsert(pod("b", "Running", "3"))}));
    QCOMPARE(selection.currentIndex().data(ResourceTableModel::KeyRole).toString(),
             QStringLiteral("ns/b"));
    for (const QList<QVariant> &signal : currentChanged) {
        const auto current = signal.first().value<QModelIndex>();
        QCOMPARE(current.data(ResourceTableModel::KeyRole).toString(), QStringLiteral("ns/b"));
    }
}

void TestResourceTableModel::bulkBatchIsOneLayoutChangeNotReset()
{
    Fixture f;
    f.model.setBulkThreshold(3);
    f.feed(upserts({"a", "c", "e", "g"}));
    f.clearSpies();
    f.feed(batchOf({upsert(pod("b")), upsert(pod("d")), remove(pod("e")), upsert(pod("f")),
                    upsert(pod("a", "Error", "2"))}));
    QCOMPARE(f.layout.count(), 1);
    QCOMPARE(f.inserted.count() + f.removed.count() + f.reset.count(), 0);
    QCOMPARE(f.changed.count(), 1); // "a", updated in place
    QCOMPARE(f.names(), (QStringList{"a", "b", "c", "d", "f", "g"}));
}

void TestResourceTableModel::snapshotReplacesRowsWithLayoutChange()
{
    Fixture f;
    f.feed(upserts({"a", "b", "c"}));
    f.clearSpies();
    f.feed(batchOf({upsert(pod("b")), upsert(pod("d"))}, true));
    QCOMPARE(f.layout.count(), 1);
    QCOMPARE(f.reset.count(), 0);
    QCOMPARE(f.names(), (QStringList{"b", "d"}));
}

void TestResourceTableModel::firstSnapshotIsOneInsert()
{
    Fixture f;
    f.feed(batchOf({upsert(pod("b")), upsert(pod("a")), upsert(pod("c"))}, true));
    QCOMPARE(f.inserted.count(), 1);
    QCOMPARE(f.layout.count(), 0);
    QCOMPARE(f.names(), (QStringList{"a", "b", "c"}));
}

void TestResourceTableModel::sortOrdersRowsAndStaysStableUnderUpdates()
{
    Fixture f;
    f.feed(batchOf({upsert(pod("a", "Running")), upsert(pod("b", "Error")),
                    upsert(pod("c", "Running")), upsert(pod("d", "Error"))}));
    f.clearSpies();
    f.model.sort(2, Qt::DescendingOrder);
    QCOMPARE(f.layout.count(), 1);
    QCOMPARE(f.names(), (QStringList{"a", "c", "b", "d"}));
    QCOMPARE(f.model.sortColumn(), 2);
    f.clearSpies();
    // Updates that keep the key keep the row exactly where it is.
    for (int i = 0; i < 5; ++i) {
        f.feed(batchOf({upsert(pod("c", "Running", QString::number(10 + i))),
                        upsert(pod("b", "Error", QString::number(20 + i)))}));
        QCOMPARE(f.names(), (QStringList{"a", "c", "b", "d"}));
    }
    QCOMPARE(f.inserted.count() + f.removed.count() + f.layout.count(), 0);
    QCOMPARE(f.changed.count(), 5);
    // A new row with an equal key lands in key order among its equals.
    f.feed(batchOf({upsert(pod("bb", "Error"))}));
    QCOMPARE(f.names(), (QStringList{"a", "c", "b", "bb", "d"}));
}

void TestResourceTableModel::selectionFollowsRowAcrossSortAndBulkChanges()
{
    Fixture f;
    f.model.setBulkThreshold(2);
    f.feed(upserts({"a", "b", "c", "d"}));
    QItemSelectionModel selection(&f.model);
    selection.setCurrentIndex(f.model.index(2, 0),
                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    f.model.sort(1, Qt::DescendingOrder);
    QCOMPARE(selection.currentIndex().data(ResourceTableModel::KeyRole).toString(),
             QStringLiteral("ns/c"));
    QCOMPARE(selection.currentIndex().row(), 1);
    f.feed(batchOf({upsert(pod("e")), upsert(pod("f")), remove(pod("a"))}));
    QCOMPARE(selection.currentIndex().data(ResourceTableModel::KeyRole).toString(),
             QStringLiteral("ns/c"));
    QCOMPARE(selection.selectedRows().size(), 1);
    f.feed(batchOf({upsert(pod("g")), upsert(pod("h")), remove(pod("c"))}));
    QVERIFY(!selection.currentIndex().isValid());
}

void TestResourceTableModel::quickFilterAndSelectorHideRows()
{
    Fixture f;
    f.feed(batchOf({upsert(pod("web-1", "Running")), upsert(pod("web-2", "Error")),
                    upsert(pod("db-1", "Error"))}));
    TableQuery q;
    q.quickText = QStringLiteral("ERR"); // matches the STATUS cell, case-insensitively
    f.setQuery(q);
    QCOMPARE(f.names(), (QStringList{"db-1", "web-2"}));
    q.quickText.clear();
    q.selector = LabelSelector::parse(QStringLiteral("status!=Error")).value();
    f.setQuery(q);
    QCOMPARE(f.names(), (QStringList{"web-1"}));
    f.clearSpies();
    // Incremental changes obey the query: web-2 recovers and appears.
    f.feed(batchOf({upsert(pod("web-2", "Running", "2"))}));
    QCOMPARE(f.inserted.count(), 1);
    QCOMPARE(f.names(), (QStringList{"web-1", "web-2"}));
    QCOMPARE(f.model.totalObjects(), qint64(3));
}

void TestResourceTableModel::facetSelectionFiltersIncrementally()
{
    Fixture f;
    f.feed(
        batchOf({upsert(pod("a", "Running", "1", "shop")), upsert(pod("b", "Running", "1", "db")),
                 upsert(pod("c", "Running", "1", "shop"))}));
    TableQuery q;
    q.facets.namespaces = {QStringLiteral("shop")};
    f.setQuery(q);
    QCOMPARE(f.names(), (QStringList{"a", "c"}));
    f.clearSpies();
    f.feed(
        batchOf({upsert(pod("d", "Running", "1", "db")), upsert(pod("e", "Running", "1", "shop")),
                 remove(pod("a", "Running", "1", "shop"))}));
    QCOMPARE(f.names(), (QStringList{"c", "e"}));
    QCOMPARE(f.inserted.count(), 1);
    QCOMPARE(f.removed.count(), 1);

    // Changes to objects hidden before and after never reach the model; one
    // that leaves the facet is a removal, one that enters it an insert.
    const PreparedBatch prepared = f.preparer.applyChanges(
        batchOf({upsert(pod("b", "Failed", "2", "db")), upsert(pod("d", "Failed", "2", "db")),
                 upsert(pod("c", "Failed", "2", "shop")), upsert(pod("f", "Running", "1", "db"))}),
        kNowMs);
    QCOMPARE(prepared.rows.size(), 1);
    QCOMPARE(prepared.rows.at(0).key, QStringLiteral("shop/c"));
    QCOMPARE(prepared.totalObjects, qint64(5));
    f.model.applyBatch(prepared);
    f.feed(batchOf({remove(pod("b", "Failed", "2", "db")), upsert(pod("e", "Running", "3", "db")),
                    upsert(pod("d", "Running", "3", "shop"))}));
    QCOMPARE(f.names(), (QStringList{"c", "d", "e"}));

    // A re-sort or a quick-filter edit re-filters everything: an object that
    // came into the facet after it was checked stays, one outside stays out.
    f.feed(batchOf(
        {upsert(pod("g", "Running", "1", "shop")), upsert(pod("h", "Running", "1", "db"))}));
    q.order = Qt::DescendingOrder;
    f.setQuery(q);
    QCOMPARE(f.names(), (QStringList{"g", "e", "d", "c"}));
}

void TestResourceTableModel::rowsBeingDeletedAreMarked()
{
    Fixture f;
    f.feed(upserts({"a"}));
    const KubeObject dying =
        makeObject(QStringLiteral("ns"), QStringLiteral("a"), {},
                   QStringLiteral("2024-05-01T10:00:00Z"), QStringLiteral("2"), true);
    f.feed(batchOf({upsert(dying)}));
    const QModelIndex index = f.model.index(0, 1);
    QVERIFY(index.data(ResourceTableModel::BeingDeletedRole).toBool());
    QVERIFY(index.data(Qt::FontRole).value<QFont>().italic());
}

// A terminating row was drawn all grey, as the faded rows of a watch that
// is not live: "stale" and "being deleted" looked the same. Its NAME is in
// italics; its STATUS keeps its tone (Terminating: amber); the rest as any
// row.
void TestResourceTableModel::rowsBeingDeletedAreNotGreyedLikeStaleRows()
{
    Fixture f;
    const KubeObject dying = makeObject(
        QStringLiteral("ns"), QStringLiteral("a"), {{QStringLiteral("status"), "Terminating"}},
        QStringLiteral("2024-05-01T10:00:00Z"), QStringLiteral("2"), true);
    f.feed(batchOf({upsert(dying)}));
    const RowFormatter &formatter = f.model.formatter();
    const int status = formatter.columnOf(QStringLiteral("STATUS"));
    for (int c = 0; c < f.model.columnCount(); ++c) {
        const QModelIndex index = f.model.index(0, c);
        QCOMPARE(index.data(Qt::FontRole).value<QFont>().italic(), c == formatter.nameColumn());
        if (c != status)
            QVERIFY2(!index.data(Qt::ForegroundRole).isValid(), qPrintable(QString::number(c)));
    }
    const QVariant tone = f.model.index(0, status).data(Qt::ForegroundRole);
    QCOMPARE(tone.value<QColor>(), statusToneColor(QStringLiteral("Terminating")));
    QCOMPARE(statusTone(QStringLiteral("Terminating")), StatusTone::Warning);
}

void TestResourceTableModel::namesSortNaturallyWithinTheirNamespace_data()
{
    QTest::addColumn<QString>("column"); // "" for no sort column
    QTest::addColumn<QStringList>("expected");
    // As the namespace facet lists namespaces: "ns" before "ns-b" (the
    // object key put "ns-b/..." first, '-' < '/').
    QTest::newRow("kubectl's order")
        << QString() << QStringList{"ns/pod-2", "ns/pod-10", "ns-b/pod-1", "ns-b/pod-10"};
    // Names in a namespace were ordered byte-wise (the row tie-breaker).
    QTest::newRow("by NAMESPACE") << QStringLiteral("NAMESPACE")
                                  << QStringList{"ns/pod-2", "ns/pod-10", "ns-b/pod-1",
                                                 "ns-b/pod-10"};
    QTest::newRow("by NAME") << QStringLiteral("NAME")
                             << QStringList{"ns-b/pod-1", "ns/pod-2", "ns/pod-10", "ns-b/pod-10"};
}

void TestResourceTableModel::namesSortNaturallyWithinTheirNamespace()
{
    QFETCH(QString, column);
    QFETCH(QStringList, expected);
    Fixture f;
    TableQuery q;
    q.sortColumn = column.isEmpty() ? -1 : f.model.formatter().columnOf(column);
    f.setQuery(q);
    f.feed(batchOf({upsert(pod("pod-10", "Running", "1", "ns-b")),
                    upsert(pod("pod-10", "Running", "1", "ns")),
                    upsert(pod("pod-1", "Running", "1", "ns-b")),
                    upsert(pod("pod-2", "Running", "1", "ns"))}));
    QStringList keys;
    for (int r = 0; r < f.model.rowCount(); ++r)
        keys.append(f.model.keyAt(r));
    QCOMPARE(keys, expected);
    // A snapshot (a re-sort) orders them the same.
    f.setQuery(q);
    keys.clear();
    for (int r = 0; r < f.model.rowCount(); ++r)
        keys.append(f.model.keyAt(r));
    QCOMPARE(keys, expected);
}

void TestResourceTableModel::cellTextIsFormattedLazilyWithBoundedCache()
{
    Fixture f;
    f.feed(upserts({"a", "b"}));
    QCOMPARE(f.model.index(0, 0).data().toString(), QStringLiteral("ns"));
    QCOMPARE(f.model.index(1, 1).data().toString(), QStringLiteral("b"));
    QCOMPARE(f.model.index(0, 3).data().toString(), QStringLiteral("11h"));
    QCOMPARE(f.model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("AGE"));
}

QTEST_MAIN(TestResourceTableModel)
#include "tst_resourcetablemodel.moc"
