// Indexer conformance: the shared store table through the key function, key
// errors, and the Indexer as the DeltaFIFO's KnownObjects (reference §4.2,
// §4.5, §9.3, §9.4).

#include "storescript.h"

#include "informer/cache/deltafifo.h"

using namespace informant;
using namespace informant::test;

class TestIndexer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scriptedOperationsGiveExactQueries_data();
    void scriptedOperationsGiveExactQueries();
    void upsertReportsThePreviousObject();
    void anUpdatedObjectsKeyIsHeldOnce();
    void keyOfDeltaUsesTombstoneKey();
    void customKeyFunctionErrorsAreKeyErrors();
    void getFindsTheStoredObjectForAnObject();
    void servesAsKnownObjectsForDeltaFIFO();
};

void TestIndexer::scriptedOperationsGiveExactQueries_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("expected");
    addSharedStoreRows();
    storeRow("keyFunctionErrorStoresNothing", "add nil; update nil; size",
             {"err: couldn't create key for object <nil>: object has no meta",
              "err: couldn't create key for object <nil>: object has no meta", "size =0"});
    storeRow("deleteOfObjectWithoutMetaIsKeyError", "add a1; delete nil; size",
             {"err: couldn't create key for object <nil>: object has no meta", "size =1"});
    storeRow(
        "replaceWithBadObjectLeavesStoreUnchanged", "add a1; replace b2 nil; keys; get a",
        {"err: couldn't create key for object <nil>: object has no meta", "keys =a", "get a=a1"});
    storeRow("objectsAreStoredUnderNamespaceSlashName", "add ns/a1 b2 other/a3; keys",
             {"keys =b,ns/a,other/a"});
    storeRow("deleteUsesTheKeyNotTheObjectVersion", "add ns/a1; delete ns/a9; size", {"size =0"});
}

void TestIndexer::scriptedOperationsGiveExactQueries()
{
    QFETCH(QString, script);
    QFETCH(QStringList, expected);
    StoreScript<Indexer> runner;
    QCOMPARE(runner.run(script), expected);
}

void TestIndexer::upsertReportsThePreviousObject()
{
    Indexer indexer;
    const KubeObject first = objectFromToken(QStringLiteral("ns/a1"));
    const KubeObject second = objectFromToken(QStringLiteral("ns/a2"));
    const auto added = indexer.upsert(first);
    QVERIFY(added.ok());
    QCOMPARE(added.value(), std::nullopt);
    const auto updated = indexer.upsert(second);
    QVERIFY(updated.ok());
    QVERIFY(updated.value()->sameAs(first));
    QVERIFY(indexer.removeByKey(QStringLiteral("ns/a"))->sameAs(second));
    QCOMPARE(indexer.removeByKey(QStringLiteral("ns/a")), std::nullopt);
}

// Every object carries its key; the store must hold the current version's
// string, not a second copy left from the first version.
void TestIndexer::anUpdatedObjectsKeyIsHeldOnce()
{
    Indexer indexer;
    const KubeObject first = objectFromToken(QStringLiteral("ns/a1"));
    const KubeObject second = objectFromToken(QStringLiteral("ns/a2"));
    QVERIFY(indexer.upsert(first).ok());
    QCOMPARE(indexer.listKeys().first().constData(), first.key().constData());
    QVERIFY(indexer.upsert(second).ok());
    QCOMPARE(indexer.listKeys(), QStringList{QStringLiteral("ns/a")});
    QCOMPARE(indexer.listKeys().first().constData(), second.key().constData());
    QVERIFY(indexer.getByKey(QStringLiteral("ns/a"))->sameAs(second));
}

void TestIndexer::keyOfDeltaUsesTombstoneKey()
{
    Indexer indexer;
    const KubeObject object = objectFromToken(QStringLiteral("ns/a1"));
    QCOMPARE(indexer.keyOf(Delta{DeltaType::Deleted, object, {}}).value(), QStringLiteral("ns/a"));
    QCOMPARE(
        indexer.keyOf(Delta{DeltaType::Deleted, KubeObject(), QStringLiteral("ns/gone")}).value(),
        QStringLiteral("ns/gone"));
    QVERIFY(!indexer.keyOf(Delta{DeltaType::Deleted, KubeObject(), {}}).ok());
}

