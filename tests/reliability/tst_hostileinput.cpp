// Hostile servers: a local HostileServer answers list and watch requests
// with oversized, deeply nested, mistyped, NUL-laden and invalid UTF-8
// objects, a list announcing 2 GiB and cut short, bodies sent one byte at a
// time and watches that never send anything. The REST ListerWatcher must
// give a clear error naming what is wrong (never crash, never hang), and an
// informer must recover and sync once the server behaves again.

#include "hostileserver.h"

#include "informer/informers/sharedindexinformer.h"
#include "informer/kube/restlisterwatcher.h"
#include "informer/printers/jsonpath.h"

#include <QElapsedTimer>
#include <QTest>
#include <QTimer>

using namespace informant;
using namespace reliability;

namespace {

QByteArray pod(const QByteArray &name, const QByteArray &rv, const QByteArray &extraMetadata = {},
               const QByteArray &extraTop = {})
{
    return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name +
           "\",\"namespace\":\"default\",\"uid\":\"uid-" + name + "\",\"resourceVersion\":\"" + rv +
           "\"" + extraMetadata + "}" + extraTop + "}";
}

// A pod whose metadata field `field` holds the raw JSON `value`.
QByteArray podWith(const QByteArray &field, const QByteArray &value)
{
    QByteArray metadata = "\"name\":\"p\",\"namespace\":\"default\",\"uid\":\"u\","
                          "\"resourceVersion\":\"5\"";
    const QByteArray key = '"' + field + "\":";
    const qsizetype at = metadata.indexOf(key);
    if (at >= 0) {
        const qsizetype end = metadata.indexOf(',', at);
        metadata.replace(at, (end < 0 ? metadata.size() : end) - at, key + value);
    } else {
        metadata += ',' + key + value;
    }
    return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{" + metadata + "}}";
}

QByteArray list(const QByteArray &items, const QByteArray &rv = "10")
{
    return "{\"apiVersion\":\"v1\",\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"" + rv +
           "\"},\"items\":[" + items + "]}";
}

QByteArray nested(int depth)
{
    return QByteArray(depth, '[') + QByteArray(depth, ']');
}

std::shared_ptr<RestListerWatcher> podsListerWatcher(const QString &url)
{
    ClusterConfig config;
    config.server = QUrl(url);
    return std::make_shared<RestListerWatcher>(
        ClusterConnection::create(config),
        ResourcePath{QString(), QStringLiteral("v1"), QStringLiteral("pods"), QString(), true});
}

HostilePlan answer(const QByteArray &body)
{
    HostilePlan plan;
    plan.body = body;
    return plan;
}

// The well-behaved server: one pod in the list, one more added by the watch,
// which then stays open.
HostilePlan behave(const HostileRequest &request)
{
    if (!request.isWatch())
        return answer(list(pod("a", "10")));
    HostilePlan plan;
    plan.streaming = true;
    plan.close = false;
    plan.body = "{\"type\":\"ADDED\",\"object\":" + pod("b", "11") + "}\n";
    return plan;
}

} // namespace

class TstHostileInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listGivesItemsOrClearError_data();
    void listGivesItemsOrClearError();
    void listTrickledForeverFailsAtItsTimeout();
    void informerRecoversWhenServerBehavesAgain_data();
    void informerRecoversWhenServerBehavesAgain();
    void unansweredWatchIsNotWatching();
    void watchSentAgainOnItsOwnNamesTheLatestAnswer();
};

