// Finding a kind as a user names it: Ctrl+K's ranking (short names, near
// misses), names resolved as kubectl resolves them, and what the window says
// of a kind it does not know (the closest ones, over the table or timeline).

#include "customkindobjects.h"
#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/resourcetablemodel.h"
#include "testsettings.h"
#include "ui/kindswitcher.h"
#include "ui/mainwindow.h"
#include "ui/noticebar.h"
#include "ui/resourceview.h"
#include "ui/timeline/timelinewidget.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace informant;
using namespace informant::test;

class TestKindNavigation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void kindSwitcherRanksShortNames_data();
    void kindSwitcherRanksShortNames();
    void ctrlKSwitchesKind();
    void kindNamesResolveLikeKubectl_data();
    void kindNamesResolveLikeKubectl();
    void unknownKindIsNamedAndTheClosestShown();
    void kindNamedBeforeDiscoveryWaitsForIt();
    void unknownKindNoticeShowsOverTheTimeline();
    void lastKindIsRememberedPerCluster();
};

void TestKindNavigation::kindSwitcherRanksShortNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("first");
    QTest::newRow("po") << "po"
                        << "pods";
    QTest::newRow("deploy") << "deploy"
                            << "deployments";
    QTest::newRow("Secret") << "Secret"
                            << "secrets";
    QTest::newRow("prefix") << "nod"
                            << "nodes";
    QTest::newRow("substring") << "cret"
                               << "secrets";
}

void TestKindNavigation::kindSwitcherRanksShortNames()
{
    QFETCH(QString, text);
    QFETCH(QString, first);
    const QList<KindInfo> ranked = KindSwitcher::rank(standardKinds(), text);
    QVERIFY(!ranked.isEmpty());
    QCOMPARE(ranked.first().plural, first);
}

void TestKindNavigation::ctrlKSwitchesKind()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.window->activateWindow();
    QTest::keyClick(f.window.get(), Qt::Key_K, Qt::ControlModifier);
    KindSwitcher *switcher = f.window->kindSwitcher();
    QTRY_VERIFY(switcher->isVisible());
    QTest::keyClicks(switcher->input(), QStringLiteral("deploy"));
    QTest::keyClick(switcher->input(), Qt::Key_Return);
    QVERIFY(!switcher->isVisible());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
}

void TestKindNavigation::kindNamesResolveLikeKubectl_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("shown");
    QTest::newRow("short name") << "deploy"
                                << "deployments";
    QTest::newRow("core short name") << "po"
                                     << "pods";
    QTest::newRow("singular") << "Deployment"
                              << "deployments";
    QTest::newRow("plural.group") << "deployments.apps"
                                  << "deployments";
    QTest::newRow("cluster-scoped") << "no"
                                    << "nodes";
}

// --kind takes what kubectl takes, without a word about it.
void TestKindNavigation::kindNamesResolveLikeKubectl()
{
    QFETCH(QString, name);
    QFETCH(QString, shown);
    Fixture f;
    QVERIFY(f.window->showKindByName(QStringLiteral("secrets")));
    f.window->showKindNamed(name);
    QCOMPARE(f.window->currentKind().plural, shown);
    QVERIFY(!f.window->noticeBar()->isVisibleTo(f.window.get()));
}

