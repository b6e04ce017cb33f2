// View ▸ Theme: System, Light or Dark, one checked (the theme applied). A
// choice changes the application's palette at once, without a restart, and is
// saved: the next start uses it, unless its --theme says otherwise for that
// run.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "testsettings.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/theme.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QPalette>
#include <QSettings>
#include <QTest>
#include <QTreeView>

#include <algorithm>

#include <memory>

using namespace informant;
using namespace informant::test;

namespace {

const QString kThemeSetting = QStringLiteral("appearance/theme");

QMenu *themeMenu(const MainWindow &window)
{
    for (QAction *bar : window.menuBar()->actions()) {
        if (bar->text() != QStringLiteral("&View") || !bar->menu())
            continue;
        for (QAction *action : bar->menu()->actions()) {
            if (action->menu() && action->text() == QStringLiteral("T&heme"))
                return action->menu();
        }
    }
    return nullptr;
}

QAction *themeAction(const MainWindow &window, const QString &text)
{
    QMenu *menu = themeMenu(window);
    if (!menu)
        return nullptr;
    for (QAction *action : menu->actions()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

QStringList checkedThemes(const MainWindow &window)
{
    QStringList checked;
    if (QMenu *menu = themeMenu(window)) {
        for (QAction *action : menu->actions()) {
            if (action->isChecked())
                checked.append(action->text());
        }
    }
    return checked;
}

// Chooses View ▸ Theme ▸ `text`; false when the window has no such entry.
bool chooseTheme(const MainWindow &window, const QString &text)
{
    QAction *action = themeAction(window, text);
    if (action)
        action->trigger();
    return action;
}

// The filter pane's check boxes are drawn for the theme (Fusion's are
// invisible on a dark base).
bool facetCheckBoxesStyledForDark(const MainWindow &window)
{
    const QList<QTreeView *> views = window.filterPane()->findChildren<QTreeView *>();
    return !views.isEmpty() && std::all_of(views.begin(), views.end(), [](const QTreeView *view) {
        return view->styleSheet().contains(QStringLiteral("indicator"));
    });
}

bool paletteIsDark()
{
    return QApplication::palette().color(QPalette::Window).lightness() < 128;
}

} // namespace

class TestThemeMenu : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        useEmptyTestSettings();
        qunsetenv("INFORMANT_THEME");
    }
    void init() { applyTheme(QStringLiteral("light")); }
    void themeMenuOffersSystemLightDarkOneChecked();
    void choosingDarkChangesThePaletteLiveAndIsSaved();
    void systemAfterDarkIsTheDesktopsPaletteAgain();
    void aNewStartUsesTheSavedThemeUnlessTheFlagSaysOtherwise();
};

void TestThemeMenu::themeMenuOffersSystemLightDarkOneChecked()
{
    Fixture f;
    QMenu *menu = themeMenu(*f.window);
    QVERIFY(menu);
    QAction *system = themeAction(*f.window, QStringLiteral("&System"));
    QAction *light = themeAction(*f.window, QStringLiteral("&Light"));
    QAction *dark = themeAction(*f.window, QStringLiteral("&Dark"));
    QVERIFY(system && light && dark);
    for (QAction *action : {system, light, dark}) {
        QVERIFY(action->isCheckable());
        QVERIFY(action->actionGroup());
        QCOMPARE(action->actionGroup()->exclusionPolicy(),
                 QActionGroup::ExclusionPolicy::Exclusive);
    }
    // The start applied --theme light.
    QCOMPARE(checkedThemes(*f.window), QStringList{QStringLiteral("&Light")});
}

void TestThemeMenu::choosingDarkChangesThePaletteLiveAndIsSaved()
{
    Fixture f;
    QVERIFY(!paletteIsDark());
    QAction *dark = themeAction(*f.window, QStringLiteral("&Dark"));
    QVERIFY(dark);
    dark->trigger();
    QVERIFY(paletteIsDark());
    QVERIFY(isDarkTheme());
    // Live, no restart: Qt gives the windows the application's palette in
    // an event it posts.
    QTRY_VERIFY(f.window->palette().color(QPalette::Window).lightness() < 128);
    QVERIFY(facetCheckBoxesStyledForDark(*f.window));
    QCOMPARE(QSettings().value(kThemeSetting).toString(), QStringLiteral("dark"));
    QCOMPARE(checkedThemes(*f.window), QStringList{QStringLiteral("&Dark")});

    QVERIFY(chooseTheme(*f.window, QStringLiteral("&Light")));
    QVERIFY(!paletteIsDark());
    QVERIFY(!isDarkTheme());
    QTRY_VERIFY(f.window->palette().color(QPalette::Window).lightness() >= 128);
    QVERIFY(!facetCheckBoxesStyledForDark(*f.window));
    QCOMPARE(QSettings().value(kThemeSetting).toString(), QStringLiteral("light"));
    QCOMPARE(checkedThemes(*f.window), QStringList{QStringLiteral("&Light")});
}

void TestThemeMenu::systemAfterDarkIsTheDesktopsPaletteAgain()
{
    Fixture f;
    const QColor desktopWindow = QApplication::palette().color(QPalette::Window);
    QVERIFY(chooseTheme(*f.window, QStringLiteral("&Dark")));
    QVERIFY(paletteIsDark());
    QVERIFY(chooseTheme(*f.window, QStringLiteral("&System")));
    // The offscreen platform's palette is light: not the dark one System
    // would find if it measured the application's palette of the moment.
    QVERIFY(!paletteIsDark());
    QCOMPARE(QApplication::palette().color(QPalette::Window), desktopWindow);
    QCOMPARE(checkedThemes(*f.window), QStringList{QStringLiteral("&System")});
    QVERIFY(!QSettings().contains(kThemeSetting) ||
            QSettings().value(kThemeSetting).toString() == QStringLiteral("system"));
}

void TestThemeMenu::aNewStartUsesTheSavedThemeUnlessTheFlagSaysOtherwise()
{
    Fixture f;
    QVERIFY(chooseTheme(*f.window, QStringLiteral("&Dark")));
    QCOMPARE(QSettings().value(kThemeSetting).toString(), QStringLiteral("dark"));

    // The next start without --theme (main's applyTheme): the saved theme,
    // and a new window's menu says so.
    applyTheme(QStringLiteral("light"));
    QVERIFY(!paletteIsDark());
    applyTheme(QStringLiteral("auto"));
    QVERIFY(paletteIsDark());
    auto second =
        std::make_unique<MainWindow>(&f.session, QStringList{QStringLiteral("test")}, nullptr);
    second->show();
    QCOMPARE(checkedThemes(*second), QStringList{QStringLiteral("&Dark")});
    QTRY_VERIFY(second->palette().color(QPalette::Window).lightness() < 128);

    // --theme light: for that run only, the saved choice stays.
    applyTheme(QStringLiteral("light"));
    QVERIFY(!paletteIsDark());
    QTRY_COMPARE(checkedThemes(*second), QStringList{QStringLiteral("&Light")});
    QCOMPARE(QSettings().value(kThemeSetting).toString(), QStringLiteral("dark"));
}

QTEST_MAIN(TestThemeMenu)
#include "tst_thememenu.moc"
