// Reflector conformance against a scripted ListerWatcher: the request
// sequences of reference Appendix A, every row of the §2.7 error table,
// streaming lists with fallback, the pager rules, resync and the watchdog.

#include "reflectorharness.h"

#include <QTest>

using namespace informant;
using namespace informant::test;

using Script = std::function<void(FakeListerWatcher &)>;
Q_DECLARE_METATYPE(Script)

namespace {

// What an API server says of a resourceVersion it has not reached.
ApiStatus tooLargeStatus()
{
    ApiStatus status =
        ApiStatus::failure(504, "Timeout", "Timeout: Too large resource version: 10, current: 3");
    status.causes = {StatusCause{"ResourceVersionTooLarge", "Too large resource version", {}}};
    return status;
}

WatchEvent tooLargeEvent()
{
    WatchEvent event;
    event.type = WatchEvent::Type::Error;
    event.status = tooLargeStatus();
    return event;
}

// Starts `h` with the watchdog on, bookmarks due every second: a list at
// "10", then a watch that sends bookmark "12" and nothing more.
void startWatchSilentAfterABookmark(Harness &h)
{
    h.options.watchdog = true;
    h.options.bookmarkIntervalMs = 1000;
    h.lw->addList(makePage("10", {}));
    h.lw->addWatch({events({makeBookmark("12")})});
    h.start();
}

} // namespace

class TstReflector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classicTraceOfAppendixA();
    void watchOutcomesFollowTheErrorTable_data();
    void watchOutcomesFollowTheErrorTable();
    void listErrorsRelistWithEmptyResourceVersion_data();
    void listErrorsRelistWithEmptyResourceVersion();
    void otherListErrorReachesTheWatchErrorHandlerAndBacksOff();
    void tooLargeWatchRelistsAtOnceOnlyUntilAWatchReceivesSomething();
    void pagedRelistFallsBackToFullListWhenContinueExpires();
    void paginatedInitialListKeepsPagingRelists();
    void watchEventsReachTheStoreAndAdvanceTheResourceVersion();
    void watchFromZeroHoldsResourceVersionUntilFirstNonAdded();
    void internalErrorsRewatchImmediatelyWithinTheRetryWindow();
    void streamingListReplacesThenContinuesTheSameStream();
    void streamingListHandsOnObjectsInTheOrderTheyArrived();
    void streamingListFallsBackToPagedList_data();
    void streamingListFallsBackToPagedList();
    void streamingListRetriesTooManyRequests();
    void streamingListWithoutEndBookmarkStartsANewAttempt();
    void carriedOverStreamIsVeryShortCountedFromTheListEnd_data();
    void carriedOverStreamIsVeryShortCountedFromTheListEnd();
    void watchTimeoutIsRandomisedWithinBounds_data();
    void watchTimeoutIsRandomisedWithinBounds();
    void resyncCallsStoreResyncEveryPeriod();
    void resyncFailureEndsTheWatchAndRelists();
    void watchdogStopsASilentStreamAndRewatches();
    void watchdogSaysAtOnceThatTheWatchWentSilent();
    void stopInterruptsABlockedList();
};

void TstReflector::classicTraceOfAppendixA()
{
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    // 2–3: events, then a normal close at timeoutSeconds.
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))}),
                    stepOf(StreamStep::Kind::Close)},
                   false);
    // 4: ERROR 410 → backoff → relist at the last RV.
    h.lw->addWatch({events({makeErrorEvent(410, "Expired", "too old resource version")})});
    // 5: that relist is 410 too → immediately a consistent list.
    h.lw->addList(makeStatusError(410, "Expired", "too old"));
    h.lw->addList(makePage("30", {makePod("a", "12")}));
    h.start();
    QVERIFY(h.finish(6));
    QCOMPARE(h.lw->requests().mid(0, 6),
             (QStringList{kInitialList, watchAt("10"), watchAt("11"), "list resourceVersion=11",
                          "list ", watchAt("30")}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{800});
    QCOMPARE(h.store.calls(),
             (QStringList{"replace ns/a@5 rv=10", "update ns/a@11", "replace ns/a@12 rv=30"}));
    QVERIFY(h.handledErrors.isEmpty());
}

