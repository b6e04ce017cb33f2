// Conformance tests for DeltaFIFO (reference §3.2 worked examples, §9.1).
//
// Most cases are rows of a scripted table: each row is a sequence of
// operations on a fresh queue and the exact log it must produce (the script
// language and log format are described in fifoscript.h).

#include "fifoscript.h"

#include "fakeknownobjects.h"
#include "testobjects.h"

#include <QTest>
#include <QThread>

using namespace informant;
using namespace informant::test;

class TestDeltaFIFO : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scriptedOperationsProduceExactPops_data();
    void scriptedOperationsProduceExactPops();
    void keyOfHandlesObjectsTombstonesAndDeltas_data();
    void keyOfHandlesObjectsTombstonesAndDeltas();
    void processResultConvertsFromResultAndError();
    void knownVersionSharesOnlyTheSameVersion_data();
    void knownVersionSharesOnlyTheSameVersion();
    void blockedPopReturnsWhenAnotherThreadAdds();
    void batchWakesAWaitingPopOnceAtItsEnd();
};

namespace {

void row(const char *name, const char *script, const QStringList &expected)
{
    QTest::newRow(name) << QString::fromUtf8(script) << expected;
}

void addCoalescingRows()
{
    // §3.2 worked example; TestDeltaFIFO_addUpdate.
    row("addUpdateDeleteCoalesceIntoOneKey",
        "add foo10; update foo12; delete foo15; list; keys; pop; len",
        {"list=foo15", "keys=foo", "foo: Added foo10, Updated foo12, Deleted foo15", "len=0"});
    // TestDeltaFIFO_addReplace.
    row("addThenReplaceIsOnePop", "add foo10; replace foo15; pop; len",
        {"foo: Added foo10, Sync foo15", "len=0"});
    row("namespacedKeysAreNamespaceSlashName", "add ns/foo1; add other/foo2; add foo3; keys",
        {"keys=ns/foo,other/foo,foo", "ns/foo: Added ns/foo1", "other/foo: Added other/foo2",
         "foo: Added foo3"});
    row("getByKeyReturnsQueuedDeltas", "add foo1; update foo2; get foo; get bar",
        {"get foo=Added foo1, Updated foo2", "get bar=none", "foo: Added foo1, Updated foo2"});
    row("listShowsTombstoneInnerObject", "add foo1; replace; list",
        {"list=foo1", "foo: Added foo1, Deleted ~foo1"});
    // TestDeltaFIFO_detectLineJumpers (§3.2 "line jumpers").
    row("queuedKeyKeepsItsPositionAndRequeuedGoesToTail",
        "add foo10; add bar1; add foo11; add foo13; add zab30; pop; add foo14",
        {"foo: Added foo10, Added foo11, Added foo13", "bar: Added bar1", "zab: Added zab30",
         "foo: Added foo14"});
    row("updateOfQueuedKeyDoesNotMoveIt", "add a1; add b1; update a2; keys",
        {"keys=a,b", "a: Added a1, Updated a2", "b: Added b1"});
}

void addDeleteRows()
{
    // TestDeltaFIFO_enqueueingNoLister.
    row("deleteOfUnqueuedKeyWithoutListerIsDropped",
        "add foo10; update bar15; add qux17; delete qux18; delete baz20",
        {"foo: Added foo10", "bar: Updated bar15", "qux: Added qux17, Deleted qux18"});
    // TestDeltaFIFO_enqueueingWithLister.
    row("deleteOfKnownKeyWithListerIsQueued",
        "known foo5 bar6 baz7; add foo10; update bar15; delete baz20",
        {"foo: Added foo10", "bar: Updated bar15", "baz: Deleted baz20"});
    // TestDeltaFIFO_DeleteExistingNonPropagated.
    row("deleteOfQueuedKeyWithEmptyListerIsKept", "emptyKnown; add foo5; delete foo6; get foo",
        {"get foo=Added foo5, Deleted foo6", "foo: Added foo5, Deleted foo6"});
    row("deleteOfUnknownUnqueuedKeyWithListerIsDropped", "emptyKnown; delete foo6; len; synced",
        {"len=0", "synced=true"});
    row("deleteAfterPopWithoutListerIsDropped", "add foo1; pop; delete foo2; len",
        {"foo: Added foo1", "len=0"});
    row("deleteAfterPopWithListerKnowingKeyIsQueued", "known foo1; add foo1; pop; delete foo2",
        {"foo: Added foo1", "foo: Deleted foo2"});
    row("deleteOfObjectWithoutMetaIsKeyError", "delete nil; len",
        {"err: couldn't create key for object <nil>: object has no meta", "len=0"});
    row("addOfObjectWithoutMetaIsKeyError", "add nil; update nil; len",
        {"err: couldn't create key for object <nil>: object has no meta",
         "err: couldn't create key for object <nil>: object has no meta", "len=0"});
}

void addDedupRows()
{
    row("twoRealDeletesKeepTheOlder", "known foo1; delete foo2; delete foo3",
        {"foo: Deleted foo2"});
    row("tombstoneThenRealDeleteKeepsTheReal", "add foo1; replace; delete foo3",
        {"foo: Added foo1, Deleted foo3"});
    row("realDeleteThenTombstoneKeepsTheReal", "add foo1; delete foo2; replace",
        {"foo: Added foo1, Deleted foo2"});
    row("syncDeltasAreNotDeduplicated", "add foo1; replace foo1; replace foo1",
        {"foo: Added foo1, Sync foo1, Sync foo1"});
    row("addAndUpdateAreNotDeduplicated", "add foo1; update foo1; update foo1",
        {"foo: Added foo1, Updated foo1, Updated foo1"});
    row("deleteAddDeleteIsNotCollapsed", "known foo1; delete foo2; add foo3; delete foo4",
        {"foo: Deleted foo2, Added foo3, Deleted foo4"});
}

void addReplaceRows(bool emitReplaced)
{
    // §3.2 worked examples; TestDeltaFIFO_ReplaceMakesDeletions(Replaced).
    const QString t = emitReplaced ? QStringLiteral("Replaced") : QStringLiteral("Sync");
    const QByteArray prefix = emitReplaced ? "emitReplaced; " : "";
    const QByteArray suffix = emitReplaced ? "/Replaced" : "/Sync";
    auto r = [&](const char *name, const QByteArray &script, const QStringList &expected) {
        QStringList lines;
        for (const QString &line : expected)
            lines.append(QString(line).replace(QStringLiteral("$T"), t));
        QTest::newRow((QByteArray(name) + suffix).constData())
            << QString::fromUtf8(prefix + script) << lines;
    };
    r("replaceKeepsRealDeleteAndTombstonesKnownOnlyKey",
      "known foo5 bar6 baz7; delete baz20; replace foo5",
      {"baz: Deleted baz20", "foo: $T foo5", "bar: Deleted ~bar6"});
    r("replaceTombstoneCarriesNewestQueuedObject", "known foo5 bar6 baz7; add baz10; replace foo5",
      {"baz: Added baz10, Deleted ~baz10", "foo: $T foo5", "bar: Deleted ~bar6"});
    r("replaceAfterDeleteAndReAddTombstonesNewest",
      "known foo5 bar6 baz7; delete bar6; add bar100; replace foo5",
      {"bar: Deleted bar6, Added bar100, Deleted ~bar100", "foo: $T foo5", "baz: Deleted ~baz7"});
    r("doubleReplaceTombstonesOnceAndCountsInitialPopulation",
      "known foo5 bar6 baz7; replace bar100 foo5; replace foo5",
      {"bar: $T bar100, Deleted ~bar100 (initial)", "foo: $T foo5, $T foo5 (initial)",
       "baz: Deleted ~baz7 (initial)"});
    r("replaceWithoutListerTombstonesQueuedOnly", "add foo10; add bar1; replace foo5",
      {"foo: Added foo10, $T foo5", "bar: Added bar1, Deleted ~bar1"});
    // Regression 83810: the create after a delete is not lost.
    r("deleteThenReplaceKeepsTheCreate", "known foo5; delete foo6; replace foo7",
      {"foo: Deleted foo6, $T foo7"});
    r("replaceOfVanishedKnownKeyTombstonesWithoutObject", "known foo5; ghost bar; replace foo5",
      {"foo: $T foo5 (initial)", "bar: Deleted ~bar (initial)"});
    r("replaceOfKnownObjectOnly", "known foo5; replace foo5", {"foo: $T foo5 (initial)"});
}

// TestDeltaFIFOW_ReplaceMakesDeletionsForObjectsOnlyInQueue: exactly one
// terminal Delete per key, with and without a (empty) lister.
void addOnlyInQueueRows(bool withLister)
{
    const QByteArray prefix = withLister ? "emptyKnown; " : "";
    const QByteArray suffix = withLister ? "/emptyLister" : "/noLister";
    auto r = [&](const char *name, const QByteArray &script, const QStringList &expected) {
        QTest::newRow((QByteArray(name) + suffix).constData())
            << QString::fromUtf8(prefix + script + "; pop; len")
            << (QStringList(expected) << QStringLiteral("len=0"));
    };
    r("addedObjectIsDeletedOnReplace", "add foo1; replace", {"foo: Added foo1, Deleted ~foo1"});
    r("replacedObjectHasSingleDelete", "add foo1; replace foo1; replace",
      {"foo: Added foo1, Sync foo1, Deleted ~foo1"});
    r("deletedObjectHasSingleDelete", "add foo1; delete foo1; replace",
      {"foo: Added foo1, Deleted foo1"});
    r("syncedObjectHasSingleDelete", "add foo1; replace foo1; replace foo1; replace",
      {"foo: Added foo1, Sync foo1, Sync foo1, Deleted ~foo1"});
    r("addedObjectHasSingleDeleteOnMultipleReplaces", "add foo1; replace; replace",
      {"foo: Added foo1, Deleted ~foo1"});
    r("addedDeletedAddedObjectIsDeleted", "add foo1; delete foo1; add foo1; replace",
      {"foo: Added foo1, Deleted foo1, Added foo1, Deleted ~foo1"});
}

void addEmitReplacedRows()
{
    // §3.2: Add obj; Replace([obj]); Replace([]) with Replaced emission.
    row("replacedEmissionThenEmptyReplaceTombstones",
        "emitReplaced; add foo1; replace foo1; replace",
        {"foo: Added foo1, Replaced foo1, Deleted ~foo1"});
    row("replaceDeltaTypeForKnownObject", "emitReplaced; known foo5; replace foo5",
        {"foo: Replaced foo5 (initial)"});
}

void addResyncRows()
{
    // TestDeltaFIFO_Resync.
    row("resyncQueuesOneSyncPerKnownKey", "known foo5; resync; get foo; synced",
        {"get foo=Sync foo5", "synced=false", "foo: Sync foo5 (initial)"});
    // TestDeltaFIFO_ResyncNonExisting.
    row("resyncSkipsKeyWithQueuedDelete", "known foo5; delete foo10; resync; get foo",
        {"get foo=Deleted foo10", "foo: Deleted foo10"});
    // TestDeltaFIFO_UpdateResyncRace.
    row("resyncSkipsKeyWithQueuedUpdate", "known foo5; update foo6; resync", {"foo: Updated foo6"});
    row("resyncWithoutListerIsNoop", "add foo1; pop; resync; len", {"foo: Added foo1", "len=0"});
    row("resyncSkipsKnownKeyWithoutObject", "known foo5; ghost bar; resync; keys",
        {"keys=foo", "foo: Sync foo5 (initial)"});
    row("resyncAppendsUnqueuedKnownKeysAfterQueuedOnes", "known foo5 bar6; add bar7; resync; keys",
        {"keys=bar,foo", "bar: Added bar7", "foo: Sync foo5"});
}

void addTransformerRows()
{
    // TestDeltaFIFO_transformer: once per object, never tombstones.
    row("transformerRunsOncePerObjectNotOnTombstones",
        "transform; add foo10; add bar11; delete foo12; replace foo13; transforms",
        {"transforms=4 doubles=0", "foo: Added foo10*, Deleted foo12*, Sync foo13*",
         "bar: Added bar11*, Deleted ~bar11*"});
    row("transformerSkipsResyncOfCachedObjects",
        "transform; known foo5{transformed=yes}; resync; transforms",
        {"transforms=0 doubles=0", "foo: Sync foo5* (initial)"});
    row("transformerSkipsKnownObjectTombstones",
        "transform; emitReplaced; known bar6{transformed=yes}; replace foo7; transforms",
        {"transforms=1 doubles=0", "foo: Replaced foo7* (initial)",
         "bar: Deleted ~bar6* (initial)"});
    row("transformerAppliesToReplaceItemsEmittedAsSync", "transform; replace foo1 bar2; transforms",
        {"transforms=2 doubles=0", "foo: Sync foo1* (initial)", "bar: Sync bar2* (initial)"});
    // A relist hands the cached (transformed) instance on for an unchanged
    // object: it is not transformed twice. An equal object decoded anew is.
    row("transformerSkipsReplaceItemThatIsTheKnownObject",
        "transform; emitReplaced; known foo5{transformed=yes}; replace known:foo bar6; transforms",
        {"transforms=1 doubles=0", "foo: Replaced foo5* (initial)",
         "bar: Replaced bar6* (initial)"});
    row("transformerAppliesToReplaceItemEqualToTheKnownObject",
        "transform; emitReplaced; known foo5; replace foo5; transforms",
        {"transforms=1 doubles=0", "foo: Replaced foo5* (initial)"});
}

void addHasSyncedRows()
{
    // TestDeltaFIFO_HasSynced.
    row("emptyQueueIsNotSynced", "synced", {"synced=false"});
    row("addMeansSynced", "add a1; synced", {"synced=true", "a: Added a1"});
    row("emptyReplaceSyncsImmediately", "replace; synced", {"synced=true"});
    row("firstReplaceSyncsAfterAllItsKeysPopped", "replace a1 b2; synced; pop; synced; pop; synced",
        {"synced=false", "a: Sync a1 (initial)", "synced=false", "b: Sync b2 (initial)",
         "synced=true"});
    row("duplicateKeysInFirstReplaceCountOnce",
        "replace a1 a2 b3; synced; pop; synced; pop; synced",
        {"synced=false", "a: Sync a1, Sync a2 (initial)", "synced=false", "b: Sync b3 (initial)",
         "synced=true"});
    // TestDeltaFIFO_HasSyncedCorrectOnDeletion.
    row("syntheticDeletesCountTowardsInitialPopulation",
        "known foo5 bar6 baz7; replace foo5; synced; pop; synced; pop; synced; pop; synced",
        {"synced=false", "foo: Sync foo5 (initial)", "synced=false", "bar: Deleted ~bar6 (initial)",
         "synced=false", "baz: Deleted ~baz7 (initial)", "synced=true"});
    row("laterReplaceDoesNotResetSync", "replace a1; pop; replace b2; synced",
        {"a: Sync a1 (initial)", "synced=true", "b: Sync b2"});
    row("deleteBeforeReplaceMeansSynced", "delete a1; synced", {"synced=true"});
}

void addRequeueRows()
{
    // TestDeltaFIFO_requeueOnPop (classic).
    row("requeueWithoutErrorKeepsDeltas", "add foo10; pop requeue; keys; get foo",
        {"foo: Added foo10", "keys=foo", "get foo=Added foo10", "foo: Added foo10"});
    row("requeueWithErrorReportsItAndKeepsDeltas", "add foo10; pop requeueErr; keys",
        {"foo: Added foo10", "err: boom", "keys=foo", "foo: Added foo10"});
    row("processErrorDropsDeltas", "add foo10; pop fail; len",
        {"foo: Added foo10", "err: boom", "len=0"});
    row("requeuedKeyGoesToTail", "add foo1; add bar2; pop requeue; keys",
        {"foo: Added foo1", "keys=bar,foo", "bar: Added bar2", "foo: Added foo1"});
    // TestDeltaFIFO_addIfNotPresent.
    row("addIfNotPresentSkipsQueuedKeys",
        "add b3; pop; add c4; pop; len; add a1; add b2; readd 0; readd 1; len",
        {"b: Added b3", "c: Added c4", "len=0", "len=3", "a: Added a1", "b: Added b2",
         "c: Added c4"});
    row("addIfNotPresentRejectsEmptyDeltas", "readdEmpty; len",
        {"err: couldn't create key for object <nil>: 0 length Deltas object; can't get key",
         "len=0"});
}

void addCloseAndBatchRows()
{
    row("closeStillDrainsQueuedKeys", "add foo1; close; pop; pop",
        {"foo: Added foo1", "closed: DeltaFIFO: manipulating with closed queue"});
    row("popBatchTakesConsecutiveKeys", "add a1; add b2; add c3; popBatch 2; keys",
        {"a: Added a1", "b: Added b2", "batch=2", "keys=c", "c: Added c3"});
    row("popBatchStopsAtQueueLength", "add a1; popBatch 10", {"a: Added a1", "batch=1"});
    row("popBatchFlagsInitialListPerKey", "replace a1; add b2; popBatch 5; synced",
        {"a: Sync a1 (initial)", "b: Added b2", "batch=2", "synced=true"});
    row("popBatchDoesNotReprocessRequeuedKeys", "add a1; popBatch 5 requeue; keys",
        {"a: Added a1", "batch=1", "keys=a", "a: Added a1"});
    row("popBatchStopsAtFirstError", "add a1; add b2; popBatch 5 fail; keys",
        {"a: Added a1", "err: boom", "batch=1", "keys=b", "b: Added b2"});
    row("popBatchOnClosedEmptyQueueReportsClosed", "close; popBatch 3",
        {"closed: DeltaFIFO: manipulating with closed queue"});
    row("replaceWithBadObjectChangesNothing", "add foo1; replace bar2 nil; keys",
        {"err: couldn't create key for object <nil>: object has no meta", "keys=foo",
         "foo: Added foo1"});
}

// Not client-go: coalesceBacklog (deltafifocoalesce.h) bounds a key's deltas
// once the consumer is more than that many deltas behind.
void addBacklogRows()
{
    row("withoutCoalescingEveryDeltaIsKept",
        "add foo1; update foo2; update foo3; update foo4; update foo5; stats",
        {"stats keys=1 deltas=5 peak=5 coalesced=0",
         "foo: Added foo1, Updated foo2, Updated foo3, Updated foo4, Updated foo5"});
    row("backlogAtThresholdKeepsEveryDelta",
        "coalesce 3; add foo1; update foo2; update foo3; update foo4; stats",
        {"stats keys=1 deltas=4 peak=4 coalesced=0",
         "foo: Added foo1, Updated foo2, Updated foo3, Updated foo4"});
    // The consumer's store tells an add from an update, so Updated is right.
    row("backlogPastThresholdKeepsOnlyTheNewestState",
        "coalesce 3; add foo1; update foo2; update foo3; update foo4; update foo5; stats",
        {"stats keys=1 deltas=1 peak=5 coalesced=4", "foo: Updated foo5"});
    row("deletionBetweenIncarnationsIsKept",
        "coalesce 1; known foo1; update foo2; delete foo3; add foo4; update foo5; stats",
        {"stats keys=1 deltas=3 peak=4 coalesced=1",
         "foo: Updated foo2, Deleted foo3, Updated foo5"});
    row("objectsCreatedAndDeletedWhileBehindNeverAppear",
        "coalesce 1; known foo1; delete foo2; add foo3; delete foo4; add foo5; delete foo6; stats",
        {"stats keys=1 deltas=1 peak=3 coalesced=4", "foo: Deleted foo2"});
    row("coalescedKeyKeepsItsQueuePosition",
        "coalesce 1; add a1; add b1; update a2; update a3; keys",
        {"keys=a,b", "a: Updated a3", "b: Added b1"});
    row("replaceTombstoneSurvivesCoalescing",
        "coalesce 1; emitReplaced; known foo1; update foo2; update foo3; replace; stats",
        {"stats keys=1 deltas=2 peak=3 coalesced=1", "foo: Updated foo3, Deleted ~foo3"});
    row("popsCountDown", "coalesce 5; add a1; add b1; update a2; pop; stats",
        {"a: Added a1, Updated a2", "stats keys=1 deltas=1 peak=3 coalesced=0", "b: Added b1"});
}

} // namespace

