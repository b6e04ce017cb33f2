// SharedIndexInformer and SharedInformerFactory against a scripted
// ListerWatcher: store-before-handler order, late registrations, per
// registration HasSynced, resync rules (§6.2–§6.3), transform, removal,
// stop (§6.9) and the factory's keying (batch handlers: tst_batchhandlers).

#include "fakelisterwatcher.h"
#include "informer/informers/sharedindexinformer.h"
#include "informer/informers/sharedinformerfactory.h"
#include "informertesting.h"

#include <QSemaphore>

#include <QSet>
#include <QTest>
#include <future>

using namespace informant;
using namespace informant::test;

namespace {

// Thread-safe log of what one handler saw: "add ns/a@5 initial", ...
class HandlerLog
{
public:
    ResourceEventHandler handler(const Indexer *cacheToCheck = nullptr)
    {
        ResourceEventHandler h;
        h.onAdd = [this, cacheToCheck](const KubeObject &o, bool initial) {
            append(QStringLiteral("add %1@%2%3")
                       .arg(o.key(), o.resourceVersion(),
                            initial ? QStringLiteral(" initial") : QString()),
                   cacheToCheck, o.key());
        };
        h.onUpdate = [this, cacheToCheck](const KubeObject &old, const KubeObject &o) {
            append(QStringLiteral("update %1@%2->%3")
                       .arg(o.key(), old.resourceVersion(), o.resourceVersion()),
                   cacheToCheck, o.key());
        };
        h.onDelete = [this](const Delta &d) {
            append(QStringLiteral("delete %1%2")
                       .arg(d.isTombstone() ? d.tombstoneKey : d.object.key(),
                            d.isTombstone() ? QStringLiteral(" tombstone") : QString()),
                   nullptr, {});
        };
        return h;
    }
    QStringList lines() const
    {
        std::lock_guard lock(m_mutex);
        return m_lines;
    }
    int cacheMisses() const { return m_cacheMisses; }
    // Keys a notification found missing from the cache.
    QSet<QString> missedKeys() const
    {
        std::lock_guard lock(m_mutex);
        return m_missedKeys;
    }

private:
    void append(const QString &line, const Indexer *cache, const QString &key)
    {
        const bool missed = cache && !cache->getByKey(key);
        std::lock_guard lock(m_mutex);
        if (missed) {
            ++m_cacheMisses;
            m_missedKeys.insert(key);
        }
        m_lines.append(line);
    }
    mutable std::mutex m_mutex;
    QStringList m_lines;
    QSet<QString> m_missedKeys;
    std::atomic<int> m_cacheMisses{0};
};

} // namespace

class TstSharedIndexInformer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handlersHearChangesAfterTheCacheWasUpdated();
    void bookmarksMoveTheResourceVersionButAreNotEvents();
    void lateHandlerGetsSyntheticAddsAndItsOwnHasSynced();
    void relistNotifiesResyncingListenersOfUnchangedObjects();
    void relistSharesUnchangedObjectsWithTheCache_data();
    void relistSharesUnchangedObjectsWithTheCache();
    void resyncPeriodsAreNormalised();
    void transformRunsBeforeCacheAndHandlers();
    void removedHandlerHearsNothingMore();
    void removalDoesNotWaitForACallInProgress();
    void handlerMayRemoveItselfAndDropItsHandle();
    void addingAfterStopFails();
    void secondStopReturnsWhenTheFirstHasJoined();
    void stopDropsTheQueuedBacklog();
    void stoppedInformerHasNoHandlersAndTakesNoIndexers();
    void relistDoesNotTransformCachedObjectsAgain();
    void factorySharesOneInformerPerKeyAndAppliesSelectors();
};

