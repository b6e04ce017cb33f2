// The simulated API server over HTTP, resources side: selectors, Table
// output, writes, finalizers, subresources, the two Event views, the control
// endpoint, scenarios (and --crds), many watchers and authentication.

#include "simfixtures.h"

#include <QDateTime>
#include <QSet>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimResources : public QObject
{
    Q_OBJECT

private slots:
    void selectorsFilterListsAndWatches();
    void tableOutputHonoursIncludeObject();
    void writesFollowApiServerSemantics();
    void finalizersDelayDeletion();
    void scaleSubresourceReadsAndWritesReplicas();
    void eventsAreServedInBothViews();
    void controlEndpointTellsTheTruth();
    void scaleScenarioIsDeterministic();
    void demoScenarioLooksAlive();
    void deploymentConditionsKeepTheirTimes();
    void oldReplicaSetsBeyondTheHistoryLimitAreDeleted();
    void churnScenarioKeepsAStablePopulation();
    void churnPodsAreNoOlderThanTheirNamespace_data();
    void churnPodsAreNoOlderThanTheirNamespace();
    void podsTheChurnCreatesAreNew();
    void crdsOptionAddsServedKinds_data();
    void crdsOptionAddsServedKinds();
    void manyConcurrentWatchersAllReceiveEvents();
    void bearerTokenIsRequiredWhenSet();
};

void TestSimResources::selectorsFilterListsAndWatches()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"), QStringLiteral("web"));
    create(port, QStringLiteral("b"), QStringLiteral("db"));
    create(port, QStringLiteral("c"), QStringLiteral("web"));
    QCOMPARE(listNames(port, "/api/v1/configmaps?labelSelector=tier%3Dweb"),
             (QStringList{"a", "c"}));
    QCOMPARE(listNames(port, "/api/v1/configmaps?labelSelector=tier+notin+(web)"),
             QStringList{"b"});
    QCOMPARE(listNames(port, "/api/v1/configmaps?fieldSelector=metadata.name%3Db"),
             QStringList{"b"});
    QCOMPARE(listNames(port, "/api/v1/configmaps?fieldSelector=metadata.namespace!%3Ddefault"),
             QStringList{});
    const QJsonObject paged =
        get(port, "/api/v1/configmaps?labelSelector=tier%3Dweb&limit=1").json();
    QVERIFY(!paged.value("metadata").toObject().contains("remainingItemCount"));
    QVERIFY(!paged.value("metadata").toObject().value("continue").toString().isEmpty());
    QCOMPARE(get(port, "/api/v1/configmaps?fieldSelector=spec.nope%3D1").status, 400);
    const auto badSelector = get(port, "/api/v1/configmaps?labelSelector=a+b");
    QCOMPARE(badSelector.status, 400);
    QCOMPARE(badSelector.json().value("message").toString(),
             "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");

    const QString rv = listResourceVersion(port, "/api/v1/configmaps");
    Watch watch(port, "/api/v1/configmaps?watch=1&labelSelector=tier%3Dweb&resourceVersion=" +
                          rv.toUtf8());
    QCOMPARE(mergePatch(port, "/api/v1/namespaces/default/configmaps/a",
                        R"({"metadata":{"labels":{"tier":"db"}}})")
                 .status,
             200);
    QCOMPARE(mergePatch(port, "/api/v1/namespaces/default/configmaps/b",
                        R"({"metadata":{"labels":{"tier":"web"}}})")
                 .status,
             200);
    const QList<QJsonObject> events = watch.next(2);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("DELETED"));
    QCOMPARE(
        events[0].value("object").toObject().value("metadata").toObject().value("name").toString(),
        QStringLiteral("a"));
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("ADDED"));
    QCOMPARE(
        events[1].value("object").toObject().value("metadata").toObject().value("name").toString(),
        QStringLiteral("b"));
}

