// Discovery: aggregated (v2) discovery, the legacy fallback with a failing
// group version, kubectl's preferred-version rule and sort order, and KIND
// resolution (plural, singular, Kind, short names, resource.group).

#include "fakeapiserver.h"

#include "informer/kube/discovery.h"

#include <QTest>

using namespace informant;

namespace {

const QByteArray kApiVersions = R"({"kind":"APIVersions","versions":["v1"]})";
const QByteArray kGroupList = R"({"kind":"APIGroupList","apiVersion":"v1","groups":[
 {"name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}},
 {"name":"events.k8s.io","versions":[{"groupVersion":"events.k8s.io/v1","version":"v1"}],"preferredVersion":{"groupVersion":"events.k8s.io/v1","version":"v1"}},
 {"name":"example.com","versions":[{"groupVersion":"example.com/v1","version":"v1"},{"groupVersion":"example.com/v1beta1","version":"v1beta1"}],"preferredVersion":{"groupVersion":"example.com/v1","version":"v1"}},
 {"name":"metrics.k8s.io","versions":[{"groupVersion":"metrics.k8s.io/v1beta1","version":"v1beta1"}],"preferredVersion":{"groupVersion":"metrics.k8s.io/v1beta1","version":"v1beta1"}}]})";
const QByteArray kCoreV1 = R"({"kind":"APIResourceList","groupVersion":"v1","resources":[
 {"name":"bindings","singularName":"binding","namespaced":true,"kind":"Binding","verbs":["create"]},
 {"name":"events","singularName":"event","namespaced":true,"kind":"Event","verbs":["get","list","watch"],"shortNames":["ev"]},
 {"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get","list","watch"],"shortNames":["po"],"categories":["all"]},
 {"name":"pods/log","singularName":"","namespaced":true,"kind":"Pod","verbs":["get"]},
 {"name":"nodes","singularName":"node","namespaced":false,"kind":"Node","verbs":["get","list","watch"],"shortNames":["no"]}]})";
const QByteArray kAppsV1 = R"({"kind":"APIResourceList","groupVersion":"apps/v1","resources":[
 {"name":"deployments","singularName":"deployment","namespaced":true,"kind":"Deployment","verbs":["get","list","watch"],"shortNames":["deploy"],"categories":["all"]},
 {"name":"deployments/scale","singularName":"","namespaced":true,"kind":"Scale","verbs":["get"]}]})";
const QByteArray kEventsV1 =
    R"({"kind":"APIResourceList","groupVersion":"events.k8s.io/v1","resources":[
 {"name":"events","singularName":"event","namespaced":true,"kind":"Event","verbs":["get","list","watch"],"shortNames":["ev"]}]})";
const QByteArray kExampleV1 =
    R"({"kind":"APIResourceList","groupVersion":"example.com/v1","resources":[
 {"name":"widgets","singularName":"widget","namespaced":true,"kind":"Widget","verbs":["get","list","watch"]}]})";
const QByteArray kExampleV1beta1 =
    R"({"kind":"APIResourceList","groupVersion":"example.com/v1beta1","resources":[
 {"name":"widgets","singularName":"widget","namespaced":true,"kind":"Widget","verbs":["get","list"]},
 {"name":"gadgets","singularName":"gadget","namespaced":false,"kind":"Gadget","verbs":["get","list","watch"]}]})";

const QByteArray kAggregatedCore =
    R"({"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
 {"metadata":{"creationTimestamp":null},"versions":[{"version":"v1","resources":[
  {"resource":"pods","responseKind":{"group":"","version":"v1","kind":"Pod"},"scope":"Namespaced","singularResource":"pod","verbs":["get","list","watch"],"shortNames":["po"],"categories":["all"],
   "subresources":[{"subresource":"log","verbs":["get"]}]},
  {"resource":"nodes","responseKind":{"group":"","version":"v1","kind":"Node"},"scope":"Cluster","singularResource":"node","verbs":["get","list","watch"],"shortNames":["no"]}]}]}]})";
