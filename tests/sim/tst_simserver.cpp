// The simulated API server over HTTP, read side: discovery, list pagination
// and resourceVersion semantics, watches (replay, compaction, bookmarks,
// streaming lists). Writes, tables and scenarios: tst_simresources.cpp.

#include "simfixtures.h"

#include <QSet>
#include <QThread>

#include <thread>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

// The first of the causes a Status response gives (details.causes).
QJsonObject firstCause(const Response &response)
{
    return response.json().value("details").toObject().value("causes").toArray().at(0).toObject();
}

} // namespace

class TestSimServer : public QObject
{
    Q_OBJECT

private slots:
    void discoveryServesLegacyAndAggregatedDocuments();
    void customResourceDefinitionAddsResourcesLive();
    void listPaginatesWithContinueAndRemainingItemCount();
    void continueTokenExpires();
    void exactListReadsAnOlderState();
    void compactedVersionsAnswer410();
    void watchFromResourceVersionReplaysLaterChanges();
    void watchWithoutResourceVersionStartsWithTheState();
    void watchEndsCleanlyAtTimeoutSeconds();
    void bookmarksAreSentOnlyWhenAllowed();
    void streamingListEndsWithTheAnnotatedBookmark();
    void watchAtAVersionNotReachedIsAnsweredInsideTheStream_data();
    void watchAtAVersionNotReachedIsAnsweredInsideTheStream();
    void streamingListWaitsForAVersionReachedSoon();
    void invalidStreamingRequestsAnswer422_data();
    void invalidStreamingRequestsAnswer422();
};

void TestSimServer::discoveryServesLegacyAndAggregatedDocuments()
{
    const auto sim = startEmptySim();
    QVERIFY(sim->isRunning());
    const quint16 port = sim->port();

    QCOMPARE(get(port, "/version").json().value("gitVersion").toString(),
             QStringLiteral("v1.32.0"));
    const Response legacy = get(port, "/api");
    QCOMPARE(legacy.json().value("kind").toString(), QStringLiteral("APIVersions"));

    const Response aggregated = get(
        port, "/apis",
        {{"Accept", "application/"
                    "json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json"}});
    QCOMPARE(aggregated.headers.value("content-type"),
             QByteArray("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"));
    bool sawDeployments = false;
    for (const QJsonValue &group : aggregated.json().value("items").toArray()) {
        for (const QJsonValue &version : group.toObject().value("versions").toArray()) {
            for (const QJsonValue &resource : version.toObject().value("resources").toArray()) {
                const QJsonObject r = resource.toObject();
                if (r.value("resource").toString() == QLatin1String("deployments")) {
                    sawDeployments = true;
                    QCOMPARE(r.value("shortNames").toArray(), QJsonArray{"deploy"});
                    QCOMPARE(r.value("categories").toArray(), QJsonArray{"all"});
                    QCOMPARE(r.value("scope").toString(), QStringLiteral("Namespaced"));
                    QCOMPARE(r.value("singularResource").toString(), QStringLiteral("deployment"));
                }
            }
        }
    }
    QVERIFY(sawDeployments);
    // kube-apiserver's order, which kubectl's `get all` follows: groups by
    // priority, a group version's resources by name.
    QStringList groups;
    for (const QJsonValue &group : aggregated.json().value("items").toArray())
        groups.append(group.toObject().value("metadata").toObject().value("name").toString());
    QCOMPARE(groups.mid(0, 6), (QStringList{"apps", "events.k8s.io", "authentication.k8s.io",
                                            "authorization.k8s.io", "autoscaling", "batch"}));
    QStringList batch;
    for (const QJsonValue &resource :
         get(port, "/apis/batch/v1").json().value("resources").toArray())
        batch.append(resource.toObject().value("name").toString());
    QCOMPARE(batch, (QStringList{"cronjobs", "cronjobs/status", "jobs", "jobs/status"}));

    const QJsonObject core = get(port, "/api/v1").json();
    QCOMPARE(core.value("kind").toString(), QStringLiteral("APIResourceList"));
    bool sawPods = false;
    bool sawNodes = false;
    for (const QJsonValue &value : core.value("resources").toArray()) {
        const QJsonObject r = value.toObject();
        if (r.value("name").toString() == QLatin1String("pods")) {
            sawPods = true;
            QCOMPARE(r.value("namespaced").toBool(), true);
            QCOMPARE(r.value("kind").toString(), QStringLiteral("Pod"));
        }
        if (r.value("name").toString() == QLatin1String("nodes")) {
            sawNodes = true;
            QCOMPARE(r.value("namespaced").toBool(), false);
        }
    }
    QVERIFY(sawPods && sawNodes);
    const Response openapi = get(port, "/openapi/v2");
    QCOMPARE(openapi.status, 404);
    QCOMPARE(openapi.json().value("kind").toString(), QStringLiteral("Status"));
    QCOMPARE(get(port, "/openapi/v3").status, 200);
}

