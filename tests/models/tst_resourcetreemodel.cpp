#include "models/resourcetreemodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTest>

using namespace informant;

namespace {

KindInfo kind(const QString &group, const QString &k, const QString &plural,
              QStringList shortNames = {})
{
    return KindInfo{group, QStringLiteral("v1"), k, plural, true, shortNames};
}

} // namespace

class TestResourceTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groupsKindsByCategory();
    void countIsOneCellUpdate();
    void repeatedPluralsAreNamedWithTheirGroup();
    void staleCountIsFadedAndSaysWhy();
    void unwatchedKindShowsNoCountAndSaysWhy();
    void kindNamesMatchLikeKubectl_data();
    void kindNamesMatchLikeKubectl();
};

void TestResourceTreeModel::groupsKindsByCategory()
{
    ResourceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKinds(
        {kind({}, QStringLiteral("Service"), QStringLiteral("services")),
         kind({}, QStringLiteral("Pod"), QStringLiteral("pods")),
         kind(QStringLiteral("apps"), QStringLiteral("Deployment"), QStringLiteral("deployments")),
         kind({}, QStringLiteral("Secret"), QStringLiteral("secrets")),
         kind({}, QStringLiteral("PersistentVolumeClaim"),
              QStringLiteral("persistentvolumeclaims")),
         kind({}, QStringLiteral("Node"), QStringLiteral("nodes")),
         kind(QStringLiteral("example.com"), QStringLiteral("Widget"), QStringLiteral("widgets"))});
    QStringList top;
    for (int r = 0; r < model.rowCount(); ++r)
        top.append(model.index(r, 0).data().toString());
    QCOMPARE(top, (QStringList{"Workloads", "Network", "Config", "Storage", "Cluster",
                               "Custom Resources"}));
    const QModelIndex workloads = model.index(0, 0);
    QCOMPARE(model.index(0, 0, workloads).data().toString(), QStringLiteral("Pods"));
    QCOMPARE(model.index(1, 0, workloads).data().toString(), QStringLiteral("Deployments"));
    const QModelIndex custom = model.index(5, 0);
    QCOMPARE(model.index(0, 0, custom).data().toString(), QStringLiteral("example.com"));
    QCOMPARE(model.index(0, 0, model.index(0, 0, custom)).data().toString(),
             QStringLiteral("Widgets"));
}

void TestResourceTreeModel::countIsOneCellUpdate()
{
    ResourceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKinds({kind({}, QStringLiteral("Pod"), QStringLiteral("pods"))});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setCount(QStringLiteral("pods"), 1234);
    model.setCount(QStringLiteral("pods"), 1234);
    model.setCount(QStringLiteral("nothing"), 5);
    QCOMPARE(changed.count(), 1);
    const QModelIndex pods = model.indexOfKind(QStringLiteral("pods"));
    QCOMPARE(pods.siblingAtColumn(1).data(ResourceTreeModel::CountRole).toLongLong(), 1234);
}

// core v1 Events and events.k8s.io Events were two rows both "Events".
void TestResourceTreeModel::repeatedPluralsAreNamedWithTheirGroup()
{
    ResourceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKinds(
        {kind({}, QStringLiteral("Event"), QStringLiteral("events")),
         kind(QStringLiteral("events.k8s.io"), QStringLiteral("Event"), QStringLiteral("events")),
         kind({}, QStringLiteral("Pod"), QStringLiteral("pods")),
         // Custom kinds sit under their group's row: no group in their name.
         kind(QStringLiteral("a.example.com"), QStringLiteral("Widget"), QStringLiteral("widgets")),
         kind(QStringLiteral("b.example.com"), QStringLiteral("Widget"),
              QStringLiteral("widgets"))});
    const auto title = [&](const QString &id) { return model.indexOfKind(id).data().toString(); };
    QCOMPARE(title(QStringLiteral("events")), QStringLiteral("Events (core)"));
    QCOMPARE(title(QStringLiteral("events.events.k8s.io")),
             QStringLiteral("Events (events.k8s.io)"));
    QCOMPARE(title(QStringLiteral("pods")), QStringLiteral("Pods"));
    QCOMPARE(title(QStringLiteral("widgets.a.example.com")), QStringLiteral("Widgets"));
    QCOMPARE(title(QStringLiteral("widgets.b.example.com")), QStringLiteral("Widgets"));
}

