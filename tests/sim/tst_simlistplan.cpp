// The list resourceVersion table (reference §1.3), case by case.

#include "sim/continuetoken.h"
#include "sim/listplan.h"

#include <QTest>

using namespace informant;
using namespace informant::sim;

class TestSimListPlan : public QObject
{
    Q_OBJECT

private slots:
    void planFollowsTheResourceVersionTable_data();
    void planFollowsTheResourceVersionTable();
    void expiredContinueOffersAnInconsistentToken();
};

namespace {
constexpr quint64 kCurrent = 100;
constexpr quint64 kCompacted = 50;
constexpr qint64 kNow = 1'000'000;
constexpr qint64 kTtl = 60'000;

QString token(qint64 rv, qint64 issuedMs = kNow)
{
    return ContinueToken{rv, QStringLiteral("default/b") + QChar(0), issuedMs}.encode();
}
} // namespace

void TestSimListPlan::planFollowsTheResourceVersionTable_data()
{
    QTest::addColumn<QString>("rv");
    QTest::addColumn<QString>("rvm");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<QString>("continueToken");
    QTest::addColumn<bool>("sendInitialEvents");
    QTest::addColumn<int>("expectedCode"); // 0: served
    QTest::addColumn<quint64>("expectedRv");
    QTest::addColumn<qint64>("expectedLimit");

    QTest::newRow("unset, no limit: most recent")
        << ""
        << "" << qint64(0) << "" << false << 0 << kCurrent << qint64(0);
    QTest::newRow("0, no limit: any")
        << "0"
        << "" << qint64(0) << "" << false << 0 << kCurrent << qint64(0);
    QTest::newRow("N, no limit: not older than")
        << "70"
        << "" << qint64(0) << "" << false << 0 << kCurrent << qint64(0);
    QTest::newRow("N too large, no limit: 504")
        << "200"
        << "" << qint64(0) << "" << false << 504 << quint64(0) << qint64(0);
    QTest::newRow("unset, limit: most recent")
        << ""
        << "" << qint64(5) << "" << false << 0 << kCurrent << qint64(5);
    QTest::newRow("0, limit: any, limit ignored")
        << "0"
        << "" << qint64(5) << "" << false << 0 << kCurrent << qint64(0);
    QTest::newRow("N, limit: exact")
        << "70"
        << "" << qint64(5) << "" << false << 0 << quint64(70) << qint64(5);
    QTest::newRow("N compacted, limit: 410")
        << "40"
        << "" << qint64(5) << "" << false << 410 << quint64(0) << qint64(0);
    QTest::newRow("N too large, limit: 504")
        << "200"
        << "" << qint64(5) << "" << false << 504 << quint64(0) << qint64(0);
    QTest::newRow("Exact, unset: invalid")
        << ""
        << "Exact" << qint64(0) << "" << false << 422 << quint64(0) << qint64(0);
    QTest::newRow("Exact, 0: invalid")
        << "0"
        << "Exact" << qint64(0) << "" << false << 422 << quint64(0) << qint64(0);
    QTest::newRow("Exact, N: exact")
        << "70"
        << "Exact" << qint64(0) << "" << false << 0 << quint64(70) << qint64(0);
    QTest::newRow("Exact, N with limit: exact")
        << "70"
        << "Exact" << qint64(3) << "" << false << 0 << quint64(70) << qint64(3);
    QTest::newRow("Exact, N compacted: 410")
        << "40"
        << "Exact" << qint64(0) << "" << false << 410 << quint64(0) << qint64(0);
    QTest::newRow("Exact, N too large: 504")
        << "200"
        << "Exact" << qint64(0) << "" << false << 504 << quint64(0) << qint64(0);
    QTest::newRow("NotOlderThan, unset: invalid")
        << ""
        << "NotOlderThan" << qint64(0) << "" << false << 422 << quint64(0) << qint64(0);
    QTest::newRow("NotOlderThan, 0: any")
        << "0"
        << "NotOlderThan" << qint64(0) << "" << false << 0 << kCurrent << qint64(0);
    QTest::newRow("NotOlderThan, N: not older than")
        << "70"
        << "NotOlderThan" << qint64(4) << "" << false << 0 << kCurrent << qint64(4);
    QTest::newRow("NotOlderThan, N compacted: still served")
        << "40"
        << "NotOlderThan" << qint64(0) << "" << false << 0 << kCurrent << qint64(0);
    QTest::newRow("NotOlderThan, N too large: 504")
        << "200"
        << "NotOlderThan" << qint64(0) << "" << false << 504 << quint64(0) << qint64(0);
    QTest::newRow("unknown match: invalid")
        << "70"
        << "Newest" << qint64(0) << "" << false << 422 << quint64(0) << qint64(0);
    QTest::newRow("sendInitialEvents on list: invalid")
        << ""
        << "" << qint64(0) << "" << true << 422 << quint64(0) << qint64(0);
    QTest::newRow("continue: continuation")
        << ""
        << "" << qint64(2) << token(70) << false << 0 << quint64(70) << qint64(2);
    QTest::newRow("continue with RV 0: continuation")
        << "0"
        << "" << qint64(2) << token(70) << false << 0 << quint64(70) << qint64(2);
    QTest::newRow("continue with RV N: 400")
        << "70"
        << "" << qint64(2) << token(70) << false << 400 << quint64(0) << qint64(0);
    QTest::newRow("continue with match: invalid")
        << "70"
        << "Exact" << qint64(2) << token(70) << false << 422 << quint64(0) << qint64(0);
    QTest::newRow("continue compacted: 410")
        << ""
        << "" << qint64(2) << token(40) << false << 410 << quint64(0) << qint64(0);
    QTest::newRow("continue too old: 410")
        << ""
        << "" << qint64(2) << token(70, kNow - kTtl - 1) << false << 410 << quint64(0) << qint64(0);
    QTest::newRow("continue garbage: 400")
        << ""
        << "" << qint64(2) << "%%%" << false << 400 << quint64(0) << qint64(0);
    QTest::newRow("inconsistent continue: current state")
        << ""
        << "" << qint64(2) << token(-1) << false << 0 << kCurrent << qint64(2);
    QTest::newRow("invalid RV: 400")
        << "abc"
        << "" << qint64(0) << "" << false << 400 << quint64(0) << qint64(0);
}

