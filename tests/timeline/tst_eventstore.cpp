// EventStore: dedupe by uid across APIs and by name for re-created series,
// indexes, bounded capacity, deletes kept by default, one changed() per batch,
// slot generations.

#include "models/clusterrowkey.h"
#include "models/timeline/eventstore.h"
#include "models/timeline/timelinelayout.h"
#include "syntheticevents.h"

#include <QSignalSpy>
#include <QTest>

using namespace informant;
using namespace informant::testing;

namespace {

constexpr qint64 kT = 1'700'000'000'000;

ObjectChange upsertOf(const QByteArray &json)
{
    auto object = KubeObject::fromJson(json);
    ObjectChange change;
    change.type = ObjectChange::Type::Upsert;
    change.object = object.value();
    change.key = change.object.key();
    return change;
}

} // namespace

class EventStoreTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameUidThroughBothApisIsOneEvent()
    {
        EventStore store;
        QSignalSpy spy(&store, &EventStore::changed);
        EventSpec spec;
        spec.firstMs = kT;
        ChangeBatch batch;
        batch.changes = {upsertOf(coreEventJson(spec)), upsertOf(eventsV1Json(spec))};
        store.applyBatch(batch);
        QCOMPARE(store.size(), 1);
        QCOMPARE(spy.count(), 1);
        // A later count bump replaces it in place.
        spec.count = 5;
        spec.lastMs = kT + 5000;
        batch.changes = {upsertOf(coreEventJson(spec))};
        store.applyBatch(batch);
        QCOMPARE(store.size(), 1);
        QCOMPARE(store.at(store.slotOf("e1")).count, 5);
        QCOMPARE(spy.count(), 2);
        // The same content again changes nothing and says nothing.
        store.applyBatch(batch);
        QCOMPARE(spy.count(), 2);
    }

    void unparseableObjectsAreCountedAndSkipped()
    {
        EventStore store;
        ChangeBatch batch;
        batch.changes = {upsertOf(R"({"metadata":{"name":"cm","uid":"u"},"data":{}})")};
        store.applyBatch(batch);
        QCOMPARE(store.size(), 0);
        QCOMPARE(store.rejectedCount(), 1);
    }

    void indexesFindEventsByObjectNamespaceReasonAndType()
    {
        EventStore store;
        store.upsert(makeEvent("a", "shop", "Pod", "web", kT, -1, EventType::Normal, 1, "Pulled"));
        store.upsert(
            makeEvent("b", "shop", "Pod", "web", kT + 1, -1, EventType::Warning, 3, "BackOff"));
        store.upsert(
            makeEvent("c", "ops", "Job", "nightly", kT + 2, -1, EventType::Normal, 1, "Completed"));
        QCOMPARE(store.slotsForObject("Pod-shop-web").size(), 2);
        QCOMPARE(store.slotsInNamespace("shop").size(), 2);
        QCOMPARE(store.slotsInNamespace("ops").size(), 1);
        QCOMPARE(store.slotsWithReason("BackOff"), QList<qint32>{store.slotOf("b")});
        QCOMPARE(store.slotsOfType(EventType::Warning), QList<qint32>{store.slotOf("b")});
        QCOMPARE(store.reasons(), (QStringList{"BackOff", "Completed", "Pulled"}));
        // Replacing an event moves it between index entries.
        store.upsert(
            makeEvent("b", "shop", "Pod", "web", kT + 1, -1, EventType::Normal, 3, "Pulled"));
        QCOMPARE(store.slotsWithReason("BackOff").size(), 0);
        QCOMPARE(store.slotsWithReason("Pulled").size(), 2);
        QCOMPARE(store.slotsOfType(EventType::Warning).size(), 0);
        QCOMPARE(store.reasons(), (QStringList{"Completed", "Pulled"}));
    }

    void capacityBoundsTheStoreAndEvictsTheOldest_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("inserted");
        QTest::newRow("small") << 10 << 25;
        QTest::newRow("exact") << 64 << 64;
        QTest::newRow("large") << 1000 << 5000;
    }
    void capacityBoundsTheStoreAndEvictsTheOldest()
    {
        QFETCH(int, capacity);
        QFETCH(int, inserted);
        EventStore store;
        store.setCapacity(capacity);
        for (int i = 0; i < inserted; ++i) {
            store.upsert(makeEvent(QString::number(i), "ns", "Pod", "p", kT + i * 1000));
            QVERIFY(store.size() <= capacity);
        }
        QVERIFY(store.size() >= capacity - capacity / 64 - 1);
        QCOMPARE(store.evictedCount(), inserted - store.size());
        // The newest always survive.
        QVERIFY(store.slotOf(QString::number(inserted - 1)) >= 0);
        if (inserted > capacity)
            QCOMPARE(store.slotOf("0"), -1);
        // Shrinking evicts at once.
        store.setCapacity(capacity / 2);
        QVERIFY(store.size() <= capacity / 2);
        QVERIFY(store.slotOf(QString::number(inserted - 1)) >= 0);
    }

    void deletesAreKeptUnlessAsked()
    {
        EventStore store;
        EventSpec spec;
        spec.firstMs = kT;
        ChangeBatch batch;
        batch.changes = {upsertOf(coreEventJson(spec))};
        store.applyBatch(batch);
        ObjectChange del = batch.changes.first();
        del.type = ObjectChange::Type::Delete;
        store.applyBatch(ChangeBatch{false, {del}});
        QCOMPARE(store.size(), 1); // the TTL does not erase what happened
        store.setKeepDeletedEvents(false);
        store.applyBatch(ChangeBatch{false, {del}});
        QCOMPARE(store.size(), 0);
    }

    void recreatedSeriesReplacesTheExpiredEvent_data()
    {
        QTest::addColumn<bool>("keepDeleted");
        QTest::newRow("deletes kept") << true;
        QTest::newRow("deletes applied") << false;
    }
    void recreatedSeriesReplacesTheExpiredEvent()
    {
        // client-go's recorder: the PATCH of a series gets 404 once the Event
        // expired, so it creates it again under the same namespace/name with
        // a new uid, the first timestamp and the count carried on.
        QFETCH(bool, keepDeleted);
        EventStore store;
        store.setKeepDeletedEvents(keepDeleted);
        EventSpec spec;
        spec.uid = QStringLiteral("e1");
        spec.firstMs = kT;
        spec.lastMs = kT + 3'000'000;
        spec.count = 5;
        const ObjectChange original = upsertOf(coreEventJson(spec));
        store.applyBatch(ChangeBatch{false, {original}});
        ObjectChange expired = original;
        expired.type = ObjectChange::Type::Delete;
        store.applyBatch(ChangeBatch{false, {expired}});

        EventSpec recreated = spec;
        recreated.uid = QStringLiteral("e2");
        recreated.lastMs = kT + 4'000'000;
        recreated.count = 6;
        store.applyBatch(ChangeBatch{false, {upsertOf(coreEventJson(recreated))}});
        QCOMPARE(store.size(), 1);
        QCOMPARE(store.slotOf("e1"), -1);
        QVERIFY(store.slotOf("e2") >= 0);
        QCOMPARE(store.at(store.slotOf("e2")).count, 6);
        TimelineLayout layout;
        layout.rebuild(store, {});
        QCOMPARE(layout.itemCount(), 1);
        QCOMPARE(layout.lane(1).eventCount, 6);

        // A late update of the old uid (the other API's watch lags) does not
        // bring the old count back, nor a second entry.
        store.applyBatch(ChangeBatch{false, {upsertOf(eventsV1Json(spec))}});
        QCOMPARE(store.size(), 1);
        QCOMPARE(store.at(store.slotOf("e2")).count, 6);
        // Its deletion does not remove the new one.
        store.setKeepDeletedEvents(false);
        store.applyBatch(ChangeBatch{false, {expired}});
        QCOMPARE(store.size(), 1);
    }

    // A window of several clusters feeds the merged events of them all, row
    // keys naming the cluster: the same Event name in two clusters is two
    // events, and a Node (known by its name) is one lane per cluster.
    void eachClustersEventsAreTheirOwn()
    {
        const auto fromCluster = [](const QString &cluster, const EventSpec &spec) {
            ObjectChange change = upsertOf(coreEventJson(spec));
            change.key = clusterRowKey(cluster, change.key);
            return change;
        };
        EventSpec east;
        east.firstMs = kT;
        EventSpec west = east;
        west.uid = QStringLiteral("e2");
        west.objectUid = QStringLiteral("pod-uid-2");
        EventSpec eastNode = east; // the kubelet's: the node's name for its uid
        eastNode.uid = QStringLiteral("n1");
        eastNode.ns.clear();
        eastNode.name = QStringLiteral("node-1.17b");
        eastNode.kind = QStringLiteral("Node");
        eastNode.objectName = QStringLiteral("node-1");
        eastNode.objectUid = QStringLiteral("node-1");
        EventSpec westNode = eastNode;
        westNode.uid = QStringLiteral("n2");
        EventStore store;
        store.applyBatch(ChangeBatch{false,
                                     {fromCluster(QStringLiteral("east"), east),
                                      fromCluster(QStringLiteral("west"), west),
                                      fromCluster(QStringLiteral("east"), eastNode),
                                      fromCluster(QStringLiteral("west"), westNode)}});
        QCOMPARE(store.size(), 4);
        QCOMPARE(store.at(store.slotOf("e1")).object.cluster, QStringLiteral("east"));
        QCOMPARE(store.at(store.slotOf("e2")).object.cluster, QStringLiteral("west"));
        TimelineLayout layout;
        layout.rebuild(store, {});
        QStringList objectLanes;
        for (const TimelineLane &lane : layout.lanes()) {
            if (!lane.isGroup())
                objectLanes.append(lane.cluster + u' ' + lane.key);
        }
        QCOMPARE(objectLanes,
                 (QStringList{"east " + clusterRowKey(QStringLiteral("east"), "Node//node-1"),
                              "west " + clusterRowKey(QStringLiteral("west"), "Node//node-1"),
                              QStringLiteral("east pod-uid-1"), QStringLiteral("west pod-uid-2")}));
        // Neither of a name's two objects is the other's earlier one.
        for (const TimelineLane &lane : layout.lanes())
            QVERIFY(!lane.earlier);
    }

    void fullStoreDropsEventsOlderThanItEvicts()
    {
        EventStore store;
        store.setCapacity(64);
        for (int i = 0; i < 64; ++i)
            store.upsert(makeEvent(QString::number(i), "ns", "Pod", "p", kT + i * 1000));
        QCOMPARE(store.size(), 64);
        // Older than everything held: it would be the first to go, so it
        // does not take a place.
        store.upsert(makeEvent("ancient", "ns", "Pod", "p", kT - 1'000'000));
        QCOMPARE(store.slotOf("ancient"), -1);
        QVERIFY(store.size() <= 64);
        QCOMPARE(store.evictedCount(), 65 - store.size());
        for (int i = 1; i < 64; ++i)
            QVERIFY(store.slotOf(QString::number(i)) >= 0);
        // Full again, an old event is dropped without evicting newer ones.
        store.upsert(makeEvent("new", "ns", "Pod", "p", kT + 100'000));
        QCOMPARE(store.size(), 64);
        const qint64 evicted = store.evictedCount();
        store.upsert(makeEvent("old", "ns", "Pod", "p", kT - 1000));
        QCOMPARE(store.slotOf("old"), -1);
        QCOMPARE(store.size(), 64);
        QCOMPARE(store.evictedCount(), evicted + 1);
        QVERIFY(store.slotOf("new") >= 0);
    }

    void reusedSlotHasANewGeneration()
    {
        EventStore store;
        store.setCapacity(1);
        store.upsert(makeEvent("a", "ns", "Pod", "a", kT));
        const qint32 slot = store.slotOf("a");
        const quint32 generation = store.generation(slot);
        QVERIFY(store.holds(slot, generation));
        // An update in place is the same event.
        store.upsert(makeEvent("a", "ns", "Pod", "a", kT, kT + 10, EventType::Normal, 2));
        QVERIFY(store.holds(slot, generation));
        store.upsert(makeEvent("b", "ns", "Pod", "b", kT + 1000));
        QCOMPARE(store.slotOf("b"), slot); // evicted "a", reused its slot
        QVERIFY(!store.holds(slot, generation));
        QVERIFY(store.holds(slot, store.generation(slot)));
        store.clear();
        store.upsert(makeEvent("c", "ns", "Pod", "c", kT + 2000));
        QVERIFY(!store.holds(store.slotOf("c"), generation));
    }

    void timeRangeSpansAllEvents()
    {
        EventStore store;
        QCOMPARE(store.timeRange(), (std::pair<qint64, qint64>{-1, -1}));
        store.upsert(makeEvent("a", "ns", "Pod", "p", kT + 10, kT + 500));
        store.upsert(makeEvent("b", "ns", "Pod", "p", kT, kT));
        QCOMPARE(store.timeRange(), (std::pair<qint64, qint64>{kT, kT + 500}));
    }
};

QTEST_GUILESS_MAIN(EventStoreTest)
#include "tst_eventstore.moc"
