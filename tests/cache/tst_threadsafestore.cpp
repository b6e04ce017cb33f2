// ThreadSafeStore conformance (reference §4.4, §9.3–9.5) and a concurrency
// check: writers and readers at once, then the indices must equal a rebuild.

#include "storescript.h"
#include "tests/support/stressrounds.h"

#include <QRandomGenerator>
#include <QThread>

#include <atomic>

using namespace informant;
using namespace informant::test;

class TestThreadSafeStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scriptedOperationsGiveExactQueries_data();
    void scriptedOperationsGiveExactQueries();
    void returnedObjectsAreSharedNotCopied();
    void upsertAndTakeReturnThePreviousObject();
    void concurrentWritersAndReadersKeepIndicesConsistent_data();
    void concurrentWritersAndReadersKeepIndicesConsistent();
    void indexersAddedWhileWritersRunIndexEveryItem_data();
    void indexersAddedWhileWritersRunIndexEveryItem();
};

void TestThreadSafeStore::scriptedOperationsGiveExactQueries_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("expected");
    addSharedStoreRows();
}

void TestThreadSafeStore::scriptedOperationsGiveExactQueries()
{
    QFETCH(QString, script);
    QFETCH(QStringList, expected);
    StoreScript<ThreadSafeStore> runner;
    QCOMPARE(runner.run(script), expected);
}

void TestThreadSafeStore::returnedObjectsAreSharedNotCopied()
{
    ThreadSafeStore store(testIndexers(QStringLiteral("foo")));
    const KubeObject object = objectFromToken(QStringLiteral("ns/a1{foo=x}"));
    store.add(object.key(), object);
    QVERIFY(store.get(QStringLiteral("ns/a"))->sameAs(object));
    QVERIFY(store.list().first().sameAs(object));
    QVERIFY(
        store.byIndex(QStringLiteral("foo"), QStringLiteral("x")).value().first().sameAs(object));
}

void TestThreadSafeStore::upsertAndTakeReturnThePreviousObject()
{
    ThreadSafeStore store;
    const KubeObject first = objectFromToken(QStringLiteral("a1"));
    const KubeObject second = objectFromToken(QStringLiteral("a2"));
    QCOMPARE(store.upsert(QStringLiteral("a"), first), std::nullopt);
    QVERIFY(store.upsert(QStringLiteral("a"), second)->sameAs(first));
    QVERIFY(store.take(QStringLiteral("a"))->sameAs(second));
    QCOMPARE(store.take(QStringLiteral("a")), std::nullopt);
    QVERIFY(!store.contains(QStringLiteral("a")));
}

void TestThreadSafeStore::concurrentWritersAndReadersKeepIndicesConsistent_data()
{
    QTest::addColumn<int>("round");
    QTest::addColumn<bool>("sharedKeys");
    for (int round = 0; round < test::stressRounds(20); ++round)
        QTest::addRow("ownKeys/round%d", round) << round << false;
    // Writers racing on the same keys take the path where the values computed
    // before the write lock are stale and must be recomputed under it.
    for (int round = 0; round < test::stressRounds(10); ++round)
        QTest::addRow("sharedKeys/round%d", round) << round << true;
}

namespace {

// Writer `w` owns keys ns<w%2>/w<w>-<n> (or, with sharedKeys, all writers use
// ns0/s-<n>); `truth` receives its final state of its own keys.
void runWriter(ThreadSafeStore &store, int writer, bool sharedKeys, quint32 seed,
               QHash<QString, KubeObject> &truth)
{
    QRandomGenerator random(seed);
    const QStringList apps{QStringLiteral("web"), QStringLiteral("db"), QStringLiteral("cache")};
    const QString ns = QStringLiteral("ns%1").arg(sharedKeys ? 0 : writer % 2);
    for (int step = 0; step < 3000; ++step) {
        const int n = random.bounded(sharedKeys ? 20 : 200);
        const QString name = sharedKeys ? QStringLiteral("s-%1").arg(n)
                                        : QStringLiteral("w%1-%2").arg(writer).arg(n);
        const QString key = ns + QLatin1Char('/') + name;
        if (random.bounded(4) == 0) {
            store.remove(key);
            truth.remove(key);
            continue;
        }
        const KubeObject object =
            makeObject(ns, name, QString::number(step),
                       {{QStringLiteral("app"), apps.at(random.bounded(apps.size()))}});
        store.upsert(key, object);
        truth.insert(key, object);
    }
}

// What a reader may check without knowing the writers' timing: every object
// found under app=X has label app=X, and each facet count is a real count.
bool readerSeesConsistentState(const ThreadSafeStore &store)
{
    for (const QString &app : {QStringLiteral("web"), QStringLiteral("db")}) {
        const QString value = labelIndexValue(QStringLiteral("app"), app);
        const auto objects = store.byIndex(QStringLiteral("labels"), value);
        for (const KubeObject &object : objects.value()) {
            if (object.label(QStringLiteral("app")) != app)
                return false;
        }
        const auto keys = store.indexKeys(QStringLiteral("labels"), value).value();
        if (!std::is_sorted(keys.cbegin(), keys.cend()))
            return false;
    }
    for (const auto &[value, count] : store.indexValueCounts(QStringLiteral("namespace"))) {
        if (count <= 0)
            return false;
    }
    return true;
}

} // namespace