void TstHostileInput::listGivesItemsOrClearError_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<qint64>("announced"); // Content-Length; -1: the real one
    QTest::addColumn<int>("items");        // -1: an error is expected
    QTest::addColumn<QString>("error");    // fragment of the error message

    const auto row = [](const char *name, const QByteArray &body, int items, const char *error) {
        QTest::newRow(name) << body << qint64(-1) << items << QString::fromLatin1(error);
    };
    const QByteArray mib(1 << 20, 'x');
    row("1 MiB annotation", list(pod("big", "5", ",\"annotations\":{\"note\":\"" + mib + "\"}")), 1,
        "");
    // Kept (only metadata is read), but nothing later may recurse on it blindly.
    row("10k-deep nesting in spec", list(pod("deep", "5", {}, ",\"spec\":" + nested(10000))), 1,
        "");
    row("10k-deep nesting as an item", list(nested(10000)), -1, "items[0]: expected a JSON object");
    row("name is a number", list(podWith("name", "5")), -1, "metadata.name");
    row("namespace is an object", list(podWith("namespace", "{}")), -1, "metadata.namespace");
    row("uid is an array", list(podWith("uid", "[1]")), -1, "metadata.uid");
    row("resourceVersion is a number", list(podWith("resourceVersion", "7")), -1,
        "metadata.resourceVersion");
    row("creationTimestamp is a bool", list(podWith("creationTimestamp", "true")), -1,
        "metadata.creationTimestamp");
    row("deletionTimestamp is not a time", list(podWith("deletionTimestamp", "\"yesterday\"")), -1,
        "metadata.deletionTimestamp");
    row("labels is a string", list(podWith("labels", "\"a=b\"")), -1, "metadata.labels");
    row("label value is a number", list(podWith("labels", "{\"a\":1}")), -1, "metadata.labels.a");
    row("annotations is an array", list(podWith("annotations", "[]")), -1, "metadata.annotations");
    row("ownerReferences is an object", list(podWith("ownerReferences", "{}")), -1,
        "metadata.ownerReferences");
    row("owner controller is a string",
        list(podWith("ownerReferences", "[{\"kind\":\"X\",\"controller\":\"yes\"}]")), -1,
        "metadata.ownerReferences[].controller");
    row("generation is a string", list(podWith("generation", "\"3\"")), -1, "metadata.generation");
    row("managedFields is a string", list(podWith("managedFields", "\"x\"")), -1,
        "metadata.managedFields");
    row("metadata is a string", list("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":\"m\"}"),
        -1, "metadata");
    row("kind is a number", list("{\"apiVersion\":\"v1\",\"kind\":5,\"metadata\":{}}"), -1, "kind");
    row("items is an object",
        "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"1\"},\"items\":{}}", -1,
        "items: expected an array");
    // Taken as empty, these would lose the reflector's place or end paging early.
    row("list resourceVersion is a number",
        "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":1},\"items\":[]}", -1,
        "resourceVersion");
    row("list continue is a number",
        "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"1\",\"continue\":7},"
        "\"items\":[]}",
        -1, "continue");
    row("list is an array", "[]", -1, "expected a JSON object");
    row("escaped NUL in a name", list(pod("nul\\u0000name", "5")), 1, "");
    row("raw NUL byte in a name", list(pod(QByteArray("nul\0name", 8), "5")), -1,
        "items[0]: invalid JSON");
    row("NUL byte after the list", list(pod("a", "5")) + QByteArray(1, '\0'), -1, "list JSON");
    row("invalid UTF-8 in a name", list(pod("bad\xff\xfe", "5")), -1, "items[0]: invalid JSON");
    row("invalid UTF-8 in an annotation",
        list(pod("a", "5", ",\"annotations\":{\"k\":\"\xc3\x28\"}")), -1, "items[0]: invalid JSON");
    QTest::newRow("2 GiB announced, cut short") << list(pod("a", "5")).left(40) << (qint64(2) << 30)
                                                << -1 << QStringLiteral("/api/v1/pods");
}