void TstSharedIndexInformer::handlersHearChangesAfterTheCacheWasUpdated()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5"), makePod("b", "6")}));
    lw->addWatch({eventsStep({makeEvent(WatchEvent::Type::Modified, makePod("a", "11")),
                              makeEvent(WatchEvent::Type::Added, makePod("c", "12")),
                              makeEvent(WatchEvent::Type::Deleted, makePod("b", "13"))})});
    SharedIndexInformer informer(lw, testOptions());
    HandlerLog log;
    auto handle = informer.addEventHandler(log.handler(&informer.indexer()));
    QVERIFY(handle.ok());
    QVERIFY(!informer.hasSynced());
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    QTRY_VERIFY((*handle)->hasSynced());
    QTRY_COMPARE(log.lines().size(), 5);
    // Per key, notifications come in order. Across keys the order depends on
    // whether a watch event reached the DeltaFIFO before the key's Replaced
    // delta was popped: then both are popped together (per-key coalescing, as
    // in client-go), so only the per-key sequences are fixed.
    const auto linesFor = [&log](const QString &key) {
        QStringList lines;
        for (const QString &line : log.lines())
            if (line.contains(key + QLatin1Char('@')) || line.endsWith(QLatin1Char(' ') + key))
                lines << line;
        return lines;
    };
    QCOMPARE(linesFor(QStringLiteral("ns/a")),
             (QStringList{"add ns/a@5 initial", "update ns/a@5->11"}));
    QCOMPARE(linesFor(QStringLiteral("ns/b")), (QStringList{"add ns/b@6 initial", "delete ns/b"}));
    QCOMPARE(linesFor(QStringLiteral("ns/c")), (QStringList{"add ns/c@12"}));
    // Handlers run after the cache was updated, on their own thread: by then
    // the cache may have moved on, but only ns/b (deleted later) can be gone.
    QVERIFY((log.missedKeys() - QSet<QString>{QStringLiteral("ns/b")}).isEmpty());
    QCOMPARE(informer.indexer().size(), 2);
    QTRY_COMPARE(informer.lastSyncResourceVersion(), QStringLiteral("13"));
    informer.stop();
    QCOMPARE(informer.status().state, InformerStatus::State::Stopped);
    QCOMPARE(informer.status().events, 3);
}

// An idle kind's watch carries only bookmarks (every minute or so from a
// real API server): the informers panel must not show it receiving events.
void TstSharedIndexInformer::bookmarksMoveTheResourceVersionButAreNotEvents()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    lw->addWatch({eventsStep({makeBookmark("11"), makeBookmark("12")})});
    SharedIndexInformer informer(lw, testOptions());
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    QTRY_COMPARE(informer.lastSyncResourceVersion(), QStringLiteral("12"));
    QTRY_COMPARE(informer.status().lastResourceVersion, QStringLiteral("12"));
    QCOMPARE(informer.status().events, 0);
    QCOMPARE(informer.status().lastEventMs, -1);
    informer.stop();
}

void TstSharedIndexInformer::lateHandlerGetsSyntheticAddsAndItsOwnHasSynced()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch(
        {gateStep(gate), eventsStep({makeEvent(WatchEvent::Type::Modified, makePod("a", "11"))})});
    SharedIndexInformer informer(lw, testOptions());
    informer.start();
    QVERIFY(informer.waitForSync(5000));

    QSemaphore release;
    HandlerLog log;
    ResourceEventHandler handler = log.handler();
    const auto add = handler.onAdd;
    handler.onAdd = [&release, add](const KubeObject &o, bool initial) {
        release.acquire(); // held until the test has looked at HasSynced
        add(o, initial);
    };
    auto handle = informer.addEventHandler(handler);
    QVERIFY(handle.ok());
    QVERIFY(informer.hasSynced());
    QVERIFY(!(*handle)->hasSynced()); // its synthetic add is not handled yet
    release.release();
    QTRY_VERIFY((*handle)->hasSynced());
    gate->store(true);
    QTRY_COMPARE(log.lines(), (QStringList{"add ns/a@5 initial", "update ns/a@5->11"}));
    QCOMPARE(informer.handlerCount(), 1);
}