void TstReflector::watchOutcomesFollowTheErrorTable_data()
{
    QTest::addColumn<Script>("script");
    QTest::addColumn<QStringList>("expected"); // requests after list + first watch
    QTest::addColumn<QList<qint64>>("sleeps");
    const auto stream = [](QList<StreamStep> steps, bool block = true) {
        return Script([=](FakeListerWatcher &lw) { lw.addWatch(steps, block); });
    };
    const auto startError = [](ApiError error) {
        return Script([=](FakeListerWatcher &lw) { lw.addWatch(error); });
    };
    const QString relist = QStringLiteral("list resourceVersion=10");
    const WatchEvent added = makeEvent(WatchEvent::Type::Added, makePod("b", "11"));

    QTest::newRow("stream ERROR 410 → backoff, relist at last RV")
        << stream({events({makeErrorEvent(410, "Expired")})}) << QStringList{relist}
        << QList<qint64>{800};
    QTest::newRow("stream ERROR 410 Gone (legacy) → backoff, relist")
        << stream({events({makeErrorEvent(410, "Gone")})}) << QStringList{relist}
        << QList<qint64>{800};
    QTest::newRow("stream ERROR 429 → backoff, re-watch")
        << stream({events({makeErrorEvent(429, "TooManyRequests")})}) << QStringList{watchAt("10")}
        << QList<qint64>{800};
    QTest::newRow("stream ERROR 500 without retry window → relist")
        << stream({events({makeErrorEvent(500, "InternalError")})}) << QStringList{relist}
        << QList<qint64>{800};
    QTest::newRow("stream other ERROR → backoff, relist")
        << stream({events({makeErrorEvent(403, "Forbidden")})}) << QStringList{relist}
        << QList<qint64>{800};
    QTest::newRow("very short watch → backoff, relist")
        << stream({stepOf(StreamStep::Kind::Close)}) << QStringList{relist} << QList<qint64>{800};
    QTest::newRow("close after a second without events → re-watch at once")
        << stream({stepOf(StreamStep::Kind::AdvanceClock, 1000), stepOf(StreamStep::Kind::Close)})
        << QStringList{watchAt("10")} << QList<qint64>{};
    QTest::newRow("close after events → re-watch from the event's RV")
        << stream({events({added}), stepOf(StreamStep::Kind::Close)}) << QStringList{watchAt("11")}
        << QList<qint64>{};
    QTest::newRow("transport error mid-stream → re-watch")
        << stream({events({added}), stepOf(StreamStep::Kind::TransportError)})
        << QStringList{watchAt("11")} << QList<qint64>{};
    QTest::newRow("undecodable frame → backoff, relist")
        << stream({events({added}), stepOf(StreamStep::Kind::DecodeError)})
        << QStringList{"list resourceVersion=11"} << QList<qint64>{800};
    QTest::newRow("decode ERROR event (500) → backoff, relist")
        << stream({events({makeErrorEvent(500, "InternalError", "unable to decode")})})
        << QStringList{relist} << QList<qint64>{800};
    QTest::newRow("watch start 429 → backoff, same watch")
        << startError(makeStatusError(429, "TooManyRequests")) << QStringList{watchAt("10")}
        << QList<qint64>{800};
    QTest::newRow("watch start connection refused → backoff, same watch")
        << startError(ApiError{ApiError::Kind::ConnectionRefused, "refused", {}})
        << QStringList{watchAt("10")} << QList<qint64>{800};
    QTest::newRow("watch start 410 → error handler, backoff, relist")
        << startError(makeStatusError(410, "Expired")) << QStringList{relist} << QList<qint64>{800};
    // Without details client-go does not read the words: a plain timeout.
    QTest::newRow("watch start 504 without details → error handler, backoff, relist")
        << startError(makeStatusError(504, "Timeout", "Too large resource version"))
        << QStringList{relist} << QList<qint64>{800};
    // Not client-go (which backs off, then relists at the last RV): a
    // consistent relist at once, as its list() does for the same answer.
    const QString consistentList = QStringLiteral("list limit=500");
    QTest::newRow("watch start 504 too large → error handler, consistent relist at once")
        << startError(ApiError::fromStatus(tooLargeStatus())) << QStringList{consistentList}
        << QList<qint64>{};
    QTest::newRow("stream ERROR 504 too large → consistent relist at once")
        << stream({events({tooLargeEvent()})}) << QStringList{consistentList} << QList<qint64>{};
    QTest::newRow("watch start 500 → error handler, backoff, relist")
        << startError(makeStatusError(500, "InternalError")) << QStringList{relist}
        << QList<qint64>{800};
    QTest::newRow("watch start transport error → error handler, backoff, relist")
        << startError(ApiError{ApiError::Kind::Transport, "tls", {}}) << QStringList{relist}
        << QList<qint64>{800};
}

