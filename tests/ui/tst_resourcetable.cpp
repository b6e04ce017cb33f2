// The resource table in its window, as a user drives it: the filter pane's
// namespaces, the label selector (errors inline, Enter), the empty table's
// reason, and the rows in view while rows change; copying rows; the details
// after a row left; faded and terminating rows. Columns: tst_tablecolumns.

#include "customkindobjects.h"
#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/countstick.h"
#include "models/informerstatusmodel.h"
#include "models/labelfacetmodel.h"
#include "models/namespacefacetmodel.h"
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

#include <QImage>

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace informant;
using namespace informant::test;
class TestResourceTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void namespaceFacetFiltersTable();
    void selectorErrorsAreShownInline();
    void emptyTableSaysWhy();
    void scrolledViewKeepsItsRowsWhileRowsChange();
    void enterInTheSelectorSelectsARowItKeeps();
    void focusAfterADeletedRowDoesNotShowTheFirstRow();
    void ctrlCAndTheRowMenuCopyNames();
    void rowMenuCopiesAKubectlCommandForTheRows();
    void rowsAreFadedWhileTheWatchIsNotLive_data();
    void rowsAreFadedWhileTheWatchIsNotLive();
    void headerFacetsAndTreeCountAChangeTogether();
    void tableTitleIsTheKindsPluralAsTheTreeNamesIt();
    void terminatingRowsAreTonedNotFaded();
};

namespace {

// The darkest pixel of a cell: its text's colour (anti-aliasing only blends
// it with the lighter background of the default palette).
int inkLightness(QTableView *table, const QModelIndex &cell)
{
    const QImage image = table->viewport()->grab().toImage();
    const QRect rect = table->visualRect(cell);
    int darkest = 255;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x)
            darkest = qMin(darkest, image.pixelColor(x, y).lightness());
    }
    return darkest;
}

// The darkest pixel's colour: the text's (see inkLightness).
QColor inkColor(QTableView *table, const QModelIndex &cell)
{
    const QImage image = table->viewport()->grab().toImage();
    const QRect rect = table->visualRect(cell);
    QColor darkest = Qt::white;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            if (image.pixelColor(x, y).lightness() < darkest.lightness())
                darkest = image.pixelColor(x, y);
        }
    }
    return darkest;
}

InformerStatus statusOf(InformerStatus::State state, bool synced)
{
    InformerStatus status;
    status.state = state;
    status.synced = synced;
    if (state == InformerStatus::State::BackingOff)
        status.retryAtMs = SecondClock::nowMs() + 5000;
    return status;
}

} // namespace

void TestResourceTable::namespaceFacetFiltersTable()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    QTRY_COMPARE(namespaces->rowCount(), 2);
    QCOMPARE(namespaces->index(1, 1).data(NamespaceFacetModel::CountRole).toLongLong(), 2);
    // The count beside a label value: how many rows ticking it would leave.
    LabelFacetModel *labels = f.window->filterPane()->labelModel();
    const auto labelCount = [labels](const QString &key, const QString &value) {
        for (int k = 0; k < labels->rowCount(); ++k) {
            const QModelIndex keyIndex = labels->index(k, 0);
            if (keyIndex.data(LabelFacetModel::LabelKeyRole).toString() != key)
                continue;
            for (int v = 0; v < labels->rowCount(keyIndex); ++v) {
                const QModelIndex valueIndex = labels->index(v, 1, keyIndex);
                if (valueIndex.data(LabelFacetModel::LabelValueRole).toString() == value)
                    return valueIndex.data(LabelFacetModel::CountRole).toLongLong();
            }
        }
        return qint64(-1);
    };
    QTRY_COMPARE(labelCount(QStringLiteral("app"), QStringLiteral("pg")), 1);
    QVERIFY(namespaces->setData(namespaces->index(1, 0), Qt::Checked, Qt::CheckStateRole));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QCOMPARE(f.model()->totalObjects(), qint64(3));
    // Within the namespace ticked: no pg pod there, and the value stays listed.
    QTRY_COMPARE(labelCount(QStringLiteral("app"), QStringLiteral("pg")), 0);
    QCOMPARE(labelCount(QStringLiteral("app"), QStringLiteral("web")), 2);
    // New objects obey the facet as they arrive.
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-3"), QStringLiteral("web"),
                     QStringLiteral("Running")));
    pods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-1"), QStringLiteral("pg"),
                     QStringLiteral("Running")));
    pods->flush();
    QTRY_COMPARE(f.model()->totalObjects(), qint64(5));
    QCOMPARE(f.model()->rowCount(), 3);
}

