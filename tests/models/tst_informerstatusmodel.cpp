#include "informer/informers/informerstatustracker.h"
#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/localkindsource.h"
#include "models/mergedkindsource.h"
#include "testobjects.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace informant;
using State = InformerStatus::State;

namespace {

// Time that moves only when the test says.
class ManualClock final : public Clock
{
public:
    qint64 nowMs() const override { return m_now.load(); }
    qint64 wallMs() const override { return m_now.load(); }
    bool sleep(StopSignal &stop, qint64 ms) override
    {
        m_now.fetch_add(ms);
        return !stop.isStopped();
    }
    bool waitUntil(StopSignal &stop, qint64) override { return !stop.isStopped(); }
    void advance(qint64 ms) { m_now.fetch_add(ms); }

private:
    std::atomic<qint64> m_now{1'000'000};
};

// A source over a live tracker, as InformerKindSource is: status() reads it
// now, statusChanged relays what it publishes.
class TrackedKindSource final : public KindSource
{
public:
    TrackedKindSource(std::shared_ptr<Clock> clock)
        : KindSource(KindInfo{
              {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}})
        , tracker(std::move(clock))
    {
        connect(&tracker, &InformerStatusTracker::statusChanged, this, &KindSource::statusChanged);
    }
    InformerStatus status() const override { return tracker.status(); }
    const Indexer &indexer() const override { return m_indexer; }
    void subscribe(QObject *, BatchHandler) override {}
    void unsubscribe(QObject *) override {}
    void retryNow() override {}

    InformerStatusTracker tracker;

private:
    Indexer m_indexer;
};

} // namespace

class TestInformerStatusModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void freshnessWording_data();
    void freshnessWording();
    void freshnessSentenceSaysWhetherAListEverSucceeded();
    void lastEventWording_data();
    void lastEventWording();
    void notWatchedForWording_data();
    void notWatchedForWording();
    void statusChangeIsOneRowUpdate();
    void listingShowsProgress();
    void relistCountsTheCacheNotTheItemsReceived();
    void eventRateFallsToZeroWhenNothingArrives();
    void replayMoveStaysOutOfTheEventRate();
    void eventRateIsPerSecondOfTheClusterTime();
    void connectingIsNotWatching();
    void severalClustersAreARowPerClusterAndKind();
};

void TestInformerStatusModel::freshnessWording_data()
{
    QTest::addColumn<int>("state");
    QTest::addColumn<qint64>("retryInMs");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("level");
    QTest::newRow("watching") << int(State::Watching) << qint64(-1) << ""
                              << "watching" << int(FreshnessLevel::Fresh);
    QTest::newRow("backing off") << int(State::BackingOff) << qint64(2500) << "connection refused"
                                 << "reconnecting in 3 s" << int(FreshnessLevel::Stale);
    QTest::newRow("unauthorized") << int(State::Unauthorized) << qint64(-1) << "401 Unauthorized"
                                  << "not signed in" << int(FreshnessLevel::Failed);
    QTest::newRow("forbidden") << int(State::Forbidden) << qint64(-1) << "pods is forbidden"
                               << "forbidden" << int(FreshnessLevel::Failed);
    QTest::newRow("error") << int(State::Error) << qint64(-1) << "boom"
                           << "error" << int(FreshnessLevel::Failed);
}

void TestInformerStatusModel::freshnessWording()
{
    QFETCH(int, state);
    QFETCH(qint64, retryInMs);
    QFETCH(QString, error);
    QFETCH(QString, text);
    QFETCH(int, level);
    const qint64 now = 1'000'000;
    InformerStatus s;
    s.state = State(state);
    s.retryAtMs = retryInMs < 0 ? -1 : now + retryInMs;
    s.lastError = error;
    s.synced = true;
    QCOMPARE(freshnessText(s, now), text);
    QCOMPARE(int(freshnessLevel(s)), level);
    const QString sentence = freshnessSentence(s, QStringLiteral("pods"), now);
    QVERIFY2(sentence.contains(QStringLiteral("pods")), qPrintable(sentence));
    if (!error.isEmpty())
        QVERIFY2(sentence.contains(error), qPrintable(sentence));
}