void TstHostileInput::listGivesItemsOrClearError()
{
    QFETCH(QByteArray, body);
    QFETCH(qint64, announced);
    QFETCH(int, items);
    QFETCH(QString, error);

    HostileServer server([&](const HostileRequest &) {
        HostilePlan plan = answer(body);
        if (announced >= 0)
            plan.contentLength = announced;
        return plan;
    });
    QVERIFY(!server.url().isEmpty());
    auto listerWatcher = podsListerWatcher(server.url());
    const auto page = listerWatcher->list(ListOptions{});
    if (items >= 0) {
        QVERIFY2(page.ok(), qPrintable(page.ok() ? QString() : page.error().message));
        QCOMPARE(page->items.size(), qsizetype(items));
        if (QByteArray(QTest::currentDataTag()).startsWith("1 MiB"))
            QVERIFY(page->items.first().json().size() > (1 << 20));
        // What a printer column or -o jsonpath does with the object: a
        // recursive walk. Past simdjson's depth limit it yields nothing
        // (not even metadata.name), but it must not recurse into a crash.
        const auto everywhere = JsonPath::parse(QStringLiteral("{..name}"));
        QVERIFY(everywhere.ok());
        const bool tooDeep = QByteArray(QTest::currentDataTag()).startsWith("10k");
        for (const KubeObject &item : std::as_const(page->items))
            QCOMPARE(everywhere->evaluate(item).isEmpty(), tooDeep);
        return;
    }
    QVERIFY(!page.ok());
    QVERIFY2(page.error().message.contains(error), qPrintable(page.error().message));
}

// RestListerWatcher makes a list's timeoutSeconds the request's deadline
// (as client-go's typed clients do); the inactivity timeout alone would let
// a server that keeps sending a byte now and then hold the list forever.
void TstHostileInput::listTrickledForeverFailsAtItsTimeout()
{
    // Headers, then one byte a second that never makes a whole list: a
    // list with timeoutSeconds=2 must fail on its own within a few seconds
    // (client-go makes timeoutSeconds the request's deadline), not wait for
    // a body that never ends. The test cancels after 15 s to fail, not hang.
    HostileServer server([](const HostileRequest &) {
        HostilePlan plan;
        plan.body = QByteArray(3600, ' ');
        plan.trickleMs = 1000;
        return plan;
    });
    auto listerWatcher = podsListerWatcher(server.url());
    QTimer::singleShot(15000, [listerWatcher] { listerWatcher->cancel(); });
    ListOptions options;
    options.timeoutSeconds = 2;
    QElapsedTimer clock;
    clock.start();
    const auto page = listerWatcher->list(options);
    QVERIFY(!page.ok());
    QVERIFY2(page.error().kind != ApiError::Kind::Cancelled,
             "the trickled list was still running after 15 s");
    QCOMPARE(page.error().kind, ApiError::Kind::Timeout);
    QVERIFY2(!page.error().message.isEmpty(), "no error message");
}

void TstHostileInput::informerRecoversWhenServerBehavesAgain_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<qint64>("announced");
    QTest::addColumn<int>("trickleMs");
    QTest::addColumn<bool>("silentWatch"); // the hostile answer is a watch that never sends
    QTest::addColumn<QString>("error");    // fragment of the informer's lastError

    const auto row = [](const char *name, const QByteArray &body, const char *error) {
        QTest::newRow(name) << body << qint64(-1) << 0 << false << QString::fromLatin1(error);
    };
    row("10k-deep nesting", list(nested(10000)), "items[0]: expected a JSON object");
    row("mistyped uid", list(podWith("uid", "{}")), "metadata.uid");
    row("raw NUL byte", list(pod(QByteArray("a\0b", 3), "5")), "items[0]: invalid JSON");
    row("invalid UTF-8", list(pod("bad\xff", "5")), "items[0]: invalid JSON");
    row("Status instead of a list",
        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":200}",
        "Status");
    QTest::newRow("2 GiB announced, cut short") << list(pod("a", "5")).left(40) << (qint64(2) << 30)
                                                << 0 << false << QStringLiteral("/api/v1/pods");
    QTest::newRow("one byte a second, then cut") << QByteArray("{\"ite") << qint64(1 << 20) << 1000
                                                 << false << QStringLiteral("/api/v1/pods");
    QTest::newRow("watch that never sends") << QByteArray() << qint64(-1) << 0 << true << QString();
}

