// humanDuration / shortHumanDuration / formatAge against apimachinery's
// util/duration rules, boundary by boundary.

#include "informer/printers/duration.h"

#include <QTest>

using namespace informant;

namespace {
constexpr qint64 kS = 1000;
constexpr qint64 kM = 60 * kS;
constexpr qint64 kH = 60 * kM;
constexpr qint64 kD = 24 * kH;
constexpr qint64 kY = 365 * kD;
} // namespace

class TestDuration : public QObject
{
    Q_OBJECT

private slots:
    void humanDurationMatchesApimachinery_data();
    void humanDurationMatchesApimachinery();
    void shortHumanDurationMatchesApimachinery_data();
    void shortHumanDurationMatchesApimachinery();
    void formatAgeUsesTheInjectedClock_data();
    void formatAgeUsesTheInjectedClock();
};

void TestDuration::humanDurationMatchesApimachinery_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("far future") << -3 * kS << "<invalid>";
    QTest::newRow("two seconds ahead") << -2 * kS << "<invalid>";
    QTest::newRow("clock skew 1.9s") << -1900ll << "0s";
    QTest::newRow("clock skew 1s") << -kS << "0s";
    QTest::newRow("zero") << 0ll << "0s";
    QTest::newRow("sub second") << 999ll << "0s";
    QTest::newRow("45s") << 45 * kS << "45s";
    QTest::newRow("119s") << 119 * kS + 999 << "119s";
    QTest::newRow("2m") << 2 * kM << "2m";
    QTest::newRow("5m10s") << 5 * kM + 10 * kS << "5m10s";
    QTest::newRow("9m59s") << 9 * kM + 59 * kS << "9m59s";
    QTest::newRow("10m drops seconds") << 10 * kM + 30 * kS << "10m";
    QTest::newRow("179m") << 179 * kM << "179m";
    QTest::newRow("3h") << 3 * kH << "3h";
    QTest::newRow("3h4m") << 3 * kH + 4 * kM << "3h4m";
    QTest::newRow("7h59m") << 7 * kH + 59 * kM << "7h59m";
    QTest::newRow("8h drops minutes") << 8 * kH + 30 * kM << "8h";
    QTest::newRow("47h") << 47 * kH + 59 * kM << "47h";
    QTest::newRow("2d") << 2 * kD << "2d";
    QTest::newRow("5d3h") << 5 * kD + 3 * kH << "5d3h";
    QTest::newRow("7d23h") << 7 * kD + 23 * kH << "7d23h";
    QTest::newRow("8d drops hours") << 8 * kD + 5 * kH << "8d";
    QTest::newRow("729d") << 729 * kD << "729d";
    QTest::newRow("2y") << 2 * kY << "2y";
    QTest::newRow("2y45d") << 2 * kY + 45 * kD << "2y45d";
    QTest::newRow("7y364d") << 7 * kY + 364 * kD << "7y364d";
    QTest::newRow("8y drops days") << 8 * kY + 100 * kD << "8y";
    QTest::newRow("12y") << 12 * kY << "12y";
}

void TestDuration::humanDurationMatchesApimachinery()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(humanDuration(ms), text);
}

void TestDuration::shortHumanDurationMatchesApimachinery_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("invalid") << -5 * kS << "<invalid>";
    QTest::newRow("skew") << -kS << "0s";
    QTest::newRow("59s") << 59 * kS << "59s";
    QTest::newRow("1m") << 90 * kS << "1m";
    QTest::newRow("59m") << 59 * kM << "59m";
    QTest::newRow("23h") << 23 * kH + 59 * kM << "23h";
    QTest::newRow("364d") << 364 * kD << "364d";
    QTest::newRow("1y") << kY + 200 * kD << "1y";
}

void TestDuration::shortHumanDurationMatchesApimachinery()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(shortHumanDuration(ms), text);
}

void TestDuration::formatAgeUsesTheInjectedClock_data()
{
    QTest::addColumn<qint64>("fromMs");
    QTest::addColumn<qint64>("nowMs");
    QTest::addColumn<QString>("text");
    const qint64 now = 1714564800000; // 2024-05-01T12:00:00Z
    QTest::newRow("absent timestamp") << qint64(-1) << now << "<unknown>";
    QTest::newRow("just created") << now << now << "0s";
    QTest::newRow("an hour") << now - kH << now << "60m";
    QTest::newRow("created in the future") << now + kM << now << "<invalid>";
    QTest::newRow("epoch") << qint64(0) << now << "54y";
}

void TestDuration::formatAgeUsesTheInjectedClock()
{
    QFETCH(qint64, fromMs);
    QFETCH(qint64, nowMs);
    QFETCH(QString, text);
    QCOMPARE(formatAge(fromMs, nowMs), text);
}

QTEST_GUILESS_MAIN(TestDuration)
#include "tst_duration.moc"