void TestDeltaFIFO::scriptedOperationsProduceExactPops_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("expected");
    addCoalescingRows();
    addDeleteRows();
    addDedupRows();
    addReplaceRows(false);
    addReplaceRows(true);
    addOnlyInQueueRows(false);
    addOnlyInQueueRows(true);
    addEmitReplacedRows();
    addResyncRows();
    addTransformerRows();
    addHasSyncedRows();
    addRequeueRows();
    addCloseAndBatchRows();
    addBacklogRows();
}

void TestDeltaFIFO::scriptedOperationsProduceExactPops()
{
    QFETCH(QString, script);
    QFETCH(QStringList, expected);
    FifoScript runner;
    QCOMPARE(runner.run(script), expected);
}

void TestDeltaFIFO::keyOfHandlesObjectsTombstonesAndDeltas_data()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<QString>("expected");
    // shape: 0 object, 1 tombstone delta, 2 deltas of objects, 3 deltas ending
    // in a tombstone, 4 empty deltas, 5 null object.
    QTest::newRow("plainObject") << 0 << "ns/foo";
    QTest::newRow("tombstone") << 1 << "ns/gone";
    QTest::newRow("deltasOfObjects") << 2 << "ns/foo";
    QTest::newRow("deltasEndingInTombstone") << 3 << "ns/gone";
    QTest::newRow("emptyDeltas")
        << 4
        << "error: couldn't create key for object <nil>: 0 length Deltas object; can't get key";
    QTest::newRow("objectWithoutMeta")
        << 5 << "error: couldn't create key for object <nil>: object has no meta";
}

