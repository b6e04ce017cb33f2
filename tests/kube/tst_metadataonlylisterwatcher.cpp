// A metadata-only RestListerWatcher against a local HTTP server: it asks for
// PartialObjectMetadata(List) as client-go's metadata client does, returns
// the watched kind's metadata-only objects, keeps only the metadata of whole
// objects a server sent anyway, and refuses what is neither.

#include "fakeapiserver.h"

#include "informer/kube/restlisterwatcher.h"

#include <QTest>

using namespace informant;

namespace {

const QByteArray kListAccept =
    "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json";
const QByteArray kWatchAccept =
    "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";

const QByteArray kPartialList =
    R"({"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1",)"
    R"("metadata":{"resourceVersion":"42"},"items":[)"
    R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"a",)"
    R"("namespace":"ns","uid":"u1","resourceVersion":"40"}},)"
    R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"b",)"
    R"("namespace":"ns","uid":"u2","resourceVersion":"41"}}]})";

// A server that answered the plain JSON the Accept also allows.
const QByteArray kWholeList =
    R"({"kind":"SecretList","apiVersion":"v1","metadata":{"resourceVersion":"42"},"items":[)"
    R"({"metadata":{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"40"},)"
    R"("type":"Opaque","data":{"password":"aHVudGVyMg=="}}]})";

QByteArray frame(const char *type, const QByteArray &object)
{
    return QByteArray(R"({"type":")") + type + R"(","object":)" + object + "}\n";
}

QByteArray partial(const char *name, int rv)
{
    return QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                      R"("metadata":{"name":")") +
           name + R"(","namespace":"ns","resourceVersion":")" + QByteArray::number(rv) + R"("}})";
}

std::shared_ptr<const ClusterConnection> connectionTo(const QUrl &server)
{
    ClusterConfig config;
    config.server = server;
    return ClusterConnection::create(config);
}

std::unique_ptr<RestListerWatcher> secretsLister(const QUrl &server)
{
    auto lw = std::make_unique<RestListerWatcher>(
        connectionTo(server),
        ResourcePath{{}, QStringLiteral("v1"), QStringLiteral("secrets"), {}, true});
    lw->setMetadataOnlyKind(QStringLiteral("Secret"));
    return lw;
}

// Every event of a watch answered with `body`, up to its end.
QList<WatchEvent> watchAll(const QByteArray &body, WatchStream::Next &end, QByteArray &accept)
{
    FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
        FakeApiServer::beginChunked(socket);
        FakeApiServer::chunk(socket, body);
        FakeApiServer::endChunked(socket);
    });
    if (!server.listen())
        return {};
    auto lw = secretsLister(server.url());
    ListOptions options;
    options.resourceVersion = QStringLiteral("42");
    options.timeoutSeconds = 300;
    auto stream = lw->watch(options);
    QList<WatchEvent> events;
    if (!stream.ok())
        return events;
    while ((end = stream.value()->next(events)) == WatchStream::Next::Events) {
    }
    accept = server.requests.value(0).headers.value("accept");
    return events;
}

} // namespace

class TestMetadataOnlyListerWatcher : public QObject
{
    Q_OBJECT

private slots:
    void listAsksForPartialMetadataAndKeepsTheKind();
    void listOfWholeObjectsKeepsOnlyTheirMetadata();
    void listOfAnotherKindFails();
    void watchAsksForPartialMetadataAndKeepsTheKind();
    void watchObjectOfAnotherKindEndsTheStream();
    void plainListerWatcherAsksForPlainJson();
};

void TestMetadataOnlyListerWatcher::listAsksForPartialMetadataAndKeepsTheKind()
{
    FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
        FakeApiServer::reply(socket, 200, kPartialList);
    });
    QVERIFY(server.listen());
    auto lw = secretsLister(server.url());
    const auto page = lw->list({});
    QVERIFY2(page.ok(), qPrintable(page.ok() ? QString() : page.error().message));
    QCOMPARE(server.requests.value(0).headers.value("accept"), kListAccept);
    QCOMPARE(page->kind, QStringLiteral("SecretList"));
    QCOMPARE(page->apiVersion, QStringLiteral("v1"));
    QCOMPARE(page->resourceVersion, QStringLiteral("42"));
    QCOMPARE(page->items.size(), 2);
    for (const KubeObject &item : page->items) {
        QVERIFY(item.isMetadataOnly());
        QCOMPARE(item.kind(), QStringLiteral("Secret"));
        QCOMPARE(item.apiVersion(), QStringLiteral("v1"));
    }
    QCOMPARE(page->items[1].key(), QStringLiteral("ns/b"));
    // A relist's mapper sees the metadata-only object.
    const auto mapped = lw->listMapped(
        {}, [](const KubeObject &item) { return item.isMetadataOnly() ? item : KubeObject(); });
    QVERIFY(mapped.ok());
    QVERIFY(!mapped->items.value(0).isNull());
}

