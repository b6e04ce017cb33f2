// Back and Forward in the main window: after a details pane link, a timeline
// lane, another kind or view, Back (Alt+Left, the mouse's back button,
// Backspace in the table) returns to the kind, the view and the row the user
// left, the filters as they are; Forward goes again. A click on a timeline
// lane only selects it: a double-click or Enter follows it.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/kindswitcher.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"
#include "ui/timeline/timelinecanvas.h"
#include "ui/timeline/timelinewidget.h"

#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::test;

class TestBackForward : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void backReturnsFromAnOwnerLinkToTheRowLeft();
    void laneClickSelectsDoubleClickFollowsBackReturnsToTheTimeline();
    void historyKeepsTheLastPlacesAndANewPlaceDropsForward();
};

namespace {

// The View menu's action with the platform's keys for `key` (null if none).
QAction *viewMenuAction(const MainWindow &window, QKeySequence::StandardKey key)
{
    const QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    for (const QAction *menu : window.menuBar()->actions()) {
        if (menu->text() != QStringLiteral("&View") || !menu->menu())
            continue;
        for (QAction *action : menu->menu()->actions()) {
            if (!keys.isEmpty() && action->shortcuts() == keys)
                return action;
        }
    }
    return nullptr;
}

QString currentKey(const Fixture &f)
{
    return f.window->resourceView()->currentObject().key();
}

// As a mouse gives it: the first click, then the second as a double click.
void doubleClick(QWidget *widget, const QPoint &at)
{
    QTest::mouseClick(widget, Qt::LeftButton, {}, at);
    QTest::mouseDClick(widget, Qt::LeftButton, {}, at);
    QTest::mouseRelease(widget, Qt::LeftButton, {}, at);
}

} // namespace

void TestBackForward::backReturnsFromAnOwnerLinkToTheRowLeft()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->upsert(ownedPod(QStringLiteral("shop"), QStringLiteral("web-7"), QStringLiteral("web")));
    pods->flush();
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    QTRY_COMPARE(f.model()->rowCount(), 4);
    QAction *back = viewMenuAction(*f.window, QKeySequence::Back);
    QAction *forward = viewMenuAction(*f.window, QKeySequence::Forward);
    QVERIFY(back);
    QVERIFY(forward);
    QVERIFY(!back->isEnabled());
    QVERIFY(!forward->isEnabled());
    // A filter the user typed is theirs: Back and Forward leave it.
    f.window->resourceView()->quickFilter()->setText(QStringLiteral("web"));
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-7")));

    Q_EMIT f.window->detailsPane()->linkActivated(
        QStringLiteral("apps/v1"), QStringLiteral("Deployment"), QStringLiteral("shop"),
        QStringLiteral("web")); // "Owned by", as a click on it gives it
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web"));
    QVERIFY(back->isEnabled());
    QVERIFY2(back->text().contains(QStringLiteral("Pods (shop/web-7)")), qPrintable(back->text()));
    QVERIFY(!forward->isEnabled());

    f.window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
    QTest::keyClick(f.window.get(), Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QVERIFY(!f.window->timelineVisible());
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web-7"));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web-7"));
    QCOMPARE(f.window->resourceView()->quickFilter()->text(), QStringLiteral("web"));
    QVERIFY(!back->isEnabled());
    QVERIFY(forward->isEnabled());
    QVERIFY2(forward->text().contains(QStringLiteral("Deployments (shop/web)")),
             qPrintable(forward->text()));

    QTest::keyClick(f.window.get(), Qt::Key_Right, Qt::AltModifier);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web"));

    // The mouse's buttons, over a table that takes every press it gets.
    QWidget *rows = f.window->resourceView()->table()->viewport();
    QTest::mouseClick(rows, Qt::BackButton);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web-7"));
    QTest::mouseClick(rows, Qt::ForwardButton);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web"));

    // Backspace in the table, as Esc in k9s.
    f.window->resourceView()->table()->setFocus();
    QTest::keyClick(f.window->resourceView()->table(), Qt::Key_Backspace);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web-7"));
    QCOMPARE(f.window->resourceView()->quickFilter()->text(), QStringLiteral("web"));
}

// A click that only meant to focus the timeline took the user to the lane's
// kind. It selects the lane; a double-click or Enter follows it, and Back
// returns to the timeline with the lane selected.
void TestBackForward::laneClickSelectsDoubleClickFollowsBackReturnsToTheTimeline()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    events->upsert(eventAbout(QStringLiteral("shop"), QStringLiteral("Pod"),
                              QStringLiteral("web-1"), QStringLiteral("Scheduled")));
    events->flush();
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    f.window->setTimelineVisible(true);
    TimelineCanvas *canvas = f.window->timeline()->canvas();
    QTRY_VERIFY((canvas->rebuildNow(), canvas->layout().laneCount() == 2)); // shop · Pod, web-1
    QCOMPARE(canvas->layout().lane(1).name, QStringLiteral("web-1"));
    const QString laneKey = canvas->layout().lane(1).key;
    const QPoint lane(500, canvas->view().laneTop(1) + TimelineView::kLaneHeight / 2);

    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, lane);
    QVERIFY(f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QCOMPARE(canvas->selectedObject(), laneKey);

    doubleClick(canvas->viewport(), lane);
    QVERIFY(!f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web-1"));

    f.window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
    QTest::keyClick(f.window.get(), Qt::Key_Left, Qt::AltModifier);
    QVERIFY(f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QCOMPARE(canvas->selectedObject(), laneKey);

    // Enter follows the selected lane, as a double-click does.
    QVERIFY(canvas->hasFocus());
    QTest::keyClick(canvas, Qt::Key_Return);
    QVERIFY(!f.window->timelineVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QTRY_COMPARE(currentKey(f), QStringLiteral("shop/web-1"));
}

// Ctrl+K, the tree and Ctrl+T are places too. Back goes back as far as the
// last NavigationHistory::kMaxPlaces (50) places; going somewhere new after
// Back drops what Forward had.
void TestBackForward::historyKeepsTheLastPlacesAndANewPlaceDropsForward()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QAction *back = viewMenuAction(*f.window, QKeySequence::Back);
    QAction *forward = viewMenuAction(*f.window, QKeySequence::Forward);
    QVERIFY(back);
    QVERIFY(forward);
    f.window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
    QTest::keyClick(f.window.get(), Qt::Key_T, Qt::ControlModifier);
    QVERIFY(f.window->timelineVisible());
    back->trigger();
    QVERIFY(!f.window->timelineVisible());
    forward->trigger();
    QVERIFY(f.window->timelineVisible());

    const KindInfo pods = f.session.findKind(QStringLiteral("pods"));
    const KindInfo secrets = f.session.findKind(QStringLiteral("secrets"));
    for (int i = 0; i < 60; ++i)
        Q_EMIT f.window->kindSwitcher()->kindChosen(i % 2 == 0 ? secrets : pods);
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    int steps = 0;
    while (back->isEnabled() && steps < 100) {
        back->trigger();
        ++steps;
    }
    QCOMPARE(steps, 50);
    QVERIFY(!f.window->timelineVisible()); // the timeline was 61 places ago
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));

    forward->trigger();
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("secrets"));
    QVERIFY(forward->isEnabled());
    Q_EMIT f.window->kindSwitcher()->kindChosen(f.session.findKind(QStringLiteral("nodes")));
    QVERIFY(!forward->isEnabled());
    back->trigger();
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("secrets"));
}

QTEST_MAIN(TestBackForward)
#include "tst_backforward.moc"