void TstReflector::watchOutcomesFollowTheErrorTable()
{
    QFETCH(Script, script);
    QFETCH(QStringList, expected);
    QFETCH(QList<qint64>, sleeps);
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    script(*h.lw);
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.start();
    QVERIFY(h.finish(2 + expected.size()));
    QCOMPARE(h.lw->requests().mid(0, 2 + expected.size()),
             QStringList({kInitialList, watchAt("10")}) + expected);
    QCOMPARE(h.clock->sleeps().mid(0, sleeps.size()), sleeps);
    QCOMPARE(h.clock->sleeps().size(), sleeps.size());
}

void TstReflector::listErrorsRelistWithEmptyResourceVersion_data()
{
    QTest::addColumn<ApiError>("error");
    QTest::newRow("410 Expired") << makeStatusError(410, "Expired", "too old");
    QTest::newRow("410 Gone") << makeStatusError(410, "Gone", "too old");
    QTest::newRow("410 unknown reason") << makeStatusError(410, "", "too old");
    ApiStatus cause = ApiStatus::failure(504, "Timeout", "Timeout: Too large resource version");
    cause.causes = {StatusCause{"ResourceVersionTooLarge", "Too large resource version", {}}};
    QTest::newRow("504 with cause") << ApiError::fromStatus(cause);
    // client-go's NewTimeoutError: details with retryAfterSeconds, without
    // which the message would not be read.
    ApiStatus words =
        ApiStatus::failure(504, "Timeout", "Too large resource version: 30, current: 20");
    words.retryAfterSeconds = 1;
    QTest::newRow("504 message only") << ApiError::fromStatus(words);
}

void TstReflector::listErrorsRelistWithEmptyResourceVersion()
{
    QFETCH(ApiError, error);
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.lw->addWatch({events({makeErrorEvent(410, "Expired")})});
    h.lw->addList(error);
    h.lw->addList(makePage("20", {makePod("a", "6")}));
    h.start();
    QVERIFY(h.finish(5));
    QCOMPARE(h.lw->requests(), (QStringList{kInitialList, watchAt("10"), "list resourceVersion=10",
                                            "list ", watchAt("20")}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{800}); // only the one before the relist
}

void TstReflector::otherListErrorReachesTheWatchErrorHandlerAndBacksOff()
{
    Harness h;
    h.lw->addList(makeStatusError(403, "Forbidden", "pods is forbidden"));
    h.lw->addList(makeStatusError(500, "InternalError", "boom"));
    h.lw->addList(makePage("10", {}));
    h.start();
    QVERIFY(h.finish(4));
    QCOMPARE(h.lw->requests(),
             (QStringList{kInitialList, kInitialList, kInitialList, watchAt("10")}));
    QCOMPARE(h.clock->sleeps(), (QList<qint64>{800, 1600}));
    QCOMPARE(h.handledErrors.size(), 2);
    QVERIFY(h.handledErrors.at(0).isAuthError());
    QVERIFY(h.handledErrors.at(0).message.contains("pods is forbidden"));
}

// A server whose replicas disagree (the list from one, the watch on one
// that lags behind it) answers every watch "too large": the relist at once
// is made once, then the backoff paces them, until a watch receives
// something.
void TstReflector::tooLargeWatchRelistsAtOnceOnlyUntilAWatchReceivesSomething()
{
    const ApiError tooLarge = ApiError::fromStatus(tooLargeStatus());
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.lw->addWatch(tooLarge);
    h.lw->addList(makePage("20", {makePod("a", "5")}));
    h.lw->addWatch(tooLarge);
    h.lw->addList(makePage("30", {makePod("a", "5")}));
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Modified, makePod("a", "31"))}),
                    events({tooLargeEvent()})});
    h.lw->addList(makePage("40", {makePod("a", "5")}));
    h.start();
    QVERIFY(h.finish(8));
    QCOMPARE(h.lw->requests(),
             (QStringList{kInitialList, watchAt("10"), "list limit=500", watchAt("20"),
                          "list limit=500", watchAt("30"), "list limit=500", watchAt("40")}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{800}); // only before the second relist
    QCOMPARE(h.handledErrors.size(), 2);             // the watch starts' answers
    QVERIFY(h.handledErrors.at(0).isTooLargeResourceVersion());
}