void TestSimResources::tableOutputHonoursIncludeObject()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"));
    const QJsonObject table = get(port, "/api/v1/namespaces/default/configmaps",
                                  {{"Accept", kTable + ",application/json"}})
                                  .json();
    QCOMPARE(table.value("kind").toString(), QStringLiteral("Table"));
    QCOMPARE(table.value("columnDefinitions").toArray().at(0).toObject().value("name").toString(),
             QStringLiteral("Name"));
    const QJsonObject row = table.value("rows").toArray().at(0).toObject();
    QCOMPARE(row.value("cells").toArray().at(0).toString(), QStringLiteral("a"));
    QCOMPARE(row.value("object").toObject().value("kind").toString(),
             QStringLiteral("PartialObjectMetadata"));
    QVERIFY(!row.value("object").toObject().contains("data"));
    const QJsonObject full = get(port, "/api/v1/namespaces/default/configmaps?includeObject=Object",
                                 {{"Accept", kTable}})
                                 .json();
    QCOMPARE(full.value("rows")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value("object")
                 .toObject()
                 .value("kind")
                 .toString(),
             QStringLiteral("ConfigMap"));
    const QJsonObject none =
        get(port, "/api/v1/namespaces/default/configmaps?includeObject=None", {{"Accept", kTable}})
            .json();
    QVERIFY(!none.value("rows").toArray().at(0).toObject().contains("object"));
    QCOMPARE(
        get(port, "/api/v1/namespaces/default/configmaps?includeObject=All", {{"Accept", kTable}})
            .status,
        400);

    Watch watch(port, "/api/v1/namespaces/default/configmaps?watch=1", {{"Accept", kTable}});
    const QList<QJsonObject> events = watch.next(1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].value("object").toObject().value("kind").toString(),
             QStringLiteral("Table"));
    QCOMPARE(events[0].value("object").toObject().value("columnDefinitions").toArray().size(),
             table.value("columnDefinitions").toArray().size());
    create(port, QStringLiteral("b"));
    const QList<QJsonObject> more = watch.next(1);
    QCOMPARE(more.size(), 1);
    QVERIFY(more[0].value("object").toObject().value("columnDefinitions").toArray().isEmpty());
    QCOMPARE(more[0]
                 .value("object")
                 .toObject()
                 .value("rows")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value("cells")
                 .toArray()
                 .at(0)
                 .toString(),
             QStringLiteral("b"));
}

void TestSimResources::writesFollowApiServerSemantics()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const Response created =
        request(port, "POST", "/api/v1/namespaces/default/configmaps", {}, configMap("a"));
    QCOMPARE(created.status, 201);
    const QJsonObject object = created.json();
    QVERIFY(!object.value("metadata").toObject().value("uid").toString().isEmpty());
    QVERIFY(!object.value("metadata").toObject().value("creationTimestamp").toString().isEmpty());
    const Response duplicate =
        request(port, "POST", "/api/v1/namespaces/default/configmaps", {}, configMap("a"));
    QCOMPARE(duplicate.status, 409);
    QCOMPARE(duplicate.json().value("reason").toString(), QStringLiteral("AlreadyExists"));
    QCOMPARE(
        request(port, "POST", "/api/v1/namespaces/nowhere/configmaps", {}, configMap("z")).status,
        404);

    QJsonObject stale = object;
    QJsonObject metadata = stale.value("metadata").toObject();
    metadata.insert("resourceVersion", "1");
    stale.insert("metadata", metadata);
    const Response conflict = request(port, "PUT", "/api/v1/namespaces/default/configmaps/a", {},
                                      QJsonDocument(stale).toJson());
    QCOMPARE(conflict.status, 409);
    QCOMPARE(conflict.json().value("reason").toString(), QStringLiteral("Conflict"));

    QJsonObject replaced = object;
    replaced.insert("data", QJsonObject{{"k", "replaced"}});
    const Response updated = request(port, "PUT", "/api/v1/namespaces/default/configmaps/a", {},
                                     QJsonDocument(replaced).toJson());
    QCOMPARE(updated.status, 200);
    QCOMPARE(updated.json().value("data").toObject().value("k").toString(),
             QStringLiteral("replaced"));
    QVERIFY(rvOf(updated.json()).toULongLong() > rvOf(object).toULongLong());

    const Response strategic = request(port, "PATCH", "/api/v1/namespaces/default/configmaps/a",
                                       {{"Content-Type", "application/strategic-merge-patch+json"}},
                                       R"({"metadata":{"annotations":{"n":"1"}}})");
    QCOMPARE(strategic.status, 200);
    QCOMPARE(strategic.json()
                 .value("metadata")
                 .toObject()
                 .value("annotations")
                 .toObject()
                 .value("n")
                 .toString(),
             QStringLiteral("1"));
    const Response jsonPatch = request(port, "PATCH", "/api/v1/namespaces/default/configmaps/a",
                                       {{"Content-Type", "application/json-patch+json"}},
                                       R"([{"op":"replace","path":"/data/k","value":"jp"}])");
    QCOMPARE(jsonPatch.status, 200);
    QCOMPARE(jsonPatch.json().value("data").toObject().value("k").toString(), QStringLiteral("jp"));
    QCOMPARE(request(port, "PATCH", "/api/v1/namespaces/default/configmaps/a",
                     {{"Content-Type", "text/plain"}}, "{}")
                 .status,
             415);
    QCOMPARE(mergePatch(port, "/api/v1/namespaces/default/configmaps/missing", "{}").status, 404);

    const Response deleted = request(port, "DELETE", "/api/v1/namespaces/default/configmaps/a");
    QCOMPARE(deleted.status, 200);
    QCOMPARE(deleted.json().value("status").toString(), QStringLiteral("Success"));
    const Response gone = get(port, "/api/v1/namespaces/default/configmaps/a");
    QCOMPARE(gone.status, 404);
    QCOMPARE(gone.json().value("message").toString(), QStringLiteral("configmaps \"a\" not found"));
}

