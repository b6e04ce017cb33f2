#include "models/rowformatter.h"
#include "models/sortkey.h"
#include "testobjects.h"

#include <QTest>

#include <algorithm>

using namespace informant;

class TestSortKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void naturalCompareOrdersDigitRunsByValue_data();
    void naturalCompareOrdersDigitRunsByValue();
    void numbersSortBeforeTexts();
    void naturalCompareIsATotalOrder();
    void namesOrderByValueOnlyATrailingNumber();
    void defaultOrderIsNamespaceThenName();
    void humanAgeMatchesKubectl_data();
    void humanAgeMatchesKubectl();
};

void TestSortKey::naturalCompareOrdersDigitRunsByValue_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("sign");
    QTest::newRow("pod-9 < pod-10") << "pod-9"
                                    << "pod-10" << -1;
    QTest::newRow("2/3 < 10/10") << "2/3"
                                 << "10/10" << -1;
    QTest::newRow("case-insensitive") << "Alpha"
                                      << "beta" << -1;
    QTest::newRow("equal") << "web-1"
                           << "web-1" << 0;
    QTest::newRow("prefix shorter first") << "web"
                                          << "web-1" << -1;
    QTest::newRow("leading zeros differ but never equal") << "a01"
                                                          << "a1" << -1;
    QTest::newRow("restarts") << "5 (3m ago)"
                              << "12 (1m ago)" << -1;
}

void TestSortKey::naturalCompareOrdersDigitRunsByValue()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, sign);
    const int c = naturalCompare(a, b);
    QCOMPARE((c > 0) - (c < 0), sign);
    const int r = naturalCompare(b, a);
    QCOMPARE((r > 0) - (r < 0), -sign);
}

void TestSortKey::numbersSortBeforeTexts()
{
    QVERIFY(compareSortKeys(SortKey::fromNumber(5), SortKey::fromText(QStringLiteral("1"))) < 0);
    QVERIFY(compareSortKeys(SortKey::fromNumber(-5), SortKey::fromNumber(3)) < 0);
    QCOMPARE(compareSortKeys(SortKey::fromNumber(3), SortKey::fromNumber(3)), 0);
}

// std::sort and the table's binary searches need a strict weak order: no
// cycle, whatever digits the texts hold (Event messages, CRD columns).
void TestSortKey::naturalCompareIsATotalOrder()
{
    const QStringList texts = {
        QStringLiteral("55"),
        QStringLiteral("z"),
        QString(QChar(0x0663)),
        QStringLiteral("9"),
        QStringLiteral("010"),
        QStringLiteral("10"),
        QStringLiteral("a10"),
        QStringLiteral("A9"),
        QStringLiteral(":"),
        QString(QChar(0xFF15)), // fullwidth 5
        QStringLiteral("x") + QChar(0x0663),
        QStringLiteral("x55"),
    };
    for (const QString &a : texts) {
        QCOMPARE(naturalCompare(a, a), 0);
        for (const QString &b : texts) {
            QCOMPARE(naturalCompare(a, b), -naturalCompare(b, a));
            for (const QString &c : texts) {
                if (naturalCompare(a, b) < 0 && naturalCompare(b, c) < 0)
                    QVERIFY2(naturalCompare(a, c) < 0,
                             qPrintable(QStringLiteral("%1 < %2 < %3").arg(a, b, c)));
            }
        }
    }
}

namespace {

// The objects' keys in the order the table sorts them by `column`, checked
// to be a strict order on the way (std::sort needs one).
QStringList tableOrder(const QList<KubeObject> &objects, int column)
{
    const auto formatter = test::testFormatter();
    QList<std::pair<SortKey, QString>> keyed;
    for (const KubeObject &object : objects)
        keyed.append({formatter->sortKey(object, column, 0), object.key()});
    for (const auto &[a, aKey] : keyed) {
        for (const auto &[b, bKey] : keyed) {
            const int c = compareSortKeys(a, b);
            if ((c == 0) != (aKey == bKey) || c != -compareSortKeys(b, a))
                return {QStringLiteral("not a strict order: %1, %2").arg(aKey, bKey)};
        }
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const auto &a, const auto &b) { return compareSortKeys(a.first, b.first) < 0; });
    QStringList keys;
    for (const auto &entry : std::as_const(keyed))
        keys.append(entry.second);
    return keys;
}

} // namespace

