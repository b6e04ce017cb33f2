// Timeline benchmark (performance spec S6): repaint time of the event
// timeline with 100k events in view, layout rebuild (filter change) time,
// the activity order's time, and store fill time/RSS. Offscreen; prints a
// Markdown table.
//
//   QT_QPA_PLATFORM=offscreen build/bench/bench_timeline [--events N] [--frames F]
//       [--png FILE] [--order activity|name]
//
// Each frame pans the window by a few pixels, so nothing can be cached
// between frames; the figure is the canvas's own paintEvent time (what the
// GUI thread spends), and the wall time of repaint() including the flush.

#include "syntheticevents.h"
#include "ui/timeline/timelinecanvas.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QScrollBar>

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace informant;

namespace {

constexpr qint64 kT0 = 1'700'000'000'000;
constexpr qint64 kHourMs = 3'600'000;

// CPU time of this thread: on a shared, loaded machine wall time includes
// time spent waiting for a core; CPU time is the work the GUI thread does.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Stats
{
    double median = 0;
    double p95 = 0;
    double max = 0;
};

Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    if (v.empty())
        return {};
    return {v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 95 / 100)], v.back()};
}

long rssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLong();
    }
    return -1;
}

struct Scenario
{
    const char *name;
    int objects;
    int namespaces;
    bool collapse;
};