void TestSimResources::finalizersDelayDeletion()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QByteArray body =
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"f","finalizers":["example.com/hold"]}})";
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/default/configmaps", {}, body).status, 201);
    const Response marked = request(port, "DELETE", "/api/v1/namespaces/default/configmaps/f");
    QCOMPARE(marked.status, 200);
    QVERIFY(!marked.json()
                 .value("metadata")
                 .toObject()
                 .value("deletionTimestamp")
                 .toString()
                 .isEmpty());
    QCOMPARE(get(port, "/api/v1/namespaces/default/configmaps/f").status, 200);
    const Response released = mergePatch(port, "/api/v1/namespaces/default/configmaps/f",
                                         R"({"metadata":{"finalizers":null}})");
    QCOMPARE(released.status, 200);
    QCOMPARE(get(port, "/api/v1/namespaces/default/configmaps/f").status, 404);
}

void TestSimResources::scaleSubresourceReadsAndWritesReplicas()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QByteArray deployment =
        R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},
        "spec":{"replicas":2,"selector":{"matchLabels":{"app":"d"}},"template":{"metadata":{"labels":{"app":"d"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}})";
    QCOMPARE(request(port, "POST", "/apis/apps/v1/namespaces/default/deployments", {}, deployment)
                 .status,
             201);
    const QJsonObject scale =
        get(port, "/apis/apps/v1/namespaces/default/deployments/d/scale").json();
    QCOMPARE(scale.value("kind").toString(), QStringLiteral("Scale"));
    QCOMPARE(scale.value("spec").toObject().value("replicas").toInt(), 2);
    QCOMPARE(scale.value("status").toObject().value("selector").toString(),
             QStringLiteral("app=d"));
    const Response patched = mergePatch(
        port, "/apis/apps/v1/namespaces/default/deployments/d/scale", R"({"spec":{"replicas":5}})");
    QCOMPARE(patched.status, 200);
    QCOMPARE(get(port, "/apis/apps/v1/namespaces/default/deployments/d")
                 .json()
                 .value("spec")
                 .toObject()
                 .value("replicas")
                 .toInt(),
             5);
    const Response status = request(
        port, "PUT", "/apis/apps/v1/namespaces/default/deployments/d/status", {},
        R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","namespace":"default"},"spec":{"replicas":9},"status":{"replicas":5}})");
    QCOMPARE(status.status, 200);
    const QJsonObject after = get(port, "/apis/apps/v1/namespaces/default/deployments/d").json();
    QCOMPARE(after.value("spec").toObject().value("replicas").toInt(), 5);
    QCOMPARE(after.value("status").toObject().value("replicas").toInt(), 5);
}