void TestSimListPlan::planFollowsTheResourceVersionTable()
{
    QFETCH(QString, rv);
    QFETCH(QString, rvm);
    QFETCH(qint64, limit);
    QFETCH(QString, continueToken);
    QFETCH(bool, sendInitialEvents);
    QFETCH(int, expectedCode);
    QFETCH(quint64, expectedRv);
    QFETCH(qint64, expectedLimit);

    ListRequestOptions options{rv, rvm, limit, continueToken, sendInitialEvents};
    const auto plan = planList(options, StoreVersions{kCurrent, kCompacted, kNow, kTtl});
    if (expectedCode != 0) {
        QVERIFY(!plan.ok());
        QCOMPARE(plan.error().code, expectedCode);
        if (expectedCode == 410)
            QCOMPARE(plan.error().reason, QStringLiteral("Expired"));
        if (expectedCode == 422)
            QCOMPARE(plan.error().reason, QStringLiteral("Invalid"));
        if (expectedCode == 504) {
            QCOMPARE(plan.error().causes.value(0).reason,
                     QStringLiteral("ResourceVersionTooLarge"));
            QVERIFY(plan.error().message.startsWith(
                QStringLiteral("Timeout: Too large resource version: 200, current: 100")));
        }
        return;
    }
    QVERIFY2(plan.ok(), qPrintable(plan.ok() ? QString() : plan.error().message));
    QCOMPARE(plan->snapshotRv, expectedRv);
    QCOMPARE(plan->limit, expectedLimit);
}

void TestSimListPlan::expiredContinueOffersAnInconsistentToken()
{
    ListRequestOptions options;
    options.continueToken = token(40);
    const auto plan = planList(options, StoreVersions{kCurrent, kCompacted, kNow, kTtl});
    QVERIFY(!plan.ok());
    QVERIFY(plan.error().message.startsWith(QStringLiteral(
        "The provided continue parameter is too old to display a consistent list result.")));
    const auto next = ContinueToken::decode(plan.error().continueToken);
    QVERIFY(next.ok());
    QCOMPARE(next->resourceVersion, qint64(-1));
    QCOMPARE(next->startKey, QStringLiteral("default/b") + QChar(0));
}

QTEST_GUILESS_MAIN(TestSimListPlan)
#include "tst_simlistplan.moc"
