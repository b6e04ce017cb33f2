// The window's docks keep the sizes they were given (ui/docksizekeeper.h):
// a longer filter title (a cluster-scoped kind) used to widen the Cluster
// dock for good, docks squeezed by a small window stayed small when it grew
// again, a long timeline summary squeezed them for good (and a click in the
// filter pane that made it was taken for the user's drag), and a first
// window of 1024 px left the sidebar 90 px.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/docksizekeeper.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"
#include "ui/timeline/timelinewidget.h"

#include <QDockWidget>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

QDockWidget *dock(const MainWindow &window, const QString &name)
{
    return window.findChild<QDockWidget *>(name);
}

// The window's layout is redone on posted events (a layout request, the
// docks' deferred sizes): all of them, twice over.
void settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

} // namespace

class TestDockSizes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void clusterScopedKindDoesNotWidenTheFilterPane();
    void docksGetTheirSizesBackWhenTheWindowGrowsAgain();
    void sizesTheUserSetAreKept();
    void anEmptyDetailsPaneGivesItsRoomToTheTable();
    void aClickInADockIsNotASeparatorDrag();
    void docksGetTheirSizesBackWhenTheCentreNeedsLessRoomAgain();
    void aSmallFirstWindowScalesTheDocksDown();
    void aFirstWindowFitsTheScreen();
    void aLongTimelineSummaryDoesNotSqueezeTheDocks();
    void showingAnObjectDoesNotWidenTheDetailsPane();
};

void TestDockSizes::clusterScopedKindDoesNotWidenTheFilterPane()
{
    Fixture f;
    f.window->resize(1440, 860);
    settle();
    FilterPane *filter = f.window->filterPane();
    const int namespacedMinimum = filter->minimumSizeHint().width();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QVERIFY(cluster);
    const int width = cluster->width();
    QVERIFY(f.window->showKindByName(QStringLiteral("nodes")));
    settle();
    QCOMPARE(filter->minimumSizeHint().width(), namespacedMinimum);
    QCOMPARE(cluster->width(), width);
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    settle();
    QCOMPARE(cluster->width(), width);
}

void TestDockSizes::docksGetTheirSizesBackWhenTheWindowGrowsAgain()
{
    Fixture f;
    f.window->resize(1440, 860);
    settle();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QDockWidget *filter = dock(*f.window, QStringLiteral("filterDock"));
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    QDockWidget *informers = dock(*f.window, QStringLiteral("informersDock"));
    QVERIFY(cluster && filter && details && informers);
    const QSize clusterSize = cluster->size();
    const int detailsWidth = details->width();
    const int informersHeight = informers->height();

    f.window->resize(640, 420);
    settle();
    // Too small for them: the docks gave way.
    QVERIFY2(cluster->width() + details->width() < clusterSize.width() + detailsWidth,
             qPrintable(QStringLiteral("%1 + %2").arg(cluster->width()).arg(details->width())));

    f.window->resize(1440, 860);
    settle();
    QCOMPARE(cluster->width(), clusterSize.width());
    QCOMPARE(details->width(), detailsWidth);
    QCOMPARE(informers->height(), informersHeight);
    QCOMPARE(cluster->height(), clusterSize.height());
}

// A dock the user widened (a separator dragged) is kept at that width
// across a small window too.
void TestDockSizes::sizesTheUserSetAreKept()
{
    Fixture f;
    f.window->resize(1440, 860);
    settle();
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    QVERIFY(details);
    // The pane shows an object (empty, it is narrowed).
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    // A drag of the separator left of the details dock, 100 px to the left.
    const QPoint separator = details->geometry().topLeft() + QPoint(-2, 200);
    QTest::mousePress(f.window.get(), Qt::LeftButton, {}, separator);
    // (QMainWindow moves the separator on a zero timer.)
    QTest::mouseMove(f.window.get(), separator + QPoint(-50, 0));
    settle();
    QTest::mouseMove(f.window.get(), separator + QPoint(-100, 0));
    settle();
    QTest::mouseRelease(f.window.get(), Qt::LeftButton, {}, separator + QPoint(-100, 0));
    settle();
    const int widened = details->width();
    QVERIFY2(widened > 480, qPrintable(QString::number(widened)));

    f.window->resize(640, 420);
    settle();
    f.window->resize(1440, 860);
    settle();
    QCOMPARE(details->width(), widened);
}