void TestSimResources::eventsAreServedInBothViews()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QByteArray event =
        R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"e1"},"involvedObject":{"kind":"Pod","name":"p","namespace":"default"},
        "reason":"BackOff","message":"Back-off restarting failed container","type":"Warning","count":3,"source":{"component":"kubelet"}})";
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/default/events", {}, event).status, 201);
    const QJsonObject v1 = get(port, "/apis/events.k8s.io/v1/namespaces/default/events/e1").json();
    QCOMPARE(v1.value("apiVersion").toString(), QStringLiteral("events.k8s.io/v1"));
    QCOMPARE(v1.value("note").toString(), QStringLiteral("Back-off restarting failed container"));
    QCOMPARE(v1.value("regarding").toObject().value("name").toString(), QStringLiteral("p"));
    QCOMPARE(v1.value("deprecatedCount").toInt(), 3);
    QCOMPARE(
        listNames(port,
                  "/api/v1/"
                  "events?fieldSelector=involvedObject.name%3Dp,type%3DWarning,reason%3DBackOff"),
        QStringList{"e1"});
    QCOMPARE(listNames(port, "/apis/events.k8s.io/v1/events?fieldSelector=regarding.name%3Dp"),
             QStringList{"e1"});
    const QByteArray v1Event =
        R"({"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"e2"},"regarding":{"kind":"Node","name":"n"},
        "reason":"Rebooted","note":"node rebooted","type":"Normal","eventTime":"2024-01-01T00:00:00.000000Z","reportingController":"kubelet","reportingInstance":"n","action":"Reboot"})";
    QCOMPARE(request(port, "POST", "/apis/events.k8s.io/v1/namespaces/default/events", {}, v1Event)
                 .status,
             201);
    const QJsonObject core = get(port, "/api/v1/namespaces/default/events/e2").json();
    QCOMPARE(core.value("message").toString(), QStringLiteral("node rebooted"));
    QCOMPARE(core.value("involvedObject").toObject().value("kind").toString(),
             QStringLiteral("Node"));
}

void TestSimResources::controlEndpointTellsTheTruth()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("b"));
    create(port, QStringLiteral("a"));
    const QJsonArray snapshot =
        QJsonDocument::fromJson(get(port, "/sim/v1/snapshot?resource=configmaps").body).array();
    QCOMPARE(snapshot.size(), 2);
    QCOMPARE(snapshot[0].toObject().value("key").toString(), QStringLiteral("default/a"));
    QCOMPARE(snapshot[1].toObject().value("key").toString(), QStringLiteral("default/b"));
    const QJsonObject a = get(port, "/api/v1/namespaces/default/configmaps/a").json();
    QCOMPARE(snapshot[0].toObject().value("uid").toString(),
             a.value("metadata").toObject().value("uid").toString());
    QCOMPARE(snapshot[0].toObject().value("resourceVersion").toString(), rvOf(a));
    QCOMPARE(QJsonDocument::fromJson(
                 get(port, "/sim/v1/snapshot?resource=configmaps&namespace=other").body)
                 .array()
                 .size(),
             0);
    QCOMPARE(get(port, "/sim/v1/snapshot?resource=deployments.apps").status, 200);

    get(port, "/api/v1/configmaps?limit=1", {{"User-Agent", "tst_simserver/1"}});
    const QList<QByteArray> lines = get(port, "/sim/v1/requests").body.trimmed().split('\n');
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    QCOMPARE(last.value("verb").toString(), QStringLiteral("list"));
    QCOMPARE(last.value("path").toString(), QStringLiteral("/api/v1/configmaps?limit=1"));
    QCOMPARE(last.value("userAgent").toString(), QStringLiteral("tst_simserver/1"));
    QVERIFY(!last.value("time").toString().isEmpty());
    QCOMPARE(request(port, "POST", "/sim/v1/churn/pause").status, 200);
    QCOMPARE(request(port, "POST", "/sim/v1/churn/resume").status, 200);
}

void TestSimResources::scaleScenarioIsDeterministic()
{
    SimOptions options;
    options.scenario = QStringLiteral("scale");
    options.pods = 400; // ~1.8 MB: the list is streamed in chunks
    options.namespaces = 4;
    options.seed = 42;
    const auto first = startSim(options);
    const auto second = startSim(options);
    const QByteArray a = get(first->port(), "/sim/v1/snapshot?resource=pods").body;
    const QByteArray b = get(second->port(), "/sim/v1/snapshot?resource=pods").body;
    QCOMPARE(QJsonDocument::fromJson(a).array().size(), 400);
    QCOMPARE(a, b);
    const Response all = get(first->port(), "/api/v1/pods");
    QVERIFY(all.complete);
    QCOMPARE(all.headers.value("transfer-encoding"), QByteArray("chunked"));
    QCOMPARE(all.json().value("items").toArray().size(), 400);
    const Response table = get(first->port(), "/api/v1/pods?limit=500", {{"Accept", kTable}});
    QCOMPARE(table.json().value("rows").toArray().size(), 400);
    const QJsonObject pod =
        get(first->port(), "/api/v1/pods?limit=1").json().value("items").toArray().at(0).toObject();
    QVERIFY(!pod.value("metadata").toObject().value("managedFields").toArray().isEmpty());
    QVERIFY(QJsonDocument(pod).toJson(QJsonDocument::Compact).size() > 3500);
    QCOMPARE(get(first->port(), "/api/v1/namespaces").json().value("items").toArray().size(), 6);
}