void TstSharedIndexInformer::relistNotifiesResyncingListenersOfUnchangedObjects()
{
    // TestSharedInformerWatchDisruption: pod2 changes and pod3 appears while
    // the watch is down; only the resyncing listener also hears about pod1.
    auto clock = std::make_shared<FakeClock>();
    auto lw = std::make_shared<FakeListerWatcher>(clock.get());
    lw->addList(makePage("10", {makePod("pod1", "1"), makePod("pod2", "2")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch({gateStep(gate), eventsStep({makeErrorEvent(410, "Expired")})});
    lw->addList(makePage("20", {makePod("pod1", "1"), makePod("pod2", "3"), makePod("pod3", "4")}));
    SharedIndexInformerOptions options = testOptions(clock);
    options.defaultResyncMs = 1000;
    SharedIndexInformer informer(lw, options);
    HandlerLog plain;
    HandlerLog resyncing;
    QVERIFY(informer.addEventHandler(plain.handler(), 0).ok());
    QVERIFY(informer.addEventHandler(resyncing.handler(), 1000).ok());
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    QTRY_COMPARE(resyncing.lines().size(), 2);
    QVERIFY(lw->waitForRequests(2));

    clock->advance(1000); // the resync timer: only the 1-s listener is due
    QTRY_COMPARE(resyncing.lines().size(), 4);
    gate->store(true); // ERROR 410 → relist
    QTRY_COMPARE(plain.lines().size(), 4);
    QTRY_COMPARE(resyncing.lines().size(), 7);
    QCOMPARE(plain.lines().mid(2), (QStringList{"update ns/pod2@2->3", "add ns/pod3@4"}));
    QStringList resynced = resyncing.lines().mid(2, 2);
    resynced.sort();
    QCOMPARE(resynced, (QStringList{"update ns/pod1@1->1", "update ns/pod2@2->2"}));
    QCOMPARE(resyncing.lines().mid(4),
             (QStringList{"update ns/pod1@1->1", "update ns/pod2@2->3", "add ns/pod3@4"}));
}

void TstSharedIndexInformer::relistSharesUnchangedObjectsWithTheCache_data()
{
    QTest::addColumn<bool>("streamingList");
    QTest::newRow("pagedList") << false;
    QTest::newRow("streamingList") << true;
}

void TstSharedIndexInformer::relistSharesUnchangedObjectsWithTheCache()
{
    // A relist hands the cache's own instance on for an object whose uid and
    // resourceVersion did not change, so a relist of 100k unchanged pods
    // does not hold them twice; changed objects are the relisted ones.
    QFETCH(bool, streamingList);
    auto clock = std::make_shared<FakeClock>();
    auto lw = std::make_shared<FakeListerWatcher>(clock.get());
    lw->setSupportsWatchList(streamingList);
    const QList<KubeObject> first{makePod("pod1", "1"), makePod("pod2", "2"),
                                  makePod("pod3", "3", "ns", "old-uid")};
    const QList<KubeObject> second{makePod("pod1", "1"), makePod("pod2", "5"),
                                   makePod("pod3", "3", "ns", "new-uid")};
    auto gate = std::make_shared<std::atomic<bool>>(false);
    if (streamingList) {
        QList<WatchEvent> initial;
        for (const KubeObject &object : first)
            initial.append(makeEvent(WatchEvent::Type::Added, object));
        initial.append(makeBookmark("10", true));
        lw->addWatch(
            {eventsStep(initial), gateStep(gate), eventsStep({makeErrorEvent(410, "Expired")})});
        QList<WatchEvent> relisted;
        for (const KubeObject &object : second)
            relisted.append(makeEvent(WatchEvent::Type::Added, object));
        relisted.append(makeBookmark("20", true));
        lw->addWatch({eventsStep(relisted)});
    } else {
        lw->addList(makePage("10", first));
        lw->addWatch({gateStep(gate), eventsStep({makeErrorEvent(410, "Expired")})});
        lw->addList(makePage("20", second));
    }
    SharedIndexInformerOptions options = testOptions(clock);
    options.reflector.useWatchList = streamingList;
    SharedIndexInformer informer(lw, options);
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    const std::optional<KubeObject> cached1 = informer.indexer().getByKey("ns/pod1");
    QVERIFY(cached1);
    QVERIFY(cached1->sameAs(first.at(0)));
    const qint64 listedMs = informer.status().listedMs; // the first list's, kept
    QVERIFY(listedMs >= 0 && listedMs <= informer.status().syncedMs);

    gate->store(true); // ERROR 410 → relist
    QTRY_COMPARE(informer.indexer().getByKey("ns/pod2").value_or(KubeObject()).resourceVersion(),
                 QStringLiteral("5"));
    QTRY_COMPARE(informer.indexer().getByKey("ns/pod3").value_or(KubeObject()).uid(),
                 QStringLiteral("new-uid"));
    QVERIFY(informer.indexer().getByKey("ns/pod1")->sameAs(*cached1));
    QVERIFY(!informer.indexer().getByKey("ns/pod1")->sameAs(second.at(0)));
    QVERIFY(informer.indexer().getByKey("ns/pod2")->sameAs(second.at(1)));
    QVERIFY(informer.indexer().getByKey("ns/pod3")->sameAs(second.at(2)));
    QCOMPARE(informer.status().relists, 1);
    QCOMPARE(informer.status().listedMs, listedMs);
}

void TstSharedIndexInformer::resyncPeriodsAreNormalised()
{
    // TestResyncCheckPeriod, plus the 1-s minimum and raising after start.
    auto lw = std::make_shared<FakeListerWatcher>();
    SharedIndexInformerOptions options = testOptions();
    options.defaultResyncMs = 12 * 3600 * 1000;
    SharedIndexInformer informer(lw, options);
    const QList<qint64> requested{0, 60000, 55000, 5000};
    const QList<qint64> checkPeriods{12 * 3600 * 1000, 60000, 55000, 5000};
    QList<ListenerHandle> handles;
    for (int i = 0; i < requested.size(); ++i) {
        handles.append(*informer.addEventHandler({}, requested.at(i)));
        QCOMPARE(informer.resyncCheckPeriodMs(), checkPeriods.at(i));
    }
    for (int i = 0; i < requested.size(); ++i)
        QCOMPARE(handles.at(i)->resyncPeriodMs, requested.at(i));
    informer.start();
    auto late = *informer.addEventHandler({}, 1000);
    QCOMPARE(late->resyncPeriodMs, 5000); // the timer can no longer change
    auto tiny = *informer.addEventHandler({}, 10);
    QCOMPARE(tiny->resyncPeriodMs, 5000);

    SharedIndexInformer never(lw, testOptions()); // resync 0: nobody resyncs
    QCOMPARE((*never.addEventHandler({}, 5000))->resyncPeriodMs, 0);
}

void TstSharedIndexInformer::transformRunsBeforeCacheAndHandlers()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("pod1", "1"), makePod("pod2", "2")}));
    SharedIndexInformer informer(lw, testOptions());
    QVERIFY(informer
                .setTransform([](const KubeObject &o) {
                    return makePod(o.name().toUpper(), o.resourceVersion());
                })
                .ok());
    HandlerLog log;
    QVERIFY(informer.addEventHandler(log.handler()).ok());
    informer.start();
    QVERIFY(!informer.setTransform({}).ok()); // "informer has already started"
    QVERIFY(informer.waitForSync(5000));
    QTRY_COMPARE(log.lines(), (QStringList{"add ns/POD1@1 initial", "add ns/POD2@2 initial"}));
    QStringList keys = informer.indexer().listKeys();
    keys.sort();
    QCOMPARE(keys, (QStringList{"ns/POD1", "ns/POD2"}));
}

