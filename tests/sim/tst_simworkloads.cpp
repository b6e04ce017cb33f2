// The demo's StatefulSet and DaemonSet controllers: StatefulSet pods
// <name>-0..N-1 created in order, each once the one before runs, scaled down
// from the highest ordinal, and the replica counts in status; DaemonSet pods
// one per node, following nodes that come and go and template updates, with
// the scheduled/ready/available/updated counts in status. A pod counts as
// ready by its Ready condition, as for a ReplicaSet: running is not enough.

#include "simfixtures.h"

#include <QSet>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kSettleMs = 15000;

std::unique_ptr<Simulator> startDemo()
{
    SimOptions options;
    options.podStopMs = 300;
    return startSim(options);
}

QJsonArray podsWith(quint16 port, const QByteArray &namespaceName, const QByteArray &app)
{
    return get(port, "/api/v1/namespaces/" + namespaceName + "/pods?labelSelector=app%3D" + app)
        .json()
        .value("items")
        .toArray();
}

QJsonObject statusOf(quint16 port, const QByteArray &path)
{
    return get(port, path).json().value("status").toObject();
}

QByteArray statefulSet(const QString &name, int replicas)
{
    const QJsonObject labels{{"app", name}};
    const QJsonObject container{{"name", "c"}, {"image", "i"}};
    const QJsonObject podTemplate{{"metadata", QJsonObject{{"labels", labels}}},
                                  {"spec", QJsonObject{{"containers", QJsonArray{container}}}}};
    const QJsonObject spec{{"replicas", replicas},
                           {"serviceName", name},
                           {"selector", QJsonObject{{"matchLabels", labels}}},
                           {"template", podTemplate}};
    const QJsonObject set{{"apiVersion", "apps/v1"},
                          {"kind", "StatefulSet"},
                          {"metadata", QJsonObject{{"name", name}}},
                          {"spec", spec}};
    return QJsonDocument(set).toJson(QJsonDocument::Compact);
}

const QByteArray kMergePatch = "application/merge-patch+json";

} // namespace

class TestSimWorkloads : public QObject
{
    Q_OBJECT

private slots:
    void demoStatefulSetIsReady();
    void statefulSetPodsComeInOrderAndGoFromTheTop();
    void daemonSetRunsOnePodPerNode();
    void daemonSetFollowsNodesAndTemplateUpdates();
    void readyCountsFollowThePodsReadyCondition_data();
    void readyCountsFollowThePodsReadyCondition();
    void statefulSetWaitsForEachPodToBeReady();
    void daemonSetUpdateReplacesAPodNotReadyFirst();
};

void TestSimWorkloads::demoStatefulSetIsReady()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QStringList names;
    for (const QJsonValue &pod : podsWith(port, "payments", "ledger-db"))
        names.append(nameOf(pod.toObject()));
    QCOMPARE(names, (QStringList{"ledger-db-0", "ledger-db-1"}));
    const QJsonObject pod = podsWith(port, "payments", "ledger-db").at(1).toObject();
    const QJsonObject labels = pod.value("metadata").toObject().value("labels").toObject();
    QCOMPARE(labels.value("statefulset.kubernetes.io/pod-name").toString(),
             QStringLiteral("ledger-db-1"));
    QCOMPARE(labels.value("apps.kubernetes.io/pod-index").toString(), QStringLiteral("1"));
    QCOMPARE(pod.value("spec").toObject().value("hostname").toString(),
             QStringLiteral("ledger-db-1"));
    const QJsonObject status =
        statusOf(port, "/apis/apps/v1/namespaces/payments/statefulsets/ledger-db");
    for (const char *field :
         {"replicas", "readyReplicas", "availableReplicas", "currentReplicas", "updatedReplicas"})
        QVERIFY2(status.value(field).toInt() == 2, field);
    QCOMPARE(status.value("currentRevision"), status.value("updateRevision"));
    QCOMPARE(labels.value("controller-revision-hash"), status.value("updateRevision"));
}