void TestResourceTable::selectorErrorsAreShownInline()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ResourceView *view = f.window->resourceView();
    view->selectorBox()->setText(QStringLiteral("app in (web"));
    QVERIFY(view->selectorError()->isVisibleTo(view)); // at once, while typing
    QVERIFY2(view->selectorError()->text().contains(QStringLiteral("Label selector:")),
             qPrintable(view->selectorError()->text()));
    QCOMPARE(f.model()->rowCount(), 3);
    view->selectorBox()->setText(QStringLiteral("app in (web)"));
    QVERIFY(!view->selectorError()->isVisibleTo(view));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    view->selectorBox()->setText(QStringLiteral("app!=web"));
    QTRY_COMPARE(f.model()->rowCount(), 1);
}

// A blank table leaves users guessing whether the cluster has none, the list
// has not come yet, or their filter hides everything.
void TestResourceTable::emptyTableSaysWhy()
{
    Fixture f;
    ResourceView *view = f.window->resourceView();
    QLabel *hint = view->emptyHint();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QVERIFY(!hint->isVisibleTo(view));

    view->selectorBox()->setText(QStringLiteral("app=nothing"));
    QTRY_COMPARE(f.model()->rowCount(), 0);
    QTRY_VERIFY(hint->isVisibleTo(view));
    QCOMPARE(hint->text(), QStringLiteral("No pods match the filters (3 in all)."));
    // It stays over the middle of the table when an empty table is scrolled
    // sideways (children of the viewport would scroll away with it).
    QTableView *table = view->table();
    const QPoint middle = table->viewport()->mapToGlobal(table->viewport()->rect().center());
    QCOMPARE(hint->mapToGlobal(hint->rect().center()), middle);
    // (Columns fitted to the pods' short texts fit a narrow window: one
    // the user made wide makes the table scroll.)
    table->horizontalHeader()->resizeSection(0, table->viewport()->width() * 2);
    QTRY_VERIFY(table->horizontalScrollBar()->maximum() > 0);
    table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
    QCOMPARE(hint->mapToGlobal(hint->rect().center()),
             table->viewport()->mapToGlobal(table->viewport()->rect().center()));
    view->selectorBox()->clear();
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTRY_VERIFY(!hint->isVisibleTo(view));

    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QTRY_VERIFY(hint->isVisibleTo(view));
    QCOMPARE(hint->text(), QStringLiteral("No deployments."));

    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    InformerStatus listing;
    listing.state = InformerStatus::State::Listing;
    deployments->setStatus(listing);
    QCOMPARE(hint->text(), QStringLiteral("Listing deployments…"));
    InformerStatus forbidden;
    forbidden.state = InformerStatus::State::Forbidden;
    forbidden.lastError = QStringLiteral("deployments is forbidden");
    deployments->setStatus(forbidden);
    QVERIFY2(hint->text().startsWith(QStringLiteral("Could not list deployments: ")),
             qPrintable(hint->text()));
    InformerStatus backingOff;
    backingOff.state = InformerStatus::State::BackingOff;
    // Whole seconds left at the clock's last tick, rounded up: 2.5 s reads
    // "in 3 s".
    backingOff.retryAtMs = SecondClock::nowMs() + 2500;
    deployments->setStatus(backingOff);
    QVERIFY2(hint->text().startsWith(QStringLiteral("Waiting for the list of deployments: "
                                                    "reconnecting in 3 s")),
             qPrintable(hint->text()));
    // The countdown goes on without a new status.
    QTRY_VERIFY2_WITH_TIMEOUT(hint->text().contains(QStringLiteral("in 2 s")),
                              qPrintable(hint->text()), 2500);

    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QTRY_VERIFY(!hint->isVisibleTo(view));

    // A kind just opened has rows on their way: no "No pods." flash meanwhile.
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QCOMPARE(f.model()->rowCount(), 0);
    QVERIFY(!hint->isVisibleTo(view));
    QTRY_COMPARE(f.model()->rowCount(), 3);
}

