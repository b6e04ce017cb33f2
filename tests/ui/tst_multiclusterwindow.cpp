// One window over two clusters (informant --context east --context west):
// each kind's table holds both clusters' rows, CLUSTER first, and says when
// one cluster is not live.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/clusterrowkey.h"
#include "models/multiclustersession.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/freshnessbanner.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

KindInfo crontabs()
{
    return KindInfo{QStringLiteral("stable.example.com"),
                    QStringLiteral("v1"),
                    QStringLiteral("CronTab"),
                    QStringLiteral("crontabs"),
                    true,
                    {}};
}

// east and west both have shop/web-1 (Running in east, Pending in west);
// only west serves crontabs.
struct MultiFixture
{
    LocalClusterSession *east = new LocalClusterSession(standardKinds());
    LocalClusterSession *west = new LocalClusterSession(standardKinds() + QList{crontabs()});
    MultiClusterSession *session;
    std::unique_ptr<MainWindow> window;

    MultiFixture()
    {
        QSettings().clear();
        east->setName(QStringLiteral("east"));
        west->setName(QStringLiteral("west"));
        LocalKindSource *eastPods = east->local(QStringLiteral("pods"));
        eastPods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                             QStringLiteral("Running")));
        eastPods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-0"), QStringLiteral("pg"),
                             QStringLiteral("Running")));
        eastPods->flush();
        LocalKindSource *westPods = west->local(QStringLiteral("pods"));
        westPods->upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("web"),
                             QStringLiteral("Pending")));
        westPods->flush();
        for (LocalClusterSession *cluster : {east, west}) {
            LocalKindSource *deployments = cluster->local(QStringLiteral("deployments"));
            deployments->upsert(
                deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
            deployments->flush();
        }
        session = new MultiClusterSession({east, west});
        window = std::make_unique<MainWindow>(session, QStringList{"east", "west"},
                                              [](const QString &) {});
        session->setParent(window.get());
        window->show();
    }
    ResourceTableModel *model() const { return window->resourceView()->feed()->model(); }
    int rowOf(const char *cluster, const char *key) const
    {
        return model()->rowOfKey(
            clusterRowKey(QString::fromLatin1(cluster), QString::fromLatin1(key)));
    }
    void select(int row) const
    {
        window->resourceView()->table()->setCurrentIndex(model()->index(row, 0));
    }
};

InformerStatus watchLost()
{
    InformerStatus down;
    down.state = InformerStatus::State::BackingOff;
    down.synced = true;
    down.retryAtMs = QDateTime::currentMSecsSinceEpoch() + 60'000;
    down.lastError = QStringLiteral("connection refused");
    return down;
}

} // namespace

class TestMultiClusterWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void tableHoldsBothClustersRowsClusterFirst();
    void rowActionsShowTheRowsOwnClustersObject();
    void bannerNamesTheClusterThatIsNotLive();
    void kindOnlyOneClusterServesSaysSo();
    void linkGoesToTheRowsOwnCluster();
};

void TestMultiClusterWindow::tableHoldsBothClustersRowsClusterFirst()
{
    MultiFixture f;
    QCOMPARE(f.window->windowTitle(), QStringLiteral("east + west — Informant"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("pods"));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(headersOf(f.model()).mid(0, 3), (QStringList{"CLUSTER", "NAMESPACE", "NAME"}));
    QStringList clusters;
    for (int r = 0; r < 3; ++r)
        clusters.append(f.model()->index(r, 0).data().toString());
    QCOMPARE(clusters, (QStringList{"east", "east", "west"}));
    QVERIFY(f.rowOf("east", "shop/web-1") >= 0);
    QVERIFY(f.rowOf("west", "shop/web-1") >= 0);
}

void TestMultiClusterWindow::rowActionsShowTheRowsOwnClustersObject()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const auto phaseShown = [&f] {
        return QString::fromUtf8(f.window->detailsPane()->object().json())
                       .contains(QStringLiteral("Pending"))
                   ? QStringLiteral("Pending")
                   : QStringLiteral("Running");
    };
    f.select(f.rowOf("west", "shop/web-1"));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web-1"));
    QCOMPARE(phaseShown(), QStringLiteral("Pending"));
    // From one cluster's web-1 to the other's: the row is there, the
    // selection stays and the details follow.
    f.select(f.rowOf("east", "shop/web-1"));
    QVERIFY(f.window->resourceView()->table()->selectionModel()->hasSelection());
    QCOMPARE(f.window->resourceView()->currentObject().name(), QStringLiteral("web-1"));
    QCOMPARE(phaseShown(), QStringLiteral("Running"));
    f.select(f.rowOf("east", "db/pg-0"));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("pg-0"));
}

void TestMultiClusterWindow::bannerNamesTheClusterThatIsNotLive()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    FreshnessBanner *banner = f.window->resourceView()->banner();
    QVERIFY(!banner->isVisibleTo(f.window.get()));
    f.west->local(QStringLiteral("pods"))->setStatus(watchLost());
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY2(banner->text().contains(QStringLiteral("pods in west")), qPrintable(banner->text()));
    QVERIFY(!banner->text().contains(QStringLiteral("east")));
    QVERIFY2(f.window->statusText().contains(QStringLiteral("reconnecting")),
             qPrintable(f.window->statusText()));
    f.west->local(QStringLiteral("pods"))->setStatus(watching());
    QVERIFY(!banner->isVisibleTo(f.window.get()));
}

void TestMultiClusterWindow::kindOnlyOneClusterServesSaysSo()
{
    MultiFixture f;
    QVERIFY(f.window->showKindByName(QStringLiteral("crontabs")));
    KindSource *source = f.window->resourceView()->source();
    QVERIFY(source);
    QCOMPARE(source->origin(), QStringLiteral("west (not served by east)"));
    f.west->local(QStringLiteral("crontabs"))->setStatus(watchLost());
    QVERIFY(f.window->resourceView()->banner()->isVisibleTo(f.window.get()));
    QVERIFY2(
        f.window->resourceView()->banner()->text().contains(QStringLiteral("not served by east")),
        qPrintable(f.window->resourceView()->banner()->text()));
}

void TestMultiClusterWindow::linkGoesToTheRowsOwnCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.select(f.rowOf("west", "shop/web-1"));
    // The details pane's owner link, as a click on it gives it.
    Q_EMIT f.window->detailsPane()->linkActivated(QStringLiteral("apps/v1"),
                                                  QStringLiteral("Deployment"),
                                                  QStringLiteral("shop"), QStringLiteral("web"));
    QCOMPARE(f.window->currentKind().plural, QStringLiteral("deployments"));
    QTRY_COMPARE(
        f.window->resourceView()->table()->currentIndex().data(ResourceTableModel::KeyRole),
        QVariant(clusterRowKey(QStringLiteral("west"), QStringLiteral("shop/web"))));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("web"));
}

QTEST_MAIN(TestMultiClusterWindow)
#include "tst_multiclusterwindow.moc"
