// The reflector when the connection fails, as client-go's Request.Watch and
// StreamWatcher handle it: a watch request that meets a closed connection or
// a timeout is sent again a second later (10 times, then taken as an empty
// watch), from the same resourceVersion and without a relist; a stream that
// fails mid-way with an EOF is a normal close, with anything else a 500
// InternalError (relist, or re-watch within the internal-error window).

#include "reflectorharness.h"

#include <QTest>

using namespace informant;
using namespace informant::test;

class TstReflectorConnection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void closedOrTimedOutWatchRequestIsSentAgainFromTheSameResourceVersion_data();
    void closedOrTimedOutWatchRequestIsSentAgainFromTheSameResourceVersion();
    void eleventhFailedWatchRequestIsAnEmptyWatchThenWatchedAgain();
    void closedStreamingListRequestIsSentAgainInsteadOfListing();
    void streamFailingMidwayWithoutAnEofIsAnInternalError_data();
    void streamFailingMidwayWithoutAnEofIsAnInternalError();
    void unansweredWatchRequestIsConnectingThenAnError();
    void streamingListRetriedWithoutResourceVersionNamesTheLatestAnswer_data();
    void streamingListRetriedWithoutResourceVersionNamesTheLatestAnswer();
};

void TstReflectorConnection::
    closedOrTimedOutWatchRequestIsSentAgainFromTheSameResourceVersion_data()
{
    QTest::addColumn<ApiError>("error");
    QTest::newRow("connection reset (EOF)")
        << ApiError{ApiError::Kind::ConnectionClosed, "the server closed the connection", {}};
    QTest::newRow("timeout") << ApiError{ApiError::Kind::Timeout, "timed out", {}};
}

void TstReflectorConnection::closedOrTimedOutWatchRequestIsSentAgainFromTheSameResourceVersion()
{
    QFETCH(ApiError, error);
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.lw->addWatch(error);
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))})});
    h.start();
    QTRY_COMPARE(h.store.calls(), (QStringList{"replace ns/a@5 rv=10", "update ns/a@11"}));
    QVERIFY(h.finish(3));
    QCOMPARE(h.lw->requests(), (QStringList{kInitialList, watchAt("10"), watchAt("10")}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{Reflector::kWatchRequestRetryMs});
    QVERIFY(h.handledErrors.isEmpty()); // the error never leaves the watch loop
}

// client-go: after maxRetries the request returns watch.NewEmptyWatch(); the
// ~10 s of retries make its instant close no "very short watch", so the
// loop simply watches again, still from the same resourceVersion.
void TstReflectorConnection::eleventhFailedWatchRequestIsAnEmptyWatchThenWatchedAgain()
{
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    const int attempts = Reflector::kWatchRequestRetries + 1;
    for (int i = 0; i < attempts; ++i)
        h.lw->addWatch(ApiError{ApiError::Kind::ConnectionClosed, "connection reset", {}});
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))})});
    h.start();
    QVERIFY(h.finish(1 + attempts + 1));
    QStringList expected{kInitialList};
    for (int i = 0; i < attempts + 1; ++i)
        expected.append(watchAt("10"));
    QCOMPARE(h.lw->requests(), expected);
    QCOMPARE(h.clock->sleeps(),
             QList<qint64>(Reflector::kWatchRequestRetries, Reflector::kWatchRequestRetryMs));
    QVERIFY(h.handledErrors.isEmpty());
}

// The streaming list's request goes through the same Request.Watch: a reset
// connection is asked again, not answered by a paged list.
void TstReflectorConnection::closedStreamingListRequestIsSentAgainInsteadOfListing()
{
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    h.lw->addWatch(ApiError{ApiError::Kind::ConnectionClosed, "connection reset", {}});
    h.lw->addWatch({events(
        {makeEvent(WatchEvent::Type::Added, makePod("a", "5")), makeBookmark("10", true)})});
    h.start();
    QTRY_COMPARE(h.store.calls(), QStringList{"replace ns/a@5 rv=10"});
    QVERIFY(h.finish(2));
    QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, kStreamingWatch}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{Reflector::kWatchRequestRetryMs});
}

void TstReflectorConnection::streamFailingMidwayWithoutAnEofIsAnInternalError_data()
{
    QTest::addColumn<StreamStep::Kind>("failure");
    QTest::addColumn<qint64>("internalErrorWindowMs");
    QTest::addColumn<QString>("next");
    QTest::addColumn<QList<qint64>>("sleeps");
    const QString relist = QStringLiteral("list resourceVersion=11");
    QTest::newRow("TLS failure → backoff, relist")
        << StreamStep::Kind::TlsError << qint64(0) << relist << QList<qint64>{800};
    QTest::newRow("TLS failure within the internal-error window → re-watch at once")
        << StreamStep::Kind::TlsError << qint64(30000) << watchAt("11") << QList<qint64>{};
    QTest::newRow("undecodable stream within the internal-error window → re-watch at once")
        << StreamStep::Kind::DecodeError << qint64(30000) << watchAt("11") << QList<qint64>{};
    QTest::newRow("connection reset (EOF) → re-watch at once")
        << StreamStep::Kind::TransportError << qint64(0) << watchAt("11") << QList<qint64>{};
}

