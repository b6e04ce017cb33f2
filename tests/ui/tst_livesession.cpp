#include "models/liveclustersession.h"
#include "models/resourcetablemodel.h"
#include "sim/simulator.h"
#include "ui/freshnessbanner.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace informant;

// The GUI against the in-process simulator: a live table, and its freshness
// when the server goes away and comes back.
class TestLiveSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("InformantTest"));
        QSettings().clear();
    }
    void tableSaysWhenTheServerStopsAndRecovers();
};

void TestLiveSession::tableSaysWhenTheServerStopsAndRecovers()
{
    sim::Simulator simulator;
    sim::SimOptions options;
    options.scenario = QStringLiteral("demo");
    const auto started = simulator.start(options);
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    const quint16 port = simulator.port();

    ClusterConfig config;
    config.server = QUrl(simulator.url());
    auto *session = new LiveClusterSession(config, QStringLiteral("demo"));
    MainWindow window(session, {}, {});
    session->setParent(&window);
    window.show();
    QVERIFY(window.showKindByName(QStringLiteral("po")));
    KindSource *pods = window.resourceView()->source();
    QVERIFY(pods);
    QTRY_VERIFY_WITH_TIMEOUT(pods->status().state == InformerStatus::State::Watching, 20000);
    ResourceTableModel *model = window.resourceView()->feed()->model();
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 10000);
    FreshnessBanner *banner = window.resourceView()->banner();
    QVERIFY(!banner->isVisibleTo(&window));

    simulator.stop();
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisibleTo(&window), 30000);
    QVERIFY2(banner->text().contains(QStringLiteral("pods")), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QStringLiteral("last known state")),
             qPrintable(banner->text()));
    QVERIFY(model->rowCount() > 0); // the last known rows stay, marked stale

    QVERIFY(simulator.start(options, QHostAddress::LocalHost, port).ok());
    QTRY_VERIFY_WITH_TIMEOUT(pods->status().state == InformerStatus::State::Watching, 45000);
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisibleTo(&window), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 10000);
}

QTEST_MAIN(TestLiveSession)
#include "tst_livesession.moc"
