// TimelineLayout (lanes, groups, filters), LaneBins (per-column binning and
// series spans) and TimeAxis (readable ticks at any zoom).

#include "models/timeline/lanebins.h"
#include "models/timeline/objectidentity.h"
#include "models/timeline/timeaxis.h"
#include "models/timeline/timelinelayout.h"
#include "syntheticevents.h"

#include <QTest>

using namespace informant;
using namespace informant::testing;

namespace {

constexpr qint64 kT = 1'700'000'000'000; // 2023-11-14T22:13:20Z
constexpr qint64 kMinute = 60'000;

void fillSmall(EventStore &store)
{
    store.upsert(makeEvent("1", "shop", "Pod", "web-b", kT + 1000));
    store.upsert(
        makeEvent("2", "shop", "Pod", "web-a", kT + 2000, -1, EventType::Warning, 1, "BackOff"));
    store.upsert(makeEvent("3", "shop", "Deployment", "web", kT));
    store.upsert(makeEvent("4", "batch", "Job", "nightly", kT + 3000, -1, EventType::Normal, 1,
                           "Completed"));
    store.upsert(makeEvent("5", "shop", "Pod", "web-a", kT + 500, kT + 9000, EventType::Warning, 9,
                           "BackOff"));
}

QStringList laneNames(const TimelineLayout &layout)
{
    QStringList names;
    for (const TimelineLane &lane : layout.lanes())
        names.append(lane.isGroup() ? lane.namespaceName + u'/' + lane.objectKind : lane.name);
    return names;
}

// "ns/Kind/name@second", "@from..to" for a series, a trailing "!" for a
// Warning; seconds after kT.
void fillFromSpecs(EventStore &store, const QStringList &specs)
{
    for (qsizetype i = 0; i < specs.size(); ++i) {
        QString spec = specs.at(i);
        const bool warning = spec.endsWith(u'!');
        if (warning)
            spec.chop(1);
        const QStringList path = spec.section(u'@', 0, 0).split(u'/');
        const QStringList times = spec.section(u'@', 1).split(QStringLiteral(".."));
        const qint64 start = kT + times.first().toLongLong() * 1000;
        const qint64 end = times.size() > 1 ? kT + times.last().toLongLong() * 1000 : -1;
        store.upsert(makeEvent(QString::number(i), path[0], path[1], path[2], start, end,
                               warning ? EventType::Warning : EventType::Normal, end < 0 ? 1 : 5));
    }
}

} // namespace

class TimelineLayoutTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lanesAreGroupedByNamespaceAndKindAndSorted()
    {
        EventStore store;
        fillSmall(store);
        TimelineLayout layout;
        layout.rebuild(store, {});
        QCOMPARE(laneNames(layout), (QStringList{"batch/Job", "nightly", "shop/Deployment", "web",
                                                 "shop/Pod", "web-a", "web-b"}));
        const TimelineLane &webA = layout.lane(5);
        QCOMPARE(webA.items.size(), size_t(2));
        QVERIFY(webA.items[0].startMs <= webA.items[1].startMs);
        QCOMPARE(webA.eventCount, 10);
        QCOMPARE(webA.warningCount, 10);
        QCOMPARE(layout.lane(4).objectCount, 2);
        QCOMPARE(layout.laneOfObject("Pod-shop-web-a"), 5);
        QCOMPARE(layout.itemCount(), 5);
        QCOMPARE(layout.firstMs(), kT);
        QCOMPARE(layout.lastMs(), kT + 9000);
    }

    // The timeline lists names in the table's order: pod-2 before pod-10,
    // not byte order. A pod recreated under its name (a new uid, a lane of
    // its own) comes after the one it replaced.
    void lanesSortNamespacesAndNamesNaturally()
    {
        EventStore store;
        store.upsert(makeEvent("1", "team-10", "Pod", "api", kT));
        store.upsert(makeEvent("2", "team-2", "Pod", "web-10", kT));
        store.upsert(makeEvent("3", "team-2", "Pod", "web-9", kT));
        store.upsert(makeEvent("4", "team-2", "Pod", "Web-1", kT));
        TimelineEvent replaced = makeEvent("5", "team-2", "Pod", "web-2", kT + 1000);
        replaced.object.uid = QStringLiteral("z-first");
        TimelineEvent recreated = makeEvent("6", "team-2", "Pod", "web-2", kT + 5000);
        recreated.object.uid = QStringLiteral("a-second");
        store.upsert(recreated);
        store.upsert(replaced);
        TimelineLayout layout;
        layout.rebuild(store, {});
        QCOMPARE(laneNames(layout), (QStringList{"team-2/Pod", "Web-1", "web-2", "web-2", "web-9",
                                                 "web-10", "team-10/Pod", "api"}));
        QCOMPARE(layout.lane(2).uid, QStringLiteral("z-first"));
        QCOMPARE(layout.lane(3).uid, QStringLiteral("a-second"));
    }

    void lanesAreOrderedByActivity_data()
    {
        QTest::addColumn<QStringList>("events");
        QTest::addColumn<int>("windowStartSec");
        QTest::addColumn<int>("windowEndSec");
        QTest::addColumn<bool>("byName");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("a Warning in the window first")
            << QStringList{"shop/Pod/a@10", "shop/Pod/b@5!", "shop/Pod/c@20"} << 0 << 60 << false
            << QStringList{"shop/Pod", "b", "c", "a"};
        QTest::newRow("then the newest first, the name breaking ties")
            << QStringList{"shop/Pod/x@10", "shop/Pod/z@30", "shop/Pod/y@30", "shop/Pod/w@20"} << 0
            << 60 << false << QStringList{"shop/Pod", "y", "z", "w", "x"};
        QTest::newRow("a Warning before the window is activity only")
            << QStringList{"shop/Pod/a@-100!", "shop/Pod/a@10", "shop/Pod/b@20"} << 0 << 60 << false
            << QStringList{"shop/Pod", "b", "a"};
        QTest::newRow("a series is as recent as its last occurrence")
            << QStringList{"shop/Pod/b-series@-300..40", "shop/Pod/a@30"} << 0 << 60 << false
            << QStringList{"shop/Pod", "b-series", "a"};
        QTest::newRow("events after the window do not count")
            << QStringList{"shop/Pod/a@20", "shop/Pod/b@10", "shop/Pod/b@90"} << 0 << 60 << false
            << QStringList{"shop/Pod", "a", "b"};
        const QStringList groups{"batch/Job/nightly@50", "shop/Pod/web@5!",
                                 "default/Deployment/api@55"};
        QTest::newRow("groups by their objects' activity")
            << groups << 0 << 60 << false
            << QStringList{"shop/Pod", "web", "default/Deployment", "api", "batch/Job", "nightly"};
        QTest::newRow("Name order")
            << groups << 0 << 60 << true
            << QStringList{"batch/Job", "nightly", "default/Deployment", "api", "shop/Pod", "web"};
    }
    void lanesAreOrderedByActivity()
    {
        QFETCH(QStringList, events);
        QFETCH(int, windowStartSec);
        QFETCH(int, windowEndSec);
        QFETCH(bool, byName);
        EventStore store;
        fillFromSpecs(store, events);
        TimelineLayout layout;
        layout.rebuild(store, {});
        layout.applyOrder(byName ? LaneOrder::Name : LaneOrder::Activity,
                          kT + windowStartSec * 1000, kT + windowEndSec * 1000);
        QTEST(laneNames(layout), "expected");
    }

    void orderedLanesAreFoundByObjectAndGroup()
    {
        EventStore store;
        fillSmall(store);
        TimelineLayout layout;
        layout.rebuild(store, {});
        const QStringList byName = laneNames(layout);
        QVERIFY(layout.applyOrder(LaneOrder::Activity, kT, kT + 10'000));
        QCOMPARE(laneNames(layout), (QStringList{"shop/Pod", "web-a", "web-b", "batch/Job",
                                                 "nightly", "shop/Deployment", "web"}));
        QCOMPARE(layout.laneOfObject("Pod-shop-web-b"), 2);
        QCOMPARE(layout.lane(2).name, QStringLiteral("web-b"));
        QCOMPARE(layout.laneOfKey(TimelineLayout::laneKey(layout.lane(3))), 3);
        QCOMPARE(layout.laneOfKey(QStringLiteral("shop") + QChar(0x1f) + QStringLiteral("Pod")), 0);
        for (qsizetype i = 0; i < layout.laneCount(); ++i) {
            const TimelineLane &header = layout.lane(layout.lane(i).group);
            QVERIFY(header.isGroup());
            QCOMPARE(header.groupKey(), layout.lane(i).groupKey());
        }
        // Nothing moves: nothing to repaint.
        QVERIFY(!layout.applyOrder(LaneOrder::Activity, kT, kT + 10'000));
        QVERIFY(layout.applyOrder(LaneOrder::Name, kT, kT + 10'000));
        QCOMPARE(laneNames(layout), byName);
        QCOMPARE(layout.laneOfObject("Pod-shop-web-b"), 6);
    }

    void collapsedGroupIsOrderedByItsOwnEvents()
    {
        EventStore store;
        fillSmall(store);
        TimelineLayout layout;
        layout.rebuild(store, {}, {QStringLiteral("shop") + QChar(0x1f) + QStringLiteral("Pod")});
        layout.applyOrder(LaneOrder::Activity, kT, kT + 10'000);
        QCOMPARE(laneNames(layout),
                 (QStringList{"shop/Pod", "batch/Job", "nightly", "shop/Deployment", "web"}));
    }

    void filtersSelectEvents_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<int>("expectedItems");
        QTest::addColumn<int>("expectedLanes");
        QTest::newRow("namespace") << 0 << 1 << 2;
        QTest::newRow("object uids") << 1 << 2 << 2;
        QTest::newRow("reason") << 2 << 2 << 2;
        QTest::newRow("warnings only") << 3 << 2 << 2;
        QTest::newRow("predicate") << 4 << 1 << 2;
        QTest::newRow("namespace and reason") << 5 << 0 << 0;
    }
    void filtersSelectEvents()
    {
        QFETCH(int, which);
        EventStore store;
        fillSmall(store);
        TimelineFilter filter;
        switch (which) {
        case 0:
            filter.namespaces = {"batch"};
            break;
        case 1:
            filter.objectUids = QSet<QString>{"Pod-shop-web-a"};
            break;
        case 2:
            filter.reasons = {"BackOff"};
            break;
        case 3:
            filter.warningsOnly = true;
            break;
        case 4:
            filter.predicate = [](const TimelineEvent &e) {
                return e.object.kind == u"Deployment";
            };
            break;
        case 5:
            filter.namespaces = {"batch"};
            filter.reasons = {"BackOff"};
            break;
        }
        TimelineLayout layout;
        layout.rebuild(store, filter);
        QTEST(int(layout.itemCount()), "expectedItems");
        QTEST(int(layout.laneCount()), "expectedLanes");
    }

    void indexedFilterLaysOutLikeAFullScan_data()
    {
        QTest::addColumn<bool>("byNamespace"); // else by object uids
        QTest::newRow("namespaces") << true;
        QTest::newRow("object uids") << false;
    }
    void indexedFilterLaysOutLikeAFullScan()
    {
        // The namespace/object choice reads the store's indexes; the same
        // choice as a predicate scans every slot. Same lanes, same items.
        QFETCH(bool, byNamespace);
        EventStore store;
        fillScaleTimeline(store, 5'000, 300, 7, kT, 3'600'000);
        const QSet<QString> namespaces{QStringLiteral("ns-2"), QStringLiteral("ns-5")};
        TimelineLayout all;
        all.rebuild(store, {});
        QSet<QString> uids;
        for (const TimelineLane &lane : all.lanes()) {
            if (!lane.isGroup() && namespaces.contains(lane.namespaceName))
                uids.insert(lane.uid);
        }
        TimelineFilter indexed;
        if (byNamespace)
            indexed.namespaces = namespaces;
        else
            indexed.objectUids = uids;
        TimelineFilter scanned;
        scanned.predicate = [&](const TimelineEvent &e) {
            return byNamespace ? namespaces.contains(e.object.namespaceName)
                               : uids.contains(e.object.uid);
        };
        TimelineLayout a;
        TimelineLayout b;
        a.rebuild(store, indexed);
        b.rebuild(store, scanned);
        QVERIFY(a.itemCount() > 0);
        QVERIFY(a.itemCount() < store.size());
        QCOMPARE(a.itemCount(), b.itemCount());
        QCOMPARE(a.laneCount(), b.laneCount());
        for (qsizetype i = 0; i < a.laneCount(); ++i) {
            QCOMPARE(a.lane(i).uid, b.lane(i).uid);
            QCOMPARE(a.lane(i).namespaceName, b.lane(i).namespaceName);
            QCOMPARE(a.lane(i).items.size(), b.lane(i).items.size());
            for (size_t k = 0; k < a.lane(i).items.size(); ++k)
                QCOMPARE(a.lane(i).items[k].slot, b.lane(i).items[k].slot);
        }
    }

    void collapsedGroupHoldsAllItsObjectsItems()
    {
        EventStore store;
        fillSmall(store);
        TimelineLayout layout;
        layout.rebuild(store, {}, {QStringLiteral("shop") + QChar(0x1f) + QStringLiteral("Pod")});
        QCOMPARE(laneNames(layout),
                 (QStringList{"batch/Job", "nightly", "shop/Deployment", "web", "shop/Pod"}));
        const TimelineLane &pods = layout.lane(4);
        QVERIFY(pods.collapsed);
        QCOMPARE(pods.items.size(), size_t(3));
        QVERIFY(std::is_sorted(
            pods.items.begin(), pods.items.end(),
            [](const LaneItem &a, const LaneItem &b) { return a.startMs < b.startMs; }));
        QCOMPARE(layout.laneOfObject("Pod-shop-web-a"), -1);
    }

    void itemRangeFindsLongSpansStartingBeforeTheWindow()
    {
        EventStore store;
        store.upsert(
            makeEvent("long", "ns", "Pod", "p", kT, kT + 60 * kMinute, EventType::Warning, 50));
        for (int i = 0; i < 100; ++i)
            store.upsert(makeEvent(QString::number(i), "ns", "Pod", "p", kT + i * kMinute));
        TimelineLayout layout;
        layout.rebuild(store, {});
        const TimelineLane &lane = layout.lane(1);
        const auto [first, last] =
            TimelineLayout::itemRange(lane, kT + 30 * kMinute, kT + 31 * kMinute);
        bool hasLong = false;
        for (size_t i = first; i < last; ++i)
            hasLong = hasLong || lane.items[i].count == 50;
        QVERIFY(hasLong);
        QVERIFY(last - first < 100);
        // Hover inside the span finds it; a point wins where it is closer.
        const LaneItem *hit = TimelineLayout::itemAt(lane, kT + 45 * kMinute + 30'000, 1000);
        QVERIFY(hit);
        QCOMPARE(hit->count, 50);
        QVERIFY(!TimelineLayout::itemAt(lane, kT + 200 * kMinute, 1000));
    }

    void binsCountOccurrencesPerPixelColumn()
    {
        EventStore store;
        // 10 px per minute: events at minutes 0, 0.05, 1 and a warning at 2.
        store.upsert(makeEvent("a", "ns", "Pod", "p", kT));
        store.upsert(makeEvent("b", "ns", "Pod", "p", kT + 3000));
        store.upsert(makeEvent("c", "ns", "Pod", "p", kT + kMinute));
        store.upsert(makeEvent("d", "ns", "Pod", "p", kT + 2 * kMinute, -1, EventType::Warning));
        store.upsert(makeEvent("s", "ns", "Pod", "p", kT + 3 * kMinute, kT + 6 * kMinute,
                               EventType::Warning, 12));
        TimelineLayout layout;
        layout.rebuild(store, {});
        LaneBins bins;
        bins.bin(layout.lane(1), double(kT), 6000.0, 100);
        QCOMPARE(bins.width(), 100);
        QCOMPARE(bins.normalAt(0), 2);
        QCOMPARE(bins.normalAt(10), 1);
        QCOMPARE(bins.warningAt(20), 1);
        QCOMPARE(bins.pointColumns(), 3);
        QCOMPARE(bins.itemsInView(), 5);
        QCOMPARE(bins.spans().size(), size_t(1));
        QCOMPARE(bins.spans()[0].x0, 30.0);
        QCOMPARE(bins.spans()[0].x1, 60.0);
        QCOMPARE(bins.spans()[0].count, 12);
        // Zoomed out the series is too narrow for a span: a point with its count.
        bins.bin(layout.lane(1), double(kT), 60'000.0, 100);
        QCOMPARE(bins.spans().size(), size_t(0));
        QCOMPARE(bins.warningAt(6), 12);
        QCOMPARE(bins.normalAt(0), 2);
        QCOMPARE(bins.normalAt(1), 1);
    }

    void longSpanAtTheFinestZoomFillsTheView()
    {
        // Five days at 0.05 ms/px (the canvas's finest zoom) end ~8.6e9 px
        // right of the window: past any int, so columns are clamped first.
        constexpr qint64 kDay = 24 * 60 * kMinute;
        EventStore store;
        store.upsert(
            makeEvent("long", "ns", "Pod", "p", kT, kT + 5 * kDay, EventType::Warning, 99));
        TimelineLayout layout;
        layout.rebuild(store, {});
        LaneBins bins;
        bins.bin(layout.lane(1), double(kT + 1000), 0.05, 1000);
        QCOMPARE(bins.itemsInView(), 1);
        QCOMPARE(bins.spans().size(), size_t(1));
        QVERIFY(bins.spans()[0].x1 > double(std::numeric_limits<int>::max()));
        for (int x = 0; x < bins.width(); ++x)
            QVERIFY(bins.spanCoverAt(x) & (1u << int(EventType::Warning)));
        // Starting far left of the window as well.
        bins.bin(layout.lane(1), double(kT + 2 * kDay), 0.05, 1000);
        QCOMPARE(bins.spans().size(), size_t(1));
        for (int x = 0; x < bins.width(); ++x)
            QVERIFY(bins.spanCoverAt(x) & (1u << int(EventType::Warning)));
    }

    void kubeletAndControllerNodeEventsShareOneLane()
    {
        // The kubelet names the node's name as its uid; the node controller
        // the real uid. One Node, one lane, found by its real uid.
        EventStore store;
        TimelineEvent kubelet =
            makeEvent("k", "", "Node", "worker-1", kT, -1, EventType::Normal, 1, "NodeReady");
        kubelet.object.uid = QStringLiteral("worker-1");
        TimelineEvent controller = makeEvent("c", "", "Node", "worker-1", kT + 1000, -1,
                                             EventType::Warning, 1, "NodeNotReady");
        controller.object.uid = QStringLiteral("node-uid-1");
        controller.object.apiVersion = QStringLiteral("v1");
        store.upsert(kubelet);
        store.upsert(controller);
        TimelineLayout layout;
        layout.rebuild(store, {});
        QCOMPARE(laneNames(layout), (QStringList{"/Node", "worker-1"}));
        QCOMPARE(layout.lane(1).items.size(), size_t(2));
        QCOMPARE(layout.lane(1).uid, QStringLiteral("node-uid-1"));
        QCOMPARE(layout.laneOfObject("node-uid-1"), 1);
        QCOMPARE(layout.laneOfObject("worker-1"), -1);
        QCOMPARE(layout.laneOfObject(objectNameKey(u"Node", u"", u"worker-1")), 1);
        // With only the kubelet's event, the lane has no real uid: a Node
        // selected in the table still finds it by its key.
        EventStore kubeletOnly;
        kubeletOnly.upsert(kubelet);
        TimelineLayout named;
        named.rebuild(kubeletOnly, {});
        QCOMPARE(named.lane(1).uid, QString());
        QCOMPARE(named.laneOfObject(objectNameKey(u"Node", u"", u"worker-1")), 1);

        // The label filter names the Node by uid and by name key (as
        // labelledObjectUids does): both events, each once.
        TimelineFilter filter;
        filter.objectUids = QSet<QString>{"node-uid-1", objectNameKey(u"Node", u"", u"worker-1")};
        layout.rebuild(store, filter);
        QCOMPARE(layout.itemCount(), 2);
        QCOMPARE(layout.laneCount(), 2);
        QCOMPARE(layout.lane(1).items.size(), size_t(2));
        TimelineFilter scanned = filter;
        scanned.predicate = [](const TimelineEvent &) { return true; }; // no index
        TimelineLayout full;
        full.rebuild(store, scanned);
        QCOMPARE(full.itemCount(), 2);

        // A custom resource called Node is not the kubelet's: its uid stands.
        TimelineEvent custom = makeEvent("x", "", "Node", "worker-1", kT + 2000);
        custom.object.uid = QStringLiteral("worker-1");
        custom.object.apiVersion = QStringLiteral("example.com/v1");
        QCOMPARE(knownObjectUid(custom.object), QStringLiteral("worker-1"));
        QVERIFY(!isIdentifiedByName(custom.object));
    }

    // A Deployment restored with a new uid, a StatefulSet's pod deleted and created again:
    // two lanes with one name. The earlier objects' lanes say so; the newest one is current.
    void earlierObjectsUnderANameAreMarked()
    {
        EventStore store;
        const auto about = [&](const char *uid, const QString &name, const QString &objectUid,
                               qint64 startMs) {
            TimelineEvent event = makeEvent(uid, "payments", "Deployment", name, startMs);
            event.object.uid = objectUid;
            store.upsert(event);
        };
        about("1", "checkout", "uid-restored", kT + 5 * kMinute);
        about("2", "checkout", "uid-first", kT);
        about("3", "checkout", "uid-first", kT + kMinute);
        about("4", "checkout", "uid-second", kT + 2 * kMinute);
        about("5", "ledger", "uid-ledger", kT);
        TimelineLayout layout;
        layout.rebuild(store, {});
        QCOMPARE(laneNames(layout), (QStringList{"payments/Deployment", "checkout", "checkout",
                                                 "checkout", "ledger"}));
        QStringList marked;
        for (const TimelineLane &lane : layout.lanes())
            marked.append(lane.uid + (lane.earlier ? "(earlier)" : ""));
        QCOMPARE(marked, (QStringList{"", "uid-first(earlier)", "uid-second(earlier)",
                                      "uid-restored", "uid-ledger"}));
        // In any order, the marks stay with their lanes.
        layout.applyOrder(LaneOrder::Activity, kT, kT + 10 * kMinute);
        QCOMPARE(layout.lane(1).uid, QStringLiteral("uid-restored"));
        QVERIFY(!layout.lane(1).earlier);
        QVERIFY(layout.lane(layout.laneOfObject("uid-first")).earlier);

        // Marked among the lanes shown: filtered to alone, it has no later lane to be
        // earlier than (a filter change reads only the matching events).
        TimelineFilter filter;
        filter.objectUids = QSet<QString>{"uid-first"};
        layout.rebuild(store, filter);
        QCOMPARE(layout.laneCount(), 2);
        QVERIFY(!layout.lane(1).earlier);
    }

    void binningHundredThousandEventsStaysWithinTheWidth()
    {
        EventStore store;
        fillScaleTimeline(store, 100'000, 1, 1, kT, 3'600'000);
        TimelineLayout layout;
        layout.rebuild(store, {});
        QCOMPARE(layout.itemCount(), 100'000);
        LaneBins bins;
        bins.bin(layout.lane(1), double(kT), 3600.0, 1000);
        QCOMPARE(bins.itemsInView(), 100'000);
        QVERIFY(bins.pointColumns() <= 1000);
        QVERIFY(bins.spans().size() <= size_t(LaneBins::kMaxSpansPerLane));
        qint64 total = 0;
        for (int x = 0; x < 1000; ++x)
            total += bins.normalAt(x) + bins.warningAt(x) + bins.otherAt(x);
        QVERIFY(total > 0);
    }

    void axisPicksReadableSteps_data()
    {
        QTest::addColumn<double>("msPerPx");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<QString>("firstLabel");
        QTest::newRow("milliseconds") << 2.0 << qint64(200) << "22:13:20.200";
        QTest::newRow("seconds") << 40.0 << qint64(5000) << "22:13:25";
        QTest::newRow("minutes") << 3000.0 << qint64(5 * kMinute) << "22:15";
        QTest::newRow("hours") << 60'000.0 << qint64(2 * 60 * kMinute) << "Nov 15";
        QTest::newRow("days") << 2'000'000.0 << qint64(7 * 24 * 60 * kMinute) << "Nov 16";
    }
    void axisPicksReadableSteps()
    {
        QFETCH(double, msPerPx);
        QFETCH(qint64, step);
        QCOMPARE(TimeAxis::stepFor(msPerPx, 90.0), step);
        std::vector<AxisTick> ticks;
        TimeAxis::ticks(double(kT) + 1, msPerPx, 1000, 90.0, QTimeZone::utc(), ticks);
        QVERIFY(ticks.size() >= 2);
        QVERIFY(ticks.size() <= 1000 / 90 + 1);
        QTEST(ticks.front().label, "firstLabel");
        for (size_t i = 1; i < ticks.size(); ++i) {
            QVERIFY(ticks[i].x - ticks[i - 1].x >= 90.0 - 1e-6);
            QCOMPARE(ticks[i].ms % step, 0); // aligned to the clock in UTC
        }
    }
};

QTEST_GUILESS_MAIN(TimelineLayoutTest)
#include "tst_timelinelayout.moc"