// Scrolled into the middle of a live table, the user keeps reading the same
// rows at the same place on screen while rows are added or deleted above
// them, and while one of them moves elsewhere in the sort order.
void TestResourceTable::scrolledViewKeepsItsRowsWhileRowsChange()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    const auto name = [](const char *prefix, int i) {
        return QString::fromLatin1(prefix) + QStringLiteral("%1").arg(i, 3, 10, QLatin1Char('0'));
    };
    for (int i = 0; i < 200; ++i)
        pods->upsert(pod(QStringLiteral("shop"), name("p", i), QStringLiteral("web"),
                         QStringLiteral("Running")));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 203);
    ResourceView *view = f.window->resourceView();
    QVERIFY(view->sortByColumnName(QStringLiteral("STATUS"), Qt::AscendingOrder));
    QTableView *table = view->table();
    QTRY_VERIFY(table->verticalScrollBar()->maximum() > 100);
    // Where a pod's row is on screen, in rows from the top of the view.
    const auto onScreen = [&](int i) {
        return f.model()->rowOfKey(QStringLiteral("shop/") + name("p", i)) - table->rowAt(0);
    };
    table->verticalScrollBar()->setValue(f.model()->rowOfKey(QStringLiteral("shop/p100")));
    QCOMPARE(onScreen(100), 0);
    QCOMPARE(onScreen(105), 5);

    for (int i = 0; i < 10; ++i) // sort before every p
        pods->upsert(pod(QStringLiteral("shop"), name("a", i), QStringLiteral("web"),
                         QStringLiteral("Running")));
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 213);
    QCOMPARE(onScreen(100), 0);
    QCOMPARE(onScreen(105), 5);

    // The top row's pod fails: its STATUS sorts it to the end. The view does
    // not follow it; the rows below it stay where they are.
    pods->upsert(pod(QStringLiteral("shop"), name("p", 100), QStringLiteral("web"),
                     QStringLiteral("Unknown")));
    pods->flush();
    QTRY_COMPARE(f.model()->rowOfKey(QStringLiteral("shop/p100")), 212);
    QCOMPARE(onScreen(105), 5);

    // A row in view is deleted, with a row above the view.
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/p102")).value());
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/p050")).value());
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 211);
    QCOMPARE(onScreen(105), 5);
}

// Typed and entered at once, before the selector's debounce: the row made
// current is one the selector keeps (pg-0, the first row before it, is not).
void TestResourceTable::enterInTheSelectorSelectsARowItKeeps()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ResourceView *view = f.window->resourceView();
    QCOMPARE(f.model()->objectAt(0).name(), QStringLiteral("pg-0"));
    view->selectorBox()->setText(QStringLiteral("app=web"));
    QTest::keyClick(view->selectorBox(), Qt::Key_Return);
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QTRY_VERIFY(!view->currentObject().isNull());
    QVERIFY2(view->currentObject().name().startsWith(QStringLiteral("web-")),
             qPrintable(view->currentObject().name()));
    QVERIFY(!f.window->detailsPane()->headerText().contains(QStringLiteral("hidden")));

    // A selector that does not parse: Enter keeps the focus and the error,
    // and goes to no row (the rows shown are the last valid selector's).
    view->table()->clearSelection();
    view->table()->setCurrentIndex(QModelIndex());
    view->selectorBox()->setFocus();
    view->selectorBox()->setText(QStringLiteral("app in (web"));
    QTest::keyClick(view->selectorBox(), Qt::Key_Return);
    QVERIFY(view->currentObject().isNull());
    QVERIFY(view->selectorBox()->hasFocus());
}

// The selected pod is deleted and the details keep its last state; a menu
// opens and closes, the table gets the focus back, and Qt makes the first row
// current without selecting it. The details used to show that row.
void TestResourceTable::focusAfterADeletedRowDoesNotShowTheFirstRow()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QAbstractItemModelTester tester(f.model());
    QTableView *table = f.window->resourceView()->table();
    DetailsPane *details = f.window->detailsPane();
    // A click, as the user selects (view->setCurrentIndex would stop Qt from
    // choosing a current row on focus-in).
    const QModelIndex web1 = f.model()->index(f.model()->rowOfKey(QStringLiteral("shop/web-1")), 0);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(web1).center());
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 2);
    QVERIFY(!table->currentIndex().isValid());

    QFocusEvent focusIn(QEvent::FocusIn, Qt::PopupFocusReason); // the menu closed
    QCoreApplication::sendEvent(table, &focusIn);
    QVERIFY(table->currentIndex().isValid()); // Qt's choice, not selected
    QVERIFY(!table->selectionModel()->isRowSelected(table->currentIndex().row()));
    QCOMPARE(details->object().key(), QStringLiteral("shop/web-1"));
    QVERIFY2(details->headerText().endsWith(QStringLiteral("deleted; its last known state")),
             qPrintable(details->headerText()));
    QVERIFY(f.window->resourceView()->currentObject().isNull());

    // Arrows from there select, and the details follow.
    QTest::keyClick(table, Qt::Key_Down);
    QVERIFY(!f.window->resourceView()->currentObject().isNull());
    QCOMPARE(details->object().key(), f.window->resourceView()->currentObject().key());
}