void TstReflector::pagedRelistFallsBackToFullListWhenContinueExpires()
{
    Harness h;
    h.options.pageSize = 4;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.lw->addWatch({events({makeErrorEvent(410, "Expired")})});
    h.lw->addList(makePage("10", {makePod("a", "5")}, "C1"));
    h.lw->addList(makeStatusError(410, "Expired", "continue too old"));
    h.lw->addList(makePage("11", {makePod("a", "5"), makePod("b", "11")}));
    h.start();
    QVERIFY(h.finish(6));
    QCOMPARE(h.lw->requests(),
             (QStringList{"list limit=4&resourceVersion=0", watchAt("10"),
                          "list limit=4&resourceVersion=10", "list continue=C1&limit=4",
                          "list resourceVersion=10", watchAt("11")}));
    QCOMPARE(h.store.calls().last(), QStringLiteral("replace ns/a@5,ns/b@11 rv=11"));
}

void TstReflector::paginatedInitialListKeepsPagingRelists()
{
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}, "C1"));
    h.lw->addList(makePage("10", {makePod("b", "6")}));
    h.lw->addWatch({events({makeErrorEvent(410, "Expired")})});
    h.lw->addList(makePage("12", {makePod("a", "5")}));
    h.start();
    QVERIFY(h.finish(5));
    QCOMPARE(h.lw->requests(),
             (QStringList{kInitialList, "list continue=C1&limit=500", watchAt("10"),
                          "list limit=500&resourceVersion=10", watchAt("12")}));
    QCOMPARE(h.store.calls().first(), QStringLiteral("replace ns/a@5,ns/b@6 rv=10"));
}

void TstReflector::watchEventsReachTheStoreAndAdvanceTheResourceVersion()
{
    Harness h;
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    const KubeObject b = makePod("b", "11");
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Added, b),
                            makeEvent(WatchEvent::Type::Modified, makePod("b", "12"))}),
                    events({makeBookmark("13")}),
                    events({makeEvent(WatchEvent::Type::Deleted, makePod("a", "14"))}),
                    stepOf(StreamStep::Kind::Close)},
                   false);
    h.start();
    QVERIFY(h.finish(3));
    QCOMPARE(h.lw->requests().at(2), watchAt("14"));
    QCOMPARE(h.store.calls(), (QStringList{"replace ns/a@5 rv=10", "add ns/b@11", "update ns/b@12",
                                           "delete ns/a@14"}));
    QCOMPARE(h.reflector->lastSyncResourceVersion(), QStringLiteral("14"));
}

void TstReflector::watchFromZeroHoldsResourceVersionUntilFirstNonAdded()
{
    Harness h;
    h.lw->addList(makePage("0", {})); // a server answering RV "0"
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Added, makePod("b", "30")),
                            makeEvent(WatchEvent::Type::Added, makePod("c", "20"))}),
                    stepOf(StreamStep::Kind::Close)},
                   false);
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Added, makePod("d", "40")), makeBookmark("41"),
                 makeEvent(WatchEvent::Type::Added, makePod("e", "42"))}),
         stepOf(StreamStep::Kind::Close)},
        false);
    h.start();
    QVERIFY(h.finish(4));
    QCOMPARE(h.lw->requests(),
             (QStringList{kInitialList, watchAt("0"), watchAt("0"), watchAt("42")}));
}

