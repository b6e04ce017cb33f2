// HistoryStore (revisions since the watch started, bounds, change summaries), HistoryModel (checked
// by QAbstractItemModelTester, incremental inserts/removes) and the History tab widget's diff of a
// crash-looping pod's restarts.

#include "models/history/historymodel.h"
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

ChangeBatch batchOf(const KubeObject &object, ObjectChange::Type type = ObjectChange::Type::Upsert)
{
    ChangeBatch batch;
    batch.changes.append({type, object.key(), object, 0});
    return batch;
}

} // namespace

class HistoryStoreTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The list is where history starts: a revision is recorded once an
    // object changes, its listed state first (at the time it was listed).
    void revisionsStartWithTheStateTheWatchStartedFrom()
    {
        HistoryStore store;
        qint64 now = 1000;
        store.setClock([&now] { return now; });
        store.applyBatch(kPod, batchOf(podObject(podJson(10, 3))));
        QCOMPARE(store.totalRevisions(), 0);
        QVERIFY(store.revisions(kPod, kKey).isEmpty());
        now = 2000;
        store.applyBatch(kPod, batchOf(podObject(podJson(11, 4))));
        const auto revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].resourceVersion, QStringLiteral("10"));
        QCOMPARE(revisions[0].observedMs, 1000);
        QCOMPARE(revisions[0].changeSummary(), QStringLiteral("first seen"));
        QCOMPARE(revisions[1].observedMs, 2000);
        QCOMPARE(revisions[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 3\u21924"));
    }

    // Opening an object that never changed shows its listed state.
    void openingAnUnchangedObjectShowsItsFirstState()
    {
        HistoryStore store;
        qint64 now = 1000;
        store.setClock([&now] { return now; });
        store.applyBatch(kPod, batchOf(podObject(podJson(10, 3))));
        now = 5000;
        QSignalSpy spy(&store, &HistoryStore::revisionsChanged);
        store.openObject(kPod, kKey, podObject(podJson(10, 3)));
        QCOMPARE(spy.count(), 1);
        auto revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 1);
        QCOMPARE(revisions[0].observedMs, 1000);
        store.openObject(kPod, kKey, podObject(podJson(10, 3)));
        QCOMPARE(store.revisions(kPod, kKey).size(), 1);
        store.applyBatch(kPod, batchOf(podObject(podJson(11, 4))));
        revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[1].resourceVersion, QStringLiteral("11"));
    }

    // A relist that no longer has an object: it was deleted while the watch
    // was down, and its history says so.
    void relistRecordsWhatWasDeletedMeanwhile()
    {
        HistoryStore store;
        QJsonObject otherJson = podJson(20, 0);
        QJsonObject meta = otherJson[QStringLiteral("metadata")].toObject();
        meta[QStringLiteral("name")] = QStringLiteral("other");
        otherJson[QStringLiteral("metadata")] = meta;
        const KubeObject other = podObject(otherJson);
        ChangeBatch list;
        list.changes.append({ObjectChange::Type::Upsert, kKey, podObject(podJson(10, 3)), 0});
        list.changes.append({ObjectChange::Type::Upsert, other.key(), other, 0});
        store.applyBatch(kPod, list);
        ChangeBatch relist;
        relist.snapshot = true;
        relist.changes.append({ObjectChange::Type::Upsert, other.key(), other, 0});
        store.applyBatch(kPod, relist);
        const auto revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].resourceVersion, QStringLiteral("10"));
        QVERIFY(revisions[1].deleted);
        QVERIFY(store.revisions(kPod, other.key()).isEmpty());
    }

    // Changes are computed when read; one whose predecessor was dropped
    // before that says it cannot tell, instead of showing nothing changed.
    void aRevisionWithoutItsPredecessorSaysSo()
    {
        HistoryStore store;
        store.setLimits(2, 100);
        store.applyBatch(kPod, batchOf(podObject(podJson(10, 0))));
        store.applyBatch(kPod, batchOf(podObject(podJson(11, 1))));
        store.applyBatch(kPod, batchOf(podObject(podJson(12, 2))));
        const auto revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].resourceVersion, QStringLiteral("11"));
        QVERIFY(!revisions[0].changesKnown);
        QCOMPARE(revisions[0].changeSummary(),
                 QStringLiteral("changes unknown (the revision before was dropped)"));
        QCOMPARE(revisions[1].changeSummary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 1\u21922"));
    }

    void restartsBecomeRevisionsWithFieldChanges()
    {
        HistoryStore store;
        qint64 now = 1000;
        store.setClock([&now] { return now; });
        QSignalSpy spy(&store, &HistoryStore::revisionsChanged);
        store.applyBatch(kPod, batchOf(podObject(podJson(10, 3))));
        now = 2000;
        store.applyBatch(kPod, batchOf(podObject(podJson(11, 4))));
        // The same resourceVersion again (a resync) is not a revision.
        store.applyBatch(kPod, batchOf(podObject(podJson(11, 4))));
        now = 3000;
        store.applyBatch(kPod,
                         batchOf(podObject(podJson(12, 4, "Running", "2030-01-01T00:00:00Z"))));
        QCOMPARE(spy.count(), 2);
        const auto revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 3);
        QVERIFY(revisions[0].first);
        QCOMPARE(revisions[0].changeSummary(), QStringLiteral("first seen"));
        QCOMPARE(revisions[1].resourceVersion, QStringLiteral("11"));
        QCOMPARE(revisions[1].observedMs, 2000);
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
        QTest::newRow("recreated under the same name")
            << "1"
            << "pod-uid-new"
            << "metadata.uid pod-uid-crash\u2192pod-uid-new; "
               "status.containerStatuses[0].restartCount 3\u21924";
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
        store.applyBatch(kPod, batchOf(withMetadata(podJson(10, 3), QStringLiteral("1"),
                                                    QStringLiteral("pod-uid-crash"))));
        store.applyBatch(kPod, batchOf(withMetadata(podJson(11, 4), annotation, uid)));
        const auto revisions = store.revisions(kPod, kKey);
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[1].changeSummary(), summary);
    }

    void deleteIsTheLastRevision()
    {
        HistoryStore store;
        store.applyBatch(kPod, batchOf(podObject(podJson(10, 3))));
        store.applyBatch(kPod, batchOf(podObject(podJson(10, 3)), ObjectChange::Type::Delete));
        const auto revisions = store.revisions(kPod, kKey);
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
        const auto pod = [](int o, int resourceVersion, int restarts) {
            QJsonObject json = podJson(resourceVersion, restarts);
            QJsonObject meta = json[QStringLiteral("metadata")].toObject();
            meta[QStringLiteral("name")] = QStringLiteral("p%1").arg(o);
            json[QStringLiteral("metadata")] = meta;
            return podObject(json);
        };
        for (int o = 0; o < objects; ++o) // the list
            QVERIFY(!store.observe(kPod, QStringLiteral("shop/p%1").arg(o), pod(o, 0, 0)));
        int rv = 1;
        for (int u = 0; u < updates; ++u) {
            for (int o = 0; o < objects; ++o) {
                const QString key = QStringLiteral("shop/p%1").arg(o);
                QVERIFY(store.observe(kPod, key, pod(o, rv++, u + 1)));
                QVERIFY(store.totalRevisions() <= total);
                QVERIFY(store.revisions(kPod, key).size() <= perObject);
            }
        }
        qsizetype sum = 0;
        for (int o = 0; o < objects; ++o) {
            const auto list = store.revisions(kPod, QStringLiteral("shop/p%1").arg(o));
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
        store.openObject(kPod, kKey, podObject(podJson(10, 0)));
        model.setObject(kPod, kKey);
        QCOMPARE(model.rowCount(), 1);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        store.observe(kPod, kKey, podObject(podJson(11, 1)));
        store.observe(kPod, kKey, podObject(podJson(12, 2)));
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(removed.count(), 0);
        store.observe(kPod, kKey, podObject(podJson(13, 3))); // bound 3: oldest goes
        QCOMPARE(inserted.count(), 3);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, HistoryModel::ResourceVersionColumn).data().toString(), "13");
        QCOMPARE(model.index(2, HistoryModel::ResourceVersionColumn).data().toString(), "11");
        QCOMPARE(model.index(0, HistoryModel::ChangesColumn).data().toString(),
                 QStringLiteral("status.containerStatuses[0].restartCount 2\u21923"));
        // Another object's revisions do not touch this model.
        store.openObject(kPod, QStringLiteral("shop/other"), podObject(podJson(50, 0)));
        QCOMPARE(inserted.count(), 3);
    }

    void historyTabDiffsTheSelectedRestart()
    {
        HistoryStore store;
        HistoryWidget widget(&store);
        widget.resize(900, 700);
        widget.setObject(kPod, kKey, podObject(podJson(10, 3)));
        store.applyBatch(kPod, batchOf(podObject(podJson(11, 4))));
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
            store.applyBatch(kPod, batchOf(podObject(podJson(12, 5, "CrashLoopBackOff"))));
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
        store.applyBatch(kind, batchOf(secret(11, "c2VjcmV0Mg==")));
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
