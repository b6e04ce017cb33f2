// DeltaFIFO with a consumer slower than its producer (coalesceBacklog): the
// queue stays O(keys + backlog) however many changes arrive, and draining it
// into a store gives exactly the producer's final state, with every object
// the store held removed by a deletion of that object.

#include "testobjects.h"

#include "informer/cache/deltafifo.h"

#include <QHash>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

// A deterministic churn over `keys` pods: mostly updates, a deletion every
// `deleteEvery` changes (of a present pod) and re-creations of deleted ones.
class Churn
{
public:
    Churn(int keys, int deleteEvery)
        : m_keys(keys)
        , m_deleteEvery(deleteEvery)
    {
    }

    // Applies change number `i` to `fifo` and to the expected state.
    void apply(DeltaFIFO &fifo, int i)
    {
        const QString name = QStringLiteral("pod%1").arg((i * 7919) % m_keys);
        const KubeObject object =
            makeObject(QStringLiteral("ns"), name, QString::number(i + 1), {});
        const QString key = object.key();
        Result<void> result;
        if (!m_state.contains(key)) {
            result = fifo.add(object);
            m_state.insert(key, object);
        } else if (m_deleteEvery > 0 && i % m_deleteEvery == 0) {
            result = fifo.remove(object);
            m_state.remove(key);
        } else {
            result = fifo.update(object);
            m_state.insert(key, object);
        }
        QVERIFY2(result.ok(), qPrintable(result.errorMessage()));
    }

    const QHash<QString, KubeObject> &state() const { return m_state; }

private:
    int m_keys;
    int m_deleteEvery;
    QHash<QString, KubeObject> m_state;
};

// What an informer does with popped deltas, minus the handlers: a store, and
// a check that each deletion names an object the store held under its key.
// It is the queue's KnownObjects, as an informer's indexer is.
struct DrainingStore final : public KnownObjects
{
    QHash<QString, KubeObject> objects;
    int deletionsOfUnknown = 0;

    QStringList listKeys() const override { return objects.keys(); }
    std::optional<KubeObject> getByKey(const QString &key) const override
    {
        const auto it = objects.constFind(key);
        return it == objects.cend() ? std::nullopt : std::optional<KubeObject>(*it);
    }

    ProcessResult apply(const Deltas &deltas)
    {
        for (const Delta &delta : deltas) {
            const QString key = delta.isTombstone() ? delta.tombstoneKey : delta.object.key();
            if (delta.type != DeltaType::Deleted) {
                objects.insert(key, delta.object);
                continue;
            }
            if (!objects.contains(key))
                ++deletionsOfUnknown;
            objects.remove(key);
        }
        return {};
    }
};

} // namespace

class TestDeltaFIFOBacklog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slowConsumerKeepsTheQueueBoundedAndConverges_data();
    void slowConsumerKeepsTheQueueBoundedAndConverges();
};

void TestDeltaFIFOBacklog::slowConsumerKeepsTheQueueBoundedAndConverges_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("changes");
    QTest::addColumn<int>("deleteEvery");
    QTest::addColumn<int>("popEvery"); // one key popped per this many changes; 0: none
    QTest::addColumn<qsizetype>("backlog");
    // The reference behaviour: every change stays queued.
    QTest::newRow("withoutCoalescingTheQueueGrowsWithChanges")
        << 50 << 20000 << 10 << 0 << qsizetype(0);
    QTest::newRow("stalledConsumer") << 50 << 20000 << 10 << 0 << qsizetype(100);
    QTest::newRow("stalledConsumerUpdatesOnly") << 50 << 20000 << 0 << 0 << qsizetype(100);
    QTest::newRow("consumerTenTimesSlower") << 200 << 20000 << 7 << 10 << qsizetype(500);
    QTest::newRow("deletionsOnEveryOtherChange") << 20 << 10000 << 2 << 3 << qsizetype(10);
}

void TestDeltaFIFOBacklog::slowConsumerKeepsTheQueueBoundedAndConverges()
{
    QFETCH(int, keys);
    QFETCH(int, changes);
    QFETCH(int, deleteEvery);
    QFETCH(int, popEvery);
    QFETCH(qsizetype, backlog);

    DrainingStore store;
    DeltaFIFOOptions options;
    options.coalesceBacklog = backlog;
    options.knownObjects = &store;
    DeltaFIFO fifo(options);
    const PopProcess process = [&store](const Deltas &deltas, bool) { return store.apply(deltas); };
    Churn churn(keys, deleteEvery);
    for (int i = 0; i < changes; ++i) {
        churn.apply(fifo, i);
        if (popEvery > 0 && i % popEvery == popEvery - 1 && fifo.size() > 0)
            QVERIFY(fifo.pop(process).ok());
    }
    const DeltaFIFOStats stats = fifo.stats();
    if (backlog == 0) {
        QCOMPARE(stats.coalescedDeltas, 0);
        QVERIFY(stats.peakDeltas > changes / 2);
    } else {
        // One delta per key, the backlog, and at most two more per key that
        // a coalescing keeps (upsert, deletion, upsert); +1 for the delta
        // being added when the threshold is crossed.
        QVERIFY2(stats.peakDeltas <= backlog + 3 * keys + 1,
                 qPrintable(QStringLiteral("peak %1").arg(stats.peakDeltas)));
        QVERIFY(stats.coalescedDeltas > 0);
    }
    QCOMPARE(stats.deltas >= stats.keys, true);

    fifo.close();
    while (fifo.size() > 0)
        QVERIFY(fifo.pop(process).ok());
    QCOMPARE(fifo.stats().deltas, 0);
    QCOMPARE(store.deletionsOfUnknown, 0);
    QCOMPARE(store.objects.size(), churn.state().size());
    for (auto it = churn.state().cbegin(); it != churn.state().cend(); ++it) {
        const KubeObject stored = store.objects.value(it.key());
        QCOMPARE(stored.resourceVersion(), it.value().resourceVersion());
    }
}

QTEST_GUILESS_MAIN(TestDeltaFIFOBacklog)
#include "tst_deltafifobacklog.moc"
