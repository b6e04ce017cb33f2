// SharedIndexInformer's batch handlers (addBatchHandler): per-key coalescing
// on the receiver's thread, the uncoalesced feed History reads, a late
// handler's snapshot batch, receive times of dropped deletes, and a receiver
// destroyed while batches are being posted to it.

#include "fakelisterwatcher.h"
#include "informer/informers/batchlistener.h"
#include "informer/informers/informerstore.h"
#include "informer/informers/sharedindexinformer.h"
#include "informertesting.h"

#include <QHash>
#include <QSet>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace informant;
using namespace informant::test;

class TstBatchHandlers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void batchHandlerCoalescesPerKeyOnTheReceiverThread();
    void uncoalescedBatchesKeepEveryChangeAndWhatItReplaced();
    void deleteSaysWhetherAWatchEventOrARelistToldIt();
    void lateBatchHandlerGetsOneSnapshotBatch();
    void droppedDeleteLeavesNoReceiveTimeBehind();
    void receiverDestroyedWhileBatchesArePosted();
};

void TstBatchHandlers::batchHandlerCoalescesPerKeyOnTheReceiverThread()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch(
        {gateStep(gate), eventsStep({makeEvent(WatchEvent::Type::Modified, makePod("a", "11")),
                                     makeEvent(WatchEvent::Type::Added, makePod("b", "12")),
                                     makeEvent(WatchEvent::Type::Modified, makePod("a", "13")),
                                     makeEvent(WatchEvent::Type::Deleted, makePod("b", "14")),
                                     makeEvent(WatchEvent::Type::Added, makePod("c", "15"))})});
    SharedIndexInformer informer(lw, testOptions());
    QObject receiver;
    QList<ChangeBatch> batches;
    bool onReceiverThread = true;
    auto handle = *informer.addBatchHandler(
        &receiver,
        [&](const ChangeBatch &batch) {
            onReceiverThread = onReceiverThread && QThread::currentThread() == receiver.thread();
            batches.append(batch);
        },
        50);
    informer.start();
    QTRY_VERIFY(handle->hasSynced());
    QCOMPARE(batches.size(), 1);
    QCOMPARE(batches.first().changes.size(), 1);
    QVERIFY(batches.first().changes.first().receivedNs > 0);
    gate->store(true);
    // Whatever the batching, the newest change per key wins and keys keep
    // the order in which they first changed.
    QTRY_VERIFY(!batches.isEmpty() && !batches.last().changes.isEmpty() &&
                batches.last().changes.last().key == QStringLiteral("ns/c"));
    QHash<QString, QString> last;
    for (const ChangeBatch &batch : std::as_const(batches)) {
        QVERIFY(!batch.snapshot);
        QSet<QString> seen;
        for (const ObjectChange &change : batch.changes) {
            QVERIFY(!seen.contains(change.key)); // at most one change per key
            seen.insert(change.key);
            last[change.key] = (change.type == ObjectChange::Type::Upsert ? "upsert@" : "delete@") +
                               change.object.resourceVersion();
        }
    }
    QCOMPARE(last.value("ns/a"), QStringLiteral("upsert@13"));
    QCOMPARE(last.value("ns/b"), QStringLiteral("delete@14"));
    QCOMPARE(last.value("ns/c"), QStringLiteral("upsert@15"));
    QVERIFY(onReceiverThread);
    informer.stop();
}

// History's feed: every change in order, none merged, each update with the
// object it replaced, an add with none.
void TstBatchHandlers::uncoalescedBatchesKeepEveryChangeAndWhatItReplaced()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch(
        {gateStep(gate), eventsStep({makeEvent(WatchEvent::Type::Modified, makePod("a", "11")),
                                     makeEvent(WatchEvent::Type::Added, makePod("b", "12")),
                                     makeEvent(WatchEvent::Type::Modified, makePod("a", "13")),
                                     makeEvent(WatchEvent::Type::Deleted, makePod("b", "14"))})});
    SharedIndexInformer informer(lw, testOptions());
    QObject receiver;
    QStringList seen;
    auto handle = *informer.addBatchHandler(
        &receiver,
        [&](const ChangeBatch &batch) {
            for (const ObjectChange &change : batch.changes) {
                seen.append(
                    QStringLiteral("%1 %2@%3 after %4")
                        .arg(change.type == ObjectChange::Type::Upsert ? "upsert" : "delete",
                             change.key, change.object.resourceVersion(),
                             change.previous.isNull() ? QStringLiteral("nothing")
                                                      : change.previous.resourceVersion()));
            }
        },
        50, BatchListener::Coalescing::None);
    informer.start();
    QTRY_VERIFY(handle->hasSynced());
    gate->store(true);
    QTRY_COMPARE(seen.size(), 5);
    // Per key in order (the DeltaFIFO hands a key's deltas over together).
    const auto of = [&seen](const QString &key) {
        QStringList changes;
        for (const QString &change : std::as_const(seen)) {
            if (change.contains(u' ' + key + u'@'))
                changes.append(change);
        }
        return changes;
    };
    QCOMPARE(of(QStringLiteral("ns/a")),
             (QStringList{"upsert ns/a@5 after nothing", "upsert ns/a@11 after 5",
                          "upsert ns/a@13 after 11"}));
    QCOMPARE(of(QStringLiteral("ns/b")),
             (QStringList{"upsert ns/b@12 after nothing", "delete ns/b@14 after nothing"}));
    informer.stop();
}