// A trailing number (pod-2, a StatefulSet's db-10) by value; anything else,
// a ReplicaSet pod's random suffix first, in plain order, as kubectl lists
// them: natural order on "-9rt9p" and "-24xdq" put 9 before 24.
void TestSortKey::namesOrderByValueOnlyATrailingNumber()
{
    const QStringList expected = {
        QStringLiteral("app-0-7d9f8c328-24xdq"),
        QStringLiteral("app-0-7d9f8c328-66t6p"),
        QStringLiteral("app-0-7d9f8c328-97rpk"),
        QStringLiteral("app-0-7d9f8c328-9rt9p"),
        QStringLiteral("db"),
        QStringLiteral("db-2"),
        QStringLiteral("db-10"),
        QStringLiteral("db-010x"),
        QStringLiteral("db-10x"),
        QStringLiteral("db-2x"),
        QStringLiteral("pod-01"),
        QStringLiteral("pod-1"),
        QStringLiteral("pod-2"),
        QStringLiteral("pod-10"),
        QStringLiteral("pod-a"),
    };
    QList<KubeObject> objects;
    for (auto it = expected.crbegin(); it != expected.crend(); ++it)
        objects.append(test::makeObject(QStringLiteral("ns"), *it));
    QStringList keys;
    for (const QString &name : expected)
        keys.append(QStringLiteral("ns/") + name);
    const int nameColumn = test::testFormatter()->nameColumn();
    QCOMPARE(tableOrder(objects, nameColumn), keys);
}

// Unsorted, the table is in kubectl's order, by namespace then name: "ns"
// before "ns-b" (the object key, "ns/..." after "ns-b/...", would not),
// numbered namespaces by value.
void TestSortKey::defaultOrderIsNamespaceThenName()
{
    const QStringList expected = {
        QStringLiteral("ns/web-5f7c9-24xdq"),
        QStringLiteral("ns/web-5f7c9-9rt9p"),
        QStringLiteral("ns-2/db-9"),
        QStringLiteral("ns-2/db-11"),
        QStringLiteral("ns-10/a"),
        QStringLiteral("ns-b/a-1"),
    };
    QList<KubeObject> objects;
    for (auto it = expected.crbegin(); it != expected.crend(); ++it) {
        const qsizetype slash = it->indexOf(u'/');
        objects.append(test::makeObject(it->left(slash), it->mid(slash + 1)));
    }
    QCOMPARE(tableOrder(objects, -1), expected);
}

void TestSortKey::humanAgeMatchesKubectl_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("seconds") << qint64(45'000) << "45s";
    QTest::newRow("minutes and seconds") << qint64(200'000) << "3m20s";
    QTest::newRow("minutes") << qint64(30 * 60'000) << "30m";
    QTest::newRow("hours and minutes") << qint64((5 * 60 + 7) * 60'000) << "5h7m";
    QTest::newRow("hours") << qint64(20 * 3'600'000LL) << "20h";
    QTest::newRow("days and hours") << qint64((5 * 24 + 3) * 3'600'000LL) << "5d3h";
    QTest::newRow("days") << qint64(40 * 24 * 3'600'000LL) << "40d";
    QTest::newRow("negative clamps") << qint64(-5000) << "0s";
}

void TestSortKey::humanAgeMatchesKubectl()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(humanAge(ms), text);
}

QTEST_GUILESS_MAIN(TestSortKey)
#include "tst_sortkey.moc"
