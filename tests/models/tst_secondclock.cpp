// SecondClock: the one "now" of everything on screen that counts seconds.

#include "models/secondclock.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace informant;

namespace {

qint64 wallMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

class TestSecondClock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Runs first: no clock has been made yet.
    void withoutAClockItIsTheWallClock();
    void oneInstantForTheWholeSecond();
    void aLateTickDoesNotHoldTimeBack();
};

// informantctl and the model tests run no clock: their "now" is the wall
// clock's.
void TestSecondClock::withoutAClockItIsTheWallClock()
{
    const qint64 before = wallMs();
    const qint64 now = SecondClock::nowMs();
    QVERIFY(now >= before && now <= wallMs());
}

// Views reading the clock at different moments of one second get one
// instant, so they show one age.
void TestSecondClock::oneInstantForTheWholeSecond()
{
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    // A second in which the test itself was not held up for 900 ms.
    for (int attempt = 0; attempt < 3; ++attempt) {
        QVERIFY(ticks.wait(1500));
        const qint64 tick = SecondClock::nowMs();
        QTest::qWait(100);
        const qint64 later = SecondClock::nowMs();
        if (wallMs() / 1000 == tick / 1000) {
            QCOMPARE(later, tick);
            return;
        }
    }
    QFAIL("held up past the end of three seconds in a row");
}

// The GUI thread busy across a whole second: what it paints before the tick
// is handled reads the new second, not the old tick.
void TestSecondClock::aLateTickDoesNotHoldTimeBack()
{
    QSignalSpy ticks(SecondClock::instance(), &SecondClock::ticked);
    QVERIFY(ticks.wait(1500));
    const qint64 tick = SecondClock::nowMs();
    while (wallMs() / 1000 == tick / 1000)
        QThread::msleep(10); // no event loop: the next tick cannot be handled
    const qint64 wall = wallMs();
    const qint64 now = SecondClock::nowMs();
    QVERIFY(now > tick);
    QCOMPARE(now / 1000, wall / 1000);
    QCOMPARE(now % 1000, 0);
}

QTEST_GUILESS_MAIN(TestSecondClock)
#include "tst_secondclock.moc"