void TestDeltaFIFO::keyOfHandlesObjectsTombstonesAndDeltas()
{
    QFETCH(int, shape);
    QFETCH(QString, expected);
    DeltaFIFO fifo;
    const KubeObject foo = objectFromToken(QStringLiteral("ns/foo1"));
    const Delta tombstone{DeltaType::Deleted, foo, QStringLiteral("ns/gone")};
    Result<QString> key = makeError(QStringLiteral("unset"));
    switch (shape) {
    case 0:
        key = fifo.keyOf(foo);
        break;
    case 1:
        key = fifo.keyOf(tombstone);
        break;
    case 2:
        key = fifo.keyOf(Deltas{{DeltaType::Added, foo, {}}, {DeltaType::Updated, foo, {}}});
        break;
    case 3:
        key = fifo.keyOf(Deltas{{DeltaType::Added, foo, {}}, tombstone});
        break;
    case 4:
        key = fifo.keyOf(Deltas());
        break;
    case 5:
        key = fifo.keyOf(KubeObject());
        break;
    }
    QCOMPARE(key.ok() ? key.value() : QStringLiteral("error: ") + key.errorMessage(), expected);
}

namespace {

QByteArray podWith(const char *name, const char *rv, const char *uid)
{
    QByteArray json =
        R"({"kind":"Pod","metadata":{"namespace":"ns","name":")" + QByteArray(name) + '"';
    if (*rv)
        json += R"(,"resourceVersion":")" + QByteArray(rv) + '"';
    if (*uid)
        json += R"(,"uid":")" + QByteArray(uid) + '"';
    return json + "}}";
}

} // namespace