void TestSimWorkloads::statefulSetPodsComeInOrderAndGoFromTheTop()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    const QByteArray pods = "/api/v1/namespaces/web/pods";
    const QByteArray rv = QByteArray::number(get(port, pods)
                                                 .json()
                                                 .value("metadata")
                                                 .toObject()
                                                 .value("resourceVersion")
                                                 .toString()
                                                 .toULongLong());
    Watch watch(port, pods + "?watch=1&labelSelector=app%3Dcache&resourceVersion=" + rv);
    QCOMPARE(request(port, "POST", "/apis/apps/v1/namespaces/web/statefulsets", {},
                     statefulSet(QStringLiteral("cache"), 3))
                 .status,
             201);
    QStringList added;
    QSet<QString> running;
    QElapsedTimer clock;
    clock.start();
    while (added.size() < 3 || running.size() < 3) {
        QVERIFY(clock.elapsed() < kSettleMs);
        for (const QJsonObject &event : watch.next(1, 1000)) {
            const QJsonObject pod = event.value("object").toObject();
            const QString name = nameOf(pod);
            if (event.value("type") == QLatin1String("ADDED")) {
                // Each ordinal waits for the one before it to run.
                QVERIFY2(added.size() == running.size(), qPrintable(name));
                added.append(name);
            } else if (pod.value("status").toObject().value("phase") == QLatin1String("Running")) {
                running.insert(name);
            }
        }
    }
    QCOMPARE(added, (QStringList{"cache-0", "cache-1", "cache-2"}));
    const QByteArray set = "/apis/apps/v1/namespaces/web/statefulsets/cache";
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 3, kSettleMs);
    QCOMPARE(
        request(port, "PATCH", set, {{"Content-Type", kMergePatch}}, R"({"spec":{"replicas":1}})")
            .status,
        200);
    QStringList terminated;
    clock.restart();
    while (terminated.size() < 2) {
        QVERIFY(clock.elapsed() < kSettleMs);
        for (const QJsonObject &event : watch.next(1, 1000)) {
            if (event.value("type") == QLatin1String("DELETED"))
                terminated.append(nameOf(event.value("object").toObject()));
        }
    }
    QCOMPARE(terminated, (QStringList{"cache-2", "cache-1"}));
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("replicas").toInt(), 1, kSettleMs);
    QCOMPARE(statusOf(port, set).value("readyReplicas").toInt(), 1);
}

void TestSimWorkloads::daemonSetRunsOnePodPerNode()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QSet<QString> nodes;
    for (const QJsonValue &pod : podsWith(port, "monitoring", "node-exporter"))
        nodes.insert(pod.toObject().value("spec").toObject().value("nodeName").toString());
    QCOMPARE(nodes, (QSet<QString>{"node-0", "node-1", "node-2"}));
    const QJsonObject status =
        statusOf(port, "/apis/apps/v1/namespaces/monitoring/daemonsets/node-exporter");
    for (const char *field : {"desiredNumberScheduled", "currentNumberScheduled", "numberReady",
                              "numberAvailable", "updatedNumberScheduled"})
        QVERIFY2(status.value(field).toInt() == 3, field);
    QCOMPARE(status.value("numberMisscheduled").toInt(), 0);
}