// At 1600 px the details pane took 430 px to say "No object selected",
// while the table cut a PVC's VOLUME. Empty, it is narrowed; with an object
// it has its width back, and the next window too (the saved state holds
// that width, not the narrowed one).
void TestDockSizes::anEmptyDetailsPaneGivesItsRoomToTheTable()
{
    Fixture f;
    f.window->resize(1600, 1000);
    settle();
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    auto *keeper = f.window->findChild<DockSizeKeeper *>();
    QVERIFY(details && keeper);
    QVERIFY(f.window->resourceView()->currentObject().isNull());
    const int kept = keeper->preferredSize(details).width();
    QVERIFY2(kept >= 400, qPrintable(QString::number(kept)));
    const int empty = details->width();
    QVERIFY2(empty < kept / 2, qPrintable(QStringLiteral("%1 of %2").arg(empty).arg(kept)));

    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    QCOMPARE(details->width(), kept);
    f.window->resourceView()->table()->clearSelection();
    settle();
    QVERIFY(f.window->resourceView()->currentObject().isNull());
    QCOMPARE(details->width(), empty);

    f.window->close();
    f.window = std::make_unique<MainWindow>(&f.session, QStringList{}, nullptr);
    f.window->show();
    settle();
    details = dock(*f.window, QStringLiteral("detailsDock"));
    QCOMPARE(details->width(), empty);
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    QCOMPARE(details->width(), kept);
}

// Ticking a namespace in the filter pane made the timeline's summary longer
// and squeezed the docks while the button was down: that width was kept as
// if the user had dragged a separator to it.
void TestDockSizes::aClickInADockIsNotASeparatorDrag()
{
    Fixture f;
    f.window->resize(1440, 860);
    settle();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QDockWidget *filter = dock(*f.window, QStringLiteral("filterDock"));
    auto *keeper = f.window->findChild<DockSizeKeeper *>();
    QVERIFY(cluster && filter && keeper);
    const int width = cluster->width();
    QCOMPARE(keeper->preferredSize(cluster).width(), width);

    QWidget *pane = filter->widget();
    const QPoint inside = pane->rect().center();
    QTest::mousePress(pane, Qt::LeftButton, {}, inside);
    // What the click did needs the centre's room.
    f.window->centralWidget()->setMinimumWidth(f.window->width() - 150);
    settle();
    QVERIFY2(cluster->width() < width, qPrintable(QString::number(cluster->width())));
    QTest::mouseRelease(pane, Qt::LeftButton, {}, inside);
    settle();
    QCOMPARE(keeper->preferredSize(cluster).width(), width);
}

// Whatever widened the central widget for a while, the docks have their
// sizes back once it needs less room.
void TestDockSizes::docksGetTheirSizesBackWhenTheCentreNeedsLessRoomAgain()
{
    Fixture f;
    f.window->resize(1440, 860);
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    QVERIFY(cluster && details);
    const int clusterWidth = cluster->width();
    const int detailsWidth = details->width();

    f.window->centralWidget()->setMinimumWidth(f.window->width() - 150);
    settle();
    QVERIFY(cluster->width() + details->width() < clusterWidth + detailsWidth);
    f.window->centralWidget()->setMinimumWidth(0);
    settle();
    QCOMPARE(cluster->width(), clusterWidth);
    QCOMPARE(details->width(), detailsWidth);
}

