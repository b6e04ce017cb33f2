// informant --context east --context west against two in-process simulators:
// one window whose tables hold both clusters' rows, and which says which
// cluster is down when one is.

#include "../ui/onlymainwindow.h"
#include "../ui/testsettings.h"
#include "app/informant/application.h"
#include "app/informant/options.h"

#include "models/clusterrowkey.h"
#include "models/clustersession.h"
#include "models/resourcetablemodel.h"
#include "sim/simulator.h"
#include "ui/freshnessbanner.h"
#include "ui/kubectlcommand.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QMenu>
#include <QSet>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace informant;

namespace {

// Contexts "east" and "west" on the two servers.
QString writeKubeconfig(const QTemporaryDir &dir, const QString &east, const QString &west)
{
    const QString yaml =
        QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: east\n"
                       "clusters:\n- name: e\n  cluster:\n    server: %1\n"
                       "- name: w\n  cluster:\n    server: %2\n"
                       "users:\n- name: u\n  user:\n    {}\n"
                       "contexts:\n- name: east\n  context:\n    cluster: e\n    user: u\n"
                       "- name: west\n  context:\n    cluster: w\n    user: u\n")
            .arg(east, west);
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(yaml.toUtf8());
    return path;
}

// Two demo simulators, as contexts "east" and "west" of one kubeconfig.
struct TwoDemoClusters
{
    sim::Simulator east;
    sim::Simulator west;
    QTemporaryDir dir;
    QString kubeconfig;

    bool start()
    {
        sim::SimOptions demo;
        demo.scenario = QStringLiteral("demo");
        if (!east.start(demo).ok() || !west.start(demo).ok())
            return false;
        kubeconfig = writeKubeconfig(dir, east.url(), west.url());
        return !kubeconfig.isEmpty();
    }

    // informant --context east --context west on the pods.
    Options podsWindowOptions() const
    {
        return parseOptions({QStringLiteral("informant"), "--kubeconfig", kubeconfig, "--context",
                             "east", "--context", "west", "--kind", "pods", "--watch-kinds",
                             "shown"});
    }
};

QSet<QString> clustersShown(const ResourceTableModel *model)
{
    QSet<QString> out;
    for (int r = 0; r < model->rowCount(); ++r)
        out.insert(model->index(r, 0).data().toString());
    return out;
}

// Object keys (namespace/name) shown for both clusters. The demo clusters are
// alike, but each also makes pods of its own as it runs (Jobs, restarts), so
// not every row has a twin.
QStringList objectKeysInBothClusters(const ResourceTableModel *model)
{
    QSet<QString> east;
    QSet<QString> west;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QString key = model->keyAt(r);
        const QString objectKey = objectKeyOfRowKey(key).toString();
        if (clusterOfRowKey(key) == u"east")
            east.insert(objectKey);
        else if (clusterOfRowKey(key) == u"west")
            west.insert(objectKey);
    }
    east.intersect(west);
    return QStringList(east.cbegin(), east.cend());
}

} // namespace

class TestMultiContext : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::useEmptyTestSettings(); }
    void contextFlagTwiceIsParsed();
    void contextFlagTwiceOpensOneWindowOfBothClusters();
    void rowMenuCopiesAKubectlCommandPerRowsCluster();
};

void TestMultiContext::contextFlagTwiceIsParsed()
{
    const Options o =
        parseOptions({QStringLiteral("informant"), "--context", "east", "--context", "west"});
    QVERIFY(o.error.isEmpty());
    QCOMPARE(o.contexts, (QStringList{"east", "west"}));
    const Options demo = parseOptions(
        {QStringLiteral("informant"), "--demo", "--context", "east", "--context", "west"});
    QVERIFY(!demo.error.isEmpty());
}

void TestMultiContext::contextFlagTwiceOpensOneWindowOfBothClusters()
{
    TwoDemoClusters clusters;
    QVERIFY(clusters.start());
    Application application(clusters.podsWindowOptions());
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QCOMPARE(window->session()->name(), QStringLiteral("east + west"));
    QTRY_VERIFY_WITH_TIMEOUT(window->resourceView()->source() &&
                                 window->resourceView()->source()->status().synced,
                             20000);
    const ResourceTableModel *model = window->resourceView()->feed()->model();
    QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("CLUSTER"));
    QTRY_COMPARE(clustersShown(model), (QSet<QString>{"east", "west"}));
    // The same namespace/name in two clusters is two rows.
    QTRY_VERIFY(!objectKeysInBothClusters(model).isEmpty());
    const QString same = objectKeysInBothClusters(model).constFirst();
    QVERIFY(model->rowOfKey(clusterRowKey(QStringLiteral("east"), same)) >= 0);
    QVERIFY(model->rowOfKey(clusterRowKey(QStringLiteral("west"), same)) >= 0);

    clusters.west.stop();
    FreshnessBanner *banner = window->resourceView()->banner();
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisibleTo(window), 20000);
    QVERIFY2(banner->text().contains(QStringLiteral("pods in west")), qPrintable(banner->text()));
    // east's rows are still the last known and are not taken away.
    QVERIFY(model->rowOfKey(clusterRowKey(QStringLiteral("east"), same)) >= 0);
}

void TestMultiContext::rowMenuCopiesAKubectlCommandPerRowsCluster()
{
    TwoDemoClusters clusters;
    QVERIFY(clusters.start());
    Application application(clusters.podsWindowOptions());
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    ResourceView *view = window->resourceView();
    QTRY_VERIFY_WITH_TIMEOUT(
        view->feed() && !objectKeysInBothClusters(view->feed()->model()).isEmpty(), 20000);
    const ResourceTableModel *model = view->feed()->model();
    const QString same = objectKeysInBothClusters(model).constFirst();
    const QString ns = same.section(u'/', 0, 0);
    const QString name = same.section(u'/', 1);
    QTableView *table = view->table();
    const auto rowRect = [&](const QString &cluster) {
        return table->visualRect(model->index(model->rowOfKey(clusterRowKey(cluster, same)), 0));
    };
    const auto getYaml = [](QMenu *menu) -> QAction * {
        for (QAction *action : menu->actions()) {
            if (action->text() == QStringLiteral("Copy as kubectl command") &&
                action->isEnabled() && action->menu() && !action->menu()->actions().isEmpty())
                return action->menu()->actions().constFirst();
        }
        return nullptr;
    };
    const QString line =
        QStringLiteral("kubectl get pod %1 -n %2 -o yaml --context %3 --kubeconfig ")
            .arg(shellQuoted(name), shellQuoted(ns)) +
        shellQuoted(clusters.kubeconfig);

    // One row: its own cluster's context.
    std::unique_ptr<QMenu> menu(view->rowMenu(rowRect(QStringLiteral("west")).center()));
    QVERIFY(menu);
    QAction *copy = getYaml(menu.get());
    QVERIFY(copy);
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), line.arg(QStringLiteral("west")));

    // The same name in both clusters: a line for each, top down.
    table->selectionModel()->select(
        model->index(model->rowOfKey(clusterRowKey(QStringLiteral("east"), same)), 0),
        QItemSelectionModel::Select | QItemSelectionModel::Rows);
    menu.reset(view->rowMenu(rowRect(QStringLiteral("east")).center()));
    QVERIFY(menu);
    copy = getYaml(menu.get());
    QVERIFY(copy);
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             line.arg(QStringLiteral("east")) + u'\n' + line.arg(QStringLiteral("west")));
}

QTEST_MAIN(TestMultiContext)
#include "tst_multicontext.moc"