// Ctrl+C copies the selected rows' names, one a line, top down: namespace/name
// while the table may show several namespaces, the names alone once the
// filter pane narrows it to one. The rows' menu offers both forms.
void TestResourceTable::ctrlCAndTheRowMenuCopyNames()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ResourceView *view = f.window->resourceView();
    QTableView *table = view->table();
    QClipboard *clipboard = QGuiApplication::clipboard();
    const auto index = [&](const QString &key) {
        return f.model()->index(f.model()->rowOfKey(key), 0);
    };
    QVERIFY(index(QStringLiteral("db/pg-0")).row() < index(QStringLiteral("shop/web-2")).row());
    table->selectRow(index(QStringLiteral("shop/web-2")).row());
    table->selectionModel()->select(index(QStringLiteral("db/pg-0")),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    clipboard->clear();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(clipboard->text(), QStringLiteral("db/pg-0\nshop/web-2"));

    // A right click on a row outside the selection selects it; the menu is
    // about that row.
    std::unique_ptr<QMenu> menu(
        view->rowMenu(table->visualRect(index(QStringLiteral("shop/web-1"))).center()));
    QVERIFY(menu);
    QCOMPARE(view->selectedObjects().size(), 1);
    QStringList texts;
    for (QAction *action : menu->actions())
        texts.append(action->text());
    QCOMPARE(texts, (QStringList{QStringLiteral("Copy name"), QStringLiteral("Copy namespace/name"),
                                 QStringLiteral("Copy as kubectl command")}));
    menu->actions().at(0)->trigger();
    QCOMPARE(clipboard->text(), QStringLiteral("web-1"));
    menu->actions().at(1)->trigger();
    QCOMPARE(clipboard->text(), QStringLiteral("shop/web-1"));
    QVERIFY(!view->rowMenu(QPoint(5, table->viewport()->height() - 2))); // below the rows

    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    QTRY_COMPARE(namespaces->rowCount(), 2);
    QCOMPARE(namespaces->index(1, 0).data().toString(), QStringLiteral("shop"));
    QVERIFY(namespaces->setData(namespaces->index(1, 0), Qt::Checked, Qt::CheckStateRole));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    table->selectAll();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(clipboard->text(), QStringLiteral("web-1\nweb-2"));
}

// Pasted into a terminal, the command shows the rows' objects from the
// window's cluster; a window kubectl cannot reach (a replay) says why not.
void TestResourceTable::rowMenuCopiesAKubectlCommandForTheRows()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ResourceView *view = f.window->resourceView();
    QTableView *table = view->table();
    const auto rowRect = [&](const QString &key) {
        return table->visualRect(f.model()->index(f.model()->rowOfKey(key), 0));
    };
    const auto kubectlMenu = [](QMenu *menu) -> QAction * {
        for (QAction *action : menu->actions()) {
            if (action->text() == QStringLiteral("Copy as kubectl command"))
                return action;
        }
        return nullptr;
    };
    KubectlTarget target;
    target.context = QStringLiteral("team a");
    target.kubeconfig = QStringLiteral("/home/me/kc");
    view->setKubectlTarget(target);
    std::unique_ptr<QMenu> menu(view->rowMenu(rowRect(QStringLiteral("shop/web-1")).center()));
    QVERIFY(menu);
    QAction *kubectl = kubectlMenu(menu.get());
    QVERIFY(kubectl && kubectl->isEnabled() && kubectl->menu());
    const QList<QAction *> commands = kubectl->menu()->actions();
    QCOMPARE(commands.size(), 2);
    QClipboard *clipboard = QGuiApplication::clipboard();
    commands.at(0)->trigger();
    QCOMPARE(
        clipboard->text(),
        QStringLiteral(
            "kubectl get pod web-1 -n shop -o yaml --context 'team a' --kubeconfig /home/me/kc"));
    QCOMPARE(commands.at(0)->toolTip(), clipboard->text());
    commands.at(1)->trigger();
    QCOMPARE(clipboard->text(), QStringLiteral("kubectl describe pod web-1 -n shop --context "
                                               "'team a' --kubeconfig /home/me/kc"));

    target.unavailableReason = QStringLiteral("A replay of a recording");
    view->setKubectlTarget(target);
    menu.reset(view->rowMenu(rowRect(QStringLiteral("shop/web-1")).center()));
    kubectl = kubectlMenu(menu.get());
    QVERIFY(kubectl);
    QVERIFY(!kubectl->isEnabled());
    QCOMPARE(kubectl->toolTip(), QStringLiteral("A replay of a recording"));
    QVERIFY(menu->toolTipsVisible());
}