// Without a window manager that shrinks it (Xvfb, a kiosk), a first window
// larger than the screen left its Details dock, selector and status bar off
// the screen. The offscreen platform's screen (800x800) is smaller than a
// first window's usual size.
void TestDockSizes::aFirstWindowFitsTheScreen()
{
    QSettings().clear();
    LocalClusterSession session(standardKinds());
    MainWindow window(&session, {QStringLiteral("test")}, [](const QString &) {});
    const QSize room = window.screen()->availableGeometry().size();
    QVERIFY2(room.width() < 1440 && room.height() < 860,
             "this test needs a screen smaller than a first window");
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // No narrower than its layout allows (828 px here, more than this screen).
    const QSize fits = room.expandedTo(window.minimumSizeHint());
    QVERIFY2(window.width() <= fits.width() && window.height() <= fits.height(),
             qPrintable(QStringLiteral("%1x%2 for %3x%4")
                            .arg(window.width())
                            .arg(window.height())
                            .arg(fits.width())
                            .arg(fits.height())));
    QVERIFY(window.width() >= room.width() / 2); // not shrunk for nothing
}

// A first window smaller than the docks' sizes were made for gets them
// scaled down with it, and the full sizes when it is made large.
void TestDockSizes::aSmallFirstWindowScalesTheDocksDown()
{
    Fixture f;
    f.window->resize(1024, 700);
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    QVERIFY(cluster && details);
    const int clusterWidth = cluster->width();
    const int detailsWidth = details->width();
    // A third of the window each side at most, the table the rest.
    QVERIFY2(clusterWidth >= 160 && detailsWidth >= 290,
             qPrintable(QStringLiteral("%1, %2").arg(clusterWidth).arg(detailsWidth)));
    QVERIFY2(f.window->centralWidget()->width() >= 450,
             qPrintable(QString::number(f.window->centralWidget()->width())));

    f.window->resize(1440, 860);
    settle();
    QVERIFY2(cluster->width() > clusterWidth && details->width() > detailsWidth,
             qPrintable(QStringLiteral("%1, %2").arg(cluster->width()).arg(details->width())));
}

// The timeline's summary, as a QLabel, made the central widget as wide as
// its text: "Filter: namespace: batch, kube-system, … · 135 of 163 events"
// left the sidebar 90 px, the table or the timeline shown.
void TestDockSizes::aLongTimelineSummaryDoesNotSqueezeTheDocks()
{
    Fixture f;
    f.window->resize(1024, 700);
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    QVERIFY(cluster && details);
    const int clusterWidth = cluster->width();
    const int detailsWidth = details->width();
    QVERIFY2(clusterWidth >= 160,
             qPrintable(QString::number(clusterWidth))); // the kinds' names readable

    f.window->timeline()->setScopeDescription(
        QStringLiteral("namespace: batch, kube-system, monitoring, payments, web, shop, db"));
    settle();
    QCOMPARE(cluster->width(), clusterWidth);
    QCOMPARE(details->width(), detailsWidth);
}

// Each object shown (a long name in the header, the History tab's caption)
// widened the details pane a little, and the sidebar gave the room.
void TestDockSizes::showingAnObjectDoesNotWidenTheDetailsPane()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    const QString longName =
        QStringLiteral("ledger-worker-with-a-name-long-enough-to-be-wider-than-"
                       "the-pane-7d9f8c590-gvdk5");
    pods->upsert(
        pod(QStringLiteral("shop"), longName, QStringLiteral("web"), QStringLiteral("Running")));
    pods->flush();
    f.window->resize(1024, 700);
    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/web-1")));
    settle();
    QDockWidget *cluster = dock(*f.window, QStringLiteral("clusterDock"));
    QDockWidget *details = dock(*f.window, QStringLiteral("detailsDock"));
    QVERIFY(cluster && details);
    const int clusterWidth = cluster->width();
    const int detailsWidth = details->width();

    QTRY_VERIFY(f.window->resourceView()->selectKey(QStringLiteral("shop/") + longName));
    settle();
    QCOMPARE(f.window->detailsPane()->object().name(), longName);
    QCOMPARE(details->width(), detailsWidth);
    QCOMPARE(cluster->width(), clusterWidth);
    for (int tab = 0; tab < f.window->detailsPane()->tabs()->count(); ++tab) {
        f.window->detailsPane()->tabs()->setCurrentIndex(tab);
        settle();
        QCOMPARE(details->width(), detailsWidth);
        QCOMPARE(cluster->width(), clusterWidth);
    }
}

QTEST_MAIN(TestDockSizes)
#include "tst_docksizes.moc"