void TstSharedIndexInformer::removedHandlerHearsNothingMore()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch(
        {gateStep(gate), eventsStep({makeEvent(WatchEvent::Type::Added, makePod("b", "11"))})});
    SharedIndexInformer informer(lw, testOptions());
    HandlerLog kept;
    HandlerLog removed;
    auto keptHandle = *informer.addEventHandler(kept.handler());
    auto removedHandle = *informer.addEventHandler(removed.handler());
    QCOMPARE(informer.handlerCount(), 2);
    informer.start();
    QTRY_COMPARE(removed.lines().size(), 1);
    informer.removeEventHandler(removedHandle);
    informer.removeEventHandler(removedHandle); // idempotent
    SharedIndexInformer other(lw, testOptions());
    other.removeEventHandler(keptHandle); // a foreign handle is a no-op
    QCOMPARE(informer.handlerCount(), 1);
    gate->store(true);
    QTRY_COMPARE(kept.lines().size(), 2);
    QCOMPARE(removed.lines(), QStringList{"add ns/a@5 initial"});
    informer.removeEventHandler(keptHandle);
    QCOMPARE(informer.handlerCount(), 0);
}

// §6.7: removing a registration does not wait for the call its handler is
// in (a handler blocked on the remover's thread would never return); that
// call finishes, and no later one starts.
void TstSharedIndexInformer::removalDoesNotWaitForACallInProgress()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5"), makePod("b", "6")}));
    lw->addWatch({gateStep(std::make_shared<std::atomic<bool>>(false))});
    SharedIndexInformer informer(lw, testOptions());
    QSemaphore entered;
    QSemaphore proceed;
    std::atomic<int> calls{0};
    ResourceEventHandler handler;
    handler.onAdd = [&](const KubeObject &, bool) {
        ++calls;
        entered.release();
        proceed.acquire();
    };
    const ListenerHandle handle = *informer.addEventHandler(handler);
    informer.start();
    QVERIFY(entered.tryAcquire(1, 5000));

    auto removal = std::async(std::launch::async, [&] { informer.removeEventHandler(handle); });
    const bool returned = removal.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
    proceed.release(2); // the call in progress, and one more should another start
    removal.wait();
    QVERIFY2(returned, "removeEventHandler waited for the handler's call to end");
    QTest::qWait(200);
    QCOMPARE(calls.load(), 1);
    QCOMPARE(informer.handlerCount(), 0);
}

