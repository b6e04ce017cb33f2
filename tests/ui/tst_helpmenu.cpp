// The main window's Help menu: last in the menu bar, even after a menu added
// later (the app's Demo menu), with Keyboard Shortcuts… (F1) and About. The
// Keyboard Shortcuts dialog lists what the window really has: its menus'
// actions with their keys, its shortcuts outside menus, and the keys the
// table and the timeline handle themselves; its filter box narrows the list.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "testsettings.h"
#include "ui/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

QString native(const QKeySequence &keys)
{
    return keys.toString(QKeySequence::NativeText);
}

QMenu *menuTitled(const MainWindow &window, const QString &title)
{
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->text() == title)
            return action->menu();
    }
    return nullptr;
}

QAction *actionTitled(const QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

QDialog *shortcutsDialog()
{
    for (QWidget *w : QApplication::topLevelWidgets()) {
        auto *dialog = qobject_cast<QDialog *>(w);
        if (dialog && dialog->isVisible() && dialog->windowTitle() == "Keyboard Shortcuts")
            return dialog;
    }
    return nullptr;
}

// Every row the view shows under its group: "group | what | keys".
QStringList shownRows(const QAbstractItemModel *model, const QModelIndex &parent = {},
                      const QString &group = {})
{
    QStringList rows;
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (model->hasChildren(index)) {
            rows += shownRows(model, index, index.data().toString());
            continue;
        }
        rows.append(
            QStringLiteral("%1 | %2 | %3")
                .arg(group, index.data().toString(), index.siblingAtColumn(1).data().toString()));
    }
    return rows;
}

bool anyRowMatches(const QStringList &rows, const QString &pattern)
{
    return !rows.filter(QRegularExpression(pattern)).isEmpty();
}

} // namespace

class TestHelpMenu : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void helpIsTheLastMenuWithShortcutsAndAbout();
    void shortcutsDialogListsTheWindowsActionsAndKeys();
    void shortcutsDialogFilterNarrowsTheList();
};

void TestHelpMenu::helpIsTheLastMenuWithShortcutsAndAbout()
{
    Fixture f;
    QMenu *help = menuTitled(*f.window, QStringLiteral("&Help"));
    QVERIFY(help);
    QCOMPARE(f.window->menuBar()->actions().constLast(), help->menuAction());
    QAction *shortcuts = actionTitled(help, QStringLiteral("&Keyboard Shortcuts…"));
    QVERIFY(shortcuts);
    for (const QKeySequence &keys : QKeySequence::keyBindings(QKeySequence::HelpContents))
        QVERIFY2(shortcuts->shortcuts().contains(keys), qPrintable(native(keys)));
    QVERIFY(shortcuts->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Slash)));
    QVERIFY(actionTitled(help, QStringLiteral("&About Informant")));

    // A menu the application adds to the window afterwards goes before Help.
    QMenu *demo = f.window->menuBar()->addMenu(QStringLiteral("&Demo"));
    QCOMPARE(f.window->menuBar()->actions().constLast(), help->menuAction());
    QVERIFY(f.window->menuBar()->actions().contains(demo->menuAction()));
}

