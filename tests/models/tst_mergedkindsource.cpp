// One kind across two clusters in one table: MergedKindSource over two
// LocalKindSources, fed through a TableFeed to the table model (checked by
// QAbstractItemModelTester), with a CLUSTER column first.

#include "models/clusterrowkey.h"
#include "models/freshness.h"
#include "models/localkindsource.h"
#include "models/mergedkindsource.h"
#include "models/tablefeed.h"
#include "testobjects.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

const KindInfo kPods{{}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true,
                     {}};

KubeObject pod(const QString &ns, const QString &name, const QString &status = {})
{
    return makeObject(ns, name, {{QStringLiteral("status"), status}});
}

InformerStatus backingOff()
{
    InformerStatus s;
    s.state = InformerStatus::State::BackingOff;
    s.synced = true;
    s.lastError = QStringLiteral("connection refused");
    return s;
}

// A KindSource whose batches the test writes whole, snapshots included (a
// relist), which a LocalKindSource never sends after the first.
class ScriptedKindSource final : public KindSource
{
public:
    using KindSource::KindSource;
    InformerStatus status() const override { return {}; }
    const Indexer &indexer() const override { return m_indexer; }
    void subscribe(QObject *receiver, BatchHandler handler) override
    {
        m_receiver = receiver;
        m_handler = std::move(handler);
        m_handler(batchOf({}, true));
    }
    void unsubscribe(QObject *receiver) override
    {
        if (receiver == m_receiver)
            m_handler = nullptr;
    }
    void retryNow() override {}
    void send(const ChangeBatch &batch)
    {
        if (m_handler)
            m_handler(batch);
    }

private:
    Indexer m_indexer;
    QObject *m_receiver = nullptr;
    BatchHandler m_handler;
};

QStringList headersOfModel(const QAbstractItemModel *model)
{
    QStringList headers;
    for (int c = 0; c < model->columnCount(); ++c)
        headers.append(model->headerData(c, Qt::Horizontal).toString());
    return headers;
}

// Two clusters of pods, each with shop/web-1, merged and shown.
struct Fixture
{
    LocalKindSource east{kPods};
    LocalKindSource west{kPods};
    MergedKindSource merged{kPods, {}};
    std::unique_ptr<TableFeed> feed;
    std::unique_ptr<QAbstractItemModelTester> tester;

    Fixture()
    {
        east.upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("e")));
        east.upsert(pod(QStringLiteral("db"), QStringLiteral("pg-0")));
        east.flush();
        west.upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("w")));
        west.upsert(pod(QStringLiteral("shop"), QStringLiteral("web-2")));
        west.flush();
        merged.addMember(QStringLiteral("east"), &east);
        merged.addMember(QStringLiteral("west"), &west);
        feed =
            std::make_unique<TableFeed>(&merged, RowFormatter::withClusterColumn(*testFormatter()),
                                        TableQuery{}, TableFeed::Threading::Inline);
        tester = std::make_unique<QAbstractItemModelTester>(
            feed->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    // "cluster namespace name" per row, in display order.
    QStringList rows() const
    {
        const ResourceTableModel *model = feed->model();
        QStringList out;
        for (int r = 0; r < model->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < 3; ++c)
                cells.append(model->index(r, c).data().toString());
            out.append(cells.join(u' '));
        }
        return out;
    }
};

} // namespace

class TestMergedKindSource : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsOfEveryClusterWithTheirClusterFirst();
    void sameNameInTwoClustersIsTwoRows();
    void deletionInOneClusterLeavesTheOther();
    void memberSnapshotReplacesItsClusterOnly();
    void oneStaleClusterMakesTheTableStaleAndIsNamed();
    void facetsCountAcrossClusters();
    void historySeesChangesUnderClusterKeys();
    void quickFilterMatchesTheClusterName();
};

void TestMergedKindSource::rowsOfEveryClusterWithTheirClusterFirst()
{
    Fixture f;
    QCOMPARE(headersOfModel(f.feed->model()).mid(0, 3),
             (QStringList{"CLUSTER", "NAMESPACE", "NAME"}));
    // kubectl's order within a cluster, the clusters one after the other.
    QCOMPARE(f.rows(), (QStringList{"east db pg-0", "east shop web-1", "west shop web-1",
                                    "west shop web-2"}));
    QCOMPARE(f.feed->model()->totalObjects(), 4);
    QCOMPARE(f.merged.status().objects, 4);
}

void TestMergedKindSource::sameNameInTwoClustersIsTwoRows()
{
    Fixture f;
    const int eastRow = f.feed->model()->rowOfKey(clusterRowKey("east", "shop/web-1"));
    const int westRow = f.feed->model()->rowOfKey(clusterRowKey("west", "shop/web-1"));
    QVERIFY(eastRow >= 0 && westRow >= 0 && eastRow != westRow);
    // Each row is its own cluster's object.
    QCOMPARE(f.feed->model()->objectAt(eastRow).label("status"), QStringLiteral("e"));
    QCOMPARE(f.feed->model()->objectAt(westRow).label("status"), QStringLiteral("w"));
    QCOMPARE(f.merged.indexer().getByKey(clusterRowKey("west", "shop/web-1"))->label("status"),
             QStringLiteral("w"));
    QCOMPARE(f.merged.memberSource(u"west"), &f.west);
}