void TestMetadataOnlyListerWatcher::listOfWholeObjectsKeepsOnlyTheirMetadata()
{
    FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
        FakeApiServer::reply(socket, 200, kWholeList);
    });
    QVERIFY(server.listen());
    const auto page = secretsLister(server.url())->list({});
    QVERIFY(page.ok());
    QCOMPARE(page->items.size(), 1);
    QVERIFY(page->items[0].isMetadataOnly());
    QCOMPARE(page->items[0].kind(), QStringLiteral("Secret"));
    QVERIFY(!page->items[0].json().contains("aHVudGVyMg=="));
}

void TestMetadataOnlyListerWatcher::listOfAnotherKindFails()
{
    FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
        FakeApiServer::reply(
            socket, 200,
            R"({"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"1"},)"
            R"("items":[{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"}}]})");
    });
    QVERIFY(server.listen());
    const auto page = secretsLister(server.url())->list({});
    QVERIFY(!page.ok());
    QCOMPARE(page.error().kind, ApiError::Kind::Decode);
    // Named as any item the list decoder refuses.
    QVERIFY2(page.error().message.contains(QStringLiteral(
                 "items[0]: expected PartialObjectMetadata or Secret, got v1 ConfigMap")),
             qPrintable(page.error().message));
}

void TestMetadataOnlyListerWatcher::watchAsksForPartialMetadataAndKeepsTheKind()
{
    const QByteArray bookmark = R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                                R"("metadata":{"resourceVersion":"46"}})";
    WatchStream::Next end{};
    QByteArray accept;
    const QList<WatchEvent> events =
        watchAll(frame("ADDED", partial("a", 43)) + frame("MODIFIED", partial("a", 44)) +
                     frame("DELETED", partial("a", 45)) + frame("BOOKMARK", bookmark),
                 end, accept);
    QCOMPARE(accept, kWatchAccept);
    QCOMPARE(end, WatchStream::Next::Closed);
    QCOMPARE(events.size(), 4);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(events[i].object.isMetadataOnly());
        QCOMPARE(events[i].object.kind(), QStringLiteral("Secret"));
        QCOMPARE(events[i].object.apiVersion(), QStringLiteral("v1"));
        QCOMPARE(events[i].object.key(), QStringLiteral("ns/a"));
    }
    QCOMPARE(events[2].object.resourceVersion(), QStringLiteral("45"));
    QCOMPARE(events[3].type, WatchEvent::Type::Bookmark);
    QCOMPARE(events[3].object.resourceVersion(), QStringLiteral("46"));
}

void TestMetadataOnlyListerWatcher::watchObjectOfAnotherKindEndsTheStream()
{
    const QByteArray configMap =
        R"({"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","namespace":"ns"}})";
    WatchStream::Next end{};
    QByteArray accept;
    const QList<WatchEvent> events =
        watchAll(frame("ADDED", partial("a", 43)) + frame("ADDED", configMap) +
                     frame("ADDED", partial("b", 44)),
                 end, accept);
    QCOMPARE(end, WatchStream::Next::Closed);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].object.key(), QStringLiteral("ns/a"));
    // As an undecodable frame: client-go's InternalError, nothing after it.
    QCOMPARE(events[1].type, WatchEvent::Type::Error);
    QCOMPARE(events[1].status.code, 500);
    QCOMPARE(events[1].status.reason, QStringLiteral("InternalError"));
    QVERIFY2(events[1].status.message.contains(QStringLiteral("got v1 ConfigMap")),
             qPrintable(events[1].status.message));
}

void TestMetadataOnlyListerWatcher::plainListerWatcherAsksForPlainJson()
{
    FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
        FakeApiServer::reply(socket, 200, kWholeList);
    });
    QVERIFY(server.listen());
    RestListerWatcher lw(
        connectionTo(server.url()),
        ResourcePath{{}, QStringLiteral("v1"), QStringLiteral("secrets"), {}, true});
    const auto page = lw.list({});
    QVERIFY(page.ok());
    QCOMPARE(server.requests.value(0).headers.value("accept"), QByteArray("application/json"));
    QVERIFY(!page->items[0].isMetadataOnly());
    QVERIFY(page->items[0].json().contains("aHVudGVyMg=="));
}

QTEST_GUILESS_MAIN(TestMetadataOnlyListerWatcher)
#include "tst_metadataonlylisterwatcher.moc"
