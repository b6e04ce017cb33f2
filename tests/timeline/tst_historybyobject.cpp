// History is of one object (its uid), as the timeline identifies objects: a pod deleted and
// created again under its name (a StatefulSet's) is another object. HistoryStore keeps each its
// own revisions and remembers what a name held before; HistoryModel and the History tab show the
// selected object's revisions and a line naming the earlier one.

#include "models/clusterrowkey.h"
#include "models/history/historymodel.h"
#include "models/timeline/objectidentity.h"
#include "podrevisions.h"
#include "ui/history/historywidget.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::testing;

namespace {

const QString kPods = QStringLiteral("pods");
const QString kKey = QStringLiteral("shop/worker-crash");
const QString kOldUid = QStringLiteral("pod-uid-old");
const QString kNewUid = QStringLiteral("pod-uid-new");
// A wall clock after the test objects' creation (2024), as in a live cluster.
constexpr qint64 kListedMs = 4'000'000'000'000;

// podJson()'s pod (shop/worker-crash), as the object `uid`.
KubeObject pod(const QString &uid, int resourceVersion, int restarts = 0)
{
    QJsonObject json = podJson(resourceVersion, restarts);
    QJsonObject meta = json[QStringLiteral("metadata")].toObject();
    meta[QStringLiteral("uid")] = uid;
    json[QStringLiteral("metadata")] = meta;
    return podObject(json);
}

KubeObject node(const QString &uid, int resourceVersion, const QString &ready)
{
    return podObject(QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata", QJsonObject{{"name", "worker-1"},
                                 {"uid", uid},
                                 {"resourceVersion", QString::number(resourceVersion)}}},
        {"status", QJsonObject{{"conditions",
                                QJsonArray{QJsonObject{{"type", "Ready"}, {"status", ready}}}}}}});
}

ChangeBatch added(const KubeObject &object)
{
    return {false, {{ObjectChange::Type::Upsert, object.key(), object, 0, {}}}};
}

ChangeBatch changed(const KubeObject &before, const KubeObject &after)
{
    return {false, {{ObjectChange::Type::Upsert, after.key(), after, 0, before}}};
}

ChangeBatch deleted(const KubeObject &last)
{
    return {false, {{ObjectChange::Type::Delete, last.key(), last, 0, {}}}};
}

// The informer found `last` missing from a relist: client-go's DeletedFinalStateUnknown.
ChangeBatch missingFromRelist(const KubeObject &last)
{
    ObjectChange change{ObjectChange::Type::Delete, last.key(), last, 0, {}};
    change.missingFromRelist = true;
    return {false, {change}};
}

QStringList versionsOf(const QList<ObjectRevision> &revisions)
{
    QStringList versions;
    for (const ObjectRevision &revision : revisions)
        versions.append(revision.resourceVersion + (revision.deleted ? "(deleted)" : ""));
    return versions;
}

// The old pod changes once and is deleted at kListedMs + 5 s; the new one under its name is
// created and changes once at kListedMs + 9 s.
struct Recreated
{
    HistoryStore store;
    qint64 now = kListedMs;
    KubeObject oldLast = pod(kOldUid, 11, 1);
    KubeObject newLast = pod(kNewUid, 21, 1);

    Recreated()
    {
        store.setClock([this] { return now; });
        store.applyBatch(kPods, added(pod(kOldUid, 10)));
        now += 1000;
        store.applyBatch(kPods, changed(pod(kOldUid, 10), oldLast));
        now += 4000;
        store.applyBatch(kPods, deleted(oldLast));
        now += 1000;
        store.applyBatch(kPods, added(pod(kNewUid, 20)));
        now += 3000;
        store.applyBatch(kPods, changed(pod(kNewUid, 20), newLast));
    }
};

} // namespace

class HistoryByObjectTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The timeline's identity: a uid, or a Node's name (the kubelet's events name no real uid).
    void objectsAreIdentifiedAsTheTimelineIdentifiesThem()
    {
        const KubeObject p = pod(kOldUid, 1);
        QCOMPARE(HistoryStore::identityOf(p), kOldUid);
        QCOMPARE(HistoryStore::identityOf(p), objectKey(referenceTo(p)));
        const KubeObject n = node(QStringLiteral("node-uid"), 1, QStringLiteral("True"));
        QCOMPARE(HistoryStore::identityOf(n), objectKey(referenceTo(n)));
        QCOMPARE(HistoryStore::identityOf(n), QStringLiteral("Node//worker-1"));
        // In a window of several clusters, as its cluster's lane.
        InvolvedObject inWest = referenceTo(n);
        inWest.cluster = QStringLiteral("west");
        QCOMPARE(HistoryStore::identityOf(n, u"west"), objectKey(inWest));
        QCOMPARE(HistoryStore::identityOf(n, u"west"),
                 clusterRowKey(QStringLiteral("west"), QStringLiteral("Node//worker-1")));
    }

    // A StatefulSet's pod deleted and created again: two objects, two histories; the old one
    // ends with its deletion, the new one starts with its own first state, not the old one's.
    void recreatedObjectHasAHistoryOfItsOwn()
    {
        Recreated r;
        QCOMPARE(versionsOf(r.store.revisions(kPods, kOldUid)),
                 (QStringList{"10", "11", "11(deleted)"}));
        const QList<ObjectRevision> fresh = r.store.revisions(kPods, kNewUid);
        QCOMPARE(versionsOf(fresh), (QStringList{"20", "21"}));
        QCOMPARE(fresh[0].changeSummary(), QStringLiteral("first seen"));
        QCOMPARE(fresh[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 0\u21921"));
        QCOMPARE(r.store.latestIdentity(kPods, kKey), kNewUid);
        const EarlierObject earlier = r.store.earlierObject(kPods, kNewUid);
        QCOMPARE(earlier.uid, kOldUid);
        QCOMPARE(earlier.deletedMs, kListedMs + 5000);
        QVERIFY(r.store.earlierObject(kPods, kOldUid).isNull());
    }

    // The watch was away while the pod was replaced: the relist hands the new one over as an
    // update from the old one (client-go's Replace: OnUpdate(old, new)). The old one ends there.
    void objectReplacedDuringARelistEndsTheOldOne()
    {
        HistoryStore store;
        qint64 now = kListedMs;
        store.setClock([&now] { return now; });
        store.applyBatch(kPods, changed(pod(kOldUid, 10), pod(kOldUid, 11, 1)));
        now += 2000;
        QSignalSpy spy(&store, &HistoryStore::revisionsChanged);
        store.applyBatch(kPods, changed(pod(kOldUid, 11, 1), pod(kNewUid, 20)));
        QCOMPARE(versionsOf(store.revisions(kPods, kOldUid)),
                 (QStringList{"10", "11", "11(deleted)"}));
        QVERIFY(store.revisions(kPods, kNewUid).isEmpty()); // unchanged since its creation
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.first().at(1).toString(), kOldUid);
        store.openObject(kPods, kNewUid, pod(kNewUid, 20));
        QCOMPARE(store.earlierObject(kPods, kNewUid).uid, kOldUid);
        QCOMPARE(store.earlierObject(kPods, kNewUid).deletedMs, kListedMs + 2000);
        // Nobody was seen to delete it: it was not in the list any more.
        QVERIFY(store.earlierObject(kPods, kNewUid).missingFromRelist);
        QCOMPARE(store.revisions(kPods, kOldUid).last().changeSummary(),
                 QStringLiteral("gone (missing from a relist)"));
        const EarlierObject end = store.endOf(kPods, kKey, kOldUid);
        QCOMPARE(end.uid, kOldUid);
        QCOMPARE(end.deletedMs, kListedMs + 2000);
        QVERIFY(end.missingFromRelist);
    }

    // A watch DELETED event says it was deleted; a relist that did not find it (a restored
    // API server, a watch away while it went) only that it was gone then. History says which.
    void deletionsSayWhetherTheWatchSawThem()
    {
        Recreated r;
        QVERIFY(!r.store.earlierObject(kPods, kNewUid).missingFromRelist);
        QCOMPARE(r.store.revisions(kPods, kOldUid).last().changeSummary(),
                 QStringLiteral("deleted"));
        EarlierObject end = r.store.endOf(kPods, kKey, kOldUid);
        QCOMPARE(end.uid, kOldUid);
        QCOMPARE(end.deletedMs, kListedMs + 5000);
        QVERIFY(!end.missingFromRelist);
        QVERIFY(r.store.endOf(kPods, kKey, kNewUid).isNull()); // still there

        r.now += 1000;
        r.store.applyBatch(kPods, missingFromRelist(r.newLast));
        QCOMPARE(r.store.revisions(kPods, kNewUid).last().changeSummary(),
                 QStringLiteral("gone (missing from a relist)"));
        end = r.store.endOf(kPods, kKey, kNewUid);
        QCOMPARE(end.deletedMs, kListedMs + 10000);
        QVERIFY(end.missingFromRelist);
        // The one before it is still known as deleted by its revisions.
        QVERIFY(!r.store.endOf(kPods, kKey, kOldUid).missingFromRelist);
        QCOMPARE(r.store.endOf(kPods, kKey, kOldUid).deletedMs, kListedMs + 5000);

        const QString third = QStringLiteral("pod-uid-third");
        r.store.applyBatch(kPods, added(pod(third, 40)));
        r.store.openObject(kPods, third, pod(third, 40));
        QCOMPARE(r.store.earlierObject(kPods, third).uid, kNewUid);
        QVERIFY(r.store.earlierObject(kPods, third).missingFromRelist);
        HistoryWidget widget(&r.store);
        QAbstractItemModelTester tester(widget.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        widget.model()->setTimeZone(QTimeZone::utc());
        widget.setObject(kPods, kKey, pod(third, 40));
        const QString goneAt = QDateTime::fromMSecsSinceEpoch(kListedMs + 10000, QTimeZone::utc())
                                   .toString("HH:mm:ss");
        QCOMPARE(widget.earlierObjectNote(),
                 QStringLiteral("An earlier Pod shop/worker-crash (uid pod-uid-new) was gone at "
                                "the relist of %1; these are the revisions of this one.")
                     .arg(goneAt));
    }

    // History heard nothing of the old one's end (a snapshot batch restated the kind): the new
    // one's first change under the name ends the old one's history.
    void objectReplacedUnseenEndsTheOldOneAtTheNextChange()
    {
        HistoryStore store;
        store.applyBatch(kPods, changed(pod(kOldUid, 10), pod(kOldUid, 11, 1)));
        store.applyBatch(kPods, changed(pod(kNewUid, 30), pod(kNewUid, 31, 1)));
        QCOMPARE(versionsOf(store.revisions(kPods, kOldUid)),
                 (QStringList{"10", "11", "11(deleted)"}));
        QCOMPARE(versionsOf(store.revisions(kPods, kNewUid)), (QStringList{"30", "31"}));
        QCOMPARE(store.earlierObject(kPods, kNewUid).uid, kOldUid);
    }

    // The table's batches come before History's: the user may open the new pod before the
    // store hears the old one was deleted. The note comes when it does.
    void openedBeforeItsPredecessorsEndArrivesNamesItLater()
    {
        HistoryStore store;
        const KubeObject old = pod(kOldUid, 10);
        store.applyBatch(kPods, added(old)); // never changed: nothing kept
        store.openObject(kPods, kNewUid, pod(kNewUid, 20));
        QVERIFY(store.earlierObject(kPods, kNewUid).isNull());
        QSignalSpy spy(&store, &HistoryStore::revisionsChanged);
        store.applyBatch(kPods, deleted(old));
        store.applyBatch(kPods, added(pod(kNewUid, 20)));
        QCOMPARE(store.earlierObject(kPods, kNewUid).uid, kOldUid);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.first().at(1).toString(), kNewUid);
        QCOMPARE(versionsOf(store.revisions(kPods, kNewUid)), QStringList{"20"});
        QCOMPARE(store.totalRevisions(), 1);
    }

    // Once the new one is deleted too, its History still names the one before it.
    void aDeletedObjectKeepsNamingItsPredecessor()
    {
        Recreated r;
        r.now += 1000;
        r.store.applyBatch(kPods, deleted(r.newLast));
        r.store.applyBatch(kPods, added(pod(QStringLiteral("pod-uid-third"), 40)));
        QCOMPARE(r.store.earlierObject(kPods, kNewUid).uid, kOldUid);
        QCOMPARE(versionsOf(r.store.revisions(kPods, kNewUid)),
                 (QStringList{"20", "21", "21(deleted)"}));
    }

    // A Node is one lane on the timeline whatever its uid: registered again, its History goes
    // on too, the new uid named first among the changes.
    void nodeRegisteredAgainContinuesItsHistoryAsItsLaneDoes()
    {
        HistoryStore store;
        const QString nodes = QStringLiteral("nodes");
        const KubeObject before = node(QStringLiteral("n-1"), 1, QStringLiteral("True"));
        const KubeObject after = node(QStringLiteral("n-1"), 2, QStringLiteral("False"));
        store.applyBatch(nodes, changed(before, after));
        store.applyBatch(nodes, deleted(after));
        store.applyBatch(nodes, added(node(QStringLiteral("n-2"), 5, QStringLiteral("True"))));
        const auto revisions = store.revisions(nodes, QStringLiteral("Node//worker-1"));
        QCOMPARE(versionsOf(revisions), (QStringList{"1", "2", "2(deleted)", "5"}));
        QCOMPARE(revisions[3].changeSummary(),
                 QStringLiteral("metadata.uid n-1\u2192n-2; status.conditions[0].status "
                                "False\u2192True"));
        QVERIFY(store.earlierObject(nodes, QStringLiteral("Node//worker-1")).isNull());
    }

    // A window of several clusters feeds History each cluster's changes under row keys that name
    // the cluster (models/clusterrowkey.h). Two clusters' worker-1, under one uid (simulators
    // replaying one recording), are two Nodes with a History each, as each is its own lane on the
    // timeline; the end of one is not the other's.
    void sameNamedObjectsOfTwoClustersHaveHistoriesOfTheirOwn()
    {
        HistoryStore store;
        const QString nodes = QStringLiteral("nodes");
        const QString uid = QStringLiteral("node-uid");
        const auto in = [](const QString &cluster, ChangeBatch batch) {
            for (ObjectChange &change : batch.changes)
                change.key = clusterRowKey(cluster, change.key);
            return batch;
        };
        const QString east = QStringLiteral("east");
        const QString west = QStringLiteral("west");
        store.applyBatch(nodes, in(east, changed(node(uid, 1, QStringLiteral("True")),
                                                 node(uid, 2, QStringLiteral("False")))));
        store.applyBatch(nodes, in(west, changed(node(uid, 7, QStringLiteral("True")),
                                                 node(uid, 8, QStringLiteral("Unknown")))));
        store.applyBatch(nodes, in(west, changed(node(uid, 8, QStringLiteral("Unknown")),
                                                 node(uid, 9, QStringLiteral("True")))));
        const QString eastKey = clusterRowKey(east, QStringLiteral("worker-1"));
        const QString westKey = clusterRowKey(west, QStringLiteral("worker-1"));
        const QString eastNode = store.latestIdentity(nodes, eastKey);
        const QString westNode = store.latestIdentity(nodes, westKey);
        InvolvedObject westLane = referenceTo(node(uid, 9, QStringLiteral("True")));
        westLane.cluster = west;
        QCOMPARE(westNode, objectKey(westLane));
        QVERIFY(eastNode != westNode);
        QCOMPARE(versionsOf(store.revisions(nodes, eastNode)), (QStringList{"1", "2"}));
        QCOMPARE(versionsOf(store.revisions(nodes, westNode)), (QStringList{"7", "8", "9"}));

        store.applyBatch(nodes, in(west, deleted(node(uid, 9, QStringLiteral("True")))));
        QCOMPARE(versionsOf(store.revisions(nodes, westNode)),
                 (QStringList{"7", "8", "9", "9(deleted)"}));
        QVERIFY(!store.endOf(nodes, westKey, westNode).isNull());
        QCOMPARE(versionsOf(store.revisions(nodes, eastNode)), (QStringList{"1", "2"}));
        QVERIFY(store.endOf(nodes, eastKey, eastNode).isNull());
    }

    // What names held is remembered for a bounded number of deletions per kind: the oldest are
    // forgotten first, also when a name is deleted again and again.
    void remembersABoundedNumberOfDeletions()
    {
        HistoryStore store;
        const auto named = [](const QString &name, const QString &uid) {
            QJsonObject json = podJson(1, 0);
            QJsonObject meta = json[QStringLiteral("metadata")].toObject();
            meta[QStringLiteral("name")] = name;
            meta[QStringLiteral("uid")] = uid;
            json[QStringLiteral("metadata")] = meta;
            return podObject(json);
        };
        const int deletions = HistoryStore::kEndedPerKindLimit + 10;
        for (int i = 0; i < deletions; ++i) {
            store.applyBatch(kPods, deleted(named(QStringLiteral("job-%1").arg(i),
                                                  QStringLiteral("old-%1").arg(i))));
            // One name deleted at every step: it takes no more room.
            store.applyBatch(
                kPods, deleted(named(QStringLiteral("again"), QStringLiteral("again-%1").arg(i))));
        }
        const auto successorNames = [&](int i) {
            const QString uid = QStringLiteral("new-%1").arg(i);
            store.openObject(kPods, uid, named(QStringLiteral("job-%1").arg(i), uid));
            return store.earlierObject(kPods, uid).uid;
        };
        QCOMPARE(successorNames(deletions - 1), QStringLiteral("old-%1").arg(deletions - 1));
        QCOMPARE(successorNames(deletions - HistoryStore::kEndedPerKindLimit + 1),
                 QStringLiteral("old-%1").arg(deletions - HistoryStore::kEndedPerKindLimit + 1));
        QVERIFY(successorNames(0).isEmpty());
        QVERIFY(successorNames(9).isEmpty());
        const QString again = QStringLiteral("again-new");
        store.openObject(kPods, again, named(QStringLiteral("again"), again));
        QCOMPARE(store.earlierObject(kPods, again).uid,
                 QStringLiteral("again-%1").arg(deletions - 1));
    }

    // The model of one object is not touched by another's revisions under the same name.
    void modelFollowsOneObjectNotItsName()
    {
        HistoryStore store;
        HistoryModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        store.applyBatch(kPods, changed(pod(kOldUid, 10), pod(kOldUid, 11, 1)));
        model.setObject(kPods, kOldUid);
        QCOMPARE(model.rowCount(), 2);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        store.applyBatch(kPods, deleted(pod(kOldUid, 11, 1)));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.index(0, HistoryModel::ChangesColumn).data().toString(),
                 QStringLiteral("deleted"));
        store.applyBatch(kPods, added(pod(kNewUid, 20)));
        store.applyBatch(kPods, changed(pod(kNewUid, 20), pod(kNewUid, 21, 1)));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.rowCount(), 3);
        model.setObject(kPods, kNewUid);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, HistoryModel::ResourceVersionColumn).data().toString(), "21");
        QCOMPARE(model.index(1, HistoryModel::ChangesColumn).data().toString(),
                 QStringLiteral("first seen"));
    }

    // The details pane shows the new pod: its History is its own revisions, under a line
    // naming the deleted one; the old pod (still shown as gone) has no such line.
    void historyTabShowsTheSelectedObjectAndNamesTheEarlierOne()
    {
        Recreated r;
        HistoryWidget widget(&r.store);
        QAbstractItemModelTester tester(widget.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        widget.model()->setTimeZone(QTimeZone::utc());
        widget.setObject(kPods, kKey, r.newLast);
        QCOMPARE(widget.model()->rowCount(), 2);
        QCOMPARE(widget.model()->index(0, HistoryModel::ResourceVersionColumn).data().toString(),
                 "21");
        QCOMPARE(widget.model()->index(1, HistoryModel::ResourceVersionColumn).data().toString(),
                 "20");
        const QString deletedAt =
            QDateTime::fromMSecsSinceEpoch(kListedMs + 5000, QTimeZone::utc()).toString("HH:mm:ss");
        QCOMPARE(widget.earlierObjectNote(),
                 QStringLiteral("An earlier Pod shop/worker-crash (uid pod-uid-old) was deleted "
                                "at %1; these are the revisions of this one.")
                     .arg(deletedAt));

        widget.setObject(kPods, kKey, r.oldLast);
        QCOMPARE(widget.model()->rowCount(), 3);
        QCOMPARE(widget.model()->index(0, HistoryModel::ChangesColumn).data().toString(),
                 QStringLiteral("deleted"));
        QVERIFY(widget.earlierObjectNote().isEmpty());
    }

    // A restored API server handed the Deployment over with a new uid at a relist: nobody
    // deleted the old one. The note says when it was gone, not that it was deleted.
    void historyTabSaysAnObjectMissingFromARelistWasGone()
    {
        HistoryStore store;
        qint64 now = kListedMs;
        store.setClock([&now] { return now; });
        store.applyBatch(kPods, changed(pod(kOldUid, 10), pod(kOldUid, 11, 1)));
        now += 2000;
        store.applyBatch(kPods, changed(pod(kOldUid, 11, 1), pod(kNewUid, 20)));
        HistoryWidget widget(&store);
        QAbstractItemModelTester tester(widget.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        widget.model()->setTimeZone(QTimeZone::utc());
        widget.setObject(kPods, kKey, pod(kNewUid, 20));
        const QString goneAt =
            QDateTime::fromMSecsSinceEpoch(kListedMs + 2000, QTimeZone::utc()).toString("HH:mm:ss");
        QCOMPARE(widget.earlierObjectNote(),
                 QStringLiteral("An earlier Pod shop/worker-crash (uid pod-uid-old) was gone at "
                                "the relist of %1; these are the revisions of this one.")
                     .arg(goneAt));
        widget.setObject(kPods, kKey, pod(kOldUid, 11, 1));
        QCOMPARE(widget.model()->index(0, HistoryModel::ChangesColumn).data().toString(),
                 QStringLiteral("gone (missing from a relist)"));
    }

    // Called at every update of the shown object, setObject keeps the revisions the user chose
    // to compare; another object under the same name is shown afresh.
    void historyTabKeepsTheSelectionForTheSameObject()
    {
        Recreated r;
        HistoryWidget widget(&r.store);
        QAbstractItemModelTester tester(widget.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        widget.setObject(kPods, kKey, r.oldLast);
        widget.table()->selectRow(2);
        QSignalSpy reset(widget.model(), &QAbstractItemModel::modelReset);
        widget.setObject(kPods, kKey, r.oldLast);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(widget.table()->selectionModel()->selectedRows().first().row(), 2);
        widget.setObject(kPods, kKey, r.newLast);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(widget.model()->rowCount(), 2);
    }
};

QTEST_MAIN(HistoryByObjectTest)
#include "tst_historybyobject.moc"