void runScenario(const Scenario &scenario, LaneOrder order, int events, int frames,
                 const QString &png)
{
    EventStore store;
    QElapsedTimer fill;
    fill.start();
    testing::fillScaleTimeline(store, events, scenario.objects, scenario.namespaces, kT0, kHourMs);
    const double fillMs = fill.nsecsElapsed() / 1e6;

    TimelineCanvas canvas(&store);
    canvas.setClock([] { return kT0 + kHourMs; });
    canvas.setFollowLive(false);
    canvas.setLaneOrder(order);
    canvas.resize(1600, 1000);
    canvas.show();
    QCoreApplication::processEvents();

    const double rebuildStart = threadCpuMs();
    canvas.rebuildNow();
    const double rebuildMs = threadCpuMs() - rebuildStart;
    QSet<QString> collapsed;
    if (scenario.collapse) {
        for (const TimelineLane &lane : std::vector<TimelineLane>(canvas.layout().lanes())) {
            if (lane.isGroup()) {
                canvas.setGroupCollapsed(lane.groupKey(), true);
                collapsed.insert(lane.groupKey());
            }
        }
    }
    canvas.setVisibleRange(double(kT0), double(kT0 + kHourMs));

    // Filter change: namespace facet selected then cleared (S6: ≤ 100 ms).
    const double filterStart = threadCpuMs();
    canvas.setNamespaces({QStringLiteral("ns-0")});
    canvas.setNamespaces({});
    const double filterMs = (threadCpuMs() - filterStart) / 2;

    // Activity order (the canvas's default) for the window, from the name
    // order a rebuild makes: every lane moves, the most an order costs.
    TimelineLayout byName;
    byName.rebuild(store, {}, collapsed);
    const double orderStart = threadCpuMs();
    byName.applyOrder(LaneOrder::Activity, qint64(canvas.startMs()), qint64(canvas.endMs()));
    const double orderMs = threadCpuMs() - orderStart;

    // Events in view: every item overlapping the window in the visible lanes.
    const TimelineView view = canvas.view();
    qsizetype inView = 0;
    qsizetype visibleLanes = 0;
    for (int i = qMax(0, view.laneAt(TimelineView::kAxisHeight));
         i < canvas.layout().laneCount() && view.laneTop(i) < view.height; ++i) {
        inView += qsizetype(canvas.layout().lane(i).items.size());
        ++visibleLanes;
    }

    std::vector<double> paintMs;
    std::vector<double> cpuMs;
    for (int f = 0; f < frames; ++f) {
        const double shift = (f % 2 ? 3.0 : -3.0) * canvas.msPerPx();
        canvas.setVisibleRange(canvas.startMs() + shift, canvas.endMs() + shift);
        const double cpuStart = threadCpuMs();
        canvas.viewport()->repaint();
        cpuMs.push_back(threadCpuMs() - cpuStart);
        paintMs.push_back(canvas.lastPaintNs() / 1e6);
    }
    if (!png.isEmpty()) {
        QImage image(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        canvas.viewport()->render(&image);
        image.save(png);
    }
    const Stats paint = stats(paintMs);
    const Stats cpu = stats(cpuMs);
    std::printf("| %s | %d | %lld | %lld | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f | %.1f | %.2f "
                "| %.0f |\n",
                scenario.name, events, qlonglong(visibleLanes), qlonglong(inView), cpu.median,
                cpu.p95, cpu.max, paint.median, paint.p95, rebuildMs, filterMs, orderMs, fillMs);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    QCommandLineOption eventsOption("events", "Events in the store (all in view).", "N", "100000");
    QCommandLineOption framesOption("frames", "Repaints per scenario.", "F", "200");
    QCommandLineOption pngOption("png", "Save the last frame of the first scenario.", "FILE");
    QCommandLineOption orderOption("order", "Lane order: activity or name.", "ORDER", "activity");
    QCommandLineOption memoryOption("memory", "Also fill a store with N events and report RSS.",
                                    "N", "0");
    parser.addOptions({eventsOption, framesOption, pngOption, orderOption, memoryOption});
    parser.process(app);
    const int events = parser.value(eventsOption).toInt();
    const int frames = parser.value(framesOption).toInt();
    const std::optional<LaneOrder> order = laneOrderFromId(parser.value(orderOption));
    if (!order) {
        std::fprintf(stderr, "--order: activity or name\n");
        return 2;
    }

    std::printf(
        "| scenario | events | lanes visible | events in visible lanes | repaint CPU median ms | "
        "repaint CPU p95 ms | repaint CPU max ms | paint wall median ms | paint wall p95 ms | "
        "layout rebuild CPU ms | filter change CPU ms | lane re-order CPU ms | store fill wall ms "
        "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    const Scenario scenarios[] = {
        {"200 objects (dense lanes)", 200, 10, false},
        {"5k objects in 20 namespaces", 5000, 20, false},
        {"groups collapsed (20 ns x 3 kinds)", 5000, 20, true},
        {"1 object (one lane, 100k)", 1, 1, false},
    };
    bool first = true;
    for (const Scenario &scenario : scenarios) {
        runScenario(scenario, *order, events, frames, first ? parser.value(pngOption) : QString());
        first = false;
    }

    const int memoryEvents = parser.value(memoryOption).toInt();
    if (memoryEvents > 0) {
        // Wall and thread CPU time: on a loaded machine the wall figures are
        // mostly waiting for a core.
        const long before = rssKiB();
        EventStore store;
        QElapsedTimer fill;
        fill.start();
        double cpu = threadCpuMs();
        testing::fillScaleTimeline(store, memoryEvents, memoryEvents / 20, 50, kT0, 24 * kHourMs);
        const double fillCpuMs = threadCpuMs() - cpu;
        const double fillMs = fill.nsecsElapsed() / 1e6;
        TimelineLayout layout;
        QElapsedTimer rebuild;
        rebuild.start();
        cpu = threadCpuMs();
        layout.rebuild(store, {});
        const double layoutCpuMs = threadCpuMs() - cpu;
        const double layoutMs = rebuild.nsecsElapsed() / 1e6;
        // A filter change: one namespace of 50 chosen.
        TimelineFilter oneNamespace;
        oneNamespace.namespaces = {QStringLiteral("ns-7")};
        cpu = threadCpuMs();
        layout.rebuild(store, oneNamespace);
        const double filterCpuMs = threadCpuMs() - cpu;
        std::printf("\nstore of %d events: fill %.0f ms wall / %.0f ms CPU, layout %.0f ms wall / "
                    "%.0f ms CPU, filter change (1 of 50 namespaces, %lld events) %.0f ms CPU, "
                    "RSS +%ld MiB\n",
                    memoryEvents, fillMs, fillCpuMs, layoutMs, layoutCpuMs,
                    qlonglong(layout.itemCount()), filterCpuMs, (rssKiB() - before) / 1024);
    }
    return 0;
}