void TestResourceTreeModel::staleCountIsFadedAndSaysWhy()
{
    ResourceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKinds({kind({}, QStringLiteral("Pod"), QStringLiteral("pods"))});
    model.setCount(QStringLiteral("pods"), 12);
    const QModelIndex name = model.indexOfKind(QStringLiteral("pods"));
    const QModelIndex count = name.siblingAtColumn(1);
    QVERIFY(!count.data(Qt::FontRole).isValid());
    QVERIFY(!count.data(Qt::ForegroundRole).isValid());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const QString why = QStringLiteral("not watched since 14:02:15 (watch lost, reconnecting)");
    model.setStale(QStringLiteral("pods"), why);
    model.setStale(QStringLiteral("pods"), why);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(count.data().toString(), QStringLiteral("12")); // the last known count stays
    QVERIFY(count.data(Qt::FontRole).value<QFont>().italic());
    QVERIFY(count.data(Qt::ForegroundRole).isValid());
    QVERIFY(!name.data(Qt::FontRole).isValid()); // the kind's name stays as it was
    QVERIFY2(name.data(Qt::ToolTipRole).toString().contains(why),
             qPrintable(name.data(Qt::ToolTipRole).toString()));
    // A rebuild (discovery) keeps it.
    model.setKinds({kind({}, QStringLiteral("Pod"), QStringLiteral("pods"))});
    QVERIFY(model.indexOfKind(QStringLiteral("pods"))
                .siblingAtColumn(1)
                .data(Qt::FontRole)
                .value<QFont>()
                .italic());

    model.setStale(QStringLiteral("pods"), {});
    const QModelIndex live = model.indexOfKind(QStringLiteral("pods")).siblingAtColumn(1);
    QVERIFY(!live.data(Qt::FontRole).isValid());
    QVERIFY(!live.data(Qt::ToolTipRole).toString().contains(why));
}

// A custom kind never listed (no informer: custom kinds start when shown)
// had a blank count, unlike the "—" of a kind still listing, and nothing
// said why.
void TestResourceTreeModel::unwatchedKindShowsNoCountAndSaysWhy()
{
    ResourceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QString widgets = QStringLiteral("widgets.example.com");
    model.setKinds(
        {kind({}, QStringLiteral("Pod"), QStringLiteral("pods")),
         kind(QStringLiteral("example.com"), QStringLiteral("Widget"), QStringLiteral("widgets"))});
    model.setNotListed(QStringLiteral("pods"), QStringLiteral("listing"));
    const QModelIndex listing = model.indexOfKind(QStringLiteral("pods")).siblingAtColumn(1);
    const QModelIndex name = model.indexOfKind(widgets);
    const QModelIndex count = name.siblingAtColumn(1);
    QCOMPARE(listing.data().toString(), QStringLiteral("—"));
    QCOMPARE(count.data().toString(), listing.data().toString());
    QCOMPARE(count.data(ResourceTreeModel::CountRole).toLongLong(), -1);
    QVERIFY(!count.data(Qt::FontRole).isValid());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const QString why = QStringLiteral("custom kinds are watched once shown");
    model.setUnwatchedReason(why);
    QCOMPARE(changed.count(), 1); // the widgets' row; pods have an informer
    for (const QModelIndex &cell : {name, count}) {
        const QString tip = cell.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Not watched: ") + why), qPrintable(tip));
    }
    QVERIFY(!listing.data(Qt::ToolTipRole).toString().contains(why));
    // A rebuild (discovery) keeps both unknown counts and why.
    model.setKinds(
        {kind({}, QStringLiteral("Pod"), QStringLiteral("pods")),
         kind(QStringLiteral("example.com"), QStringLiteral("Widget"), QStringLiteral("widgets"))});
    QVERIFY(model.indexOfKind(QStringLiteral("pods"))
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("Not listed yet (listing)")));
    QVERIFY(model.indexOfKind(widgets).data(Qt::ToolTipRole).toString().contains(why));

    // Shown once, it is counted: the number, and no word of not being watched.
    model.setCount(widgets, 7);
    QCOMPARE(model.indexOfKind(widgets).siblingAtColumn(1).data().toString(), QStringLiteral("7"));
    QVERIFY(!model.indexOfKind(widgets).data(Qt::ToolTipRole).toString().contains(why));
}

void TestResourceTreeModel::kindNamesMatchLikeKubectl_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("matches");
    QTest::newRow("short name") << "deploy" << true;
    QTest::newRow("plural") << "deployments" << true;
    QTest::newRow("kind") << "Deployment" << true;
    QTest::newRow("qualified") << "deployments.apps" << true;
    QTest::newRow("short qualified") << "deploy.apps" << true;
    QTest::newRow("other") << "po" << false;
    QTest::newRow("wrong group") << "deployments.batch" << false;
}

void TestResourceTreeModel::kindNamesMatchLikeKubectl()
{
    QFETCH(QString, text);
    QFETCH(bool, matches);
    const KindInfo deploy = kind(QStringLiteral("apps"), QStringLiteral("Deployment"),
                                 QStringLiteral("deployments"), {QStringLiteral("deploy")});
    QCOMPARE(deploy.matchesName(text), matches);
}

QTEST_GUILESS_MAIN(TestResourceTreeModel)
#include "tst_resourcetreemodel.moc"