void TestSimServer::customResourceDefinitionAddsResourcesLive()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    QCOMPARE(get(port, "/apis/example.com/v1").status, 404);
    const QByteArray crd =
        R"({"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
        "metadata":{"name":"gadgets.example.com"},"spec":{"group":"example.com","scope":"Namespaced",
        "names":{"plural":"gadgets","singular":"gadget","kind":"Gadget","shortNames":["gd"]},
        "versions":[{"name":"v1","served":true,"storage":true,"additionalPrinterColumns":[{"name":"Size","type":"string","jsonPath":".spec.size"}]}]}})";
    QCOMPARE(
        request(port, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {}, crd)
            .status,
        201);
    const QJsonObject list = get(port, "/apis/example.com/v1").json();
    QCOMPARE(list.value("resources").toArray().at(0).toObject().value("name").toString(),
             QStringLiteral("gadgets"));
    const QByteArray gadget =
        R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g1"},"spec":{"size":"XL"}})";
    QCOMPARE(
        request(port, "POST", "/apis/example.com/v1/namespaces/default/gadgets", {}, gadget).status,
        201);
    // Custom resources are listed as unstructured objects: each item keeps
    // its kind and apiVersion.
    const QJsonObject gadgets = get(port, "/apis/example.com/v1/namespaces/default/gadgets").json();
    QCOMPARE(gadgets.value("items").toArray().at(0).toObject().value("kind").toString(),
             QStringLiteral("Gadget"));
    const QJsonObject table =
        get(port, "/apis/example.com/v1/namespaces/default/gadgets", {{"Accept", kTable}}).json();
    QCOMPARE(table.value("columnDefinitions").toArray().at(1).toObject().value("name").toString(),
             QStringLiteral("Size"));
    QCOMPARE(table.value("rows").toArray().at(0).toObject().value("cells").toArray(),
             (QJsonArray{"g1", "XL"}));
    QCOMPARE(request(port, "DELETE",
                     "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.com")
                 .status,
             200);
    QCOMPARE(get(port, "/apis/example.com/v1").status, 404);
}

void TestSimServer::listPaginatesWithContinueAndRemainingItemCount()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    for (const char *name : {"a", "b", "c", "d", "e"})
        create(port, QLatin1String(name));
    QStringList seen;
    QString continueToken;
    QString listRv;
    int pages = 0;
    do {
        QByteArray target = "/api/v1/namespaces/default/configmaps?limit=2";
        if (!continueToken.isEmpty())
            target += "&continue=" + QUrl::toPercentEncoding(continueToken);
        const QJsonObject page = get(port, target).json();
        const QJsonObject metadata = page.value("metadata").toObject();
        if (listRv.isEmpty())
            listRv = metadata.value("resourceVersion").toString();
        QCOMPARE(metadata.value("resourceVersion").toString(), listRv);
        seen += namesOf(page.value("items").toArray());
        // As a real API server: a typed list's items leave out the kind and
        // apiVersion the list names once.
        for (const QJsonValue &item : page.value("items").toArray()) {
            QVERIFY(!item.toObject().contains("kind"));
            QVERIFY(!item.toObject().contains("apiVersion"));
            QVERIFY(item.toObject().contains("metadata"));
        }
        continueToken = metadata.value("continue").toString();
        if (!continueToken.isEmpty())
            QCOMPARE(metadata.value("remainingItemCount").toInt(), 5 - int(seen.size()));
        else
            QVERIFY(!metadata.contains("remainingItemCount"));
        if (pages == 0)
            create(port, QStringLiteral("later")); // not in this snapshot
        ++pages;
    } while (!continueToken.isEmpty() && pages < 10);
    QCOMPARE(pages, 3);
    QCOMPARE(seen, (QStringList{"a", "b", "c", "d", "e"}));
}