// A handler that removes its own registration and lets go of the last handle
// to it, inside its call: the listener outlives the call it is making
// (under AddressSanitizer this was a use after free).
void TstSharedIndexInformer::handlerMayRemoveItselfAndDropItsHandle()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5"), makePod("b", "6")}));
    lw->addWatch({gateStep(std::make_shared<std::atomic<bool>>(false))});
    SharedIndexInformer informer(lw, testOptions());
    ListenerHandle self;
    std::atomic<int> calls{0};
    ResourceEventHandler handler;
    handler.onAdd = [&](const KubeObject &, bool) {
        ++calls;
        informer.removeEventHandler(self);
        self.reset();
    };
    self = *informer.addEventHandler(handler);
    HandlerLog other;
    QVERIFY(informer.addEventHandler(other.handler()).ok());
    informer.start();
    QTRY_COMPARE(other.lines().size(), 2);
    QTest::qWait(100);
    QCOMPARE(calls.load(), 1);
    QCOMPARE(informer.handlerCount(), 1);
}

void TstSharedIndexInformer::addingAfterStopFails()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    SharedIndexInformer informer(lw, testOptions());
    informer.start();
    informer.stop();
    QVERIFY(informer.isStopped());
    QVERIFY(informer.hasStarted());
    const auto result = informer.addEventHandler({});
    QVERIFY(!result.ok());
    QVERIFY(result.errorMessage().contains(QStringLiteral("stopped already")));
}

