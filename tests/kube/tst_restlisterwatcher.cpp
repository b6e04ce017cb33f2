// RestListerWatcher against a local HTTP server: list decoding and query
// options, Status errors, chunked watch frames split across reads, stop and
// cancel from another thread, and 50 concurrent watches (one QNAM per
// reflector thread) that must all progress alongside ordinary requests.

#include "fakeapiserver.h"

#include "informer/kube/restlisterwatcher.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <atomic>

using namespace informant;

namespace {

const QByteArray kPodList =
    R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42","continue":"abc"},
"items":[{"metadata":{"name":"a","namespace":"ns","uid":"u1","resourceVersion":"40"}},
         {"metadata":{"name":"b","namespace":"ns","uid":"u2","resourceVersion":"41"}}]})";

QByteArray podEvent(const char *type, const char *name, int rv)
{
    return QByteArray(R"({"type":")") + type +
           R"(","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":")" + name +
           R"(","namespace":"ns","resourceVersion":")" + QByteArray::number(rv) + R"("}}})" + "\n";
}

std::shared_ptr<const ClusterConnection> connectionTo(const QUrl &server)
{
    ClusterConfig config;
    config.server = server;
    return ClusterConnection::create(config);
}

QByteArray page(const char *continueToken, const char *name)
{
    return QByteArray(
               R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"42",)") +
           R"("continue":")" + continueToken + R"("},"items":[{"metadata":{"name":")" + name +
           R"(","namespace":"ns","uid":")" + name + R"(","resourceVersion":"40"}}]})";
}

// API priority and fairness turning a request away.
const QByteArray kTooManyRequests =
    R"({"kind":"Status","apiVersion":"v1","status":"Failure","reason":"TooManyRequests",)"
    R"("message":"too many requests","code":429})";

// An API server behind a load balancer, restarting.
const QByteArray kUnavailable =
    R"({"kind":"Status","apiVersion":"v1","status":"Failure","reason":"ServiceUnavailable",)"
    R"("message":"the server is currently unable to handle the request","code":503})";

ResourcePath pods(const QString &ns = QStringLiteral("ns"))
{
    return ResourcePath{{}, QStringLiteral("v1"), QStringLiteral("pods"), ns, true};
}

} // namespace

