// Backoff: client-go's reflector delays 0.8 s → 30 s, jitter and the
// 2-minute reset (reference §2.2).

#include "fakelisterwatcher.h"
#include "informer/informers/backoff.h"

#include <QTest>

using namespace informant;
using namespace informant::test;

class TstBackoff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void delaysDoubleFromPointEightSecondsUpToThirtySeconds_data();
    void delaysDoubleFromPointEightSecondsUpToThirtySeconds();
    void jitterAddsUpToOneBaseDelay();
    void stateResetsOnceMoreThanTwoMinutesPassedSinceTheLastReset();
};

void TstBackoff::delaysDoubleFromPointEightSecondsUpToThirtySeconds_data()
{
    QTest::addColumn<int>("call");
    QTest::addColumn<qint64>("expectedMs");
    const QList<qint64> expected{800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000};
    for (int i = 0; i < expected.size(); ++i)
        QTest::addRow("call %d", i + 1) << i << expected.at(i);
}

void TstBackoff::delaysDoubleFromPointEightSecondsUpToThirtySeconds()
{
    QFETCH(int, call);
    QFETCH(qint64, expectedMs);
    auto clock = std::make_shared<FakeClock>();
    Backoff backoff(clock, {}, [] { return 0.0; });
    qint64 delay = 0;
    for (int i = 0; i <= call; ++i)
        delay = backoff.nextDelayMs();
    QCOMPARE(delay, expectedMs);
}

void TstBackoff::jitterAddsUpToOneBaseDelay()
{
    auto clock = std::make_shared<FakeClock>();
    Backoff high(clock, {}, [] { return 0.999; });
    QCOMPARE(high.nextDelayMs(), 800 + qint64(0.999 * 800));
    QCOMPARE(high.nextDelayMs(), 1600 + qint64(0.999 * 1600));
    Backoff half(clock, {}, [] { return 0.5; });
    QCOMPARE(half.nextDelayMs(), 1200);
}

void TstBackoff::stateResetsOnceMoreThanTwoMinutesPassedSinceTheLastReset()
{
    auto clock = std::make_shared<FakeClock>();
    Backoff backoff(clock, {}, [] { return 0.0; });
    QCOMPARE(backoff.nextDelayMs(), 800);
    QCOMPARE(backoff.nextDelayMs(), 1600);
    clock->advance(119'999);
    QCOMPARE(backoff.nextDelayMs(), 3200);
    clock->advance(1);
    QCOMPARE(backoff.nextDelayMs(), 6400); // exactly 2 min: not yet (client-go's ">")
    clock->advance(1);
    QCOMPARE(backoff.nextDelayMs(), 800); // more than 2 min since construction
    clock->advance(60'000);
    QCOMPARE(backoff.nextDelayMs(), 1600);
    clock->advance(60'001);
    QCOMPARE(backoff.nextDelayMs(), 800); // more than 2 min since the last reset
}

QTEST_GUILESS_MAIN(TstBackoff)
#include "tst_backoff.moc"