void TestSimServer::continueTokenExpires()
{
    SimOptions options;
    options.continueTtlMs = 100;
    const auto sim = startEmptySim(options);
    const quint16 port = sim->port();
    for (const char *name : {"a", "b", "c"})
        create(port, QLatin1String(name));
    const QString token = get(port, "/api/v1/configmaps?limit=1")
                              .json()
                              .value("metadata")
                              .toObject()
                              .value("continue")
                              .toString();
    QVERIFY(!token.isEmpty());
    QTest::qWait(300);
    const Response expired =
        get(port, "/api/v1/configmaps?limit=1&continue=" + QUrl::toPercentEncoding(token));
    QCOMPARE(expired.status, 410);
    QCOMPARE(expired.json().value("reason").toString(), QStringLiteral("Expired"));
    QVERIFY(expired.json().value("message").toString().startsWith(
        QStringLiteral("The provided continue parameter is too old")));
    const QString inconsistent =
        expired.json().value("metadata").toObject().value("continue").toString();
    QVERIFY(!inconsistent.isEmpty());
    const QJsonObject rest =
        get(port, "/api/v1/configmaps?limit=5&continue=" + QUrl::toPercentEncoding(inconsistent))
            .json();
    QCOMPARE(namesOf(rest.value("items").toArray()), (QStringList{"b", "c"}));
}

void TestSimServer::exactListReadsAnOlderState()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("x"), QStringLiteral("old"));
    const QString before = listResourceVersion(port, "/api/v1/namespaces/default/configmaps");
    QCOMPARE(mergePatch(port, "/api/v1/namespaces/default/configmaps/x",
                        R"({"metadata":{"labels":{"tier":"new"}}})")
                 .status,
             200);
    create(port, QStringLiteral("y"));
    const QJsonObject old =
        get(port, "/api/v1/namespaces/default/configmaps?resourceVersion=" + before.toUtf8() +
                      "&resourceVersionMatch=Exact")
            .json();
    QCOMPARE(old.value("metadata").toObject().value("resourceVersion").toString(), before);
    QCOMPARE(namesOf(old.value("items").toArray()), QStringList{"x"});
    QCOMPARE(old.value("items")
                 .toArray()
                 .at(0)
                 .toObject()
                 .value("metadata")
                 .toObject()
                 .value("labels")
                 .toObject()
                 .value("tier")
                 .toString(),
             QStringLiteral("old"));
    const QJsonObject notOlder =
        get(port, "/api/v1/namespaces/default/configmaps?resourceVersion=" + before.toUtf8())
            .json();
    QCOMPARE(namesOf(notOlder.value("items").toArray()), (QStringList{"x", "y"}));
    const Response tooLarge = get(port, "/api/v1/configmaps?resourceVersion=999999");
    QCOMPARE(tooLarge.status, 504);
    QCOMPARE(firstCause(tooLarge).value("reason").toString(),
             QStringLiteral("ResourceVersionTooLarge"));
}

void TestSimServer::compactedVersionsAnswer410()
{
    SimOptions options;
    options.history = 3;
    const auto sim = startEmptySim(options);
    const quint16 port = sim->port();
    create(port, QStringLiteral("first"));
    const QString early = listResourceVersion(port, "/api/v1/configmaps");
    for (int i = 0; i < 6; ++i)
        create(port, QStringLiteral("cm-%1").arg(i));
    const Response list = get(port, "/api/v1/configmaps?resourceVersion=" + early.toUtf8() +
                                        "&resourceVersionMatch=Exact");
    QCOMPARE(list.status, 410);
    QCOMPARE(list.json().value("message").toString(),
             QStringLiteral("The resourceVersion for the provided list is too old."));
    Watch watch(port, "/api/v1/configmaps?watch=true&resourceVersion=" + early.toUtf8());
    QCOMPARE(watch.status(), 200);
    const QList<QJsonObject> events = watch.next(1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ERROR"));
    const QJsonObject status = events[0].value("object").toObject();
    QCOMPARE(status.value("code").toInt(), 410);
    QCOMPARE(status.value("reason").toString(), QStringLiteral("Expired"));
    QVERIFY(status.value("message").toString().startsWith(
        QStringLiteral("too old resource version: ") + early));
    bool clean = false;
    QVERIFY(watch.waitForEnd(5000, &clean));
    QVERIFY(clean);
}

void TestSimServer::watchFromResourceVersionReplaysLaterChanges()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"));
    const QString start = listResourceVersion(port, "/api/v1/namespaces/default/configmaps");
    create(port, QStringLiteral("b"));
    QCOMPARE(
        mergePatch(port, "/api/v1/namespaces/default/configmaps/a", R"({"data":{"k":"w"}})").status,
        200);
    QCOMPARE(request(port, "DELETE", "/api/v1/namespaces/default/configmaps/b").status, 200);
    Watch watch(port, "/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=" +
                          start.toUtf8());
    const QList<QJsonObject> events = watch.next(3);
    QCOMPARE(events.size(), 3);
    QStringList types;
    quint64 last = start.toULongLong();
    for (const QJsonObject &event : events) {
        types.append(event.value("type").toString());
        const quint64 rv = rvOf(event.value("object").toObject()).toULongLong();
        QVERIFY(rv > last);
        last = rv;
    }
    QCOMPARE(types, (QStringList{"ADDED", "MODIFIED", "DELETED"}));
    create(port, QStringLiteral("c"));
    const QList<QJsonObject> live = watch.next(1);
    QCOMPARE(live.size(), 1);
    QCOMPARE(
        live[0].value("object").toObject().value("metadata").toObject().value("name").toString(),
        QStringLiteral("c"));
}