// The factory's shutdown and the informer's owner may stop it at once: the
// second caller must not go on (and free what the handler uses) while the
// first is still waiting for a handler's call to end.
void TstSharedIndexInformer::secondStopReturnsWhenTheFirstHasJoined()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    lw->addWatch({gateStep(std::make_shared<std::atomic<bool>>(false))});
    SharedIndexInformer informer(lw, testOptions());
    QSemaphore entered;
    QSemaphore proceed;
    std::atomic<bool> inHandler{false};
    ResourceEventHandler handler;
    handler.onAdd = [&](const KubeObject &, bool) {
        inHandler = true;
        entered.release();
        proceed.acquire();
        inHandler = false;
    };
    QVERIFY(informer.addEventHandler(handler).ok());
    informer.start();
    QVERIFY(entered.tryAcquire(1, 5000));

    auto first = std::async(std::launch::async, [&] { informer.stop(); });
    QTRY_VERIFY(informer.isStopped());
    QSemaphore secondCalling;
    auto second = std::async(std::launch::async, [&] {
        secondCalling.release();
        informer.stop();
        return inHandler.load();
    });
    // Once the second caller is in stop() (not merely scheduled: on a loaded
    // machine the thread might not have run yet), it must not come back.
    QVERIFY(secondCalling.tryAcquire(1, 5000));
    const bool secondWaited =
        second.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout;
    proceed.release();
    first.wait();
    QVERIFY2(secondWaited, "the second stop() returned while a handler's call was in progress");
    QCOMPARE(second.get(), false);
}

// client-go's processLoop checks its stop channel between pops, and the
// processor drops what its listeners have not delivered: stop() does not
// work off a queued initial list of 2000 objects first (it did, indexing
// and handing each to the handlers while stop() waited).
void TstSharedIndexInformer::stopDropsTheQueuedBacklog()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    QList<KubeObject> pods;
    for (int i = 0; i < 2000; ++i)
        pods.append(makePod(QStringLiteral("p%1").arg(i), QStringLiteral("5")));
    lw->addList(makePage("10", pods));
    lw->addWatch({gateStep(std::make_shared<std::atomic<bool>>(false))});
    SharedIndexInformerOptions options = testOptions();
    // The first object's indexing holds the processing thread until the stop
    // is under way; every indexed object is counted.
    std::atomic<int> indexed{0};
    QSemaphore entered;
    QSemaphore proceed;
    options.indexers.insert(QStringLiteral("gate"), [&](const KubeObject &o) {
        if (indexed++ == 0) {
            entered.release();
            proceed.acquire();
        }
        return QStringList{o.name()};
    });
    SharedIndexInformer informer(lw, options);
    std::atomic<int> handled{0};
    ResourceEventHandler handler;
    handler.onAdd = [&](const KubeObject &, bool) { ++handled; };
    QVERIFY(informer.addEventHandler(handler).ok());
    informer.start();
    QVERIFY(entered.tryAcquire(1, 5000));

    auto stopping = std::async(std::launch::async, [&] { informer.stop(); });
    QTRY_VERIFY(informer.isStopped()); // the stop is requested
    proceed.release();
    stopping.wait();
    QCOMPARE(indexed.load(), 1);
    QVERIFY2(handled.load() <= 1, qPrintable(QString::number(handled.load())));
    QVERIFY(informer.indexer().size() <= 1);
}

// client-go clears the listener set on stop (§6.9) and refuses AddIndexers
// once stopped (§6.8); before that, new indexers index what is cached.
void TstSharedIndexInformer::stoppedInformerHasNoHandlersAndTakesNoIndexers()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    lw->addWatch({gateStep(std::make_shared<std::atomic<bool>>(false))});
    SharedIndexInformer informer(lw, testOptions());
    QVERIFY(informer.addEventHandler({}).ok());
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    const auto byName = [](const KubeObject &o) { return QStringList{o.name()}; };
    QVERIFY(informer.addIndexers({{QStringLiteral("name"), byName}}).ok());
    QCOMPARE(informer.indexer().byIndex(QStringLiteral("name"), QStringLiteral("a"))->size(), 1);
    QCOMPARE(informer.handlerCount(), 1);

    informer.stop();
    QCOMPARE(informer.handlerCount(), 0);
    const Result<void> late = informer.addIndexers({{QStringLiteral("late"), byName}});
    QVERIFY(!late.ok());
    QVERIFY2(late.errorMessage().contains(QStringLiteral("stopped already")),
             qPrintable(late.errorMessage()));
}