// A kind never listed has lost nothing: an unreachable server at start-up
// is "could not list", not a watch "lost".
void TestInformerStatusModel::freshnessSentenceSaysWhetherAListEverSucceeded()
{
    const qint64 now = 1'000'000;
    InformerStatus s;
    s.state = State::BackingOff;
    s.retryAtMs = now + 3000;
    s.lastError = QStringLiteral("connection refused");
    QVERIFY(freshnessSentence(s, QStringLiteral("pods"), now)
                .startsWith(QStringLiteral("Could not list pods yet (connection refused)")));
    s.synced = true;
    QVERIFY(freshnessSentence(s, QStringLiteral("pods"), now)
                .startsWith(QStringLiteral("Watch of pods lost (connection refused)")));
    s.state = State::Error;
    s.synced = false;
    QVERIFY(freshnessSentence(s, QStringLiteral("pods"), now)
                .startsWith(QStringLiteral("Listing pods failed")));
}

void TestInformerStatusModel::lastEventWording_data()
{
    QTest::addColumn<qint64>("agoMs");
    QTest::addColumn<QString>("text");
    QTest::newRow("none") << qint64(-1) << "—";
    QTest::newRow("within the second") << qint64(999) << "just now";
    QTest::newRow("seconds") << qint64(12'500) << "12 s ago";
    QTest::newRow("minutes") << qint64(185'000) << "3 min ago";
    // A clock a little behind the event (the last tick came before it).
    QTest::newRow("after the tick") << qint64(-300) << "just now";
}

// The status bar and the informers panel word the last event alike.
void TestInformerStatusModel::lastEventWording()
{
    QFETCH(qint64, agoMs);
    QFETCH(QString, text);
    const qint64 now = 1'000'000;
    InformerStatus s;
    s.state = State::Watching;
    s.lastEventMs = agoMs == -1 ? -1 : now - agoMs;
    QCOMPARE(lastEventText(s, now), text);
}

void TestInformerStatusModel::notWatchedForWording_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("just lost") << qint64(400) << "not watched for 0 s";
    QTest::newRow("seconds") << qint64(45'900) << "not watched for 45 s";
    QTest::newRow("two minutes in seconds") << qint64(119'000) << "not watched for 119 s";
    QTest::newRow("minutes") << qint64(185'000) << "not watched for 3 min";
    QTest::newRow("hours") << qint64(3 * 3600'000 + 5000) << "not watched for 3 h";
    // The clock's tick a little before the outage was recorded.
    QTest::newRow("before the tick") << qint64(-300) << "not watched for 0 s";
}

// The status bar's age of the rows shown while they are not watched.
void TestInformerStatusModel::notWatchedForWording()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(notWatchedFor(ms), text);
}

void TestInformerStatusModel::statusChangeIsOneRowUpdate()
{
    LocalKindSource pods(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}});
    LocalKindSource nodes(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Node"), QStringLiteral("nodes"), false, {}});
    InformerStatusModel model;
    model.setFixedNowMs(1'000'000);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.addSource(&pods);
    model.addSource(&nodes);
    model.addSource(&pods); // once only
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(model.unhealthyCount(), 0);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    InformerStatus down;
    down.state = State::BackingOff;
    down.retryAtMs = 1'004'000;
    down.lastError = QStringLiteral("connection refused");
    nodes.setStatus(down);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
    QCOMPARE(model.index(1, InformerStatusModel::StateColumn).data().toString(),
             QStringLiteral("reconnecting in 4 s"));
    QCOMPARE(model.index(1, InformerStatusModel::MessageColumn).data().toString(),
             QStringLiteral("connection refused"));
    // Never listed: no count, where 0 would read as known to be empty.
    QCOMPARE(model.index(1, InformerStatusModel::ObjectsColumn).data().toString(),
             QStringLiteral("—"));
    QCOMPARE(model.unhealthyCount(), 1);
    // Recovered: the old error leaves the message column for the tooltip.
    InformerStatus up;
    up.state = State::Watching;
    up.lastError = down.lastError;
    nodes.setStatus(up);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(model.index(1, InformerStatusModel::MessageColumn).data().toString(), QString());
    QCOMPARE(model.index(1, InformerStatusModel::MessageColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Recovered. Last error: connection refused"));
    QCOMPARE(model.unhealthyCount(), 0);
}

void TestInformerStatusModel::listingShowsProgress()
{
    LocalKindSource pods(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}});
    InformerStatus synced;
    synced.state = State::Watching;
    synced.objects = 200;
    pods.setStatus(synced);
    InformerStatusModel model;
    model.addSource(&pods);
    InformerStatus relisting;
    relisting.state = State::Listing;
    relisting.itemsListed = 50;
    pods.setStatus(relisting);
    QCOMPARE(model.index(0, 0).data(InformerStatusModel::ProgressRole).toInt(), 25);
    QCOMPARE(model.index(0, InformerStatusModel::StateColumn).data().toString(),
             QStringLiteral("listing 50"));
    pods.setStatus(synced);
    QCOMPARE(model.index(0, 0).data(InformerStatusModel::ProgressRole).toInt(), -1);
}

// While a relist ran, the panel said "listing, Objects 57" (the items
// received so far) where the tree and the status bar counted the 220 still
// cached: Objects is the cache, the relist's progress is the state's.
void TestInformerStatusModel::relistCountsTheCacheNotTheItemsReceived()
{
    LocalKindSource pods(KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}});
    InformerStatusModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addSource(&pods);
    const QModelIndex state = model.index(0, InformerStatusModel::StateColumn);
    const QModelIndex objects = model.index(0, InformerStatusModel::ObjectsColumn);

    InformerStatus first;
    first.state = State::Listing;
    first.itemsListed = 1200;
    pods.setStatus(first);
    QCOMPARE(objects.data().toString(), QStringLiteral("—")); // nothing cached yet
    QCOMPARE(state.data().toString(),
             QStringLiteral("listing %1").arg(QLocale().toString(qint64(1200))));

    InformerStatus watching;
    watching.state = State::Watching;
    watching.synced = true;
    watching.objects = 220;
    pods.setStatus(watching);
    model.setObjectCount(&pods, 220);
    QCOMPARE(objects.data().toString(), QLocale().toString(qint64(220)));

    InformerStatus relisting = watching;
    relisting.state = State::Listing;
    relisting.itemsListed = 57;
    pods.setStatus(relisting);
    QCOMPARE(objects.data().toString(), QLocale().toString(qint64(220)));
    QCOMPARE(state.data().toString(), QStringLiteral("relisting · 57 received"));
    QCOMPARE(model.index(0, 0).data(InformerStatusModel::ProgressRole).toInt(), 25);
    QCOMPARE(freshnessSentence(relisting, QStringLiteral("pods"), 0),
             QStringLiteral("Relisting pods… 57 received so far. Showing the last known state."));
    relisting.itemsListed = 0;
    pods.setStatus(relisting);
    QCOMPARE(state.data().toString(), QStringLiteral("relisting"));
    QCOMPARE(objects.data().toString(), QLocale().toString(qint64(220)));
}

// The tracker publishes when something changes; a server that went quiet
// changes nothing, and the rate its last publication carried stayed.
void TestInformerStatusModel::eventRateFallsToZeroWhenNothingArrives()
{
    auto clock = std::make_shared<ManualClock>();
    TrackedKindSource pods(clock);
    InformerStatusModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setClock([clock] { return clock->nowMs(); });
    model.addSource(&pods);
    pods.tracker.setState(State::Watching);
    for (int i = 0; i < 8; ++i) {
        clock->advance(InformerStatusTracker::kPublishIntervalMs);
        pods.tracker.addEvents(2, 100, {});
    }
    const QModelIndex rate = model.index(0, InformerStatusModel::RateColumn);
    QVERIFY2(rate.data().toString() != QLocale().toString(0.0, 'f', 1),
             qPrintable(rate.data().toString()));
    clock->advance(2 * InformerStatusTracker::kRateWindowMs);
    model.tick();
    QCOMPARE(rate.data().toString(), QLocale().toString(0.0, 'f', 1));
}

// A replay's move to another time writes at once what changed between the
// two: thousands of changes in a moment are the jump, not the cluster's pace.
// The rate counts from the move's end, until the tracker's window is past it.
void TestInformerStatusModel::replayMoveStaysOutOfTheEventRate()
{
    auto clock = std::make_shared<ManualClock>();
    TrackedKindSource pods(clock);
    InformerStatusModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setClock([clock] { return clock->nowMs(); });
    model.addSource(&pods);
    pods.tracker.setState(State::Watching);
    const QModelIndex rate = model.index(0, InformerStatusModel::RateColumn);
    const auto shown = [](double perSecond) {
        return QLocale().toString(perSecond, 'f', perSecond < 10 ? 1 : 0);
    };

    model.setReplayMoving(true);
    pods.tracker.addEvents(5000, 0, {});
    clock->advance(InformerStatusTracker::kPublishIntervalMs);
    pods.tracker.addEvents(3000, 0, {}); // the move's last changes, not yet published
    QCOMPARE(rate.data().toString(), shown(0));
    model.setReplayMoving(false);
    QCOMPARE(rate.data().toString(), shown(0));

    // The replay plays on: 2 changes every publish interval, 8 a second.
    for (int i = 0; i < 8; ++i) {
        clock->advance(InformerStatusTracker::kPublishIntervalMs);
        pods.tracker.addEvents(2, 0, {});
    }
    model.tick();
    QCOMPARE(rate.data().toString(), shown(8));
    // Past the window, the tracker's own rate holds no move.
    for (int i = 0; i < 4 * 6; ++i) {
        clock->advance(InformerStatusTracker::kPublishIntervalMs);
        pods.tracker.addEvents(2, 0, {});
    }
    model.tick();
    QCOMPARE(rate.data().toString(), shown(8));
}

// In a replay the cluster's time is the recording's, played at its speed:
// at 10x, 20 changes a second of the wall clock are 2 a second of the
// recording, the pace the cluster had. Paused, the cluster's time stands
// still and so does the rate, however long the wall clock runs (it fell to
// 0 within the tracker's window, as if the cluster had gone quiet).
void TestInformerStatusModel::eventRateIsPerSecondOfTheClusterTime()
{
    auto wall = std::make_shared<ManualClock>(); // the tracker's
    TrackedKindSource pods(wall);
    qint64 clusterMs = 5'000'000;
    InformerStatusModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setClock([&clusterMs] { return clusterMs; });
    model.addSource(&pods);
    pods.tracker.setState(State::Watching);
    const QModelIndex rate = model.index(0, InformerStatusModel::RateColumn);
    const auto shown = [](double perSecond) {
        return QLocale().toString(perSecond, 'f', perSecond < 10 ? 1 : 0);
    };

    for (int i = 0; i < 4 * 8; ++i) { // 8 s of the wall clock, 80 of the recording
        wall->advance(InformerStatusTracker::kPublishIntervalMs);
        clusterMs += 10 * InformerStatusTracker::kPublishIntervalMs;
        pods.tracker.addEvents(5, 0, {});
        if (i % 4 == 3)
            model.tick(); // a second of the wall clock
    }
    QCOMPARE(rate.data().toString(), shown(2));

    // Paused: the wall clock runs on, the cluster's time does not.
    for (int i = 0; i < 3; ++i) {
        wall->advance(InformerStatusTracker::kRateWindowMs);
        model.tick();
        QCOMPARE(rate.data().toString(), shown(2));
    }
    // The watch lost while paused: no rate is measured, the last one is not shown.
    pods.tracker.setState(State::BackingOff);
    model.tick();
    QCOMPARE(rate.data().toString(), QStringLiteral("—"));
    pods.tracker.setState(State::Watching);
    model.tick();
    QCOMPARE(rate.data().toString(), shown(2));
    // Playing again with nothing changing: the rate falls as the recording's time passes.
    clusterMs += 2 * InformerStatusTracker::kRateWindowMs;
    model.tick();
    QCOMPARE(rate.data().toString(), shown(0));
}

// A watch request not answered yet is no watch: the rows are the last known
// state, and the banner says what happens.
void TestInformerStatusModel::connectingIsNotWatching()
{
    InformerStatus s;
    s.state = State::Connecting;
    s.synced = true;
    s.lastError = QStringLiteral("no data from the server for 120 s, not even a bookmark");
    s.lastErrorCurrent = true;
    QVERIFY(!s.healthy());
    QCOMPARE(int(freshnessLevel(s)), int(FreshnessLevel::Stale));
    QCOMPARE(freshnessText(s, 0), QStringLiteral("reopening the watch"));
    QCOMPARE(freshnessSentence(s, QStringLiteral("pods"), 0),
             QStringLiteral("Reopening the watch of pods (no data from the server for 120 s, not "
                            "even a bookmark)… Showing the last known state."));
    // An error from before the last watch is history, not the reason.
    s.lastErrorCurrent = false;
    QCOMPARE(freshnessSentence(s, QStringLiteral("pods"), 0),
             QStringLiteral("Reopening the watch of pods… Showing the last known state."));
}

// A window over two clusters: each table's source is a MergedKindSource,
// and one cluster down used to be every kind "not watching" (the merged
// status is its least fresh member's). Each cluster's informer is a row,
// named, a kind's clusters side by side; the status bar counts them and says
// which cluster is down.
void TestInformerStatusModel::severalClustersAreARowPerClusterAndKind()
{
    const KindInfo podsKind{
        {}, QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pods"), true, {}};
    const KindInfo nodesKind{
        {}, QStringLiteral("v1"), QStringLiteral("Node"), QStringLiteral("nodes"), false, {}};
    InformerStatus up;
    up.state = State::Watching;
    up.synced = true;
    LocalKindSource eastPods(podsKind);
    LocalKindSource westPods(podsKind);
    LocalKindSource eastNodes(nodesKind);
    LocalKindSource westNodes(nodesKind);
    for (LocalKindSource *s : {&eastPods, &westPods, &eastNodes, &westNodes})
        s->setStatus(up);
    eastPods.upsert(test::makeObject(QStringLiteral("shop"), QStringLiteral("web-1")));
    eastPods.upsert(test::makeObject(QStringLiteral("shop"), QStringLiteral("web-2")));
    eastPods.flush();
    westPods.upsert(test::makeObject(QStringLiteral("shop"), QStringLiteral("web-1")));
    westPods.flush();
    // west serves pods only once its discovery has answered.
    MergedKindSource pods(podsKind, {QStringLiteral("west")});
    pods.addMember(QStringLiteral("east"), &eastPods);
    MergedKindSource nodes(nodesKind, {});
    nodes.addMember(QStringLiteral("east"), &eastNodes);
    nodes.addMember(QStringLiteral("west"), &westNodes);

    InformerStatusModel model;
    model.setFixedNowMs(1'000'000);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!model.hasClusters());
    model.addSource(&pods);
    model.addSource(&nodes);
    model.addSource(&pods); // once only
    pods.addMember(QStringLiteral("west"), &westPods);
    const auto rows = [&model] {
        QStringList out;
        for (int row = 0; row < model.rowCount(); ++row) {
            out.append(model.index(row, InformerStatusModel::ClusterColumn).data().toString() +
                       u' ' + model.index(row, InformerStatusModel::KindColumn).data().toString());
        }
        return out;
    };
    QCOMPARE(rows(), (QStringList{"east pods", "west pods", "east nodes", "west nodes"}));
    QVERIFY(model.hasClusters());
    QCOMPARE(model.headerData(InformerStatusModel::ClusterColumn, Qt::Horizontal).toString(),
             QStringLiteral("Cluster"));
    QCOMPARE(model.sourceAt(1), &westPods);
    QCOMPARE(model.summaryText(), QStringLiteral("4 informers watching"));

    // Each cluster's row counts its own cluster's objects.
    model.setObjectCount(&pods, 3);
    QCOMPARE(model.index(0, InformerStatusModel::ObjectsColumn).data().toString(),
             QLocale().toString(2));
    QCOMPARE(model.index(1, InformerStatusModel::ObjectsColumn).data().toString(),
             QLocale().toString(1));

    InformerStatus down;
    down.state = State::BackingOff;
    down.synced = true;
    down.retryAtMs = 1'004'000;
    down.lastError = QStringLiteral("connection refused");
    westPods.setStatus(down);
    westNodes.setStatus(down);
    QCOMPARE(model.unhealthyCount(), 2);
    QCOMPARE(model.index(0, InformerStatusModel::StateColumn).data().toString(),
             QStringLiteral("watching"));
    QCOMPARE(model.index(2, InformerStatusModel::StateColumn).data().toString(),
             QStringLiteral("watching"));
    const QModelIndex westPodsState = model.index(1, InformerStatusModel::StateColumn);
    QCOMPARE(westPodsState.data().toString(), QStringLiteral("reconnecting in 4 s"));
    QVERIFY2(
        westPodsState.data(Qt::ToolTipRole).toString().contains(QStringLiteral("pods in west")),
        qPrintable(westPodsState.data(Qt::ToolTipRole).toString()));
    const QString summary = model.summaryText();
    QVERIFY2(summary.contains(QStringLiteral("2 of 4 informers not watching — west<")),
             qPrintable(summary));
    QVERIFY2(!summary.contains(QStringLiteral("east")), qPrintable(summary));
}

QTEST_GUILESS_MAIN(TestInformerStatusModel)
#include "tst_informerstatusmodel.moc"