void TestResourceTable::rowsAreFadedWhileTheWatchIsNotLive_data()
{
    using State = InformerStatus::State;
    QTest::addColumn<InformerStatus>("notLive");
    QTest::newRow("watch lost, reconnecting") << statusOf(State::BackingOff, true);
    QTest::newRow("watch failed") << statusOf(State::Error, true);
    QTest::newRow("relisting") << statusOf(State::Listing, true);
    QTest::newRow("never listed") << statusOf(State::Error, false);
    QTest::newRow("kind no longer served") << statusOf(State::Gone, true);
}

// The banner said the watch was down while the rows below it looked as live
// as ever: a glance at the table took the last known state for the cluster's.
void TestResourceTable::rowsAreFadedWhileTheWatchIsNotLive()
{
    QFETCH(InformerStatus, notLive);
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    ResourceView *view = f.window->resourceView();
    QTableView *table = view->table();
    table->clearSelection();
    const QModelIndex name = f.model()->index(1, f.model()->formatter().nameColumn());
    const int faded = table->palette().color(QPalette::Disabled, QPalette::Text).lightness();
    const int live = inkLightness(table, name);
    QVERIFY2(live < faded - 40, qPrintable(QStringLiteral("%1 vs %2").arg(live).arg(faded)));
    QVERIFY(!view->rowsDimmed());

    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->setStatus(notLive);
    QVERIFY(view->rowsDimmed());
    const int dimmed = inkLightness(table, name);
    QVERIFY2(dimmed >= faded - 5, qPrintable(QStringLiteral("%1 vs %2").arg(dimmed).arg(faded)));

    // At once when the watch is back.
    pods->setStatus(statusOf(InformerStatus::State::Watching, true));
    QVERIFY(!view->rowsDimmed());
    QCOMPARE(inkLightness(table, name), live);
}

// On timers of their own (250 ms, 500 ms, 1 s) the header said 5 pods while
// the tree and the namespace facet still said 3 for up to a second.
void TestResourceTable::headerFacetsAndTreeCountAChangeTogether()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    auto *header = f.window->resourceView()->findChild<QLabel *>(QStringLiteral("counts"));
    QVERIFY(header);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    const auto treeCount = [&] {
        return f.window->treeModel()
            ->indexOfKind(pods->kind().id())
            .data(ResourceTreeModel::CountRole)
            .toLongLong();
    };
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    const auto shopCount = [&] {
        for (int row = 0; row < namespaces->rowCount(); ++row) {
            const QModelIndex index = namespaces->index(row, 1);
            if (index.siblingAtColumn(0).data().toString() == QLatin1String("shop"))
                return index.data(NamespaceFacetModel::CountRole).toLongLong();
        }
        return qint64(-1);
    };
    QTRY_COMPARE(header->text(), QStringLiteral("3"));
    QTRY_COMPARE(treeCount(), 3);
    QTRY_COMPARE(shopCount(), 2);

    QSignalSpy ticks(CountsTick::instance(), &CountsTick::ticked);
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-3"), QStringLiteral("web"),
                     QStringLiteral("Pending")));
    pods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-4"), QStringLiteral("web"),
                     QStringLiteral("Pending")));
    pods->flush();
    // The tick that shows the new header shows the new tree count with it,
    // and has the facets recounted (off the GUI thread: they land after it).
    const auto headerChanged = [&] { return header->text() == QLatin1String("5"); };
    for (int i = 0; i < 5 && !headerChanged(); ++i)
        QVERIFY(ticks.wait(CountsTick::kIntervalMs * 10));
    QVERIFY2(headerChanged(), qPrintable(header->text()));
    QCOMPARE(treeCount(), 5);
    QTRY_COMPARE(shopCount(), 4);
}