// A relist hands the cached instance on for an unchanged object
// (relistSharesUnchangedObjectsWithTheCache); that instance was transformed
// when it was cached and must not go through the transform again, as
// client-go transforms every object once, fresh from the wire.
void TstSharedIndexInformer::relistDoesNotTransformCachedObjectsAgain()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addList(makePage("10", {makePod("a", "5")}));
    lw->addWatch({gateStep(gate), eventsStep({makeErrorEvent(410, "Expired")})});
    lw->addList(makePage("20", {makePod("a", "5"), makePod("b", "6")}));
    SharedIndexInformerOptions options = testOptions();
    options.reflector.backoff.initialMs = 1;
    SharedIndexInformer informer(lw, options);
    std::mutex mutex;
    QList<KubeObject> outputs; // every object the transform made
    int calls = 0;
    int callsOnItsOwnOutput = 0;
    QVERIFY(informer
                .setTransform([&](const KubeObject &o) {
                    KubeObject copy = KubeObject::fromJson(o.json()).value();
                    std::lock_guard lock(mutex);
                    ++calls;
                    for (const KubeObject &output : std::as_const(outputs))
                        callsOnItsOwnOutput += output.sameAs(o) ? 1 : 0;
                    outputs.append(copy);
                    return copy;
                })
                .ok());
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    const std::optional<KubeObject> cached = informer.indexer().getByKey("ns/a");
    QVERIFY(cached);

    gate->store(true); // ERROR 410 → relist
    QTRY_VERIFY(informer.indexer().getByKey("ns/b").has_value());
    informer.stop();
    std::lock_guard lock(mutex);
    QCOMPARE(callsOnItsOwnOutput, 0);
    QCOMPARE(calls, 2); // a at the first list, b at the relist
    QVERIFY(informer.indexer().getByKey("ns/a")->sameAs(*cached));
}

// One informer per key, selectors applied; forget() makes the next one new
// (a kind served at another version needs a new informer).
void TstSharedIndexInformer::factorySharesOneInformerPerKeyAndAppliesSelectors()
{
    QList<std::shared_ptr<FakeListerWatcher>> created;
    SharedInformerFactory factory(
        [&created](const InformerKey &) {
            auto lw = std::make_shared<FakeListerWatcher>();
            lw->addList(makePage("10", {}));
            created.append(lw);
            return lw;
        },
        testOptions());
    const InformerKey pods{"ctx", "pods", "", "app=web", ""};
    const InformerKey podsInNs{"ctx", "pods", "ns", "", "spec.nodeName=n1"};
    auto a = factory.informerFor(pods);
    QCOMPARE(factory.informerFor(pods), a);
    auto b = factory.informerFor(podsInNs);
    QVERIFY(a != b);
    QCOMPARE(created.size(), 2);
    QVERIFY(!a->hasStarted());
    factory.start();
    factory.start(); // idempotent
    QVERIFY(a->hasStarted() && b->hasStarted());
    QVERIFY(factory.waitForCacheSync(5000));
    QVERIFY(created.at(0)->waitForRequests(2));
    QCOMPARE(created.at(0)->requests().first(),
             QStringLiteral("list labelSelector=app%3Dweb&limit=500&resourceVersion=0"));
    QVERIFY(created.at(1)->requests().first().startsWith(
        QStringLiteral("list fieldSelector=spec.nodeName%3Dn1&")));
    // A forgotten key's informer is handed over to be stopped; the next one
    // is new and starts.
    QCOMPARE(factory.forget(pods), a);
    QVERIFY(!a->isStopped());
    a->stop();
    auto again = factory.informerFor(pods);
    QVERIFY(again && again != a);
    QCOMPARE(created.size(), 3);
    factory.start();
    QVERIFY(again->hasStarted());
    factory.shutdown();
    QVERIFY(again->isStopped() && b->isStopped());
    QVERIFY(!factory.informerFor({"ctx", "nodes", "", "", ""}));
}

QTEST_GUILESS_MAIN(TstSharedIndexInformer)
#include "tst_sharedindexinformer.moc"
