// The details pane in a window of two clusters (informant --context east
// --context west) whose Nodes have the same name, and even the same uid (two
// simulators replaying one recording): the Events and History tabs show the
// selected row's own cluster's object, never the other cluster's namesake.

#include "models/history/historymodel.h"
#include "models/relatedeventsmodel.h"
#include "multiclusterfixture.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/history/historywidget.h"
#include "ui/mainwindow.h"

#include <QJsonArray>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

// node-1 of either cluster, under the uid both clusters give it.
KubeObject sharedNode(int resourceVersion, const QString &ready)
{
    const QJsonObject obj{
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata", QJsonObject{{"name", "node-1"},
                                 {"uid", "node-1-uid"},
                                 {"resourceVersion", QString::number(resourceVersion)}}},
        {"status", QJsonObject{{"conditions",
                                QJsonArray{QJsonObject{{"type", "Ready"}, {"status", ready}}}}}}};
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

QStringList reasonsOf(const RelatedEventsModel *model)
{
    QStringList out;
    for (const RelatedEventsModel::Event &event : model->events())
        out.append(event.reason);
    return out;
}

QStringList versionsOf(const HistoryModel *model)
{
    QStringList out;
    for (int row = 0; row < model->rowCount(); ++row)
        out.append(model->index(row, HistoryModel::ResourceVersionColumn).data().toString());
    return out;
}

} // namespace

class TestMultiClusterDetails : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void eventsTabListsTheRowsOwnClustersEvents();
    void historyIsTheRowsOwnClustersObjects();
    void historyNamesTheEarlierObjectOfTheRowsOwnCluster();
};

// Each cluster's kubelet says "Starting" about its node-1 (naming the node's
// name as its uid, under the same event name in both clusters); west's node
// controller registered it (by its real uid, the same in both), east's
// kubelet rebooted it. West's row lists west's two events, east's east's.
void TestMultiClusterDetails::eventsTabListsTheRowsOwnClustersEvents()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const QString node1 = QStringLiteral("node-1");
    const QString uid = sharedNode(1, QStringLiteral("True")).uid();
    const auto add = [&](LocalClusterSession *cluster, const QString &involvedUid,
                         const char *reason, const char *at) {
        LocalKindSource *events = cluster->local(QStringLiteral("events"));
        events->upsert(eventIn(cluster->name(), QStringLiteral("Node"), {}, node1, involvedUid,
                               QString::fromLatin1(reason), QString::fromLatin1(at)));
        events->flush();
    };
    add(f.east, node1, "Starting", "2024-05-01T10:00:00Z");
    add(f.east, node1, "Rebooted", "2024-05-01T10:01:00Z");
    add(f.west, node1, "Starting", "2024-05-01T10:02:00Z");
    add(f.west, uid, "RegisteredNode", "2024-05-01T10:03:00Z");
    for (LocalClusterSession *cluster : {f.east, f.west}) {
        LocalKindSource *nodes = cluster->local(QStringLiteral("nodes"));
        nodes->upsert(sharedNode(1, QStringLiteral("True")));
        nodes->flush();
    }
    QVERIFY(f.window->showKindByName(QStringLiteral("nodes")));
    QTRY_COMPARE(f.model()->rowCount(), 2);
    const RelatedEventsModel *events = f.window->detailsPane()->eventsModel();
    const QString westStarting = QStringLiteral("2024-05-01T10:02:00Z");

    f.select(f.rowOf("west", "node-1"));
    QCOMPARE(f.window->detailsPane()->object().name(), node1);
    QTRY_COMPARE(reasonsOf(events), (QStringList{"RegisteredNode", "Starting"}));
    QCOMPARE(events->events().at(1).lastSeenMs,
             QDateTime::fromString(westStarting, Qt::ISODate).toMSecsSinceEpoch());
    QCOMPARE(f.window->detailsPane()->tabs()->tabText(2), QStringLiteral("Events (2)"));

    // The same kind, name and uid in the other cluster: its own events.
    f.select(f.rowOf("east", "node-1"));
    QTRY_COMPARE(reasonsOf(events), (QStringList{"Rebooted", "Starting"}));
    QVERIFY(events->events().at(1).lastSeenMs <
            QDateTime::fromString(westStarting, Qt::ISODate).toMSecsSinceEpoch());
}