void TestSimWorkloads::daemonSetFollowsNodesAndTemplateUpdates()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    const QByteArray set = "/apis/apps/v1/namespaces/monitoring/daemonsets/node-exporter";
    QCOMPARE(request(port, "POST", "/api/v1/nodes", {},
                     R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"node-3"}})")
                 .status,
             201);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("numberReady").toInt(), 4, kSettleMs);
    QCOMPARE(statusOf(port, set).value("desiredNumberScheduled").toInt(), 4);
    QCOMPARE(request(port, "DELETE", "/api/v1/nodes/node-3").status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(podsWith(port, "monitoring", "node-exporter").size(), 3, kSettleMs);
    QCOMPARE(statusOf(port, set).value("desiredNumberScheduled").toInt(), 3);

    const QSet<QString> before = [&] {
        QSet<QString> names;
        for (const QJsonValue &pod : podsWith(port, "monitoring", "node-exporter"))
            names.insert(nameOf(pod.toObject()));
        return names;
    }();
    QCOMPARE(request(port, "PATCH", set, {{"Content-Type", kMergePatch}},
                     R"({"spec":{"template":{"metadata":{"annotations":{"rev":"2"}}}}})")
                 .status,
             200);
    QTRY_VERIFY_WITH_TIMEOUT(statusOf(port, set).value("updatedNumberScheduled").toInt() < 3,
                             kSettleMs);
    QTRY_VERIFY_WITH_TIMEOUT(statusOf(port, set).value("updatedNumberScheduled").toInt() == 3 &&
                                 statusOf(port, set).value("numberReady").toInt() == 3,
                             kSettleMs * 2);
    const QJsonArray after = podsWith(port, "monitoring", "node-exporter");
    QCOMPARE(after.size(), 3);
    for (const QJsonValue &pod : after)
        QVERIFY(!before.contains(nameOf(pod.toObject())));
}

void TestSimWorkloads::readyCountsFollowThePodsReadyCondition_data()
{
    QTest::addColumn<QByteArray>("pod");
    QTest::addColumn<QByteArray>("owner");
    QTest::addColumn<QString>("readyField");
    QTest::addColumn<int>("replicas");
    QTest::newRow("StatefulSet readyReplicas")
        << QByteArray("/api/v1/namespaces/payments/pods/ledger-db-1")
        << QByteArray("/apis/apps/v1/namespaces/payments/statefulsets/ledger-db")
        << QStringLiteral("readyReplicas") << 2;
    QTest::newRow("DaemonSet numberReady")
        << QByteArray() // the first node-exporter pod
        << QByteArray("/apis/apps/v1/namespaces/monitoring/daemonsets/node-exporter")
        << QStringLiteral("numberReady") << 3;
}

// As the controllers (podutil.IsPodReady): a pod that runs but whose Ready
// condition is False (a failing readiness probe) is not ready.
void TestSimWorkloads::readyCountsFollowThePodsReadyCondition()
{
    QFETCH(QByteArray, pod);
    QFETCH(QByteArray, owner);
    QFETCH(QString, readyField);
    QFETCH(int, replicas);
    const auto sim = startDemo();
    const quint16 port = sim->port();
    if (pod.isEmpty())
        pod = "/api/v1/namespaces/monitoring/pods/" +
              nameOf(podsWith(port, "monitoring", "node-exporter").at(0).toObject()).toUtf8();
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, owner).value(readyField).toInt(), replicas, kSettleMs);
    const QJsonObject notReady{{"type", "Ready"}, {"status", "False"}, {"reason", "ProbeFailed"}};
    const QJsonObject patch{
        {"status", QJsonObject{{"phase", "Running"}, {"conditions", QJsonArray{notReady}}}}};
    QCOMPARE(mergePatch(port, pod + "/status", QJsonDocument(patch).toJson(QJsonDocument::Compact))
                 .status,
             200);
    QCOMPARE(get(port, pod).json().value("status").toObject().value("phase").toString(),
             QStringLiteral("Running"));
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, owner).value(readyField).toInt(), replicas - 1,
                              kSettleMs);
}

