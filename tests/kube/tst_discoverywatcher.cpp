// DiscoveryWatcher: discovery is emitted once, then again when a CRD is
// added (the new kind appears), and stopping joins the worker promptly.

#include "fakeapiserver.h"

#include "informer/kube/discoverywatcher.h"

#include <QSignalSpy>
#include <QTest>

using namespace informant;

namespace {

QByteArray aggregated(bool withWidgets)
{
    QByteArray items =
        R"({"metadata":{"name":"apiextensions.k8s.io"},"versions":[{"version":"v1","resources":[
 {"resource":"customresourcedefinitions","responseKind":{"group":"apiextensions.k8s.io","version":"v1","kind":"CustomResourceDefinition"},"scope":"Cluster","singularResource":"customresourcedefinition","verbs":["get","list","watch"],"shortNames":["crd"]}]}]})";
    if (withWidgets)
        items += R"(,{"metadata":{"name":"example.com"},"versions":[{"version":"v1","resources":[
 {"resource":"widgets","responseKind":{"group":"example.com","version":"v1","kind":"Widget"},"scope":"Namespaced","singularResource":"widget","verbs":["get","list","watch"]}]}]})";
    return R"({"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","items":[)" +
           items + "]}";
}

} // namespace

class tst_DiscoveryWatcher : public QObject
{
    Q_OBJECT

private slots:
    void crdChangeTriggersANewDiscovery()
    {
        bool widgets = false;
        QTcpSocket *watch = nullptr;
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            if (request.path == QLatin1String("/api")) {
                FakeApiServer::reply(
                    socket, 200,
                    R"({"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","items":[]})");
            } else if (request.path == QLatin1String("/apis")) {
                FakeApiServer::reply(socket, 200, aggregated(widgets));
            } else if (request.query.hasQueryItem(QStringLiteral("watch"))) {
                FakeApiServer::beginChunked(socket);
                watch = socket;
            } else {
                FakeApiServer::reply(
                    socket, 200,
                    R"({"kind":"CustomResourceDefinitionList","apiVersion":"apiextensions.k8s.io/v1","metadata":{"resourceVersion":"10"},"items":[]})");
            }
        });
        QVERIFY(server.listen());
        ClusterConfig config;
        config.server = server.url();
        DiscoveryWatcher watcher(ClusterConnection::create(config));
        QSignalSpy discovered(&watcher, &DiscoveryWatcher::discovered);
        QSignalSpy failed(&watcher, &DiscoveryWatcher::failed);
        watcher.start();
        QTRY_COMPARE(discovered.size(), 1);
        QTRY_VERIFY(watch != nullptr);
        auto first = discovered.at(0).at(0).value<DiscoveryResult>();
        QVERIFY(!first.resolve(QStringLiteral("widgets")).ok());

        widgets = true;
        FakeApiServer::chunk(
            watch,
            R"({"type":"ADDED","object":{"kind":"CustomResourceDefinition","apiVersion":"apiextensions.k8s.io/v1","metadata":{"name":"widgets.example.com","resourceVersion":"11"}}})"
            "\n");
        QTRY_COMPARE(discovered.size(), 2);
        auto second = discovered.at(1).at(0).value<DiscoveryResult>();
        QVERIFY(second.resolve(QStringLiteral("widgets")).ok());
        QCOMPARE(failed.size(), 0);
        watcher.stop();
        QCOMPARE(discovered.size(), 2);
    }
};

QTEST_GUILESS_MAIN(tst_DiscoveryWatcher)
#include "tst_discoverywatcher.moc"