void TstReflector::internalErrorsRewatchImmediatelyWithinTheRetryWindow()
{
    Harness h;
    h.options.maxInternalErrorRetryMs = 30000;
    h.lw->addList(makePage("10", {}));
    h.lw->addWatch({events({makeErrorEvent(500, "InternalError")})});
    h.lw->addWatch({stepOf(StreamStep::Kind::AdvanceClock, 31000),
                    events({makeErrorEvent(500, "InternalError")})});
    h.lw->addList(makePage("10", {}));
    h.start();
    QVERIFY(h.finish(5));
    // The first 500 is retried at once; 31 s later the window is spent.
    QCOMPARE(h.lw->requests(), (QStringList{kInitialList, watchAt("10"), watchAt("10"),
                                            "list resourceVersion=10", watchAt("10")}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{800});
}

void TstReflector::streamingListReplacesThenContinuesTheSameStream()
{
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Added, makePod("a", "5")),
                 makeEvent(WatchEvent::Type::Added, makePod("b", "6"))}),
         events({makeEvent(WatchEvent::Type::Modified, makePod("b", "7")),
                 makeEvent(WatchEvent::Type::Added, makePod("c", "8")),
                 makeEvent(WatchEvent::Type::Deleted, makePod("c", "9")), makeBookmark("10", true),
                 makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))}),
         events({makeEvent(WatchEvent::Type::Modified, makePod("a", "12"))}),
         stepOf(StreamStep::Kind::Close)},
        false);
    h.start();
    QVERIFY(h.finish(2));
    QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, watchAt("12")}));
    QCOMPARE(h.store.calls(),
             (QStringList{"replace ns/a@5,ns/b@7 rv=10", "update ns/a@11", "update ns/a@12"}));
}

// The Replace gets the streamed objects in the order they came (the order
// they were decoded into memory, walked in order after): an updated one
// where it first came, a deleted one left out, one added again at the end.
void TstReflector::streamingListHandsOnObjectsInTheOrderTheyArrived()
{
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Added, makePod("z", "1")),
                 makeEvent(WatchEvent::Type::Added, makePod("a", "2")),
                 makeEvent(WatchEvent::Type::Added, makePod("m", "3")),
                 makeEvent(WatchEvent::Type::Added, makePod("b", "4")),
                 makeEvent(WatchEvent::Type::Modified, makePod("a", "5")),
                 makeEvent(WatchEvent::Type::Deleted, makePod("m", "6")),
                 makeEvent(WatchEvent::Type::Added, makePod("c", "7")),
                 makeEvent(WatchEvent::Type::Added, makePod("m", "8")), makeBookmark("9", true)})});
    h.start();
    QVERIFY(h.store.waitForCalls(1));
    QCOMPARE(h.store.lastReplaceOrder(),
             (QStringList{"ns/z@1", "ns/a@5", "ns/b@4", "ns/c@7", "ns/m@8"}));
}

void TstReflector::streamingListFallsBackToPagedList_data()
{
    QTest::addColumn<Script>("script");
    QTest::newRow("422 Invalid") << Script([](FakeListerWatcher &lw) {
        lw.addWatch(makeStatusError(422, "Invalid", "sendInitialEvents is forbidden"));
    });
    QTest::newRow("ERROR event") << Script([](FakeListerWatcher &lw) {
        lw.addWatch({events({makeErrorEvent(500, "InternalError", "storage disabled")})});
    });
    QTest::newRow("very short watch")
        << Script([](FakeListerWatcher &lw) { lw.addWatch({}, false); });
    // Retrying a consistent read (no resourceVersion) that expired at once
    // would ask again without end, and without pause.
    QTest::newRow("410 to a consistent streaming list") << Script([](FakeListerWatcher &lw) {
        lw.addWatch(makeStatusError(410, "Expired", "too old resource version"));
    });
    QTest::newRow("ERROR 410 in a consistent streaming list") << Script(
        [](FakeListerWatcher &lw) { lw.addWatch({events({makeErrorEvent(410, "Expired")})}); });
}

void TstReflector::streamingListFallsBackToPagedList()
{
    QFETCH(Script, script);
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    script(*h.lw);
    h.lw->addList(makePage("10", {makePod("a", "5")}));
    h.start();
    QVERIFY(h.finish(3));
    QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, kInitialList, watchAt("10")}));
    QVERIFY(h.handledErrors.isEmpty());
}