// OrderedReady: the next ordinal is created once the one before it runs
// and is ready, not only runs (a pod failing its readiness probe holds the
// set's scale-up, as in a real cluster).
void TestSimWorkloads::statefulSetWaitsForEachPodToBeReady()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/apis/apps/v1/namespaces/web/statefulsets", {},
                     statefulSet(QStringLiteral("cache"), 1))
                 .status,
             201);
    const QByteArray set = "/apis/apps/v1/namespaces/web/statefulsets/cache";
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 1, kSettleMs);
    const auto readyPatch = [](const char *status) {
        const QJsonObject ready{{"type", "Ready"}, {"status", status}};
        return QJsonDocument(
                   QJsonObject{{"status", QJsonObject{{"phase", "Running"},
                                                      {"conditions", QJsonArray{ready}}}}})
            .toJson(QJsonDocument::Compact);
    };
    const QByteArray first = "/api/v1/namespaces/web/pods/cache-0";
    QCOMPARE(mergePatch(port, first + "/status", readyPatch("False")).status, 200);
    QCOMPARE(
        request(port, "PATCH", set, {{"Content-Type", kMergePatch}}, R"({"spec":{"replicas":2}})")
            .status,
        200);
    QTest::qWait(2500); // a few of the controller's passes
    QCOMPARE(get(port, "/api/v1/namespaces/web/pods/cache-1").status, 404);
    QCOMPARE(mergePatch(port, first + "/status", readyPatch("True")).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 2, kSettleMs);
}

// A rolling update (maxUnavailable 1) counts a pod that runs but is not
// Ready as unavailable, as the daemon controller does: that node's old pod is
// replaced first, and the next only once every node has a Ready pod again.
void TestSimWorkloads::daemonSetUpdateReplacesAPodNotReadyFirst()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    const QByteArray set = "/apis/apps/v1/namespaces/monitoring/daemonsets/node-exporter";
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("numberReady").toInt(), 3, kSettleMs);
    const auto nodeOf = [](const QJsonObject &pod) {
        return pod.value("spec").toObject().value("nodeName").toString();
    };
    QByteArray onNode1;
    for (const QJsonValue &pod : podsWith(port, "monitoring", "node-exporter")) {
        if (nodeOf(pod.toObject()) == QLatin1String("node-1"))
            onNode1 = nameOf(pod.toObject()).toUtf8();
    }
    QVERIFY(!onNode1.isEmpty());
    const QJsonObject notReady{{"type", "Ready"}, {"status", "False"}, {"reason", "ProbeFailed"}};
    const QJsonObject patch{
        {"status", QJsonObject{{"phase", "Running"}, {"conditions", QJsonArray{notReady}}}}};
    QCOMPARE(mergePatch(port, "/api/v1/namespaces/monitoring/pods/" + onNode1 + "/status",
                        QJsonDocument(patch).toJson(QJsonDocument::Compact))
                 .status,
             200);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("numberReady").toInt(), 2, kSettleMs);

    const Response pods =
        get(port, "/api/v1/namespaces/monitoring/pods?labelSelector=app%3Dnode-exporter");
    const QByteArray rv =
        pods.json().value("metadata").toObject().value("resourceVersion").toString().toUtf8();
    Watch watch(port, "/api/v1/namespaces/monitoring/pods?watch=1&labelSelector=app%3Dnode-exporter"
                      "&resourceVersion=" +
                          rv);
    QCOMPARE(watch.status(), 200);
    QCOMPARE(request(port, "PATCH", set, {{"Content-Type", kMergePatch}},
                     R"({"spec":{"template":{"metadata":{"annotations":{"rev":"2"}}}}})")
                 .status,
             200);
    // The first pod to stop (its deletionTimestamp set) is node-1's.
    QString firstStopped;
    for (int i = 0; i < 20 && firstStopped.isEmpty(); ++i) {
        for (const QJsonObject &event : watch.next(1)) {
            const QJsonObject pod = event.value("object").toObject();
            if (pod.value("metadata").toObject().contains("deletionTimestamp") ||
                event.value("type").toString() == QLatin1String("DELETED"))
                firstStopped = nodeOf(pod);
        }
    }
    QCOMPARE(firstStopped, QStringLiteral("node-1"));
    QTRY_VERIFY_WITH_TIMEOUT(statusOf(port, set).value("updatedNumberScheduled").toInt() == 3 &&
                                 statusOf(port, set).value("numberReady").toInt() == 3,
                             kSettleMs * 2);
}

QTEST_GUILESS_MAIN(TestSimWorkloads)
#include "tst_simworkloads.moc"