// History says "deleted" only when a watch DELETED event said so: an object
// missing from a relist (client-go's DeletedFinalStateUnknown) may just be
// absent from a restored or lagging API server.
void TstBatchHandlers::deleteSaysWhetherAWatchEventOrARelistToldIt()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5"), makePod("b", "6"), makePod("c", "7")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch(
        {gateStep(gate), eventsStep({makeEvent(WatchEvent::Type::Deleted, makePod("a", "11")),
                                     makeErrorEvent(410, "Expired")})});
    lw->addList(makePage("20", {makePod("c", "7")}));
    SharedIndexInformer informer(lw, testOptions());
    QObject receiver;
    QHash<QString, bool> missingFromRelist;
    auto handle = *informer.addBatchHandler(
        &receiver,
        [&](const ChangeBatch &batch) {
            for (const ObjectChange &change : batch.changes) {
                if (change.type == ObjectChange::Type::Delete)
                    missingFromRelist.insert(change.key, change.missingFromRelist);
                else
                    QVERIFY(!change.missingFromRelist);
            }
        },
        50, BatchListener::Coalescing::None);
    informer.start();
    QTRY_VERIFY(handle->hasSynced());
    gate->store(true);
    QTRY_COMPARE(missingFromRelist.size(), 2);
    QCOMPARE(missingFromRelist.value(QStringLiteral("ns/a"), true), false);
    QCOMPARE(missingFromRelist.value(QStringLiteral("ns/b"), false), true);
    informer.stop();
}

void TstBatchHandlers::lateBatchHandlerGetsOneSnapshotBatch()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5"), makePod("b", "6"), makePod("c", "7")}));
    SharedIndexInformer informer(lw, testOptions());
    informer.start();
    QVERIFY(informer.waitForSync(5000));
    QObject receiver;
    QList<ChangeBatch> batches;
    auto handle = *informer.addBatchHandler(
        &receiver, [&](const ChangeBatch &batch) { batches.append(batch); }, 10);
    QVERIFY(!handle->hasSynced());
    QTRY_VERIFY(handle->hasSynced());
    QCOMPARE(batches.size(), 1);
    QVERIFY(batches.first().snapshot);
    QStringList keys;
    for (const ObjectChange &change : batches.first().changes)
        keys.append(change.key);
    keys.sort();
    QCOMPARE(keys, (QStringList{"ns/a", "ns/b", "ns/c"}));
}

void TstBatchHandlers::droppedDeleteLeavesNoReceiveTimeBehind()
{
    // The DeltaFIFO drops a delete of a key it neither queues nor knows; the
    // time it arrived must not be reported later for a new object of that
    // name (a change-to-screen latency as old as the dropped delete).
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("10", {makePod("a", "5")}));
    auto dropped = std::make_shared<std::atomic<bool>>(false);
    auto recreated = std::make_shared<std::atomic<bool>>(false);
    lw->addWatch({gateStep(dropped),
                  eventsStep({makeEvent(WatchEvent::Type::Deleted, makePod("ghost", "11")),
                              makeEvent(WatchEvent::Type::Modified, makePod("a", "12"))}),
                  gateStep(recreated),
                  eventsStep({makeEvent(WatchEvent::Type::Added, makePod("ghost", "13"))})});
    SharedIndexInformer informer(lw, testOptions());
    QObject receiver;
    QHash<QString, ObjectChange> changes;
    auto handle = *informer.addBatchHandler(
        &receiver,
        [&](const ChangeBatch &batch) {
            for (const ObjectChange &change : batch.changes)
                changes.insert(change.key, change);
        },
        10);
    informer.start();
    QTRY_VERIFY(handle->hasSynced());
    dropped->store(true);
    // The change of a, after the dropped delete, says the delete was handled.
    QTRY_COMPARE(changes.value(QStringLiteral("ns/a")).object.resourceVersion(),
                 QStringLiteral("12"));
    QVERIFY(!changes.contains(QStringLiteral("ns/ghost")));
    const qint64 beforeRecreation = InformerStore::monotonicNowNs();
    recreated->store(true);
    QTRY_VERIFY(changes.contains(QStringLiteral("ns/ghost")));
    QVERIFY(changes.value(QStringLiteral("ns/ghost")).receivedNs >= beforeRecreation);
    informer.stop();
}

// A window closes (its models die) while informer threads go on posting
// batches to them. Many listeners post to one receiver as fast as it takes
// them, so when it is deleted some thread is about to post: no batch may be
// queued to it after its destruction began (Qt would deliver it to freed
// memory, or crash cleaning it up). Before the fix this crashed within a few
// dozen rounds on two cores, in QObject::thread() or at exit.
void TstBatchHandlers::receiverDestroyedWhileBatchesArePosted()
{
    constexpr int kRounds = 150;
    constexpr int kListeners = 16;
    const KubeObject pod = makePod("a", "5");
    qint64 delivered = 0;
    for (int round = 0; round < kRounds; ++round) {
        auto *receiver = new QObject;
        std::vector<std::shared_ptr<BatchListener>> listeners;
        for (int i = 0; i < kListeners; ++i) {
            listeners.push_back(std::make_shared<BatchListener>(
                receiver, [&delivered](const ChangeBatch &) { ++delivered; }, 0,
                [] { return true; }));
            listeners.back()->start();
        }
        std::atomic<bool> feeding{true};
        std::thread feeder([&] {
            Notification notification;
            notification.type = Notification::Type::Update;
            notification.object = pod;
            while (feeding.load())
                for (const auto &listener : listeners)
                    listener->add(notification);
        });
        // Batches are flowing when the receiver goes.
        const qint64 before = delivered;
        const bool flowing = QTest::qWaitFor([&] { return delivered > before; }, 5000);
        delete receiver;
        // Anything wrongly queued to the deleted receiver is dispatched here.
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        feeding.store(false);
        feeder.join();
        for (const auto &listener : listeners)
            listener->stop();
        QVERIFY(flowing);
    }
}

QTEST_GUILESS_MAIN(TstBatchHandlers)
#include "tst_batchhandlers.moc"
