// CountsTick: the one moment the table's header, the facets and the kind
// tree recount at, so they never show two numbers for one change.

#include "models/countstick.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace informant;

class TestCountsTick : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void requestsMadeBeforeATickAreServedInIt();
    void aReceiverIsRefreshedOncePerTick();
    void aDeletedReceiverIsSkipped();
    void aRefreshMayAskForTheNextTick();
};

// The header asks when a batch lands, the tree when a cache changes a moment
// later: both refresh in the same tick.
void TestCountsTick::requestsMadeBeforeATickAreServedInIt()
{
    CountsTick *tick = CountsTick::instance();
    QSignalSpy ticks(tick, &CountsTick::ticked);
    QObject header;
    QObject tree;
    QStringList order;     // who refreshed, then "tick" after each tick
    const QObject context; // the connection ends with the test
    connect(tick, &CountsTick::ticked, &context, [&] { order.append(QStringLiteral("tick")); });
    tick->request(&header, [&] { order.append(QStringLiteral("header")); });
    QCoreApplication::processEvents();
    tick->request(&tree, [&] { order.append(QStringLiteral("tree")); });
    QVERIFY(ticks.wait(CountsTick::kIntervalMs * 10));
    QCOMPARE(order.size(), 3);
    QCOMPARE(order.last(), QStringLiteral("tick"));
    QVERIFY(order.contains(QStringLiteral("header")));
    QVERIFY(order.contains(QStringLiteral("tree")));
    // Nothing asked since: no more ticks (an idle window is not woken).
    QVERIFY(!ticks.wait(CountsTick::kIntervalMs * 3));
    QCOMPARE(ticks.size(), 1);
}

// A storm's batches each ask; the label is set once.
void TestCountsTick::aReceiverIsRefreshedOncePerTick()
{
    CountsTick *tick = CountsTick::instance();
    QSignalSpy ticks(tick, &CountsTick::ticked);
    QObject header;
    int refreshes = 0;
    for (int i = 0; i < 5; ++i)
        tick->request(&header, [&] { ++refreshes; });
    QVERIFY(ticks.wait(CountsTick::kIntervalMs * 10));
    QCOMPARE(refreshes, 1);
}

// A window closed between its request and the tick.
void TestCountsTick::aDeletedReceiverIsSkipped()
{
    CountsTick *tick = CountsTick::instance();
    QSignalSpy ticks(tick, &CountsTick::ticked);
    auto closed = std::make_unique<QObject>();
    QObject open;
    bool closedRefreshed = false;
    bool openRefreshed = false;
    tick->request(closed.get(), [&] { closedRefreshed = true; });
    tick->request(&open, [&] { openRefreshed = true; });
    closed.reset();
    QVERIFY(ticks.wait(CountsTick::kIntervalMs * 10));
    QVERIFY(!closedRefreshed);
    QVERIFY(openRefreshed);
}

// The facets' recount finds the cache changed again meanwhile.
void TestCountsTick::aRefreshMayAskForTheNextTick()
{
    CountsTick *tick = CountsTick::instance();
    QSignalSpy ticks(tick, &CountsTick::ticked);
    QObject facets;
    int refreshes = 0;
    std::function<void()> refresh = [&] {
        if (++refreshes == 1)
            tick->request(&facets, refresh);
    };
    tick->request(&facets, refresh);
    QVERIFY(ticks.wait(CountsTick::kIntervalMs * 10));
    QCOMPARE(refreshes, 1);
    QVERIFY(ticks.wait(CountsTick::kIntervalMs * 10));
    QCOMPARE(refreshes, 2);
}

QTEST_MAIN(TestCountsTick)
#include "tst_countstick.moc"