void TestSimServer::watchWithoutResourceVersionStartsWithTheState()
{
    const auto sim = startEmptySim();
    create(sim->port(), QStringLiteral("a"));
    create(sim->port(), QStringLiteral("b"));
    for (const QByteArray &rv : {QByteArray(), QByteArray("0")}) {
        Watch watch(sim->port(), "/api/v1/namespaces/default/configmaps?watch=1" +
                                     (rv.isNull() ? QByteArray() : "&resourceVersion=" + rv));
        const QList<QJsonObject> events = watch.next(2);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].value("type").toString(), QStringLiteral("ADDED"));
        QCOMPARE(events[1].value("type").toString(), QStringLiteral("ADDED"));
    }
}

void TestSimServer::watchEndsCleanlyAtTimeoutSeconds()
{
    const auto sim = startEmptySim();
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&timeoutSeconds=1");
    bool clean = false;
    QVERIFY(watch.waitForEnd(10000, &clean));
    QVERIFY(clean);
}

void TestSimServer::bookmarksAreSentOnlyWhenAllowed()
{
    SimOptions options;
    options.bookmarkIntervalMs = 50;
    const auto sim = startEmptySim(options);
    create(sim->port(), QStringLiteral("a"));
    const QString rv = listResourceVersion(sim->port(), "/api/v1/configmaps");
    Watch with(sim->port(), "/api/v1/configmaps?watch=1&allowWatchBookmarks=true&resourceVersion=" +
                                rv.toUtf8());
    const QList<QJsonObject> bookmarks = with.next(2);
    QCOMPARE(bookmarks.size(), 2);
    for (const QJsonObject &event : bookmarks) {
        QCOMPARE(event.value("type").toString(), QStringLiteral("BOOKMARK"));
        QCOMPARE(event.value("object").toObject().value("kind").toString(),
                 QStringLiteral("ConfigMap"));
        QVERIFY(rvOf(event.value("object").toObject()).toULongLong() >= rv.toULongLong());
    }
    Watch without(sim->port(), "/api/v1/configmaps?watch=1&resourceVersion=" + rv.toUtf8());
    QCOMPARE(without.next(1, 400).size(), 0);
}

void TestSimServer::streamingListEndsWithTheAnnotatedBookmark()
{
    SimOptions options;
    options.bookmarkIntervalMs = 0;
    const auto sim = startEmptySim(options);
    for (const char *name : {"a", "b", "c"})
        create(sim->port(), QLatin1String(name));
    Watch watch(sim->port(), "/api/v1/namespaces/default/"
                             "configmaps?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&"
                             "resourceVersionMatch=NotOlderThan");
    const QList<QJsonObject> events = watch.next(4);
    QCOMPARE(events.size(), 4);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(events[i].value("type").toString(), QStringLiteral("ADDED"));
    QCOMPARE(events[3].value("type").toString(), QStringLiteral("BOOKMARK"));
    const QJsonObject metadata = events[3].value("object").toObject().value("metadata").toObject();
    QCOMPARE(metadata.value("annotations").toObject().value("k8s.io/initial-events-end").toString(),
             QStringLiteral("true"));
    create(sim->port(), QStringLiteral("d"));
    const QList<QJsonObject> live = watch.next(1);
    QCOMPARE(live.size(), 1);
    QCOMPARE(live[0].value("type").toString(), QStringLiteral("ADDED"));
    QVERIFY(rvOf(live[0].value("object").toObject()).toULongLong() >
            metadata.value("resourceVersion").toString().toULongLong());
}