void TestResourceTable::tableTitleIsTheKindsPluralAsTheTreeNamesIt()
{
    QList<KindInfo> kinds = standardKinds();
    const auto add = [&kinds](const char *group, const char *kind, const char *plural, bool ns) {
        kinds.append(KindInfo{QLatin1String(group),
                              QStringLiteral("v1"),
                              QLatin1String(kind),
                              QLatin1String(plural),
                              ns,
                              {}});
    };
    add("networking.k8s.io", "NetworkPolicy", "networkpolicies", true);
    add("storage.k8s.io", "StorageClass", "storageclasses", false);
    add("networking.k8s.io", "Ingress", "ingresses", true);
    add("", "Endpoints", "endpoints", true);
    Fixture f(kinds);
    QAbstractItemModelTester tester(f.window->treeModel());
    const QList<std::pair<QString, QString>> expected{
        {QStringLiteral("networkpolicies.networking.k8s.io"), QStringLiteral("NetworkPolicies")},
        {QStringLiteral("storageclasses.storage.k8s.io"), QStringLiteral("StorageClasses")},
        {QStringLiteral("ingresses.networking.k8s.io"), QStringLiteral("Ingresses")},
        {QStringLiteral("endpoints"), QStringLiteral("Endpoints")},
        {QStringLiteral("pods"), QStringLiteral("Pods")}};
    for (const auto &[id, title] : expected) {
        QVERIFY2(f.window->showKindByName(id), qPrintable(id));
        QCOMPARE(f.window->resourceView()->title()->text(), title);
        const QModelIndex leaf = f.window->treeModel()->indexOfKind(id);
        QVERIFY2(leaf.isValid(), qPrintable(id));
        QCOMPARE(leaf.data().toString(), title);
    }
}

QTEST_MAIN(TestResourceTable)
#include "tst_resourcetable.moc"

// A pod being deleted was drawn all grey, as the faded rows of a watch that
// is not live: "stale" had two meanings. Now its STATUS has its tone
// (Terminating: amber) and its other cells read as any live row's.
void TestResourceTable::terminatingRowsAreTonedNotFaded()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    KubeObject dying = pod(QStringLiteral("shop"), QStringLiteral("web-0"), QStringLiteral("web"),
                           QStringLiteral("Running"));
    QJsonObject obj = QJsonDocument::fromJson(dying.json()).object();
    QJsonObject meta = obj.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("deletionTimestamp"),
                QDateTime::currentDateTimeUtc().addSecs(20).toString(Qt::ISODate));
    obj.insert(QStringLiteral("metadata"), meta);
    pods->upsert(KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value());
    pods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 4);
    QTableView *table = f.window->resourceView()->table();
    table->clearSelection();
    table->setCurrentIndex({});
    const RowFormatter &formatter = f.model()->formatter();
    const int dyingRow = f.model()->rowOfKey(QStringLiteral("shop/web-0"));
    const int liveRow = f.model()->rowOfKey(QStringLiteral("shop/web-1"));
    const int status = formatter.columnOf(QStringLiteral("STATUS"));
    QCOMPARE(f.model()->index(dyingRow, status).data().toString(), QStringLiteral("Terminating"));
    const int faded = table->palette().color(QPalette::Disabled, QPalette::Text).lightness();
    for (const QString &column : {QStringLiteral("NAMESPACE"), QStringLiteral("NAME"),
                                  QStringLiteral("READY"), QStringLiteral("AGE")}) {
        const int c = formatter.columnOf(column);
        const int live = inkLightness(table, f.model()->index(liveRow, c));
        const int dyingInk = inkLightness(table, f.model()->index(dyingRow, c));
        QVERIFY2(qAbs(dyingInk - live) <= 30 && dyingInk < faded - 40,
                 qPrintable(QStringLiteral("%1: %2 (live %3, faded %4)")
                                .arg(column)
                                .arg(dyingInk)
                                .arg(live)
                                .arg(faded)));
    }
    const QColor tone = inkColor(table, f.model()->index(dyingRow, status));
    QVERIFY2(tone.red() - tone.blue() > 60, qPrintable(tone.name()));
    // Faded, it is the same row gone pale, tone kept at half strength.
    f.session.local(QStringLiteral("pods"))
        ->setStatus(statusOf(InformerStatus::State::Error, true));
    QVERIFY(f.window->resourceView()->rowsDimmed());
    const int name = formatter.nameColumn();
    QVERIFY(inkLightness(table, f.model()->index(dyingRow, name)) >= faded - 5);
}
