// The user's "Reconnect now" (SharedIndexInformer::retryNow) cuts whatever
// wait the informer is in: the reflector's backoff, and a server's
// Retry-After, which RestListerWatcher waits for before it sends a watch or a
// list again (an API server restarting behind its load balancer answers 503
// with Retry-After). Meanwhile the status says the informer is backing off
// and until when, as the banner that offers "Reconnect now" needs. Against a
// local HTTP server that answers the first request of the kind under test
// with a 503 whose Retry-After is a minute.

#include "../kube/fakeapiserver.h"

#include "informer/informers/sharedindexinformer.h"
#include "informer/kube/restlisterwatcher.h"

#include <QTest>

using namespace informant;

namespace {

const QByteArray kUnavailable =
    R"({"kind":"Status","apiVersion":"v1","status":"Failure","reason":"ServiceUnavailable",)"
    R"("message":"the server is currently unable to handle the request","code":503})";

const QByteArray kPodList =
    R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42"},)"
    R"("items":[{"metadata":{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"40"}}]})";

// Longer than any test waits: only a cut wait lets the request go again.
constexpr int kRetryAfterSeconds = 60;

int requestsOf(const FakeApiServer &server, bool watch)
{
    int count = 0;
    for (const HttpRequest &request : server.requests)
        count += request.query.queryItemValue(QStringLiteral("watch")) ==
                         (watch ? QLatin1String("true") : QString())
                     ? 1
                     : 0;
    return count;
}

} // namespace

class TstReconnectNow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reconnectNowCutsARetryAfterWait_data();
    void reconnectNowCutsARetryAfterWait();
};

void TstReconnectNow::reconnectNowCutsARetryAfterWait_data()
{
    QTest::addColumn<bool>("watch");
    QTest::newRow("watch") << true;
    QTest::newRow("list") << false;
}

void TstReconnectNow::reconnectNowCutsARetryAfterWait()
{
    QFETCH(bool, watch);
    bool turnedAway = false;
    FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
        const bool isWatch =
            request.query.queryItemValue(QStringLiteral("watch")) == QLatin1String("true");
        if (isWatch == watch && !std::exchange(turnedAway, true)) {
            FakeApiServer::reply(socket, 503, kUnavailable, "application/json",
                                 "Retry-After: " + QByteArray::number(kRetryAfterSeconds) + "\r\n");
            return;
        }
        if (!isWatch) {
            FakeApiServer::reply(socket, 200, kPodList);
            return;
        }
        FakeApiServer::beginChunked(socket); // open, quiet
    });
    QVERIFY(server.listen());
    ClusterConfig config;
    config.server = server.url();
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = false;
    SharedIndexInformer informer(
        std::make_shared<RestListerWatcher>(
            ClusterConnection::create(config),
            ResourcePath{QString(), QStringLiteral("v1"), QStringLiteral("pods"), QString(), true},
            DecodeOptions{}),
        options);
    informer.start();
    QTRY_VERIFY_WITH_TIMEOUT(turnedAway, 10000);
    if (watch) {
        // The banner offers "Reconnect now" for a wait it can count down.
        QTRY_VERIFY_WITH_TIMEOUT(informer.status().state == InformerStatus::State::BackingOff &&
                                     informer.status().retryAtMs > 0,
                                 10000);
        const QString error = informer.status().lastError;
        QVERIFY2(
            error.endsWith(QLatin1String(
                "503 ServiceUnavailable: the server is currently unable to handle the request")),
            qPrintable(error));
    }
    QCOMPARE(requestsOf(server, watch), 1);

    informer.retryNow();
    QTRY_COMPARE_WITH_TIMEOUT(requestsOf(server, watch), 2, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(informer.status().state, InformerStatus::State::Watching, 20000);
    QVERIFY(informer.hasSynced());
    informer.stop();
}

QTEST_GUILESS_MAIN(TstReconnectNow)
#include "tst_reconnectnow.moc"