void TstReflector::streamingListRetriesTooManyRequests()
{
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    h.lw->addWatch(makeStatusError(429, "TooManyRequests"));
    h.lw->addWatch(makeStatusError(429, "TooManyRequests"));
    h.lw->addWatch({events(
        {makeEvent(WatchEvent::Type::Added, makePod("a", "5")), makeBookmark("10", true)})});
    h.start();
    QVERIFY(h.store.waitForCalls(1));
    QVERIFY(h.finish(3));
    QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, kStreamingWatch, kStreamingWatch}));
    QCOMPARE(h.clock->sleeps(), (QList<qint64>{800, 1600}));
    QCOMPARE(h.store.calls(), QStringList{"replace ns/a@5 rv=10"});
}

void TstReflector::streamingListWithoutEndBookmarkStartsANewAttempt()
{
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Added, makePod("a", "5")), makeBookmark("6", false)}),
         stepOf(StreamStep::Kind::Close)},
        false);
    h.lw->addWatch(
        {events({makeEvent(WatchEvent::Type::Added, makePod("b", "5")), makeBookmark("7", true)})});
    h.start();
    QVERIFY(h.store.waitForCalls(1));
    QVERIFY(h.finish(2));
    QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, kStreamingWatch}));
    QCOMPARE(h.store.calls(), QStringList{"replace ns/b@5 rv=7"}); // fresh temporary store
    // Not at once, as client-go: a server ending every stream early drew
    // thousands of requests a second.
    QCOMPARE(h.clock->sleeps(), QList<qint64>{800});
}

void TstReflector::carriedOverStreamIsVeryShortCountedFromTheListEnd_data()
{
    QTest::addColumn<qint64>("listMs");
    QTest::addColumn<bool>("leftoverEvent");
    QTest::newRow("quickList") << qint64(0) << false;
    QTest::newRow("listLongerThanASecond") << qint64(5000) << false;
    QTest::newRow("eventAfterTheBookmarkCounts") << qint64(5000) << true;
}

void TstReflector::carriedOverStreamIsVeryShortCountedFromTheListEnd()
{
    // client-go starts the very-short-watch clock at the top of each watch
    // loop iteration, also for the stream a streaming list hands on: a stream
    // that closes right after the end bookmark without an event is a very
    // short watch (relist after backoff) however long the list took; an
    // event in the bookmark's batch counts for the watch (normal close).
    QFETCH(qint64, listMs);
    QFETCH(bool, leftoverEvent);
    Harness h;
    h.options.useWatchList = true;
    h.lw->setSupportsWatchList(true);
    QList<WatchEvent> end{makeBookmark("10", true)};
    if (leftoverEvent)
        end.append(makeEvent(WatchEvent::Type::Modified, makePod("a", "11")));
    h.lw->addWatch({events({makeEvent(WatchEvent::Type::Added, makePod("a", "5"))}),
                    stepOf(StreamStep::Kind::AdvanceClock, listMs), events(end),
                    stepOf(StreamStep::Kind::Close)},
                   false);
    h.start();
    QVERIFY(h.finish(2));
    const QString streamingAt10 = QStringLiteral(
        "watch allowWatchBookmarks=true&resourceVersion=10&resourceVersionMatch=NotOlderThan"
        "&sendInitialEvents=true&timeoutSeconds=300&watch=true");
    if (leftoverEvent) {
        QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, watchAt("11")}));
        QCOMPARE(h.clock->sleeps(), QList<qint64>{});
    } else {
        QCOMPARE(h.lw->requests(), (QStringList{kStreamingWatch, streamingAt10}));
        QCOMPARE(h.clock->sleeps(), QList<qint64>{800});
    }
    QCOMPARE(h.store.calls().constFirst(), QStringLiteral("replace ns/a@5 rv=10"));
}

void TstReflector::watchTimeoutIsRandomisedWithinBounds_data()
{
    QTest::addColumn<double>("random");
    QTest::addColumn<int>("minWatchTimeout");
    QTest::addColumn<QString>("expectedTimeout");
    QTest::newRow("lowest") << 0.0 << 0 << "300";
    QTest::newRow("highest") << 0.9999 << 0 << "599";
    QTest::newRow("1 s minimum is ignored") << 0.5 << 1 << "450";
    QTest::newRow("30 min minimum") << 0.0 << 1800 << "1800";
    QTest::newRow("30 min minimum, highest") << 0.9999 << 1800 << "3599";
}