const QByteArray kAggregatedApis =
    R"({"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
 {"metadata":{"name":"apps"},"versions":[{"version":"v1","resources":[
  {"resource":"deployments","responseKind":{"group":"apps","version":"v1","kind":"Deployment"},"scope":"Namespaced","singularResource":"deployment","verbs":["get","list","watch"],"shortNames":["deploy"]}]}]}]})";

std::shared_ptr<const ClusterConnection> connectionTo(const QUrl &server)
{
    ClusterConfig config;
    config.server = server;
    return ClusterConnection::create(config);
}

void serveLegacy(const HttpRequest &request, QTcpSocket *socket)
{
    static const QHash<QString, QByteArray> bodies = {
        {QStringLiteral("/api"), kApiVersions},
        {QStringLiteral("/apis"), kGroupList},
        {QStringLiteral("/api/v1"), kCoreV1},
        {QStringLiteral("/apis/apps/v1"), kAppsV1},
        {QStringLiteral("/apis/events.k8s.io/v1"), kEventsV1},
        {QStringLiteral("/apis/example.com/v1"), kExampleV1},
        {QStringLiteral("/apis/example.com/v1beta1"), kExampleV1beta1},
    };
    if (bodies.contains(request.path))
        FakeApiServer::reply(socket, 200, bodies.value(request.path));
    else
        FakeApiServer::reply(socket, 503, "service unavailable");
}

DiscoveryResult legacyResult()
{
    DiscoveryResult result;
    result.groups.append(*Discovery::parseApiVersions(kApiVersions));
    result.groups.append(*Discovery::parseGroupList(kGroupList));
    result.resources.append(*Discovery::parseResourceList(kCoreV1, {}, QStringLiteral("v1")));
    result.resources.append(
        *Discovery::parseResourceList(kAppsV1, QStringLiteral("apps"), QStringLiteral("v1")));
    result.resources.append(*Discovery::parseResourceList(
        kEventsV1, QStringLiteral("events.k8s.io"), QStringLiteral("v1")));
    result.resources.append(*Discovery::parseResourceList(kExampleV1, QStringLiteral("example.com"),
                                                          QStringLiteral("v1")));
    result.resources.append(*Discovery::parseResourceList(
        kExampleV1beta1, QStringLiteral("example.com"), QStringLiteral("v1beta1")));
    return result;
}

} // namespace