void TestSimResources::demoScenarioLooksAlive()
{
    const auto sim = startSim(SimOptions{});
    const quint16 port = sim->port();
    const QJsonArray pods = get(port, "/api/v1/pods").json().value("items").toArray();
    QVERIFY(pods.size() >= 10);
    bool crashLooping = false;
    bool pending = false;
    for (const QJsonValue &pod : pods) {
        const QJsonObject status = pod.toObject().value("status").toObject();
        const QJsonObject state =
            status.value("containerStatuses").toArray().at(0).toObject().value("state").toObject();
        crashLooping |= state.value("waiting").toObject().value("reason").toString() ==
                        QLatin1String("CrashLoopBackOff");
        pending |= status.value("phase").toString() == QLatin1String("Pending");
    }
    QVERIFY(crashLooping);
    QVERIFY(pending);
    QCOMPARE(get(port, "/api/v1/nodes").json().value("items").toArray().size(), 3);
    QVERIFY(get(port, "/apis/apps/v1/deployments").json().value("items").toArray().size() >= 4);
    QVERIFY(get(port, "/api/v1/events?fieldSelector=type%3DWarning")
                .json()
                .value("items")
                .toArray()
                .size() >= 2);
    QCOMPARE(get(port, "/apis/demo.informant.io/v1/widgets").json().value("items").toArray().size(),
             3);
    // A CronJob with the Jobs of its last minutes.
    QCOMPARE(get(port, "/apis/batch/v1/cronjobs").json().value("items").toArray().size(), 1);
    QVERIFY(get(port, "/apis/batch/v1/jobs").json().value("items").toArray().size() >= 3);
    // A Secret to see masked (its values stored base64).
    const QJsonObject secret =
        get(port, "/api/v1/namespaces/payments/secrets/ledger-db-credentials").json();
    QCOMPARE(QByteArray::fromBase64(
                 secret.value("data").toObject().value("username").toString().toLatin1()),
             QByteArray("ledger"));
}

// Deployment conditions carry lastTransitionTime and lastUpdateTime, as the
// controller manager writes them (the details pane shows their ages), and
// keep them while nothing changes: the demo's controller reconciles every
// second, and a fresh time each pass would make a new version of every
// deployment every second.
// kube-controller-manager keeps spec.revisionHistoryLimit old ReplicaSets;
// without that a Deployment rolled out often piles them up.
void TestSimResources::oldReplicaSetsBeyondTheHistoryLimitAreDeleted()
{
    const auto sim = startSim(SimOptions{});
    const quint16 port = sim->port();
    const auto deployment = [](const QString &revision) {
        const QJsonObject labels{{"app", "hist"}};
        const QJsonObject container{{"name", "app"}, {"image", "app:1"}};
        const QJsonObject podTemplate{
            {"metadata",
             QJsonObject{{"labels", labels}, {"annotations", QJsonObject{{"revision", revision}}}}},
            {"spec", QJsonObject{{"containers", QJsonArray{container}}}}};
        const QJsonObject spec{{"replicas", 1},
                               {"revisionHistoryLimit", 1},
                               {"selector", QJsonObject{{"matchLabels", labels}}},
                               {"template", podTemplate}};
        const QJsonObject object{
            {"apiVersion", "apps/v1"},
            {"kind", "Deployment"},
            {"metadata", QJsonObject{{"name", "hist"}, {"namespace", "default"}}},
            {"spec", spec}};
        return QJsonDocument(object).toJson(QJsonDocument::Compact);
    };
    const QByteArray path = "/apis/apps/v1/namespaces/default/deployments";
    const QList<QPair<QByteArray, QByteArray>> json{{"Content-Type", "application/json"}};
    QCOMPARE(request(port, "POST", path, json, deployment(QStringLiteral("0"))).status, 201);
    const auto replicaSets = [port] {
        return get(port, "/apis/apps/v1/namespaces/default/replicasets?labelSelector=app%3Dhist")
            .json()
            .value("items")
            .toArray()
            .size();
    };
    for (int revision = 1; revision <= 3; ++revision) {
        // Each rollout done (one ReplicaSet more) before the next.
        QTRY_COMPARE_WITH_TIMEOUT(replicaSets(), qMin(revision, 2), 20000);
        QCOMPARE(request(port, "PUT", path + "/hist", json, deployment(QString::number(revision)))
                     .status,
                 200);
    }
    // The current one and one old: the two oldest went.
    QTest::qWait(3000);
    QTRY_COMPARE_WITH_TIMEOUT(replicaSets(), 2, 20000);
}