void TstReflector::watchTimeoutIsRandomisedWithinBounds()
{
    QFETCH(double, random);
    QFETCH(int, minWatchTimeout);
    QFETCH(QString, expectedTimeout);
    Harness h;
    h.options.random = [random] { return random; };
    h.options.minWatchTimeoutSeconds = minWatchTimeout;
    h.lw->addList(makePage("10", {}));
    h.start();
    QVERIFY(h.finish(2));
    QCOMPARE(h.lw->requests().at(1),
             QStringLiteral("watch allowWatchBookmarks=true&resourceVersion=10&timeoutSeconds=%1"
                            "&watch=true")
                 .arg(expectedTimeout));
}

void TstReflector::resyncCallsStoreResyncEveryPeriod()
{
    Harness h;
    h.options.resyncPeriodMs = 1000;
    int asked = 0;
    h.options.shouldResync = [&asked] { return ++asked != 2; }; // the 2nd tick is declined
    h.lw->addList(makePage("10", {}));
    h.start();
    QVERIFY(h.lw->waitForRequests(2));
    for (int tick = 1; tick <= 3; ++tick) {
        h.clock->advance(1000);
        QTRY_COMPARE(asked, tick);
    }
    QVERIFY(h.finish(2));
    QCOMPARE(h.store.calls(), (QStringList{"replace  rv=10", "resync", "resync"}));
}

void TstReflector::resyncFailureEndsTheWatchAndRelists()
{
    Harness h;
    h.options.resyncPeriodMs = 1000;
    h.store.failResyncOnCall(1);
    h.lw->addList(makePage("10", {}));
    h.lw->addWatch(QList<StreamStep>{}); // open until the failed resync ends it
    h.lw->addList(makePage("11", {}));
    h.start();
    QVERIFY(h.lw->waitForRequests(2));
    h.clock->advance(1000);
    QVERIFY(h.finish(4));
    QCOMPARE(h.lw->requests(),
             (QStringList{kInitialList, watchAt("10"), "list resourceVersion=10", watchAt("11")}));
    QVERIFY(h.handledErrors.isEmpty()); // resync errors are not ListAndWatch errors
}

void TstReflector::watchdogStopsASilentStreamAndRewatches()
{
    Harness h;
    startWatchSilentAfterABookmark(h);
    QVERIFY(h.lw->waitForRequests(2));
    // The bookmark was handled: the stream is armed and was last active now.
    QTRY_COMPARE(h.reflector->lastSyncResourceVersion(), QStringLiteral("12"));
    h.clock->advance(1999);
    QTest::qWait(20);
    QVERIFY(!h.lw->streamStopped(0));
    h.clock->advance(1);
    QVERIFY(h.finish(3));
    QVERIFY(h.lw->streamStopped(0));
    QCOMPARE(h.lw->requests(), (QStringList{kInitialList, watchAt("10"), watchAt("12")}));
    QCOMPARE(h.clock->sleeps(), QList<qint64>{});
}

// The silent stream looked healthy until the watchdog cut it: from then on
// the status is not watching and names the silence, also while the new watch
// waits for its answer (a hung server accepts it and says nothing).
void TstReflector::watchdogSaysAtOnceThatTheWatchWentSilent()
{
    Harness h;
    startWatchSilentAfterABookmark(h);
    QTRY_COMPARE(h.reflector->lastSyncResourceVersion(), QStringLiteral("12"));
    QCOMPARE(h.status.status().state, InformerStatus::State::Watching);
    h.clock->advance(2000);
    QVERIFY(h.lw->waitForRequests(3)); // the new watch is never answered
    QTRY_COMPARE(h.status.status().state, InformerStatus::State::Connecting);
    const InformerStatus status = h.status.status();
    QCOMPARE(status.lastError,
             QStringLiteral("no data from the server for 2 s, not even a bookmark"));
    QVERIFY(status.lastErrorCurrent);
    QVERIFY(h.finish(3));
}

void TstReflector::stopInterruptsABlockedList()
{
    Harness h;
    h.start(); // the list blocks: nothing scripted
    QVERIFY(h.finish(1));
    QCOMPARE(h.lw->requests(), QStringList{kInitialList});
    QVERIFY(h.handledErrors.isEmpty());
}

QTEST_GUILESS_MAIN(TstReflector)
#include "tst_reflector.moc"