void TestIndexer::customKeyFunctionErrorsAreKeyErrors()
{
    Indexer indexer([](const KubeObject &object) -> Result<QString> {
        if (object.uid().isEmpty())
            return makeError(QStringLiteral("no uid"));
        return object.uid();
    });
    const Result<void> added = indexer.add(objectFromToken(QStringLiteral("ns/a1")));
    QCOMPARE(added.errorMessage(),
             QStringLiteral("couldn't create key for object Pod ns/a: no uid"));
    const KubeObject withUid =
        fromJsonOrDie(R"({"kind":"Pod","metadata":{"name":"a","uid":"u-1"}})");
    QVERIFY(indexer.add(withUid).ok());
    QCOMPARE(indexer.listKeys(), QStringList{QStringLiteral("u-1")});
}

void TestIndexer::getFindsTheStoredObjectForAnObject()
{
    Indexer indexer;
    QVERIFY(indexer.add(objectFromToken(QStringLiteral("ns/a1"))).ok());
    const auto found = indexer.get(objectFromToken(QStringLiteral("ns/a7")));
    QVERIFY(found.ok());
    QCOMPARE(objectToken(found.value().value()), QStringLiteral("ns/a1"));
    QCOMPARE(indexer.get(objectFromToken(QStringLiteral("ns/b1"))).value(), std::nullopt);
    QVERIFY(!indexer.get(KubeObject()).ok());
}

void TestIndexer::servesAsKnownObjectsForDeltaFIFO()
{
    // The informer wiring: the queue consults the indexer, the consumer
    // applies popped deltas to it under the queue lock.
    Indexer indexer;
    DeltaFIFOOptions options;
    options.knownObjects = &indexer;
    options.emitDeltaTypeReplaced = true;
    DeltaFIFO fifo(options);
    QVERIFY(indexer.add(objectFromToken(QStringLiteral("ns/old1"))).ok());
    QVERIFY(fifo.replace(objectsFromTokens({QStringLiteral("ns/new2")}), QStringLiteral("5")).ok());
    QStringList log;
    const PopProcess apply = [&](const Deltas &deltas, bool initial) -> ProcessResult {
        for (const Delta &delta : deltas) {
            log.append(deltaTypeName(delta.type) + QLatin1Char(' ') + indexer.keyOf(delta).value() +
                       (delta.isTombstone() ? QStringLiteral(" tombstone") : QString()) +
                       (initial ? QStringLiteral(" initial") : QString()));
            if (delta.type == DeltaType::Deleted)
                indexer.removeByKey(indexer.keyOf(delta).value());
            else if (const auto r = indexer.upsert(delta.object); !r.ok())
                return r.error();
        }
        return {};
    };
    QVERIFY(fifo.pop(apply).ok());
    QVERIFY(!fifo.hasSynced());
    QVERIFY(fifo.pop(apply).ok());
    QVERIFY(fifo.hasSynced());
    QCOMPARE(log, (QStringList{QStringLiteral("Replaced ns/new initial"),
                               QStringLiteral("Deleted ns/old tombstone initial")}));
    QCOMPARE(indexer.listKeys(), QStringList{QStringLiteral("ns/new")});
    // A delete for a key only the indexer knows is news; for one nobody knows it is not.
    QVERIFY(fifo.remove(objectFromToken(QStringLiteral("ns/new3"))).ok());
    QVERIFY(fifo.remove(objectFromToken(QStringLiteral("ns/ghost1"))).ok());
    QCOMPARE(fifo.listKeys(), QStringList{QStringLiteral("ns/new")});
}

QTEST_GUILESS_MAIN(TestIndexer)
#include "tst_indexer.moc"