void TestDeltaFIFO::knownVersionSharesOnlyTheSameVersion_data()
{
    QTest::addColumn<QByteArray>("cached"); // empty: KnownObjects holds nothing
    QTest::addColumn<QByteArray>("incoming");
    QTest::addColumn<bool>("withKnownObjects");
    QTest::addColumn<bool>("shared");
    QTest::newRow("sameUidAndVersionIsShared")
        << podWith("a", "5", "u1") << podWith("a", "5", "u1") << true << true;
    QTest::newRow("newerVersionIsKept")
        << podWith("a", "5", "u1") << podWith("a", "6", "u1") << true << false;
    QTest::newRow("recreatedObjectIsKept")
        << podWith("a", "5", "u1") << podWith("a", "5", "u2") << true << false;
    QTest::newRow("otherKeyIsKept")
        << podWith("b", "5", "u1") << podWith("a", "5", "u1") << true << false;
    QTest::newRow("noResourceVersionIsKept")
        << podWith("a", "", "u1") << podWith("a", "", "u1") << true << false;
    QTest::newRow("withoutKnownObjectsIsKept")
        << podWith("a", "5", "u1") << podWith("a", "5", "u1") << false << false;
}

void TestDeltaFIFO::knownVersionSharesOnlyTheSameVersion()
{
    QFETCH(QByteArray, cached);
    QFETCH(QByteArray, incoming);
    QFETCH(bool, withKnownObjects);
    QFETCH(bool, shared);
    FakeKnownObjects known;
    const KubeObject cachedObject = fromJsonOrDie(cached);
    known.set(cachedObject);
    DeltaFIFOOptions options;
    if (withKnownObjects)
        options.knownObjects = &known;
    DeltaFIFO fifo(options);
    const KubeObject incomingObject = fromJsonOrDie(incoming);
    const KubeObject result = fifo.knownVersion(incomingObject);
    QCOMPARE(result.sameAs(cachedObject), shared);
    QCOMPARE(result.sameAs(incomingObject), !shared);
    QCOMPARE(fifo.size(), 0); // a lookup, not a queue operation
}

