// DeltaFIFO under concurrency (reference §9.1 TestDeltaFIFO_basic,
// TestDeltaFIFO_PopShouldUnblockWhenClosed): several producer threads, one
// consumer thread applying deltas to an Indexer as the informer does, and
// readers of that Indexer; repeated for many rounds. Nothing may be lost,
// duplicated or reordered per key, and the cache must end equal to the truth.

#include "testobjects.h"

#include "informer/cache/deltafifo.h"
#include "informer/cache/indexer.h"
#include "informer/cache/indexfuncs.h"
#include "tests/support/stressrounds.h"

#include <QRandomGenerator>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <vector>

using namespace informant;
using namespace informant::test;

class TestDeltaFIFOConcurrency : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void producersKeepPerProducerOrder_data();
    void producersKeepPerProducerOrder();
    void informerLikeConsumerConvergesToTruth_data();
    void informerLikeConsumerConvergesToTruth();
    void closeUnblocksEveryWaitingPop();
};

namespace {

void addRounds(bool withBatchColumn)
{
    QTest::addColumn<int>("round");
    if (withBatchColumn)
        QTest::addColumn<int>("batch");
    for (int round = 0; round < test::stressRounds(20); ++round) {
        if (withBatchColumn) {
            QTest::addRow("pop/round%d", round) << round << 0;
            QTest::addRow("popBatch/round%d", round) << round << 64;
        } else {
            QTest::addRow("round%d", round) << round;
        }
    }
}

template<typename Body> std::unique_ptr<QThread> startThread(Body body)
{
    std::unique_ptr<QThread> thread(QThread::create(std::move(body)));
    thread->start();
    return thread;
}

} // namespace

void TestDeltaFIFOConcurrency::producersKeepPerProducerOrder_data()
{
    addRounds(false);
}

void TestDeltaFIFOConcurrency::producersKeepPerProducerOrder()
{
    constexpr int kProducers = 3;
    constexpr int kItems = 500;
    DeltaFIFO fifo;
    std::atomic<int> failures{0};
    std::vector<std::unique_ptr<QThread>> producers;
    for (int p = 0; p < kProducers; ++p) {
        producers.push_back(startThread([&fifo, &failures, p] {
            for (int i = 0; i < kItems; ++i) {
                // One key per item, as client-go's test: the value is the order.
                if (!fifo.add(makeObject(QStringLiteral("p%1").arg(p),
                                         QStringLiteral("item-%1").arg(i), QString::number(i + 1)))
                         .ok())
                    ++failures;
            }
        }));
    }
    QList<int> last(kProducers, 0);
    int popped = 0;
    int outOfOrder = 0;
    auto consumer = startThread([&] {
        while (popped < kProducers * kItems) {
            const PopResult result = fifo.pop([&](const Deltas &deltas, bool) -> ProcessResult {
                const KubeObject &object = deltas.last().object;
                const int producer = object.namespaceName().mid(1).toInt();
                const int value = object.resourceVersion().toInt();
                if (deltas.size() != 1 || value <= last[producer])
                    ++outOfOrder;
                last[producer] = value;
                ++popped;
                return {};
            });
            if (result.closed)
                return;
        }
    });
    // Untimed waits: a hang is the CTest timeout's to catch; how long the
    // threads take depends on the machine and the build (sanitizers).
    for (auto &producer : producers)
        producer->wait();
    consumer->wait();
    QCOMPARE(failures.load(), 0);
    QCOMPARE(outOfOrder, 0);
    QCOMPARE(popped, kProducers * kItems);
    QCOMPARE(last, QList<int>(kProducers, kItems));
    QCOMPARE(fifo.size(), 0);
}

namespace {

struct ProducerLog
{
    QHash<QString, KubeObject> truth; // final state of the producer's keys
    QHash<QString, QStringList> ops;  // per key: "A3", "U7", "D9" in call order
    int failures = 0;
};

// Producer `p` owns keys ns/p<p>-<n>; it adds, updates and deletes them at
// random, never deleting an absent key and never adding a present one.
void runProducer(DeltaFIFO &fifo, int producer, quint32 seed, ProducerLog &log)
{
    QRandomGenerator random(seed);
    for (int step = 1; step <= 1500; ++step) {
        const QString name = QStringLiteral("p%1-%2").arg(producer).arg(random.bounded(60));
        const QString key = QStringLiteral("ns/") + name;
        const KubeObject object =
            makeObject(QStringLiteral("ns"), name, QString::number(step),
                       {{QStringLiteral("producer"), QString::number(producer)}});
        Result<void> result;
        if (!log.truth.contains(key)) {
            result = fifo.add(object);
            log.truth.insert(key, object);
            log.ops[key].append(QStringLiteral("A%1").arg(step));
        } else if (random.bounded(3) == 0) {
            result = fifo.remove(object);
            log.truth.remove(key);
            log.ops[key].append(QStringLiteral("D%1").arg(step));
        } else {
            result = fifo.update(object);
            log.truth.insert(key, object);
            log.ops[key].append(QStringLiteral("U%1").arg(step));
        }
        if (!result.ok())
            ++log.failures;
    }
}

QString opText(const Delta &delta)
{
    switch (delta.type) {
    case DeltaType::Added:
        return QStringLiteral("A") + delta.object.resourceVersion();
    case DeltaType::Updated:
        return QStringLiteral("U") + delta.object.resourceVersion();
    case DeltaType::Deleted:
        return (delta.isTombstone() ? QStringLiteral("T") : QStringLiteral("D")) +
               delta.object.resourceVersion();
    case DeltaType::Replaced:
        return QStringLiteral("R") + delta.object.resourceVersion();
    case DeltaType::Sync:
        return QStringLiteral("S") + delta.object.resourceVersion();
    }
    return {};
}

} // namespace

