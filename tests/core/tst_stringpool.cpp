// StringPool: equal bytes share one QString data block, the pool drops
// strings nobody uses, it is safe from many threads, and decoded objects
// share their repeated hot fields through it while comparing equal.

#include "informer/core/kubeobject.h"
#include "informer/core/stringpool.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <memory>
#include <thread>
#include <vector>

using namespace informant;

namespace {

QByteArray podJson(const QString &name, const QString &uid)
{
    return QStringLiteral(
               R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1","namespace":"team-a",)"
               R"("uid":"%2","resourceVersion":"7","labels":{"app":"web","pod-template-hash":)"
               R"("5d8f7c"},"annotations":{"note":"x"},"ownerReferences":[{"apiVersion":)"
               R"("apps/v1","kind":"ReplicaSet","name":"web-5d8f7c","uid":"rs-1",)"
               R"("controller":true}]},"spec":{}})")
        .arg(name, uid)
        .toUtf8();
}

KubeObject decode(const QByteArray &json)
{
    auto object = KubeObject::fromJson(json);
    if (!object.ok())
        qFatal("bad test JSON: %s", qPrintable(object.errorMessage()));
    return object.value();
}

} // namespace

class TstStringPool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalBytesShareOneDataBlock_data();
    void equalBytesShareOneDataBlock();
    void emptyBytesGiveTheNullString();
    void differentBytesGiveDifferentStrings();
    void purgeDropsOnlyStringsNobodyHolds();
    void poolPurgesItselfAsItGrows();
    void stringsOtherThreadsNoLongerInternAreDropped();
    void concurrentInternsShareOneInstancePerString();
    void decodedObjectsShareRepeatedHotFieldsAndCompareEqual();
    void objectsDecodedOnManyThreadsShareNamespaceAndLabels();
};

void TstStringPool::equalBytesShareOneDataBlock_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("short") << QByteArray("default");
    QTest::newRow("longerThanInlineKey") << QByteArray("app.kubernetes.io/managed-by");
    QTest::newRow("nonAscii") << QByteArray("gr\xc3\xb6\xc3\x9f"
                                            "e");
    QTest::newRow("invalidUtf8") << QByteArray("a\xff"
                                               "b");
}

void TstStringPool::equalBytesShareOneDataBlock()
{
    QFETCH(QByteArray, bytes);
    StringPool pool;
    const std::string_view view(bytes.constData(), size_t(bytes.size()));
    const QString first = pool.intern(view);
    const QString second = pool.intern(std::string(view)); // other storage, same bytes
    QCOMPARE(first, QString::fromUtf8(bytes));
    QCOMPARE(second, first);
    QCOMPARE(second.constData(), first.constData());
    QCOMPARE(pool.size(), 1);
}

void TstStringPool::emptyBytesGiveTheNullString()
{
    StringPool pool;
    QVERIFY(pool.intern({}).isNull());
    QCOMPARE(pool.size(), 0);
}

void TstStringPool::differentBytesGiveDifferentStrings()
{
    StringPool pool;
    const QString a = pool.intern("app");
    const QString b = pool.intern("App");
    QCOMPARE(a, QStringLiteral("app"));
    QCOMPARE(b, QStringLiteral("App"));
    QVERIFY(a.constData() != b.constData());
    QCOMPARE(pool.size(), 2);
}

void TstStringPool::purgeDropsOnlyStringsNobodyHolds()
{
    StringPool pool;
    const QString held = pool.intern("kube-system");
    (void)pool.intern("gone");
    QCOMPARE(pool.size(), 2);
    QCOMPARE(pool.purge(), 1);
    QCOMPARE(pool.size(), 1);
    QCOMPARE(pool.intern("kube-system").constData(), held.constData());
    QCOMPARE(pool.purge(), 0);
}

void TstStringPool::poolPurgesItselfAsItGrows()
{
    // 50k distinct strings nobody keeps: without the automatic purge the pool
    // would hold all of them; with it each shard stays near its threshold.
    StringPool pool;
    const QString held = pool.intern("held");
    for (int i = 0; i < 50000; ++i)
        (void)pool.intern(std::to_string(i));
    QVERIFY2(pool.size() <= 16 * 1025, qPrintable(QString::number(pool.size())));
    QCOMPARE(pool.intern("held").constData(), held.constData());
}

void TstStringPool::stringsOtherThreadsNoLongerInternAreDropped()
{
    // Each thread keeps its last interns in a cache of its own, which holds
    // them. A purge must still drop what a live thread has moved on from
    // (its cache is bounded), and everything of a thread that has ended.
    StringPool pool;
    QSemaphore internedAll;
    QSemaphore purged;
    // A std::thread: join() returns once the thread's thread_local objects
    // are destroyed, QThread::wait() may return just before.
    std::thread worker([&] {
        for (int i = 0; i < 20000; ++i)
            (void)pool.intern("worker-" + std::to_string(i));
        internedAll.release();
        purged.acquire();
    });
    const bool interned = internedAll.tryAcquire(1, 10000);
    if (interned) {
        pool.purge();
        QVERIFY2(pool.size() <= 256, qPrintable(QString::number(pool.size())));
    }
    purged.release();
    worker.join();
    QVERIFY(interned);
    pool.purge();
    QCOMPARE(pool.size(), 0);
}