void TestThreadSafeStore::concurrentWritersAndReadersKeepIndicesConsistent()
{
    QFETCH(int, round);
    QFETCH(bool, sharedKeys);
    const Indexers indexers{{QStringLiteral("namespace"), namespaceIndexFunc},
                            {QStringLiteral("labels"), labelsIndexFunc}};
    ThreadSafeStore store(indexers);
    constexpr int kWriters = 2;
    QHash<QString, KubeObject> truths[kWriters];
    std::atomic<bool> writing{true};
    std::atomic<int> inconsistencies{0};

    std::vector<std::unique_ptr<QThread>> threads;
    for (int w = 0; w < kWriters; ++w) {
        threads.emplace_back(QThread::create(
            [&, w] { runWriter(store, w, sharedKeys, quint32(round * 100 + w), truths[w]); }));
    }
    for (int r = 0; r < 2; ++r) {
        threads.emplace_back(QThread::create([&] {
            while (writing.load()) {
                if (!readerSeesConsistentState(store))
                    ++inconsistencies;
            }
        }));
    }
    for (auto &thread : threads)
        thread->start();
    // Untimed waits: how long the writers take depends on the machine and the
    // build (a hang is caught by the CTest timeout, not by a guess here).
    for (int w = 0; w < kWriters; ++w)
        threads[w]->wait();
    writing = false;
    for (auto &thread : threads)
        thread->wait();
    QCOMPARE(inconsistencies.load(), 0);

    // The store equals the truth (with shared keys the last writer per key is
    // unknown: its own contents are the truth), and its indices equal a
    // rebuild from it.
    QHash<QString, KubeObject> truth;
    if (sharedKeys) {
        for (const QString &key : store.listKeys())
            truth.insert(key, store.get(key).value());
    } else {
        for (const auto &part : truths)
            truth.insert(part);
    }
    QCOMPARE(store.size(), truth.size());
    for (auto it = truth.cbegin(); it != truth.cend(); ++it)
        QVERIFY2(store.get(it.key()) && store.get(it.key())->sameAs(it.value()),
                 qPrintable(it.key()));
    ThreadSafeStore rebuilt(indexers);
    rebuilt.replace(truth);
    for (const QString &index : {QStringLiteral("namespace"), QStringLiteral("labels")}) {
        QCOMPARE(store.indexValueCounts(index), rebuilt.indexValueCounts(index));
        for (const QString &value : rebuilt.listIndexFuncValues(index))
            QCOMPARE(store.indexKeys(index, value).value(),
                     rebuilt.indexKeys(index, value).value());
    }
}

void TestThreadSafeStore::indexersAddedWhileWritersRunIndexEveryItem_data()
{
    QTest::addColumn<int>("round");
    for (int round = 0; round < test::stressRounds(10); ++round)
        QTest::addRow("round%d", round) << round;
}

// client-go (v0.30+) lets AddIndexers run on a populated, running store: the
// new index covers the items already there and every write after it. Writes
// racing with it take the path where the values computed before the write
// lock belong to the old indexer list.
void TestThreadSafeStore::indexersAddedWhileWritersRunIndexEveryItem()
{
    QFETCH(int, round);
    ThreadSafeStore store({{QStringLiteral("namespace"), namespaceIndexFunc}});
    constexpr int kWriters = 2;
    QHash<QString, KubeObject> truths[kWriters];
    std::vector<std::unique_ptr<QThread>> writers;
    for (int w = 0; w < kWriters; ++w) {
        writers.emplace_back(QThread::create(
            [&, w] { runWriter(store, w, false, quint32(round * 100 + w), truths[w]); }));
    }
    for (auto &writer : writers)
        writer->start();
    // Added once the store holds items, while the writers still write (or,
    // on a slow start, after they are done: the result must be the same).
    while (store.size() < 20 && !writers[0]->isFinished())
        QThread::yieldCurrentThread();
    QVERIFY(store.addIndexers({{QStringLiteral("labels"), labelsIndexFunc}}).ok());
    for (auto &writer : writers)
        writer->wait();

    QHash<QString, KubeObject> truth;
    for (const auto &part : truths)
        truth.insert(part);
    ThreadSafeStore rebuilt({{QStringLiteral("labels"), labelsIndexFunc}});
    rebuilt.replace(truth);
    QCOMPARE(store.indexValueCounts(QStringLiteral("labels")),
             rebuilt.indexValueCounts(QStringLiteral("labels")));
    for (const QString &value : rebuilt.listIndexFuncValues(QStringLiteral("labels")))
        QCOMPARE(store.indexKeys(QStringLiteral("labels"), value).value(),
                 rebuilt.indexKeys(QStringLiteral("labels"), value).value());
}

QTEST_GUILESS_MAIN(TestThreadSafeStore)
#include "tst_threadsafestore.moc"