void TstHostileInput::informerRecoversWhenServerBehavesAgain()
{
    QFETCH(QByteArray, body);
    QFETCH(qint64, announced);
    QFETCH(int, trickleMs);
    QFETCH(bool, silentWatch);
    QFETCH(QString, error);

    // The first list (or the first watch) is hostile, everything after it
    // well-behaved.
    std::atomic<int> hostileLeft{1};
    HostileServer server([&](const HostileRequest &request) {
        int first = 1;
        if (request.isWatch() != silentWatch || !hostileLeft.compare_exchange_strong(first, 0))
            return behave(request);
        HostilePlan plan = answer(body);
        if (announced >= 0)
            plan.contentLength = announced;
        plan.trickleMs = trickleMs;
        if (silentWatch) {
            plan.streaming = true;
            plan.close = false;
        }
        return plan;
    });
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = false;
    options.reflector.backoff.initialMs = 50;
    options.reflector.backoff.capMs = 200;
    // The watchdog stops a watch silent for 2 x 500 ms.
    options.reflector.bookmarkIntervalMs = 500;
    SharedIndexInformer informer(podsListerWatcher(server.url()), options);
    informer.start();
    QTRY_COMPARE_WITH_TIMEOUT(informer.indexer().list().size(), qsizetype(2), 15000);
    QVERIFY(informer.hasSynced());
    QCOMPARE(hostileLeft.load(), 0);
    QVERIFY2(informer.status().lastError.contains(error), qPrintable(informer.status().lastError));
    informer.stop();
}

// A server that accepts the connection and never answers (kill -STOP): the
// watch reopened after the last one ended is no watch while its response
// has not started. The informer was "watching" until the request's own
// headers timeout (a minute), with nothing said.
void TstHostileInput::unansweredWatchIsNotWatching()
{
    HostileServer server([](const HostileRequest &request) {
        if (!request.isWatch())
            return behave(request);
        HostilePlan plan = behave(request);
        if (request.index > 1) // after the first watch
            plan.answer = false;
        plan.close = true; // as at the watch's timeoutSeconds
        return plan;
    });
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = false;
    options.reflector.watchAnswerTimeoutMs = 300;
    SharedIndexInformer informer(podsListerWatcher(server.url()), options);
    informer.start();
    QTRY_COMPARE_WITH_TIMEOUT(informer.indexer().list().size(), qsizetype(2), 15000);
    QTRY_COMPARE_WITH_TIMEOUT(informer.status().state, InformerStatus::State::Error, 15000);
    QCOMPARE(informer.status().lastError,
             QStringLiteral("no answer from the server for 0.3 s: the watch request is still "
                            "waiting for a response"));
    // Still waiting on that watch: no other request since (the first watch's
    // quick end may have been followed by a relist before it, or not).
    const QList<HostileRequest> requests = server.requests();
    QVERIFY(requests.size() >= 3);
    QVERIFY(requests.last().isWatch());
    informer.stop();
}

// A watch the REST client sends again on its own (a 503 with Retry-After,
// from an API server shutting down behind its load balancer): the status
// names that answer while the retries go on, not the error of before.
void TstHostileInput::watchSentAgainOnItsOwnNamesTheLatestAnswer()
{
    const QByteArray unavailable =
        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
        "\"message\":\"The apiserver is shutting down, please try again later.\",\"reason\":"
        "\"ServiceUnavailable\",\"details\":{\"retryAfterSeconds\":30},\"code\":503}";
    HostileServer server([&unavailable](const HostileRequest &request) {
        if (!request.isWatch())
            return behave(request);
        HostilePlan plan = answer(unavailable);
        plan.status = 503;
        return plan;
    });
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = false;
    SharedIndexInformer informer(podsListerWatcher(server.url()), options);
    informer.start();
    QTRY_VERIFY_WITH_TIMEOUT(informer.hasSynced(), 15000);
    QTRY_VERIFY2(informer.status().lastError.contains(QStringLiteral("shutting down")),
                 qPrintable(informer.status().lastError));
    QCOMPARE(server.requests().size(), 2); // the list, one watch: the retry waits 30 s
    informer.stop();
}

QTEST_GUILESS_MAIN(TstHostileInput)
#include "tst_hostileinput.moc"