void TestDeltaFIFOConcurrency::informerLikeConsumerConvergesToTruth_data()
{
    addRounds(true);
}

void TestDeltaFIFOConcurrency::informerLikeConsumerConvergesToTruth()
{
    QFETCH(int, round);
    QFETCH(int, batch);
    constexpr int kProducers = 3;
    Indexer indexer(metaNamespaceKey, defaultIndexers(QStringLiteral("Pod")));
    DeltaFIFOOptions options;
    options.knownObjects = &indexer;
    options.emitDeltaTypeReplaced = true;
    DeltaFIFO fifo(options);

    // The consumer: processDeltas as the informer does, under the queue lock.
    QHash<QString, QStringList> seen; // per key, every delta in pop order
    int processErrors = 0;
    const PopProcess apply = [&](const Deltas &deltas, bool) -> ProcessResult {
        for (const Delta &delta : deltas) {
            const QString key = indexer.keyOf(delta).value();
            seen[key].append(opText(delta));
            if (delta.type == DeltaType::Deleted)
                indexer.removeByKey(key);
            else if (!indexer.upsert(delta.object).ok())
                ++processErrors;
        }
        return {};
    };
    auto consumer = startThread([&] {
        for (;;) {
            const bool closed =
                batch > 0 ? fifo.popBatch(batch, apply).closed : fifo.pop(apply).closed;
            if (closed)
                return;
        }
    });
    std::atomic<bool> producing{true};
    std::atomic<int> badReads{0};
    auto reader = startThread([&] {
        const QString producerOne =
            labelIndexValue(QStringLiteral("producer"), QStringLiteral("1"));
        while (producing.load()) {
            if (indexer.indexValueCounts(QString(kNamespaceIndex)).size() > 1)
                ++badReads;
            const auto objects = indexer.byIndex(QString(kLabelsIndex), producerOne);
            for (const KubeObject &object : objects.value()) {
                if (object.label(QStringLiteral("producer")) != QStringLiteral("1"))
                    ++badReads;
            }
        }
    });

    ProducerLog logs[kProducers];
    std::vector<std::unique_ptr<QThread>> producers;
    for (int p = 0; p < kProducers; ++p) {
        producers.push_back(
            startThread([&, p] { runProducer(fifo, p, quint32(round * 10 + p + 1), logs[p]); }));
    }
    for (auto &producer : producers)
        producer->wait();

    // A relist that misses one key deleted "while we were not watching".
    QHash<QString, KubeObject> truth;
    QHash<QString, QStringList> ops;
    for (const ProducerLog &log : logs) {
        QCOMPARE(log.failures, 0);
        truth.insert(log.truth);
        ops.insert(log.ops);
    }
    QVERIFY(!truth.isEmpty());
    const QString missed = truth.keys().first();
    const KubeObject missedObject = truth.take(missed);
    QVERIFY(fifo.replace(truth.values(), QStringLiteral("99")).ok());

    fifo.close(); // the consumer drains what is queued, then sees closed
    consumer->wait();
    producing = false;
    reader->wait();
    QCOMPARE(processErrors, 0);
    QCOMPARE(badReads.load(), 0);
    QCOMPARE(fifo.size(), 0);

    // The cache equals the truth.
    QCOMPARE(indexer.size(), truth.size());
    for (auto it = truth.cbegin(); it != truth.cend(); ++it)
        QVERIFY2(indexer.getByKey(it.key()) && indexer.getByKey(it.key())->sameAs(it.value()),
                 qPrintable(it.key()));
    QCOMPARE(indexer.indexValueCount(QString(kNamespaceIndex), QStringLiteral("ns")), truth.size());

    // Per key, the consumer saw exactly the producer's operations in order,
    // then the relist's Replaced (or the tombstone for the missed key).
    for (auto it = ops.cbegin(); it != ops.cend(); ++it) {
        QStringList expected = it.value();
        if (it.key() == missed)
            expected.append(QStringLiteral("T") + missedObject.resourceVersion());
        else if (truth.contains(it.key()))
            expected.append(QStringLiteral("R") + truth.value(it.key()).resourceVersion());
        QCOMPARE(seen.value(it.key()), expected);
    }
    QCOMPARE(seen.size(), ops.size());
}

void TestDeltaFIFOConcurrency::closeUnblocksEveryWaitingPop()
{
    DeltaFIFO fifo;
    std::atomic<int> closedPops{0};
    std::vector<std::unique_ptr<QThread>> waiters;
    for (int i = 0; i < 10; ++i) {
        waiters.push_back(startThread([&] {
            const PopResult result = fifo.pop([](const Deltas &, bool) { return ProcessResult(); });
            if (result.closed && result.result.errorMessage() == DeltaFIFO::closedErrorMessage())
                ++closedPops;
        }));
    }
    fifo.close();
    for (auto &waiter : waiters)
        waiter->wait();
    QCOMPARE(closedPops.load(), 10);
    QVERIFY(fifo.isClosed());
}

QTEST_GUILESS_MAIN(TestDeltaFIFOConcurrency)
#include "tst_deltafifoconcurrency.moc"