class tst_RestListerWatcher : public QObject
{
    Q_OBJECT

private slots:
    void listDecodesPageAndSendsQueryOptions()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, 200, kPodList);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions options;
        options.labelSelector = QStringLiteral("app=web");
        options.limit = 500;
        options.resourceVersion = QStringLiteral("0");
        auto page = lw.list(options);
        QVERIFY2(page.ok(), qPrintable(page.ok() ? QString() : page.error().message));
        QCOMPARE(page->items.size(), 2);
        QCOMPARE(page->resourceVersion, QStringLiteral("42"));
        QCOMPARE(page->continueToken, QStringLiteral("abc"));
        QCOMPARE(server.requests.size(), 1);
        const HttpRequest &request = server.requests.first();
        QCOMPARE(request.method, QByteArray("GET"));
        QCOMPARE(request.path, QStringLiteral("/api/v1/namespaces/ns/pods"));
        QCOMPARE(request.query.queryItemValue(QStringLiteral("labelSelector")),
                 QStringLiteral("app=web"));
        QCOMPARE(request.query.queryItemValue(QStringLiteral("limit")), QStringLiteral("500"));
        QVERIFY(!request.query.hasQueryItem(QStringLiteral("watch")));
        QCOMPARE(request.headers.value("accept"), QByteArray("application/json"));
        QVERIFY(request.headers.value("user-agent").startsWith("informant/"));
        QVERIFY(!request.headers.contains("authorization"));
    }

    void listUsesGroupAndClusterWidePaths_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<QString>("ns");
        QTest::addColumn<bool>("namespaced");
        QTest::addColumn<QString>("path");
        QTest::newRow("core all namespaces") << ""
                                             << "" << true << "/api/v1/pods";
        QTest::newRow("group namespaced") << "apps"
                                          << "prod" << true << "/apis/apps/v1/namespaces/prod/pods";
        QTest::newRow("cluster scoped ignores namespace") << ""
                                                          << "prod" << false << "/api/v1/pods";
    }
    void listUsesGroupAndClusterWidePaths()
    {
        QFETCH(QString, group);
        QFETCH(QString, ns);
        QFETCH(bool, namespaced);
        QFETCH(QString, path);
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, 200, kPodList);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(
            connectionTo(server.url()),
            ResourcePath{group, QStringLiteral("v1"), QStringLiteral("pods"), ns, namespaced});
        QVERIFY(lw.list({}).ok());
        QCOMPARE(server.requests.value(0).path, path);
    }

    void listTurnsErrorResponsesIntoTypedErrors_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("headers");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("retryAfter");
        QTest::addColumn<bool>("expired");
        QTest::newRow("410 Status")
            << 410
            << QByteArray("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":"
                          "\"Failure\",\"message\":\"too old resource version: 1 "
                          "(5)\",\"reason\":\"Expired\",\"code\":410}")
            << QByteArray() << "Expired" << 0 << true;
        QTest::newRow("429 Status with retryAfterSeconds")
            << 429
            << QByteArray("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                          "\"message\":\"slow "
                          "down\",\"reason\":\"TooManyRequests\",\"details\":{"
                          "\"retryAfterSeconds\":3},\"code\":429}")
            << QByteArray() << "TooManyRequests" << 3 << false;
        QTest::newRow("429 plain body uses Retry-After")
            << 429 << QByteArray("busy") << QByteArray("Retry-After: 7\r\n") << "TooManyRequests"
            << 7 << false;
        QTest::newRow("500 non-Status body") << 500 << QByteArray("<html>oops</html>")
                                             << QByteArray() << "InternalError" << 0 << false;
        QTest::newRow("403 Status")
            << 403
            << QByteArray("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                          "\"message\":\"pods is forbidden: User \\\"x\\\" cannot "
                          "list\",\"reason\":\"Forbidden\",\"code\":403}")
            << QByteArray() << "Forbidden" << 0 << false;
        // The HTTP code wins over a Status that says success ("200 Forbidden").
        QTest::newRow("403 with a Status saying 200")
            << 403
            << QByteArray("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                          "\"message\":\"no\",\"reason\":\"Forbidden\",\"code\":200}")
            << QByteArray() << "Forbidden" << 0 << false;
    }
    void listTurnsErrorResponsesIntoTypedErrors()
    {
        QFETCH(int, code);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, headers);
        QFETCH(QString, reason);
        QFETCH(int, retryAfter);
        QFETCH(bool, expired);
        FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, code, body, "application/json", headers);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        lw.setRetryAfterRetries(0); // the error as the server gave it, at once
        auto page = lw.list({});
        QVERIFY(!page.ok());
        QCOMPARE(page.error().kind, ApiError::Kind::Status);
        QCOMPARE(server.requests.size(), 1);
        QCOMPARE(page.error().status.code, code);
        QCOMPARE(page.error().status.reason, reason);
        QCOMPARE(page.error().status.retryAfterSeconds, retryAfter);
        QCOMPARE(page.error().isExpired(), expired);
        QVERIFY(page.error().message.contains(QStringLiteral("/api/v1/namespaces/ns/pods")));
    }

    void listReportsConnectionRefused()
    {
        FakeApiServer server;
        QVERIFY(server.listen());
        const QUrl url = server.url();
        server.close();
        RestListerWatcher lw(connectionTo(url), pods());
        auto page = lw.list({});
        QVERIFY(!page.ok());
        QCOMPARE(page.error().kind, ApiError::Kind::ConnectionRefused);
        QVERIFY(page.error().isRetriableWatchError());
    }

    void listReportsUndecodableBody()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, 200, "{\"items\": [1,");
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        auto page = lw.list({});
        QVERIFY(!page.ok());
        QCOMPARE(page.error().kind, ApiError::Kind::Decode);
    }

    // An error body that never ends (a hostile or broken proxy) fails the
    // request at a bound instead of growing the process until it dies.
    void endlessErrorBodyIsCutAtItsBound()
    {
        QTimer feeder;
        FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
            socket->write("HTTP/1.1 500 Internal Server Error\r\nContent-Type: "
                          "application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
            const QByteArray chunk(64 * 1024, 'x');
            const QByteArray framed =
                QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
            QObject::connect(&feeder, &QTimer::timeout, socket, [socket, framed] {
                if (socket->bytesToWrite() < 4 * framed.size())
                    socket->write(framed);
            });
            feeder.start(0);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        auto page = lw.list({});
        feeder.stop();
        QVERIFY(!page.ok());
        QVERIFY2(page.error().message.contains(QStringLiteral("larger than 1048576 bytes")),
                 qPrintable(page.error().message));
    }

    // A list body with a bad first item is not read further: client-go
    // fails the whole list on one item it cannot decode, so the rest (a
    // resourceVersion=0 list is one body of hundreds of MB) would not be used.
    void listStopsReadingAtABadItem()
    {
        constexpr qsizetype kBodyBytes = 64 << 20;
        qsizetype written = 0;
        QPointer<QTcpSocket> served;
        QTimer feeder;
        FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
            served = socket;
            FakeApiServer::beginChunked(socket);
            FakeApiServer::chunk(socket, R"({"kind":"PodList","apiVersion":"v1","metadata":{},)"
                                         R"("items":[{"metadata":{"name":5}})");
            QByteArray items;
            while (items.size() < 64 * 1024)
                items += R"(,{"metadata":{"name":"p","namespace":"ns"}})";
            QObject::connect(&feeder, &QTimer::timeout, socket, [&written, socket, items] {
                if (socket->state() != QAbstractSocket::ConnectedState || written >= kBodyBytes ||
                    socket->bytesToWrite() > 4 * items.size())
                    return;
                FakeApiServer::chunk(socket, items);
                written += items.size();
                if (written >= kBodyBytes) {
                    FakeApiServer::chunk(socket, "]}");
                    FakeApiServer::endChunked(socket);
                }
            });
            feeder.start(0);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        auto page = lw.list({});
        QVERIFY(!page.ok());
        QCOMPARE(page.error().kind, ApiError::Kind::Decode);
        QVERIFY2(page.error().message.endsWith(
                     QStringLiteral("items[0]: metadata.name: expected a string")),
                 qPrintable(page.error().message));
        QVERIFY2(written < kBodyBytes / 2,
                 qPrintable(QStringLiteral("%1 of %2 bytes written").arg(written).arg(kBodyBytes)));
        // The client closed the connection rather than read on.
        QTRY_VERIFY(!served || served->state() != QAbstractSocket::ConnectedState);
        feeder.stop();
    }

    // A server that accepts a watch and never answers it: the watch fails
    // after its headers timeout, not after the minutes of its own timeout
    // (a streaming list then falls back to a paged list).
    void watchWithoutResponseHeadersTimesOut()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *) {}); // never answers
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        lw.setWatchHeadersTimeoutMs(300);
        ListOptions options;
        options.timeoutSeconds = 300;
        QElapsedTimer clock;
        clock.start();
        auto stream = lw.watch(options);
        QVERIFY(!stream.ok());
        QVERIFY2(
            stream.error().message.contains(QStringLiteral("no response headers within 0.3 s")),
            qPrintable(stream.error().message));
        QVERIFY2(clock.elapsed() < 30'000, qPrintable(QString::number(clock.elapsed())));
    }

    void watchDecodesFramesSplitAcrossChunksAndReads()
    {
        const QByteArray first = podEvent("ADDED", "a", 43);
        const QByteArray second = podEvent("MODIFIED", "a", 44) + podEvent("DELETED", "a", 45);
        FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::beginChunked(socket);
            FakeApiServer::chunk(socket, first.left(20));
            QTimer::singleShot(30, socket, [=] { FakeApiServer::chunk(socket, first.mid(20)); });
            QTimer::singleShot(60, socket, [=] {
                FakeApiServer::chunk(socket, second);
                FakeApiServer::endChunked(socket);
            });
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions options;
        options.resourceVersion = QStringLiteral("42");
        options.allowWatchBookmarks = true;
        options.timeoutSeconds = 300;
        auto stream = lw.watch(options);
        QVERIFY2(stream.ok(), qPrintable(stream.ok() ? QString() : stream.error().message));
        QList<WatchEvent> events;
        WatchStream::Next next;
        while ((next = stream.value()->next(events)) == WatchStream::Next::Events) {
        }
        QCOMPARE(next, WatchStream::Next::Closed);
        QCOMPARE(events.size(), 3);
        QCOMPARE(events[0].type, WatchEvent::Type::Added);
        QCOMPARE(events[1].type, WatchEvent::Type::Modified);
        QCOMPARE(events[2].type, WatchEvent::Type::Deleted);
        QCOMPARE(events[2].object.resourceVersion(), QStringLiteral("45"));
        QCOMPARE(stream.value()->bytesReceived(), qint64(first.size() + second.size()));
        const HttpRequest &request = server.requests.value(0);
        QCOMPARE(request.query.queryItemValue(QStringLiteral("watch")), QStringLiteral("true"));
        QCOMPARE(request.query.queryItemValue(QStringLiteral("resourceVersion")),
                 QStringLiteral("42"));
        QCOMPARE(request.query.queryItemValue(QStringLiteral("allowWatchBookmarks")),
                 QStringLiteral("true"));
        QCOMPARE(request.query.queryItemValue(QStringLiteral("timeoutSeconds")),
                 QStringLiteral("300"));
    }

    // A streaming list sends hundreds of MB as fast as it can, right behind
    // the headers. The reply must hold back the server from the first byte:
    // bounded only once the stream object existed, a relist of 100k pods
    // (a watch answered 410, then the list on the same connection) was
    // buffered whole (+500 MB) while the headers were being checked.
    //
    // The body comes in 32 KiB chunks, as kubectl proxy and streaming API
    // servers send it. Qt 6.4 bounds a plain-HTTP reply per read, not per
    // HTTP chunk: while one chunk keeps arriving as fast as it is read, its
    // network thread reads on (QHttpNetworkReplyPrivate::readReplyBodyRaw),
    // so a single 64 MiB chunk was taken whole in about half the runs.
    void watchBodyIsBoundedFromItsFirstByte()
    {
        constexpr qsizetype kBodyBytes = 64 << 20;
        constexpr qsizetype kChunkBytes = 32 << 10;
        QTcpSocket *served = nullptr;
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            if (request.query.hasQueryItem(QStringLiteral("resourceVersion"))) {
                FakeApiServer::reply(socket, 410,
                                     R"({"kind":"Status","apiVersion":"v1","status":"Failure",)"
                                     R"("reason":"Expired","code":410})");
                return;
            }
            served = socket;
            const QByteArray frame = podEvent("ADDED", "a", 43);
            QByteArray chunk;
            while (chunk.size() + frame.size() <= kChunkBytes)
                chunk += frame;
            const QByteArray framed =
                QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
            QByteArray body;
            body.reserve(kBodyBytes + framed.size());
            while (body.size() < kBodyBytes)
                body += framed;
            FakeApiServer::beginChunked(socket);
            socket->write(body);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions resume;
        resume.resourceVersion = QStringLiteral("42");
        QVERIFY(lw.watch(resume).error().isExpired());
        auto stream = lw.watch({});
        QVERIFY(stream.ok());
        // Nothing is read: the server's writes must stall with most of the
        // body unsent (the reply's 4 MiB plus the kernel's socket buffers).
        QTest::qWait(1500);
        QVERIFY(served);
        QVERIFY2(served->bytesToWrite() > kBodyBytes / 2,
                 qPrintable(QStringLiteral("%1 bytes left to write").arg(served->bytesToWrite())));
    }

    void watchRejectedWithStatusReturnsApiError()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, 410,
                                 "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":"
                                 "\"Failure\",\"message\":\"The resourceVersion for the provided "
                                 "watch is too old.\",\"reason\":\"Expired\",\"code\":410}");
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        auto stream = lw.watch({});
        QVERIFY(!stream.ok());
        QVERIFY(stream.error().isExpired());
        QVERIFY(stream.error().message.contains(QStringLiteral("too old")));
    }

    void watchUndecodableFrameGivesErrorEventThenClosed()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::beginChunked(socket);
            FakeApiServer::chunk(socket,
                                 podEvent("ADDED", "a", 1) + "{\"type\":\"NOPE\",\"object\":{}}\n");
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        auto stream = lw.watch({});
        QVERIFY(stream.ok());
        QList<WatchEvent> events;
        while (events.size() < 2)
            QCOMPARE(stream.value()->next(events), WatchStream::Next::Events);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[1].type, WatchEvent::Type::Error);
        QCOMPARE(events[1].status.code, 500);
        QCOMPARE(stream.value()->next(events), WatchStream::Next::Closed);
    }

    void stopFromAnotherThreadEndsBlockedNext()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::beginChunked(socket); // and never send anything
        });
        QVERIFY(server.listen());
        std::atomic<WatchStream *> open{nullptr};
        std::atomic<int> result{-1};
        QThread *worker = QThread::create([&] {
            RestListerWatcher lw(connectionTo(server.url()), pods());
            auto stream = lw.watch({});
            if (!stream.ok())
                return;
            open = stream.value().get();
            QList<WatchEvent> events;
            result = int(stream.value()->next(events));
            open = nullptr;
        });
        worker->start();
        QTRY_VERIFY(open.load() != nullptr);
        open.load()->stop();
        QTRY_COMPARE(result.load(), int(WatchStream::Next::Stopped));
        QVERIFY(worker->wait(5000));
        delete worker;
    }

    void cancelFromAnotherThreadEndsBlockedListAndLaterCalls()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *) {}); // never answers
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        std::atomic<int> kind{-1};
        std::atomic<int> laterKind{-1};
        QThread *worker = QThread::create([&] {
            auto page = lw.list({});
            kind = page.ok() ? 100 : int(page.error().kind);
            auto stream = lw.watch({});
            laterKind = stream.ok() ? 100 : int(stream.error().kind);
        });
        worker->start();
        QTRY_COMPARE(server.requests.size(), 1);
        lw.cancel();
        QTRY_COMPARE(kind.load(), int(ApiError::Kind::Cancelled));
        QTRY_COMPARE(laterKind.load(), int(ApiError::Kind::Cancelled));
        QVERIFY(worker->wait(5000));
        delete worker;
        QCOMPARE(server.requests.size(), 1);
    }

    // Product spec §2.3: >= 50 long-running watches plus ordinary requests to
    // one server over HTTP/1.1 must all progress (a single QNAM would allow 6).
    void fiftyConcurrentWatchesAndAListAllProgress()
    {
        constexpr int kWatches = 50;
        QList<QTcpSocket *> watchSockets;
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            if (request.query.hasQueryItem(QStringLiteral("watch"))) {
                FakeApiServer::beginChunked(socket);
                watchSockets.append(socket);
            } else {
                FakeApiServer::reply(socket, 200, kPodList);
            }
        });
        QVERIFY(server.listen());
        const auto connection = connectionTo(server.url());
        std::atomic<int> received{0};
        std::atomic<int> stopped{0};
        QList<QThread *> threads;
        QList<std::shared_ptr<std::atomic<WatchStream *>>> streams;
        for (int i = 0; i < kWatches; ++i) {
            auto slot = std::make_shared<std::atomic<WatchStream *>>(nullptr);
            streams.append(slot);
            threads.append(QThread::create([&, slot, i] {
                RestListerWatcher lw(connection, pods(QStringLiteral("ns%1").arg(i)));
                auto stream = lw.watch({});
                if (!stream.ok())
                    return;
                *slot = stream.value().get();
                QList<WatchEvent> events;
                while (events.isEmpty()) {
                    if (stream.value()->next(events) != WatchStream::Next::Events)
                        break;
                }
                if (!events.isEmpty())
                    ++received;
                // Keep the watch open until the test ends it.
                if (stream.value()->next(events) == WatchStream::Next::Stopped)
                    ++stopped;
                *slot = nullptr;
            }));
            threads.last()->start();
        }
        QTRY_COMPARE_WITH_TIMEOUT(watchSockets.size(), kWatches, 20000);

        // An ordinary request still gets through while all watches are open.
        std::atomic<bool> listed{false};
        QThread *lister = QThread::create([&] {
            RestListerWatcher lw(connection, pods());
            listed = lw.list({}).ok();
        });
        lister->start();
        QTRY_VERIFY_WITH_TIMEOUT(listed.load(), 10000);

        for (QTcpSocket *socket : std::as_const(watchSockets))
            FakeApiServer::chunk(socket, podEvent("ADDED", "x", 50));
        QTRY_COMPARE_WITH_TIMEOUT(received.load(), kWatches, 20000);
        for (const auto &slot : std::as_const(streams)) {
            QTRY_VERIFY(slot->load() != nullptr);
            slot->load()->stop();
        }
        QTRY_COMPARE_WITH_TIMEOUT(stopped.load(), kWatches, 20000);
        for (QThread *thread : std::as_const(threads)) {
            QVERIFY(thread->wait(10000));
            delete thread;
        }
        QVERIFY(lister->wait(5000));
        delete lister;
    }

    // client-go's request waits as long as a 429 or 5xx says and sends the
    // same request again: a paged list goes on from its continue token
    // instead of starting over at page 1 (reference: rest/request.go).
    void throttledPageIsSentAgainAfterRetryAfter()
    {
        int throttled = 0;
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            const QString token = request.query.queryItemValue(QStringLiteral("continue"));
            if (token.isEmpty())
                FakeApiServer::reply(socket, 200, page("c1", "a"));
            else if (throttled++ == 0)
                FakeApiServer::reply(socket, 429, kTooManyRequests, "application/json",
                                     "Retry-After: 1\r\n");
            else
                FakeApiServer::reply(socket, 200, page("", "b"));
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions options;
        options.limit = 1;
        auto first = lw.list(options);
        QVERIFY(first.ok());
        options.continueToken = first->continueToken;
        QElapsedTimer clock;
        clock.start();
        auto second = lw.list(options);
        QVERIFY2(second.ok(), qPrintable(second.ok() ? QString() : second.error().message));
        QCOMPARE(second->items.first().name(), QStringLiteral("b"));
        QCOMPARE(server.requests.size(), 3);
        QCOMPARE(server.requests.at(1).query.toString(), server.requests.at(2).query.toString());
        QVERIFY2(clock.elapsed() >= 900, "the client waited as the server asked");
    }

    // Without a time to come back, a 429 is the caller's to handle (the
    // reflector backs off), and so is a 4xx that names one.
    void throttlingWithoutRetryAfterIsReturned()
    {
        FakeApiServer server([](const HttpRequest &request, QTcpSocket *socket) {
            const bool forbidden = request.path.contains(QStringLiteral("forbidden"));
            FakeApiServer::reply(socket, forbidden ? 403 : 429,
                                 forbidden ? QByteArray("{}") : kTooManyRequests,
                                 "application/json", forbidden ? "Retry-After: 1\r\n" : "");
        });
        QVERIFY(server.listen());
        RestListerWatcher throttledPods(connectionTo(server.url()), pods());
        auto throttled = throttledPods.list(ListOptions{});
        QVERIFY(!throttled.ok());
        QVERIFY(throttled.error().isTooManyRequests());
        RestListerWatcher forbiddenPods(connectionTo(server.url()),
                                        pods(QStringLiteral("forbidden")));
        QVERIFY(!forbiddenPods.list(ListOptions{}).ok());
        QCOMPARE(server.requests.size(), 2);
    }

    // client-go's Request.Watch retries as its lists do: a watch turned away
    // with a 503 or 429 that says when to come back is sent again, the same
    // request, instead of failing (which made the reflector relist
    // everything after a 5xx).
    // An EOF before any answer (a server restarting, a load balancer
    // dropping idle connections): the reflector sends such a watch request
    // again from the same resourceVersion, as client-go does, not relists.
    void watchClosedBeforeAnAnswerIsAConnectionClosedError()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) { socket->close(); });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions options;
        options.resourceVersion = QStringLiteral("42");
        auto stream = lw.watch(options);
        QVERIFY(!stream.ok());
        QCOMPARE(stream.error().kind, ApiError::Kind::ConnectionClosed);
        QVERIFY(stream.error().isRetriedByWatchRequest());
    }

    void watchTurnedAwayWithRetryAfterIsSentAgain_data()
    {
        QTest::addColumn<int>("code");
        QTest::newRow("503") << 503;
        QTest::newRow("429") << 429;
    }

    void watchTurnedAwayWithRetryAfterIsSentAgain()
    {
        QFETCH(int, code);
        int answered = 0;
        FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
            if (answered++ == 0) {
                FakeApiServer::reply(socket, code, code == 429 ? kTooManyRequests : kUnavailable,
                                     "application/json", "Retry-After: 1\r\n");
                return;
            }
            FakeApiServer::beginChunked(socket);
            FakeApiServer::chunk(socket, podEvent("ADDED", "a", 43));
            FakeApiServer::endChunked(socket);
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions options;
        options.resourceVersion = QStringLiteral("42");
        options.timeoutSeconds = 300;
        auto stream = lw.watch(options);
        QVERIFY2(stream.ok(), qPrintable(stream.ok() ? QString() : stream.error().message));
        QList<WatchEvent> events;
        while (stream.value()->next(events) == WatchStream::Next::Events) {
        }
        QCOMPARE(events.size(), 1);
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.requests.at(1).query.toString(), server.requests.at(0).query.toString());
    }

    // The retries are bounded (RequestOptions::retryAfterRetries), and an
    // answer that does not say when to come back is the caller's at once.
    void watchRetriesEndAtTheirLimitOrWithoutRetryAfter()
    {
        FakeApiServer server([](const HttpRequest &request, QTcpSocket *socket) {
            const bool timed = !request.path.contains(QStringLiteral("untimed"));
            FakeApiServer::reply(socket, 503, kUnavailable, "application/json",
                                 timed ? "Retry-After: 1\r\n" : "");
        });
        QVERIFY(server.listen());
        RestListerWatcher timed(connectionTo(server.url()), pods());
        timed.setRetryAfterRetries(1);
        auto stream = timed.watch({});
        QVERIFY(!stream.ok());
        QCOMPARE(stream.error().status.code, 503);
        QCOMPARE(server.requests.size(), 2);

        RestListerWatcher untimed(connectionTo(server.url()), pods(QStringLiteral("untimed")));
        stream = untimed.watch({});
        QVERIFY(!stream.ok());
        QCOMPARE(stream.error().status.code, 503);
        QCOMPARE(server.requests.size(), 3);
    }

    // A watch at a resourceVersion the server has not reached (restored
    // with an older state) is not sent again on its Retry-After: an API
    // server says so inside the stream, which client-go never retries, and
    // the reflector relists without one at once. Ten rounds of the same
    // answer were ten seconds before it could.
    void watchAtTooLargeResourceVersionIsNotSentAgain()
    {
        const QByteArray tooLarge =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":"
            "\"Failure\",\"message\":\"Timeout: Too large resource version: 42, current: 7\","
            "\"reason\":\"Timeout\",\"details\":{\"causes\":[{\"reason\":"
            "\"ResourceVersionTooLarge\",\"message\":\"Too large resource version\"}],"
            "\"retryAfterSeconds\":1},\"code\":504}";
        FakeApiServer server([&](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, 504, tooLarge, "application/json", "Retry-After: 1\r\n");
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        ListOptions options;
        options.resourceVersion = QStringLiteral("42");
        auto stream = lw.watch(options);
        QVERIFY(!stream.ok());
        QVERIFY(stream.error().isTooLargeResourceVersion());
        QCOMPARE(server.requests.size(), 1);
    }

    // cancel() ends the wait for the server's Retry-After: the reflector
    // stops without waiting out a minute.
    void cancelEndsWatchWaitingToBeSentAgain()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(socket, 503, kUnavailable, "application/json",
                                 "Retry-After: 60\r\n");
        });
        QVERIFY(server.listen());
        RestListerWatcher lw(connectionTo(server.url()), pods());
        std::atomic<int> kind{-1};
        QThread *worker = QThread::create([&] {
            auto stream = lw.watch({});
            kind = stream.ok() ? 100 : int(stream.error().kind);
        });
        worker->start();
        QTRY_COMPARE(server.requests.size(), 1);
        lw.cancel();
        QTRY_COMPARE(kind.load(), int(ApiError::Kind::Cancelled));
        QVERIFY(worker->wait(5000));
        delete worker;
        QCOMPARE(server.requests.size(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_RestListerWatcher)
#include "tst_restlisterwatcher.moc"
