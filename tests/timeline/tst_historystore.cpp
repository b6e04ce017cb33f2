// HistoryStore (revisions since the watch started, bounds, change summaries; an object deleted and
// created again under its name: tst_historybyobject), HistoryModel (checked
// by QAbstractItemModelTester, incremental inserts/removes) and the History tab widget's diff of a
// crash-looping pod's restarts.

#include "models/history/historymodel.h"
#include "models/secondclock.h"
#include "models/yamlrenderer.h"
#include "podrevisions.h"
#include "ui/history/diffview.h"
#include "ui/history/historywidget.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::testing;

namespace {

const QString kPod = QStringLiteral("Pod");
const QString kKey = QStringLiteral("shop/worker-crash");
const QString kUid = QStringLiteral("pod-uid-crash"); // podJson()'s: History is by object

// The watch's changes as a KindSource observes them (KindSource::changesObserved).
ChangeBatch added(const KubeObject &object)
{
    ChangeBatch batch;
    batch.changes.append({ObjectChange::Type::Upsert, object.key(), object, 0, {}});
    return batch;
}

ChangeBatch changed(const KubeObject &before, const KubeObject &after)
{
    ChangeBatch batch;
    batch.changes.append({ObjectChange::Type::Upsert, after.key(), after, 0, before});
    return batch;
}

ChangeBatch deleted(const KubeObject &last)
{
    ChangeBatch batch;
    batch.changes.append({ObjectChange::Type::Delete, last.key(), last, 0, {}});
    return batch;
}

// A wall clock after the test objects' creation (2024), as in a live cluster.
constexpr qint64 kListedMs = 4'000'000'000'000;

// Each name its own object (uid "uid-<name>") unless `uid` says otherwise.
KubeObject podNamed(const QString &name, int resourceVersion, int restarts, const QString &uid = {})
{
    QJsonObject json = podJson(resourceVersion, restarts);
    QJsonObject meta = json[QStringLiteral("metadata")].toObject();
    meta[QStringLiteral("name")] = name;
    meta[QStringLiteral("uid")] = uid.isEmpty() ? QStringLiteral("uid-") + name : uid;
    json[QStringLiteral("metadata")] = meta;
    return podObject(json);
}

} // namespace

class HistoryStoreTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The list is where history starts: a revision is recorded once an
    // object changes, the state it replaced first (at the time it was listed).
    void revisionsStartWithTheStateTheWatchStartedFrom()
    {
        HistoryStore store;
        qint64 now = kListedMs;
        store.setClock([&now] { return now; });
        const KubeObject listed = podObject(podJson(10, 3));
        store.applyBatch(kPod, added(listed));
        QCOMPARE(store.totalRevisions(), 0);
        QVERIFY(store.revisions(kPod, kUid).isEmpty());
        now = kListedMs + 1000;
        store.applyBatch(kPod, changed(listed, podObject(podJson(11, 4))));
        const auto revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].resourceVersion, QStringLiteral("10"));
        QCOMPARE(revisions[0].observedMs, kListedMs);
        QCOMPARE(revisions[0].changeSummary(), QStringLiteral("first seen"));
        QCOMPARE(revisions[1].observedMs, kListedMs + 1000);
        QCOMPARE(revisions[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 3\u21924"));
    }

    // In a replay (informant --replay) the cluster lives at the recorded
    // moment: revisions are stamped with its time, as ages are counted
    // from it, not with today's wall clock.
    void revisionsAreStampedWithTheClustersTime()
    {
        const qint64 replayedMs =
            QDateTime::fromString(QStringLiteral("2026-01-01T12:00:00Z"), Qt::ISODate)
                .toMSecsSinceEpoch();
        SecondClock::instance()->setClusterTime(replayedMs, 0); // a paused replay
        HistoryStore store;
        const KubeObject listed = podObject(podJson(10, 3));
        store.applyBatch(kPod, added(listed));
        store.applyBatch(kPod, changed(listed, podObject(podJson(11, 4))));
        const auto revisions = store.revisions(kPod, kUid);
        SecondClock::instance()->resetClusterTime();
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].observedMs, replayedMs);
        QCOMPARE(revisions[1].observedMs, replayedMs);
    }

    // Opening an object that never changed shows its listed state.
    void openingAnUnchangedObjectShowsItsFirstState()
    {
        HistoryStore store;
        qint64 now = kListedMs;
        store.setClock([&now] { return now; });
        const KubeObject listed = podObject(podJson(10, 3));
        store.applyBatch(kPod, added(listed));
        now = kListedMs + 5000;
        QSignalSpy spy(&store, &HistoryStore::revisionsChanged);
        store.openObject(kPod, kUid, listed);
        QCOMPARE(spy.count(), 1);
        auto revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 1);
        QCOMPARE(revisions[0].observedMs, kListedMs);
        store.openObject(kPod, kUid, listed);
        QCOMPARE(store.revisions(kPod, kUid).size(), 1);
        store.applyBatch(kPod, changed(listed, podObject(podJson(11, 4))));
        revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[1].resourceVersion, QStringLiteral("11"));
        QCOMPARE(revisions[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 3\u21924"));
    }

    // The table's batches come more often than History's: the user may open
    // an object in a state the store has not heard of yet. The watch's own
    // account replaces it; no revision is repeated or reversed.
    void openingBeforeTheChangesArriveKeepsTheirOrder()
    {
        HistoryStore store;
        const KubeObject v3 = podObject(podJson(3, 0));
        const KubeObject v4 = podObject(podJson(4, 1));
        const KubeObject v5 = podObject(podJson(5, 2));
        store.applyBatch(kPod, added(v3));
        store.openObject(kPod, kUid, v5);
        ChangeBatch late;
        late.changes = changed(v3, v4).changes + changed(v4, v5).changes;
        store.applyBatch(kPod, late);
        QStringList versions;
        for (const ObjectRevision &revision : store.revisions(kPod, kUid))
            versions.append(revision.resourceVersion);
        QCOMPARE(versions, (QStringList{"3", "4", "5"}));
        QCOMPARE(store.totalRevisions(), 3);
    }

    // Objects that never changed keep nothing, not even their deletion.
    void unchangedObjectsCostNothing()
    {
        HistoryStore store;
        const KubeObject pod = podObject(podJson(10, 3));
        store.applyBatch(kPod, added(pod));
        store.applyBatch(kPod, changed(pod, pod)); // a resync
        store.applyBatch(kPod, deleted(pod));
        QCOMPARE(store.totalRevisions(), 0);
        QCOMPARE(store.totalBytes(), 0);
    }

    // Changes are computed when read; one whose predecessor was dropped
    // before that says it cannot tell, instead of showing nothing changed.
    void aRevisionWithoutItsPredecessorSaysSo()
    {
        HistoryStore store;
        store.setLimits(2, 100);
        const KubeObject v10 = podObject(podJson(10, 0));
        const KubeObject v11 = podObject(podJson(11, 1));
        store.applyBatch(kPod, added(v10));
        store.applyBatch(kPod, changed(v10, v11));
        store.applyBatch(kPod, changed(v11, podObject(podJson(12, 2))));
        const auto revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].resourceVersion, QStringLiteral("11"));
        QVERIFY(!revisions[0].changesKnown);
        QCOMPARE(revisions[0].changeSummary(),
                 QStringLiteral("changes unknown (the revision before was dropped)"));
        QCOMPARE(revisions[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 1\u21922"));
    }

    // Over the total, the kind holding the most revisions gives up its
    // oldest: node leases renewing every few seconds must not wipe the
    // deployments' history, nor the history of the object on screen.
    void noisyKindsDoNotCrowdOutOthers()
    {
        HistoryStore store;
        store.setLimits(100, 50);
        const QString leases = QStringLiteral("leases.coordination.k8s.io");
        const QString deployments = QStringLiteral("deployments.apps");
        const auto churn = [&](const QString &kind, const QString &prefix, int objects,
                               int changes) {
            for (int o = 0; o < objects; ++o) {
                KubeObject before = podNamed(prefix + QString::number(o), 1, 0);
                for (int c = 0; c < changes; ++c) {
                    const KubeObject after = podNamed(prefix + QString::number(o), c + 2, c + 1);
                    store.applyBatch(kind, changed(before, after));
                    before = after;
                }
            }
        };
        churn(deployments, QStringLiteral("api-"), 2, 2); // 2 x 3 revisions
        store.openObject(kPod, kUid, podObject(podJson(10, 3)));
        const KubeObject open11 = podObject(podJson(11, 4));
        store.applyBatch(kPod, changed(podObject(podJson(10, 3)), open11));
        churn(leases, QStringLiteral("node-"), 30, 3); // 30 x 4 revisions
        QCOMPARE(store.totalRevisions(), 50);
        QCOMPARE(store.revisions(kPod, kUid).size(), 2);
        QCOMPARE(store.revisions(deployments, QStringLiteral("uid-api-0")).size(), 3);
        QCOMPARE(store.revisions(deployments, QStringLiteral("uid-api-1")).size(), 3);
        // Once closed, the object's revisions are like any other's.
        store.closeObject();
        QCOMPARE(store.totalRevisions(), 50);
        store.setLimits(100, 4);
        QCOMPARE(store.totalRevisions(), 4);
    }

    // A byte budget beside the count: large objects (CRDs, Helm release
    // Secrets) are held whole.
    void bytesAreBoundedToo()
    {
        HistoryStore store;
        const qint64 perObject = podObject(podJson(10, 0)).jsonSize();
        store.setLimits(100, 1000, 10 * perObject);
        KubeObject before = podObject(podJson(1, 0));
        store.applyBatch(kPod, added(before));
        for (int rv = 2; rv < 40; ++rv) {
            const KubeObject after = podObject(podJson(rv, rv));
            store.applyBatch(kPod, changed(before, after));
            before = after;
            QVERIFY(store.totalBytes() <= 10 * perObject + perObject);
        }
        QVERIFY(store.totalRevisions() >= 9);
    }

    // Over the byte budget, the kind holding the most bytes gives up: one
    // large ConfigMap rewritten often must not wipe small objects' history.
    void bytesAreTakenFromTheKindHoldingThem()
    {
        HistoryStore store;
        const qint64 small = podObject(podJson(1, 0)).jsonSize();
        store.setLimits(100, 1000, 40 * small);
        const QString deployments = QStringLiteral("deployments.apps");
        KubeObject before = podNamed(QStringLiteral("api"), 1, 0);
        for (int rv = 2; rv < 6; ++rv) { // 5 small revisions
            const KubeObject after = podNamed(QStringLiteral("api"), rv, rv);
            store.applyBatch(deployments, changed(before, after));
            before = after;
        }
        const auto large = [](int resourceVersion) {
            QJsonObject json = podJson(resourceVersion, 0);
            json[QStringLiteral("data")] = QString(4000, u'x');
            return podObject(json);
        };
        const QString configMaps = QStringLiteral("configmaps");
        KubeObject big = large(100);
        for (int rv = 101; rv < 120; ++rv) {
            const KubeObject next = large(rv);
            store.applyBatch(configMaps, changed(big, next));
            big = next;
        }
        QVERIFY(store.totalBytes() <= 40 * small);
        QCOMPARE(store.revisions(deployments, QStringLiteral("uid-api")).size(), 5);
    }

    void restartsBecomeRevisionsWithFieldChanges()
    {
        HistoryStore store;
        qint64 now = kListedMs;
        store.setClock([&now] { return now; });
        QSignalSpy spy(&store, &HistoryStore::revisionsChanged);
        const KubeObject v10 = podObject(podJson(10, 3));
        const KubeObject v11 = podObject(podJson(11, 4));
        store.applyBatch(kPod, added(v10));
        now = kListedMs + 2000;
        store.applyBatch(kPod, changed(v10, v11));
        // The same resourceVersion again (a resync) is not a revision.
        store.applyBatch(kPod, changed(v11, v11));
        now = kListedMs + 3000;
        store.applyBatch(
            kPod, changed(v11, podObject(podJson(12, 4, "Running", "2030-01-01T00:00:00Z"))));
        QCOMPARE(spy.count(), 2);
        const auto revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 3);
        QVERIFY(revisions[0].first);
        QCOMPARE(revisions[0].changeSummary(), QStringLiteral("first seen"));
        QCOMPARE(revisions[1].resourceVersion, QStringLiteral("11"));
        QCOMPARE(revisions[1].observedMs, kListedMs + 2000);
        QCOMPARE(revisions[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 3\u21924"));
        // managedFields and resourceVersion only: no field changes.
        QCOMPARE(revisions[2].changes.size(), 0);
        QCOMPARE(revisions[2].changeSummary(), QStringLiteral("no field changes (metadata only)"));
    }

    void summaryNamesStatusBeforeBookkeeping_data()
    {
        QTest::addColumn<QString>("annotation"); // set on the second revision
        QTest::addColumn<QString>("uid");        // of the second revision
        QTest::addColumn<QString>("summary");
        QTest::newRow("restart with an annotation bump")
            << "2"
            << "pod-uid-crash"
            << "status.containerStatuses[0].restartCount 3\u21924; "
               "metadata.annotations[\"sim/generation\"] 1\u21922";
    }

    void summaryNamesStatusBeforeBookkeeping()
    {
        QFETCH(QString, annotation);
        QFETCH(QString, uid);
        QFETCH(QString, summary);
        auto withMetadata = [](QJsonObject pod, const QString &generation, const QString &uid) {
            QJsonObject metadata = pod.value(QStringLiteral("metadata")).toObject();
            metadata.insert(QStringLiteral("annotations"),
                            QJsonObject{{QStringLiteral("sim/generation"), generation}});
            metadata.insert(QStringLiteral("uid"), uid);
            pod.insert(QStringLiteral("metadata"), metadata);
            return podObject(pod);
        };
        HistoryStore store;
        store.applyBatch(kPod, changed(withMetadata(podJson(10, 3), QStringLiteral("1"),
                                                    QStringLiteral("pod-uid-crash")),
                                       withMetadata(podJson(11, 4), annotation, uid)));
        const auto revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[1].changeSummary(), summary);
    }

    void deleteIsTheLastRevision()
    {
        HistoryStore store;
        store.applyBatch(kPod, added(podObject(podJson(10, 3))));
        store.openObject(kPod, kUid, podObject(podJson(10, 3)));
        store.applyBatch(kPod, deleted(podObject(podJson(10, 3))));
        const auto revisions = store.revisions(kPod, kUid);
        QCOMPARE(revisions.size(), 2);
        QVERIFY(revisions[1].deleted);
        QCOMPARE(revisions[1].changeSummary(), QStringLiteral("deleted"));
    }

    void boundsDropTheOldestRevisions_data()
    {
        QTest::addColumn<int>("perObject");
        QTest::addColumn<int>("total");
        QTest::addColumn<int>("objects");
        QTest::addColumn<int>("updates");
        QTest::newRow("per object") << 5 << 1000 << 2 << 20;
        QTest::newRow("total") << 100 << 30 << 4 << 20;
        QTest::newRow("both") << 7 << 10 << 3 << 9;
    }
    void boundsDropTheOldestRevisions()
    {
        QFETCH(int, perObject);
        QFETCH(int, total);
        QFETCH(int, objects);
        QFETCH(int, updates);
        HistoryStore store;
        store.setLimits(perObject, total);
        QList<KubeObject> current;
        for (int o = 0; o < objects; ++o) { // the list
            current.append(podNamed(QStringLiteral("p%1").arg(o), 0, 0));
            store.applyBatch(kPod, added(current.last()));
        }
        int rv = 1;
        for (int u = 0; u < updates; ++u) {
            for (int o = 0; o < objects; ++o) {
                const QString identity = QStringLiteral("uid-p%1").arg(o);
                const KubeObject next = podNamed(QStringLiteral("p%1").arg(o), rv++, u + 1);
                store.applyBatch(kPod, changed(current[o], next));
                current[o] = next;
                QVERIFY(store.totalRevisions() <= total);
                QVERIFY(store.revisions(kPod, identity).size() <= perObject);
            }
        }
        qsizetype sum = 0;
        for (int o = 0; o < objects; ++o) {
            const auto list = store.revisions(kPod, QStringLiteral("uid-p%1").arg(o));
            sum += list.size();
            // What survives is the newest, in order.
            QVERIFY(!list.isEmpty());
            QCOMPARE(list.last().resourceVersion, QString::number((updates - 1) * objects + o + 1));
        }
        QCOMPARE(sum, store.totalRevisions());
        QCOMPARE(store.totalRevisions(), qMin(total, objects * qMin(perObject, updates + 1)));
    }

    void modelInsertsNewRevisionsAtTheTopAndDropsAtTheBottom()
    {
        HistoryStore store;
        store.setLimits(3, 100);
        HistoryModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        store.openObject(kPod, kUid, podObject(podJson(10, 0)));
        model.setObject(kPod, kUid);
        QCOMPARE(model.rowCount(), 1);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        store.applyBatch(kPod, changed(podObject(podJson(10, 0)), podObject(podJson(11, 1))));
        store.applyBatch(kPod, changed(podObject(podJson(11, 1)), podObject(podJson(12, 2))));
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(removed.count(), 0);
        // bound 3: oldest goes
        store.applyBatch(kPod, changed(podObject(podJson(12, 2)), podObject(podJson(13, 3))));
        QCOMPARE(inserted.count(), 3);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, HistoryModel::ResourceVersionColumn).data().toString(), "13");
        QCOMPARE(model.index(2, HistoryModel::ResourceVersionColumn).data().toString(), "11");
        QCOMPARE(model.index(0, HistoryModel::ChangesColumn).data().toString(),
                 QStringLiteral("status.containerStatuses[0].restartCount 2\u21923"));
        // Another object's revisions do not touch this model.
        store.openObject(kPod, QStringLiteral("uid-other"),
                         podNamed(QStringLiteral("other"), 50, 0));
        QCOMPARE(inserted.count(), 3);
    }

    void historyTabDiffsTheSelectedRestart()
    {
        HistoryStore store;
        HistoryWidget widget(&store);
        widget.resize(900, 700);
        widget.setObject(kPod, kKey, podObject(podJson(10, 3)));
        store.applyBatch(kPod, changed(podObject(podJson(10, 3)), podObject(podJson(11, 4))));
        QCOMPARE(widget.model()->rowCount(), 2);
        widget.table()->selectRow(0);
        widget.compareRows(1, 0);
        const QString unified = widget.diffView()->unifiedText();
        QVERIFY2(unified.contains(QStringLiteral("-     restartCount: 3")), qPrintable(unified));
        QVERIFY(unified.contains(QStringLiteral("+     restartCount: 4")));
        QVERIFY(!unified.contains(QStringLiteral("managedFields")));
        widget.diffView()->setMode(DiffView::Mode::SideBySide);
        QVERIFY(widget.diffView()->leftText().contains(QStringLiteral("restartCount: 3")));
        QVERIFY(widget.diffView()->rightText().contains(QStringLiteral("restartCount: 4")));
        QCOMPARE(widget.diffView()->leftText().count(u'\n'),
                 widget.diffView()->rightText().count(u'\n'));
        const QString out = qEnvironmentVariable("INFORMANT_HISTORY_PNG");
        if (!out.isEmpty()) {
            store.applyBatch(kPod, changed(podObject(podJson(11, 4)),
                                           podObject(podJson(12, 5, "CrashLoopBackOff"))));
            widget.show();
            widget.table()->selectRow(0);
            QVERIFY(widget.grab().save(out));
        }
    }

    // The History tab has no reveal: a Secret's values never show, in the
    // diff, the Changes column or its tooltip, yet a changed value is named.
    void historyTabNeverShowsSecretValues()
    {
        const auto secret = [](int resourceVersion, const QString &password) {
            const QString applied =
                QStringLiteral("{\"data\":{\"password\":\"%1\"}}").arg(password);
            return podObject(QJsonObject{
                {"apiVersion", "v1"},
                {"kind", "Secret"},
                {"metadata",
                 QJsonObject{
                     {"name", "db"},
                     {"namespace", "shop"},
                     {"resourceVersion", QString::number(resourceVersion)},
                     {"annotations",
                      QJsonObject{{"kubectl.kubernetes.io/last-applied-configuration", applied}}}}},
                {"data", QJsonObject{{"password", password}, {"tls.key", "a2V5"}}}});
        };
        const QString kind = QStringLiteral("Secret");
        HistoryStore store;
        HistoryWidget widget(&store);
        widget.setObject(kind, QStringLiteral("shop/db"), secret(10, "c2VjcmV0MQ=="));
        store.applyBatch(kind, changed(secret(10, "c2VjcmV0MQ=="), secret(11, "c2VjcmV0Mg==")));
        QCOMPARE(widget.model()->rowCount(), 2);
        widget.compareRows(1, 0);
        QString shown = widget.diffView()->unifiedText();
        for (int row = 0; row < widget.model()->rowCount(); ++row) {
            for (int column = 0; column < widget.model()->columnCount(); ++column) {
                const QModelIndex index = widget.model()->index(row, column);
                shown += index.data(Qt::DisplayRole).toString() + u'\n' +
                         index.data(Qt::ToolTipRole).toString() + u'\n';
            }
        }
        QVERIFY2(!shown.contains(QStringLiteral("c2VjcmV0")), qPrintable(shown));
        QVERIFY2(!shown.contains(QStringLiteral("a2V5")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("data.password changed")), qPrintable(shown));
        QVERIFY2(shown.contains(kMaskedValue), qPrintable(shown));
    }
};

QTEST_MAIN(HistoryStoreTest)
#include "tst_historystore.moc"