void TestHelpMenu::shortcutsDialogListsTheWindowsActionsAndKeys()
{
    Fixture f;
    QMenu *help = menuTitled(*f.window, QStringLiteral("&Help"));
    QVERIFY(help);
    QAction *shortcuts = actionTitled(help, QStringLiteral("&Keyboard Shortcuts…"));
    QVERIFY(shortcuts);
    shortcuts->trigger();
    QDialog *dialog = shortcutsDialog();
    QVERIFY(dialog);
    auto *view = dialog->findChild<QAbstractItemView *>();
    QVERIFY(view);
    QAbstractItemModelTester tester(view->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(view->model());
    QVERIFY(proxy);
    QAbstractItemModelTester sourceTester(proxy->sourceModel(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Opened again, it lists the window's shortcuts afresh, in the same dialog.
    shortcuts->trigger();
    QCOMPARE(shortcutsDialog(), dialog);
    const QStringList rows = shownRows(view->model());

    // From the View menu's actions: their text without '&', their keys.
    const QString back = QRegularExpression::escape(native(Qt::ALT | Qt::Key_Left));
    QVERIFY2(anyRowMatches(rows, QStringLiteral("^View \\| Back\\b.*\\|.*%1").arg(back)),
             qPrintable(rows.join(u'\n')));
    QVERIFY2(rows.contains(QStringLiteral("View | Filter rows | /")), qPrintable(rows.join(u'\n')));
    QVERIFY2(rows.contains(QStringLiteral("View | Switch kind… | %1")
                               .arg(native(QKeySequence(QStringLiteral("Ctrl+K"))))),
             qPrintable(rows.join(u'\n')));
    QVERIFY2(
        anyRowMatches(
            rows, QStringLiteral("^Help \\| Keyboard Shortcuts… \\| .*%1").arg(native(Qt::Key_F1))),
        qPrintable(rows.join(u'\n')));
    // Backspace goes back: the platform's Back key, or else the table's own.
    QVERIFY2(
        anyRowMatches(rows, QStringLiteral("\\| Back\\b.*\\|.*%1").arg(native(Qt::Key_Backspace))),
        qPrintable(rows.join(u'\n')));
    // The window's shortcuts outside menus and the keys views handle.
    QVERIFY2(anyRowMatches(rows, QStringLiteral("\\| %1$").arg(native(Qt::Key_Colon))),
             qPrintable(rows.join(u'\n')));
    QVERIFY2(
        anyRowMatches(rows, QStringLiteral("^Table \\| .*first.*\\| %1").arg(native(Qt::Key_Home))),
        qPrintable(rows.join(u'\n')));
    QVERIFY2(anyRowMatches(
                 rows, QStringLiteral("^Timeline \\| .*lane.*\\| %1").arg(native(Qt::Key_Return))),
             qPrintable(rows.join(u'\n')));
    // Only what has keys: the docks' toggles have none.
    QVERIFY2(!anyRowMatches(rows, QStringLiteral("\\| Details \\|")), qPrintable(rows.join(u'\n')));
    dialog->close();
}

void TestHelpMenu::shortcutsDialogFilterNarrowsTheList()
{
    Fixture f;
    QMenu *help = menuTitled(*f.window, QStringLiteral("&Help"));
    QVERIFY(help);
    QAction *shortcuts = actionTitled(help, QStringLiteral("&Keyboard Shortcuts…"));
    QVERIFY(shortcuts);
    shortcuts->trigger();
    QDialog *dialog = shortcutsDialog();
    QVERIFY(dialog);
    auto *filter = dialog->findChild<QLineEdit *>();
    QVERIFY(filter);
    auto *view = dialog->findChild<QAbstractItemView *>();
    QAbstractItemModelTester tester(view->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const qsizetype all = shownRows(view->model()).size();

    QTest::keyClicks(filter, QStringLiteral("zoom"));
    QStringList rows = shownRows(view->model());
    QVERIFY2(rows.size() >= 2 && rows.size() < all, qPrintable(rows.join(u'\n')));
    for (const QString &row : rows)
        QVERIFY2(row.contains(QStringLiteral("zoom"), Qt::CaseInsensitive), qPrintable(row));

    // A group's name keeps all of its rows.
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("timeline"));
    rows = shownRows(view->model());
    QVERIFY2(anyRowMatches(rows, QStringLiteral("^Timeline \\| .*[Zz]oom")),
             qPrintable(rows.join(u'\n')));

    // Keys are searched too.
    filter->clear();
    QTest::keyClicks(filter, native(QKeySequence(QStringLiteral("Ctrl+L"))));
    rows = shownRows(view->model());
    QVERIFY2(rows.contains(QStringLiteral("View | Label selector | %1")
                               .arg(native(QKeySequence(QStringLiteral("Ctrl+L"))))),
             qPrintable(rows.join(u'\n')));
    dialog->close();
}

QTEST_MAIN(TestHelpMenu)
#include "tst_helpmenu.moc"