// `--kind podz` opened the last kind shown as if the user had asked for it.
// The table says the cluster has no such kind and shows the closest one; with
// nothing close, it keeps the kind it showed, saying which.
void TestKindNavigation::unknownKindIsNamedAndTheClosestShown()
{
    Fixture f;
    QVERIFY(f.window->showKindByName(QStringLiteral("secrets")));
    NoticeBar *notice = f.window->noticeBar();
    QVERIFY(!notice->isVisibleTo(f.window.get()));

    f.window->showKindNamed(QStringLiteral("podz"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QVERIFY(notice->isVisibleTo(f.window.get()));
    QVERIFY2(notice->text().startsWith(QStringLiteral("No kind \"podz\" on this cluster. "
                                                      "Showing pods, the closest name.")),
             qPrintable(notice->text()));
    QTRY_COMPARE(f.model()->rowCount(), 3);

    f.window->showKindNamed(QStringLiteral("deploymnets"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QVERIFY2(notice->text().contains(QStringLiteral("Showing deployments, the closest name")),
             qPrintable(notice->text()));

    f.window->showKindNamed(QStringLiteral("nosuchkind"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QVERIFY2(notice->text().startsWith(QStringLiteral("No kind \"nosuchkind\" on this cluster. "
                                                      "Showing deployments.")),
             qPrintable(notice->text()));

    // The notice is about the kind it was given for.
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QVERIFY(!notice->isVisibleTo(f.window.get()));
}

// A custom kind is known only once discovery answers: --kind waits for it,
// then shows it, or says the cluster has none.
void TestKindNavigation::kindNamedBeforeDiscoveryWaitsForIt()
{
    Fixture f;
    f.session.setDiscovering();
    NoticeBar *notice = f.window->noticeBar();
    f.window->showKindNamed(QStringLiteral("widgets"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QVERIFY(!notice->isVisibleTo(f.window.get()));
    f.session.setKinds(kindsWithWidgets());
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("widgets"));
    QVERIFY(!notice->isVisibleTo(f.window.get()));

    f.session.setDiscovering();
    f.window->showKindNamed(QStringLiteral("gadgets"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("widgets"));
    QVERIFY(!notice->isVisibleTo(f.window.get()));
    f.session.setKinds(kindsWithWidgets());
    QVERIFY2(notice->text().startsWith(QStringLiteral("No kind \"gadgets\" on this cluster.")),
             qPrintable(notice->text()));
}

// `informant --kind podz --view timeline`: the notice lay above the hidden
// table, and the user never learnt that pods were shown instead of podz.
void TestKindNavigation::unknownKindNoticeShowsOverTheTimeline()
{
    Fixture f;
    QVERIFY(f.window->showKindByName(QStringLiteral("secrets")));
    NoticeBar *notice = f.window->noticeBar();
    f.window->setTimelineVisible(true);
    f.window->showKindNamed(QStringLiteral("podz"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QVERIFY(f.window->timelineVisible());
    QVERIFY(notice->isVisibleTo(f.window.get()));
    QVERIFY2(notice->text().startsWith(QStringLiteral("No kind \"podz\" on this cluster.")),
             qPrintable(notice->text()));
    // It lies above both views: the table shows it too, and it stays when the
    // timeline comes back.
    QVERIFY(notice->mapTo(f.window.get(), notice->rect().bottomLeft()).y() <
            f.window->timeline()->mapTo(f.window.get(), QPoint(0, 0)).y());
    f.window->setTimelineVisible(false);
    QVERIFY(notice->isVisibleTo(f.window.get()));
    f.window->setTimelineVisible(true);
    QVERIFY(notice->isVisibleTo(f.window.get()));

    // Still about the kind it was given for, whichever view is shown.
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QVERIFY(!notice->isVisibleTo(f.window.get()));
}

// Secrets looked at in the demo are not what another cluster opens on: each
// cluster opens on the kind last shown in it, a new one on pods.
void TestKindNavigation::lastKindIsRememberedPerCluster()
{
    QSettings().clear();
    const auto open = [](const QString &cluster, const QString &show = {}) {
        LocalClusterSession session(standardKinds());
        session.setName(cluster);
        MainWindow window(&session, QStringList{cluster}, [](const QString &) {});
        const QString opened = window.currentKind().plural;
        if (!show.isEmpty())
            window.showKindByName(show);
        return opened;
    };
    QCOMPARE(open(QStringLiteral("demo"), QStringLiteral("secrets")), QStringLiteral("pods"));
    QCOMPARE(open(QStringLiteral("http://127.0.0.1:1/a"), QStringLiteral("deployments")),
             QStringLiteral("pods"));
    QCOMPARE(open(QStringLiteral("demo")), QStringLiteral("secrets"));
    QCOMPARE(open(QStringLiteral("http://127.0.0.1:1/a")), QStringLiteral("deployments"));
    QCOMPARE(open(QStringLiteral("http://127.0.0.1:1")), QStringLiteral("pods"));
}

QTEST_MAIN(TestKindNavigation)
#include "tst_kindnavigation.moc"