void TestDeltaFIFO::processResultConvertsFromResultAndError()
{
    const ProcessResult fromOk = Result<void>();
    QVERIFY(fromOk.ok());
    const ProcessResult fromFailure = Result<void>(makeError(QStringLiteral("x")));
    QVERIFY(!fromFailure.ok());
    QVERIFY(!fromFailure.requeueRequested());
    QCOMPARE(fromFailure.error()->message, QStringLiteral("x"));
    const ProcessResult requeue = ProcessResult::requeue();
    QVERIFY(!requeue.ok());
    QVERIFY(requeue.requeueRequested());
    QVERIFY(!requeue.error().has_value());
}

void TestDeltaFIFO::blockedPopReturnsWhenAnotherThreadAdds()
{
    DeltaFIFO fifo;
    QString popped;
    bool popOk = false;
    std::unique_ptr<QThread> consumer(QThread::create([&] {
        const PopResult result = fifo.pop([&](const Deltas &deltas, bool) -> ProcessResult {
            popped = objectToken(deltas.last().object);
            return {};
        });
        popOk = result.ok();
    }));
    consumer->start();
    QVERIFY(fifo.add(objectFromToken(QStringLiteral("foo7"))).ok());
    QVERIFY(consumer->wait(10000));
    QVERIFY(popOk);
    QCOMPARE(popped, QStringLiteral("foo7"));
    QCOMPARE(fifo.size(), 0);
}

void TestDeltaFIFO::batchWakesAWaitingPopOnceAtItsEnd()
{
    // The reflector brackets the events of one read in a batch: a waiting
    // consumer then wakes once and pops them all, instead of being woken
    // (and going back to sleep) once per event.
    DeltaFIFO fifo;
    qsizetype popped = -1;
    std::unique_ptr<QThread> consumer(QThread::create([&] {
        popped =
            fifo.popBatch(512, [](const Deltas &, bool) -> ProcessResult { return {}; }).popped;
    }));
    consumer->start();
    // Let the consumer reach its wait (it finds the queue empty).
    QThread::msleep(300);
    {
        const ReflectorStoreBatch batch(fifo);
        for (int i = 0; i < 100; ++i) {
            const QString name =
                QStringLiteral("pod-") + QChar(u'a' + i / 26) + QChar(u'a' + i % 26);
            QVERIFY(fifo.update(objectFromToken(name + QStringLiteral("1"))).ok());
        }
        QVERIFY2(!consumer->wait(100), "woken before the batch ended");
    }
    QVERIFY(consumer->wait(10000));
    QCOMPARE(popped, 100);
}

QTEST_GUILESS_MAIN(TestDeltaFIFO)
#include "tst_deltafifo.moc"