class tst_Discovery : public QObject
{
    Q_OBJECT

private slots:
    void aggregatedDiscoveryNeedsTwoRequests()
    {
        FakeApiServer server([](const HttpRequest &request, QTcpSocket *socket) {
            QVERIFY(request.headers.value("accept").contains("as=APIGroupDiscoveryList"));
            FakeApiServer::reply(
                socket, 200,
                request.path == QLatin1String("/api") ? kAggregatedCore : kAggregatedApis,
                "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
        });
        QVERIFY(server.listen());
        RestClient client(connectionTo(server.url()));
        auto result = Discovery::fetch(client);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QVERIFY(result->aggregated);
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(result->groups.size(), 2);
        QCOMPARE(result->groups[0].name, QString());
        QCOMPARE(result->groups[1].preferredVersion, QStringLiteral("v1"));
        const QList<ApiResource> preferred = result->preferredResources();
        QCOMPARE(preferred.size(), 3);
        QCOMPARE(preferred[0].name, QStringLiteral("nodes"));
        QCOMPARE(preferred[0].namespaced, false);
        QCOMPARE(preferred[1].name, QStringLiteral("pods"));
        QCOMPARE(preferred[1].kind, QStringLiteral("Pod"));
        QCOMPARE(preferred[1].shortNames, QStringList{QStringLiteral("po")});
        QCOMPARE(preferred[2].groupVersion(), QStringLiteral("apps/v1"));
    }

    void staleAggregatedGroupVersionIsAFailure()
    {
        // metrics.k8s.io's APIService is down: the aggregator still lists it,
        // marked Stale, with the resources it last knew.
        const QByteArray apis =
            R"({"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
 {"metadata":{"name":"apps"},"versions":[{"version":"v1","freshness":"Current","resources":[
  {"resource":"deployments","responseKind":{"group":"apps","version":"v1","kind":"Deployment"},"scope":"Namespaced","singularResource":"deployment","verbs":["get","list","watch"]}]}]},
 {"metadata":{"name":"metrics.k8s.io"},"versions":[{"version":"v1beta1","freshness":"Stale","resources":[
  {"resource":"pods","responseKind":{"group":"metrics.k8s.io","version":"v1beta1","kind":"PodMetrics"},"scope":"Namespaced","singularResource":"","verbs":["get","list"]}]}]},
 {"metadata":{"name":"example.com"},"versions":[
  {"version":"v2","freshness":"Stale","resources":[
   {"resource":"gizmos","responseKind":{"group":"example.com","version":"v2","kind":"Gizmo"},"scope":"Cluster","singularResource":"gizmo","verbs":["get","list","watch"]}]},
  {"version":"v1","resources":[
   {"resource":"widgets","responseKind":{"group":"example.com","version":"v1","kind":"Widget"},"scope":"Namespaced","singularResource":"widget","verbs":["get","list","watch"]}]}]}]})";
        FakeApiServer server([&apis](const HttpRequest &request, QTcpSocket *socket) {
            FakeApiServer::reply(
                socket, 200, request.path == QLatin1String("/api") ? kAggregatedCore : apis,
                "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
        });
        QVERIFY(server.listen());
        RestClient client(connectionTo(server.url()));
        auto result = Discovery::fetch(client);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QVERIFY(result->aggregated);
        QCOMPARE(result->failures.size(), 2);
        QVERIFY2(result->failures[0].startsWith(QStringLiteral("metrics.k8s.io/v1beta1: stale")),
                 qPrintable(result->failures[0]));
        QVERIFY2(result->failures[1].startsWith(QStringLiteral("example.com/v2: stale")),
                 qPrintable(result->failures[1]));
        // The fresh groups are still offered; a stale version is not, and the
        // next fresh one is preferred (as client-go's aggregated discovery).
        QStringList rows;
        for (const ApiResource &r : result->preferredResources())
            rows << r.name + QLatin1Char(' ') + r.groupVersion();
        QCOMPARE(rows, (QStringList{QStringLiteral("nodes v1"), QStringLiteral("pods v1"),
                                    QStringLiteral("deployments apps/v1"),
                                    QStringLiteral("widgets example.com/v1")}));
        QCOMPARE(result->groups.size(), 4);
        QCOMPARE(result->groups[3].name, QStringLiteral("example.com"));
        QCOMPARE(result->groups[3].versions, QStringList{QStringLiteral("v1")});
        QCOMPARE(result->groups[3].preferredVersion, QStringLiteral("v1"));
        for (const ApiResource &r : std::as_const(result->resources))
            QVERIFY2(r.version != QLatin1String("v1beta1") && r.version != QLatin1String("v2"),
                     qPrintable(r.name + QLatin1Char(' ') + r.groupVersion()));
    }

    void legacyDiscoveryFallsBackAndRecordsFailedGroupVersions()
    {
        FakeApiServer server(serveLegacy);
        QVERIFY(server.listen());
        RestClient client(connectionTo(server.url()));
        auto result = Discovery::fetch(client);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QVERIFY(!result->aggregated);
        QCOMPARE(server.requests.size(), 2 + 6);
        QCOMPARE(result->failures.size(), 1);
        QVERIFY(result->failures[0].startsWith(QStringLiteral("metrics.k8s.io/v1beta1: ")));
        QVERIFY(result->failures[0].contains(QStringLiteral("503")));
    }

    void preferredResourcesFollowKubectl()
    {
        QStringList rows;
        for (const ApiResource &r : legacyResult().preferredResources())
            rows << r.name + QLatin1Char(' ') + r.groupVersion();
        // Subresources are dropped; sorted by group then name; widgets from
        // the preferred v1, gadgets only exist in v1beta1.
        QCOMPARE(rows, (QStringList{QStringLiteral("bindings v1"), QStringLiteral("events v1"),
                                    QStringLiteral("nodes v1"), QStringLiteral("pods v1"),
                                    QStringLiteral("deployments apps/v1"),
                                    QStringLiteral("events events.k8s.io/v1"),
                                    QStringLiteral("gadgets example.com/v1beta1"),
                                    QStringLiteral("widgets example.com/v1")}));
        // In the server's order (groups by priority, each group's resources
        // as served), which kubectl's `get all` follows.
        rows.clear();
        for (const ApiResource &r : legacyResult().preferredResourcesInServerOrder())
            rows << r.name + QLatin1Char(' ') + r.groupVersion();
        QCOMPARE(rows, (QStringList{QStringLiteral("bindings v1"), QStringLiteral("events v1"),
                                    QStringLiteral("pods v1"), QStringLiteral("nodes v1"),
                                    QStringLiteral("deployments apps/v1"),
                                    QStringLiteral("events events.k8s.io/v1"),
                                    QStringLiteral("widgets example.com/v1"),
                                    QStringLiteral("gadgets example.com/v1beta1")}));
    }

    void resolveTypedKind_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("resolved"); // qualified name; "" = error
        QTest::addColumn<QString>("error");
        QTest::newRow("plural") << "pods"
                                << "pods"
                                << "";
        QTest::newRow("singular") << "pod"
                                  << "pods"
                                  << "";
        QTest::newRow("Kind") << "Pod"
                              << "pods"
                              << "";
        QTest::newRow("short name po") << "po"
                                       << "pods"
                                       << "";
        QTest::newRow("short name deploy") << "deploy"
                                           << "deployments.apps"
                                           << "";
        QTest::newRow("resource.group") << "deployments.apps"
                                        << "deployments.apps"
                                        << "";
        QTest::newRow("resource.version.group") << "deployments.v1.apps"
                                                << "deployments.apps"
                                                << "";
        QTest::newRow("core wins a tie") << "events"
                                         << "events"
                                         << "";
        QTest::newRow("group picks the other events") << "events.events.k8s.io"
                                                      << "events.events.k8s.io"
                                                      << "";
        QTest::newRow("cluster scoped") << "no"
                                        << "nodes"
                                        << "";
        QTest::newRow("upper case") << "DEPLOYMENTS"
                                    << "deployments.apps"
                                    << "";
        QTest::newRow("no list and watch") << "bindings"
                                           << ""
                                           << "does not support list and watch";
        QTest::newRow("unknown") << "frobs"
                                 << ""
                                 << "doesn't have a resource type \"frobs\"";
        QTest::newRow("unknown group") << "pods.nope.io"
                                       << ""
                                       << "doesn't have a resource type";
    }
    void resolveTypedKind()
    {
        QFETCH(QString, typed);
        QFETCH(QString, resolved);
        QFETCH(QString, error);
        auto result = legacyResult().resolve(typed);
        if (resolved.isEmpty()) {
            QVERIFY(!result.ok());
            QVERIFY2(result.errorMessage().contains(error), qPrintable(result.errorMessage()));
        } else {
            QVERIFY2(result.ok(), qPrintable(result.errorMessage()));
            QCOMPARE(result->qualifiedName(), resolved);
        }
    }

    void malformedDocumentsAreErrors()
    {
        DiscoveryResult out;
        QVERIFY(!Discovery::parseAggregated("{\"items\": [", out).ok());
        QVERIFY(!Discovery::parseGroupList("[]").ok());
        QVERIFY(!Discovery::parseResourceList("nope", {}, QStringLiteral("v1")).ok());
        QVERIFY(!Discovery::isAggregated("{\"kind\":\"APIVersions\"}"));
    }
};

QTEST_GUILESS_MAIN(tst_Discovery)
#include "tst_discovery.moc"