void TestSimResources::deploymentConditionsKeepTheirTimes()
{
    const auto sim = startSim(SimOptions{});
    const quint16 port = sim->port();
    const auto versions = [&] {
        QHash<QString, QString> out;
        const QJsonArray items =
            get(port, "/apis/apps/v1/deployments").json().value("items").toArray();
        for (const QJsonValue &item : items) {
            const QJsonObject metadata = item.toObject().value("metadata").toObject();
            out.insert(metadata.value("name").toString(),
                       metadata.value("resourceVersion").toString());
            const QJsonArray conditions =
                item.toObject().value("status").toObject().value("conditions").toArray();
            if (conditions.isEmpty())
                out.insert(QStringLiteral("no conditions"), metadata.value("name").toString());
            for (const QJsonValue &condition : conditions) {
                for (const char *field : {"lastTransitionTime", "lastUpdateTime"}) {
                    const QString time =
                        condition.toObject().value(QLatin1String(field)).toString();
                    if (!QDateTime::fromString(time, Qt::ISODate).isValid())
                        out.insert(QStringLiteral("bad time"), metadata.value("name").toString());
                }
            }
        }
        return out;
    };
    const QHash<QString, QString> before = versions();
    QCOMPARE(before.size(), 7);
    QTest::qWait(2200); // two reconcile passes, in another second of the clock
    const QHash<QString, QString> after = versions();
    QCOMPARE(after.size(), 7);
    int unchanged = 0;
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        unchanged += after.value(it.key()) == it.value() ? 1 : 0;
    // The demo rolls out one deployment at a time: the others stand still.
    QVERIFY2(unchanged >= 5, qPrintable(QString::number(unchanged)));
}

void TestSimResources::churnScenarioKeepsAStablePopulation()
{
    SimOptions options;
    options.scenario = QStringLiteral("churn");
    options.pods = 50;
    options.namespaces = 2;
    options.churnPerSecond = 500;
    const auto sim = startSim(options);
    const quint16 port = sim->port();
    const QString rv = listResourceVersion(port, "/api/v1/pods");
    Watch watch(port, "/api/v1/pods?watch=1&resourceVersion=" + rv.toUtf8());
    const QList<QJsonObject> events = watch.next(100);
    QCOMPARE(events.size(), 100);
    QSet<QString> types;
    quint64 last = rv.toULongLong();
    for (const QJsonObject &event : events) {
        types.insert(event.value("type").toString());
        const quint64 eventRv = rvOf(event.value("object").toObject()).toULongLong();
        QVERIFY(eventRv > last);
        last = eventRv;
    }
    QVERIFY(types.contains(QStringLiteral("MODIFIED")));
    QVERIFY(types.size() >= 2);
    QCOMPARE(request(port, "POST", "/sim/v1/churn/pause").status, 200);
    const QJsonArray truth =
        QJsonDocument::fromJson(get(port, "/sim/v1/snapshot?resource=pods").body).array();
    QVERIFY(qAbs(truth.size() - 50) <= 1);
    const QJsonArray items = get(port, "/api/v1/pods").json().value("items").toArray();
    QCOMPARE(items.size(), truth.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonObject metadata = items[i].toObject().value("metadata").toObject();
        QCOMPARE(metadata.value("namespace").toString() + '/' + metadata.value("name").toString(),
                 truth[i].toObject().value("key").toString());
        QCOMPARE(metadata.value("resourceVersion").toString(),
                 truth[i].toObject().value("resourceVersion").toString());
        QVERIFY(!metadata.value("annotations")
                     .toObject()
                     .value("sim.informant.io/generation")
                     .toString()
                     .isEmpty());
    }
}