// Both clusters' node-1 changed while nobody looked, east's once, west's
// twice: each row's History is its own node's revisions.
void TestMultiClusterDetails::historyIsTheRowsOwnClustersObjects()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const auto changes = [](LocalClusterSession *cluster, const QList<int> &versions) {
        LocalKindSource *nodes = cluster->local(QStringLiteral("nodes"));
        bool ready = true;
        for (const int version : versions) {
            nodes->upsert(
                sharedNode(version, ready ? QStringLiteral("True") : QStringLiteral("False")));
            nodes->flush();
            ready = !ready;
        }
    };
    QVERIFY(f.window->showKindByName(QStringLiteral("nodes")));
    changes(f.east, {10, 11});
    changes(f.west, {20, 21, 22});
    // The table's batches come on its frame ticks: it shows the last states.
    const auto shownVersion = [&f](const char *cluster) {
        return f.model()
            ->index(f.rowOf(cluster, "node-1"), 0)
            .data(ResourceTableModel::ObjectRole)
            .value<KubeObject>()
            .resourceVersion();
    };
    QTRY_COMPARE(shownVersion("west"), QStringLiteral("22"));
    QTRY_COMPARE(shownVersion("east"), QStringLiteral("11"));
    auto *history = f.window->findChild<HistoryWidget *>();
    QVERIFY(history);

    f.select(f.rowOf("west", "node-1"));
    QCOMPARE(f.window->detailsPane()->object().resourceVersion(), QStringLiteral("22"));
    QCOMPARE(versionsOf(history->model()), (QStringList{"22", "21", "20"})); // newest first

    f.select(f.rowOf("east", "node-1"));
    QCOMPARE(f.window->detailsPane()->object().resourceVersion(), QStringLiteral("11"));
    QCOMPARE(versionsOf(history->model()), (QStringList{"11", "10"}));
}

// West's shop/api-0 was deleted and created again, east's lives on: west's
// row's History names the earlier one (under west's row key), east's none.
void TestMultiClusterDetails::historyNamesTheEarlierObjectOfTheRowsOwnCluster()
{
    MultiFixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    const QString ns = QStringLiteral("shop");
    const QString name = QStringLiteral("api-0");
    LocalKindSource *eastPods = f.east->local(QStringLiteral("pods"));
    eastPods->upsert(podWithUid(ns, name, QStringLiteral("east-api-0")));
    eastPods->flush();
    LocalKindSource *westPods = f.west->local(QStringLiteral("pods"));
    westPods->upsert(podWithUid(ns, name, QStringLiteral("west-api-0-before")));
    westPods->flush();
    westPods->remove(podWithUid(ns, name, QStringLiteral("west-api-0-before")));
    westPods->flush();
    westPods->upsert(podWithUid(ns, name, QStringLiteral("west-api-0")));
    westPods->flush();
    QTRY_COMPARE(f.model()->rowCount(), 5);
    auto *history = f.window->findChild<HistoryWidget *>();
    QVERIFY(history);

    f.select(f.rowOf("west", "shop/api-0"));
    QCOMPARE(f.window->detailsPane()->object().uid(), QStringLiteral("west-api-0"));
    const QString note = history->earlierObjectNote();
    QVERIFY2(note.startsWith(QStringLiteral("An earlier Pod shop/api-0 (uid west-api-0-before) "
                                            "was deleted at ")),
             qPrintable(note));

    f.select(f.rowOf("east", "shop/api-0"));
    QCOMPARE(f.window->detailsPane()->object().uid(), QStringLiteral("east-api-0"));
    QCOMPARE(history->earlierObjectNote(), QString());
}

QTEST_MAIN(TestMultiClusterDetails)
#include "tst_multiclusterdetails.moc"