void TestMergedKindSource::deletionInOneClusterLeavesTheOther()
{
    Fixture f;
    f.west.remove(pod(QStringLiteral("shop"), QStringLiteral("web-1")));
    f.west.flush();
    QCOMPARE(f.rows(), (QStringList{"east db pg-0", "east shop web-1", "west shop web-2"}));
    QVERIFY(!f.merged.indexer().getByKey(clusterRowKey("west", "shop/web-1")));
    QVERIFY(f.merged.indexer().getByKey(clusterRowKey("east", "shop/web-1")));
    // An update in the other goes to its own row.
    f.east.upsert(pod(QStringLiteral("shop"), QStringLiteral("web-1"), QStringLiteral("e2")));
    f.east.flush();
    const int row = f.feed->model()->rowOfKey(clusterRowKey("east", "shop/web-1"));
    QCOMPARE(f.feed->model()->objectAt(row).label("status"), QStringLiteral("e2"));
    QCOMPARE(f.feed->model()->rowCount(), 3);
}

void TestMergedKindSource::memberSnapshotReplacesItsClusterOnly()
{
    Fixture f;
    ScriptedKindSource north(kPods);
    QSignalSpy added(&f.merged, &MergedKindSource::memberAdded);
    f.merged.addMember(QStringLiteral("north"), &north);
    f.merged.addMember(QStringLiteral("north"), &north); // kept once
    QCOMPARE(added.size(), 1);
    QCOMPARE(added.first().first().toString(), QStringLiteral("north"));
    north.send(batchOf({upsert(pod("shop", "web-1")), upsert(pod("shop", "web-9"))}));
    QCOMPARE(f.feed->model()->rowCount(), 6);
    // A relist that no longer holds web-9: north's rows are what it lists.
    north.send(batchOf({upsert(pod("shop", "web-1")), upsert(pod("db", "pg-1"))}, true));
    QCOMPARE(f.rows(), (QStringList{"east db pg-0", "east shop web-1", "north db pg-1",
                                    "north shop web-1", "west shop web-1", "west shop web-2"}));
    QCOMPARE(f.merged.indexer().size(), 6);
}

void TestMergedKindSource::oneStaleClusterMakesTheTableStaleAndIsNamed()
{
    Fixture f;
    QSignalSpy changed(&f.merged, &KindSource::statusChanged);
    QCOMPARE(freshnessLevel(f.merged.status()), FreshnessLevel::Fresh);
    QCOMPARE(f.merged.origin(), QStringLiteral("east, west"));

    f.west.setStatus(backingOff());
    QCOMPARE(changed.size(), 1);
    QCOMPARE(f.merged.status().state, InformerStatus::State::BackingOff);
    QCOMPARE(freshnessLevel(f.merged.status()), FreshnessLevel::Stale);
    QCOMPARE(f.merged.status().lastError, QStringLiteral("connection refused"));
    QCOMPARE(f.merged.origin(), QStringLiteral("west"));
    // east's rows are live: only west's are the last known state.
    QCOMPARE(f.merged.notLiveClusters(), QStringList{QStringLiteral("west")});

    // A failing cluster is worse than a stale one, and is the one told.
    InformerStatus forbidden;
    forbidden.state = InformerStatus::State::Forbidden;
    forbidden.lastError = QStringLiteral("pods is forbidden");
    f.east.setStatus(forbidden);
    QCOMPARE(f.merged.status().state, InformerStatus::State::Forbidden);
    QCOMPARE(f.merged.status().lastError, QStringLiteral("pods is forbidden"));
    QCOMPARE(f.merged.origin(), QStringLiteral("east, west"));
    QCOMPARE(f.merged.notLiveClusters(), (QStringList{"east", "west"}));
    QVERIFY(!f.merged.status().synced);

    InformerStatus live;
    live.state = InformerStatus::State::Watching;
    live.synced = true;
    f.east.setStatus(live);
    f.west.setStatus(live);
    QCOMPARE(freshnessLevel(f.merged.status()), FreshnessLevel::Fresh);
    QCOMPARE(f.merged.origin(), QStringLiteral("east, west"));
    QVERIFY(f.merged.notLiveClusters().isEmpty());

    MergedKindSource partial(kPods, {QStringLiteral("south")});
    partial.addMember(QStringLiteral("east"), &f.east);
    QCOMPARE(partial.origin(), QStringLiteral("east (not served by south)"));
}

void TestMergedKindSource::facetsCountAcrossClusters()
{
    Fixture f;
    const auto counts = f.feed->facetCounts().namespaceCounts();
    QCOMPARE(counts, (QList<std::pair<QString, qsizetype>>{{"db", 1}, {"shop", 3}}));
    // The namespace index answers for every cluster.
    QCOMPARE(
        f.merged.indexer().indexValueCount(QStringLiteral("namespace"), QStringLiteral("shop")), 3);
}

void TestMergedKindSource::historySeesChangesUnderClusterKeys()
{
    Fixture f;
    QSignalSpy observed(&f.merged, &KindSource::changesObserved);
    f.west.upsert(pod(QStringLiteral("shop"), QStringLiteral("web-2"), QStringLiteral("x")));
    f.west.flush();
    QCOMPARE(observed.size(), 1);
    const auto batch = observed.first().first().value<ChangeBatch>();
    QCOMPARE(batch.changes.size(), 1);
    QCOMPARE(batch.changes.first().key, clusterRowKey("west", "shop/web-2"));
}

void TestMergedKindSource::quickFilterMatchesTheClusterName()
{
    Fixture f;
    f.feed->setQuickText(QStringLiteral("wes"));
    QCOMPARE(f.rows(), (QStringList{"west shop web-1", "west shop web-2"}));
}

QTEST_GUILESS_MAIN(TestMergedKindSource)
#include "tst_mergedkindsource.moc"