void TstStringPool::concurrentInternsShareOneInstancePerString()
{
    constexpr int kThreads = 4;
    constexpr int kStrings = 3000;
    StringPool pool;
    std::vector<std::vector<QString>> results(kThreads);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back(QThread::create([&pool, &results, t] {
            auto &mine = results[size_t(t)];
            mine.reserve(kStrings);
            // Each thread walks the strings in a different order.
            for (int i = 0; i < kStrings; ++i) {
                const int n = (i * (2 * t + 1) + t * 7) % kStrings;
                mine.push_back(pool.intern("value-" + std::to_string(n)));
            }
        }));
        threads.back()->start();
    }
    for (auto &thread : threads)
        QVERIFY(thread->wait(30000));
    for (int t = 1; t < kThreads; ++t) {
        for (int i = 0; i < kStrings; ++i) {
            const int n = (i * (2 * t + 1) + t * 7) % kStrings;
            const QString &mine = results[size_t(t)][size_t(i)];
            QCOMPARE(mine, QStringLiteral("value-%1").arg(n));
            QCOMPARE(mine.constData(), pool.intern("value-" + std::to_string(n)).constData());
        }
    }
    QCOMPARE(pool.size(), kStrings);
}

void TstStringPool::decodedObjectsShareRepeatedHotFieldsAndCompareEqual()
{
    const KubeObject a = decode(podJson("web-1", "u-1"));
    const KubeObject b = decode(podJson("web-2", "u-2"));
    QCOMPARE(a.namespaceName(), QStringLiteral("team-a"));
    QCOMPARE(a.namespaceName().constData(), b.namespaceName().constData());
    QCOMPARE(a.kind().constData(), b.kind().constData());
    QCOMPARE(a.apiVersion().constData(), b.apiVersion().constData());
    QCOMPARE(a.labels(), b.labels());
    QCOMPARE(a.labels().size(), 2);
    for (qsizetype i = 0; i < a.labels().size(); ++i) {
        QCOMPARE(a.labels().at(i).key.constData(), b.labels().at(i).key.constData());
        QCOMPARE(a.labels().at(i).value.constData(), b.labels().at(i).value.constData());
    }
    QCOMPARE(a.annotationKeys().constFirst().constData(),
             b.annotationKeys().constFirst().constData());
    const OwnerReference &ownerA = a.ownerReferences().constFirst();
    const OwnerReference &ownerB = b.ownerReferences().constFirst();
    QCOMPARE(ownerA.uid, QStringLiteral("rs-1"));
    QCOMPARE(ownerA.name, QStringLiteral("web-5d8f7c"));
    QCOMPARE(ownerA.kind, QStringLiteral("ReplicaSet"));
    QCOMPARE(ownerA.apiVersion, QStringLiteral("apps/v1"));
    QVERIFY(ownerA.controller);
    QCOMPARE(ownerA.uid.constData(), ownerB.uid.constData());
    QCOMPARE(ownerA.name.constData(), ownerB.name.constData());
    // The per-object fields keep their own values.
    QCOMPARE(a.name(), QStringLiteral("web-1"));
    QCOMPARE(b.name(), QStringLiteral("web-2"));
    QCOMPARE(b.uid(), QStringLiteral("u-2"));
    QCOMPARE(a.label(QStringLiteral("pod-template-hash")).value_or(QString()),
             QStringLiteral("5d8f7c"));
}

void TstStringPool::objectsDecodedOnManyThreadsShareNamespaceAndLabels()
{
    constexpr int kThreads = 4;
    constexpr int kObjects = 500;
    std::vector<std::vector<KubeObject>> decoded(kThreads);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back(QThread::create([&decoded, t] {
            for (int i = 0; i < kObjects; ++i)
                decoded[size_t(t)].push_back(
                    decode(podJson(QStringLiteral("p-%1-%2").arg(t).arg(i), QString::number(i))));
        }));
        threads.back()->start();
    }
    for (auto &thread : threads)
        QVERIFY(thread->wait(30000));
    const KubeObject &reference = decoded[0][0];
    for (const auto &list : decoded) {
        QCOMPARE(qsizetype(list.size()), qsizetype(kObjects));
        for (const KubeObject &object : list) {
            QCOMPARE(object.namespaceName().constData(), reference.namespaceName().constData());
            QCOMPARE(object.labels().constFirst().value.constData(),
                     reference.labels().constFirst().value.constData());
        }
    }
}

QTEST_GUILESS_MAIN(TstStringPool)
#include "tst_stringpool.moc"