void TestSimResources::churnPodsAreNoOlderThanTheirNamespace_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QStringList>("namespaces");
    QTest::newRow("empty --churn") << QStringLiteral("empty") << QStringList{"churn"};
    QTest::newRow("demo --churn") << QStringLiteral("demo") << QStringList{"churn"};
    QTest::newRow("churn scenario") << QStringLiteral("churn") << QStringList{"ns-0", "ns-1"};
}

// The churned pods have creation times spread over the past day: their
// namespace was there before them, as in a real cluster.
void TestSimResources::churnPodsAreNoOlderThanTheirNamespace()
{
    QFETCH(QString, scenario);
    QFETCH(QStringList, namespaces);
    SimOptions options;
    options.scenario = scenario;
    options.pods = 40;
    options.namespaces = 2;
    options.churnPerSecond = 200;
    const auto sim = startSim(options);
    const quint16 port = sim->port();
    const auto createdAt = [](const QJsonObject &object) {
        return QDateTime::fromString(
            object.value("metadata").toObject().value("creationTimestamp").toString(), Qt::ISODate);
    };
    int pods = 0;
    for (const QString &name : namespaces) {
        const QDateTime namespaceCreated =
            createdAt(get(port, "/api/v1/namespaces/" + name.toUtf8()).json());
        QVERIFY2(namespaceCreated.isValid(), qPrintable(name));
        for (const QJsonValue &pod : get(port, "/api/v1/namespaces/" + name.toUtf8() + "/pods")
                                         .json()
                                         .value("items")
                                         .toArray()) {
            const QDateTime podCreated = createdAt(pod.toObject());
            QVERIFY(podCreated.isValid());
            QVERIFY2(
                podCreated >= namespaceCreated,
                qPrintable(QStringLiteral("%1 %2 created %3, its namespace %4")
                               .arg(name, nameOf(pod.toObject()), podCreated.toString(Qt::ISODate),
                                    namespaceCreated.toString(Qt::ISODate))));
            ++pods;
        }
    }
    QVERIFY(pods >= 30);
}

// A pod the churn creates while the simulator runs is new: a client
// watching sees it ADDED with an age of seconds, not of hours.
void TestSimResources::podsTheChurnCreatesAreNew()
{
    SimOptions options;
    options.scenario = QStringLiteral("churn");
    options.pods = 40;
    options.namespaces = 2;
    options.churnPerSecond = 200;
    const auto sim = startSim(options);
    const quint16 port = sim->port();
    const auto pods = [&] {
        QHash<QString, QDateTime> created;
        for (const QJsonValue &pod : get(port, "/api/v1/pods").json().value("items").toArray()) {
            const QJsonObject metadata = pod.toObject().value("metadata").toObject();
            created.insert(
                metadata.value("namespace").toString() + u'/' + metadata.value("name").toString(),
                QDateTime::fromString(metadata.value("creationTimestamp").toString(), Qt::ISODate));
        }
        return created;
    };
    const QHash<QString, QDateTime> before = pods();
    // Whole seconds: creationTimestamp has no fraction.
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-1);
    QTest::qWait(1500);
    int fresh = 0;
    const QHash<QString, QDateTime> after = pods();
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (before.contains(it.key()))
            continue;
        ++fresh;
        QVERIFY2(it.value() >= start,
                 qPrintable(QStringLiteral("%1 created %2, the churn started after %3")
                                .arg(it.key(), it.value().toString(Qt::ISODate),
                                     start.toString(Qt::ISODate))));
    }
    QVERIFY2(fresh > 0, "the churn created no pod");
}

void TestSimResources::crdsOptionAddsServedKinds_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("crds");
    QTest::addColumn<int>("crdsBefore"); // the scenario's own
    QTest::newRow("empty + 13: the 40 kinds of S7") << QStringLiteral("empty") << 13 << 0;
    QTest::newRow("scale + 45: past the named kinds") << QStringLiteral("scale") << 45 << 0;
    QTest::newRow("demo + 2, beside its widgets") << QStringLiteral("demo") << 2 << 1;
}