void TstReflectorConnection::streamFailingMidwayWithoutAnEofIsAnInternalError()
{
    QFETCH(StreamStep::Kind, failure);
    QFETCH(qint64, internalErrorWindowMs);
    QFETCH(QString, next);
    QFETCH(QList<qint64>, sleeps);
    Harness h;
    h.options.maxInternalErrorRetryMs = internalErrorWindowMs;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))}), stepOf(failure)});
    h.lw->addList(makePage("11", {makePod("a", "11")}));
    h.start();
    QVERIFY(h.finish(3));
    QCOMPARE(h.lw->requests().mid(0, 3), (QStringList{kInitialList, watchAt("10"), next}));
    QCOMPARE(h.clock->sleeps(), sleeps);
    QVERIFY(h.handledErrors.isEmpty());
}

// A server that accepts the connection and never answers (stopped, hung):
// the watch it was sent is no watch yet. The request goes on (its own
// timeout ends it); the status says so, then names the silence.
void TstReflectorConnection::unansweredWatchRequestIsConnectingThenAnError()
{
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))})},
                   false); // then the server ends it, as at timeoutSeconds
    h.start();
    QVERIFY(h.lw->waitForRequests(3)); // the watch at 11 is never answered
    QTRY_COMPARE(h.status.status().state, InformerStatus::State::Connecting);
    QCOMPARE(h.status.status().lastError, QString());
    h.clock->advance(h.options.watchAnswerTimeoutMs - 1);
    QTest::qWait(20);
    QCOMPARE(h.status.status().state, InformerStatus::State::Connecting);
    h.clock->advance(1);
    QTRY_COMPARE(h.status.status().state, InformerStatus::State::Error);
    QCOMPARE(h.status.status().lastError,
             QStringLiteral("no answer from the server for 20 s: the watch request is still "
                            "waiting for a response"));
    QVERIFY(h.finish(3));
    QCOMPARE(h.lw->requests(), (QStringList{kInitialList, watchAt("10"), watchAt("11")}));
}

void TstReflectorConnection::streamingListRetriedWithoutResourceVersionNamesTheLatestAnswer_data()
{
    QTest::addColumn<bool>("inTheStream");
    QTest::newRow("ERROR event (the watch cache)") << true;
    QTest::newRow("HTTP 504 (a proxy, older servers)") << false;
}

// A server back with an older state answers the streaming list at the last
// resourceVersion with a 504 "too large resource version", inside the stream
// or as the response: the status names that answer, not the refused
// connection before it, while the list is asked again without a
// resourceVersion.
void TstReflectorConnection::streamingListRetriedWithoutResourceVersionNamesTheLatestAnswer()
{
    QFETCH(bool, inTheStream);
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Added, makePod("a", "5")), makeBookmark("10", true)}),
         stepOf(StreamStep::Kind::TlsError)}); // 500: relist
    h.lw->addWatch(ApiError{ApiError::Kind::ConnectionRefused, "connection refused", {}});
    ApiStatus tooLarge =
        ApiStatus::failure(504, "Timeout", "Timeout: Too large resource version: 10, current: 3");
    tooLarge.causes.append(
        StatusCause{"ResourceVersionTooLarge", "Too large resource version", {}});
    // An ERROR event's Status is named as the watch's (applyEvents).
    const ApiError answer =
        ApiError::fromStatus(tooLarge, inTheStream ? QStringLiteral("watch") : QString());
    if (inTheStream) {
        WatchEvent error;
        error.type = WatchEvent::Type::Error;
        error.status = tooLarge;
        h.lw->addWatch({events({error})});
    } else {
        h.lw->addWatch(answer);
    }
    h.start();
    QVERIFY(h.lw->waitForRequests(4)); // the list without a resourceVersion is never answered
    QTRY_COMPARE(h.status.status().lastError, answer.message);
    QVERIFY(h.finish(4));
    const QString atTen = QStringLiteral(
        "watch allowWatchBookmarks=true&resourceVersion=10&resourceVersionMatch=NotOlderThan"
        "&sendInitialEvents=true&timeoutSeconds=300&watch=true");
    QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, atTen, atTen, kStreamingWatch}));
}

QTEST_GUILESS_MAIN(TstReflectorConnection)
#include "tst_reflectorconnection.moc"