// As the watch cache: a 200, then an ERROR event with the 504 Status of
// NewTooLargeResourceVersionError, then the end (a streaming list after it
// waited for the version in vain).
void TestSimServer::watchAtAVersionNotReachedIsAnsweredInsideTheStream_data()
{
    QTest::addColumn<QByteArray>("query");
    QTest::newRow("watch") << QByteArray("watch=true&resourceVersion=999999");
    QTest::newRow("streaming list")
        << QByteArray("watch=true&sendInitialEvents=true&allowWatchBookmarks=true&"
                      "resourceVersionMatch=NotOlderThan&resourceVersion=999999");
}

void TestSimServer::watchAtAVersionNotReachedIsAnsweredInsideTheStream()
{
    QFETCH(QByteArray, query);
    const auto sim = startEmptySim();
    create(sim->port(), QStringLiteral("a"));
    const QString current = listResourceVersion(sim->port(), "/api/v1/configmaps");
    Watch watch(sim->port(), "/api/v1/configmaps?" + query);
    QCOMPARE(watch.status(), 200);
    const QList<QJsonObject> events = watch.next(1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ERROR"));
    const QJsonObject status = events[0].value("object").toObject();
    QCOMPARE(status.value("code").toInt(), 504);
    QCOMPARE(status.value("reason").toString(), QStringLiteral("Timeout"));
    QCOMPARE(status.value("message").toString(),
             QStringLiteral("Timeout: Too large resource version: 999999, current: ") + current);
    const QJsonObject details = status.value("details").toObject();
    QCOMPARE(details.value("retryAfterSeconds").toInt(), 1);
    QCOMPARE(details.value("causes").toArray().at(0).toObject().value("reason").toString(),
             QStringLiteral("ResourceVersionTooLarge"));
    bool clean = false;
    QVERIFY(watch.waitForEnd(5000, &clean));
    QVERIFY(clean);
}

// The watch cache's streaming list waits a moment for a version it has not
// reached: one written meanwhile starts it as usual.
void TestSimServer::streamingListWaitsForAVersionReachedSoon()
{
    SimOptions options;
    options.bookmarkIntervalMs = 0;
    const auto sim = startEmptySim(options);
    const quint16 port = sim->port();
    create(port, QStringLiteral("a"));
    const quint64 next = listResourceVersion(port, "/api/v1/configmaps").toULongLong() + 1;
    std::thread writer([port] {
        QThread::msleep(300);
        create(port, QStringLiteral("b"));
    });
    Watch watch(port, "/api/v1/namespaces/default/configmaps?watch=true&sendInitialEvents=true&"
                      "allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&"
                      "resourceVersion=" +
                          QByteArray::number(next));
    writer.join();
    QCOMPARE(watch.status(), 200);
    const QList<QJsonObject> events = watch.next(3);
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ADDED"));
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("ADDED"));
    QCOMPARE(events[2].value("type").toString(), QStringLiteral("BOOKMARK"));
    QCOMPARE(rvOf(events[2].value("object").toObject()).toULongLong(), next);
}

void TestSimServer::invalidStreamingRequestsAnswer422_data()
{
    QTest::addColumn<QByteArray>("query");
    QTest::addColumn<QString>("field");
    QTest::newRow("sendInitialEvents without match")
        << QByteArray("sendInitialEvents=true&allowWatchBookmarks=true") << "resourceVersionMatch";
    QTest::newRow("sendInitialEvents without bookmarks")
        << QByteArray("sendInitialEvents=true&resourceVersionMatch=NotOlderThan")
        << "allowWatchBookmarks";
    QTest::newRow("match without sendInitialEvents")
        << QByteArray("resourceVersionMatch=NotOlderThan&resourceVersion=1")
        << "resourceVersionMatch";
    QTest::newRow("Exact match")
        << QByteArray("sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=Exact")
        << "resourceVersionMatch";
}

void TestSimServer::invalidStreamingRequestsAnswer422()
{
    QFETCH(QByteArray, query);
    QFETCH(QString, field);
    const auto sim = startEmptySim();
    const Response response = get(sim->port(), "/api/v1/configmaps?watch=1&" + query);
    QCOMPARE(response.status, 422);
    QCOMPARE(response.json().value("reason").toString(), QStringLiteral("Invalid"));
    QCOMPARE(firstCause(response).value("field").toString(), field);
}

QTEST_GUILESS_MAIN(TestSimServer)
#include "tst_simserver.moc"