void TestSimResources::crdsOptionAddsServedKinds()
{
    QFETCH(QString, scenario);
    QFETCH(int, crds);
    QFETCH(int, crdsBefore);
    constexpr int kBuiltInKinds = 27;
    SimOptions options;
    options.scenario = scenario;
    options.pods = 10;
    options.crds = crds;
    const auto sim = startSim(options);
    QVERIFY(sim->isRunning());
    const quint16 port = sim->port();
    const QJsonArray definitions =
        get(port, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions")
            .json()
            .value("items")
            .toArray();
    QCOMPARE(definitions.size(), crds + crdsBefore);

    // Aggregated discovery lists every kind that can be listed once (besides
    // the access reviews, which are only created).
    const QByteArray accept =
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    int kinds = 0;
    for (const char *root : {"/api", "/apis"}) {
        for (const QJsonValue &group :
             get(port, root, {{"Accept", accept}}).json().value("items").toArray())
            for (const QJsonValue &version : group.toObject().value("versions").toArray())
                for (const QJsonValue &resource : version.toObject().value("resources").toArray())
                    kinds += resource.toObject().value("verbs").toArray().contains(
                        QJsonValue(QStringLiteral("list")));
    }
    QCOMPARE(kinds, kBuiltInKinds + crds + crdsBefore);

    // Each custom kind lists its objects (namespaced ones in "default") and watches them.
    int listed = 0;
    for (const QJsonValue &value : definitions) {
        const QJsonObject spec = value.toObject().value("spec").toObject();
        const QString group = spec.value("group").toString();
        if (!group.endsWith(QLatin1String(".bench.informant.io")))
            continue;
        const QString plural = spec.value("names").toObject().value("plural").toString();
        const bool namespaced = spec.value("scope").toString() == QLatin1String("Namespaced");
        const QByteArray path = "/apis/" + group.toUtf8() + "/v1/" +
                                (namespaced ? "namespaces/default/" : "") + plural.toUtf8();
        const QJsonObject list = get(port, path).json();
        QCOMPARE(list.value("items").toArray().size(), 3);
        QCOMPARE(list.value("kind").toString(),
                 spec.value("names").toObject().value("kind").toString() + QLatin1String("List"));
        ++listed;
        if (listed == 1) {
            Watch watch(port, path + "?watch=1");
            const QList<QJsonObject> events = watch.next(3);
            QCOMPARE(events.size(), 3);
            for (const QJsonObject &event : events)
                QCOMPARE(event.value("type").toString(), QStringLiteral("ADDED"));
        }
    }
    QCOMPARE(listed, crds);
}

void TestSimResources::manyConcurrentWatchersAllReceiveEvents()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QString rv = listResourceVersion(port, "/api/v1/configmaps");
    constexpr int kWatchers = 200;
    std::vector<std::unique_ptr<Watch>> watches;
    for (int i = 0; i < kWatchers; ++i) {
        watches.push_back(std::make_unique<Watch>(
            port, "/api/v1/configmaps?watch=1&resourceVersion=" + rv.toUtf8()));
        QCOMPARE(watches.back()->status(), 200);
    }
    create(port, QStringLiteral("broadcast"));
    for (const auto &watch : watches) {
        const QList<QJsonObject> events = watch->next(1);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].value("type").toString(), QStringLiteral("ADDED"));
    }
}

void TestSimResources::bearerTokenIsRequiredWhenSet()
{
    SimOptions options;
    options.token = QStringLiteral("s3cret");
    const auto sim = startEmptySim(options);
    const Response denied = get(sim->port(), "/api/v1/namespaces");
    QCOMPARE(denied.status, 401);
    QCOMPARE(denied.json().value("reason").toString(), QStringLiteral("Unauthorized"));
    QCOMPARE(get(sim->port(), "/api/v1/namespaces", {{"Authorization", "Bearer wrong"}}).status,
             401);
    QCOMPARE(get(sim->port(), "/api/v1/namespaces", {{"Authorization", "Bearer s3cret"}}).status,
             200);
    QCOMPARE(get(sim->port(), "/healthz").status, 200);
}

QTEST_GUILESS_MAIN(TestSimResources)
#include "tst_simresources.moc"
