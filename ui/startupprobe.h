#pragma once

// StartupProbe: start-up milestones for --bench-report (performance spec S5),
// each in milliseconds since the process was exec'd:
//   main_ms           main() entered (the loader, static init, Qt libraries);
//   window_painted_ms the main window's first paint;
//   table_visible_ms  the first paint of the table after its informer synced
//                     and the table had rows ("synced and visible");
//   marks_ms          named milestones recorded with mark() (qapplication,
//                     demo_cluster_started, window_shown, started).
// The exec time comes from /proc/self/stat (starttime, in clock ticks since
// boot, so the origin is known to 1/CLK_TCK s, 10 ms on Linux); everything
// after main() is measured with the monotonic clock. Off Linux the origin is
// main() itself. GUI thread; the event filter is removed once both paints are
// seen.

#include <QJsonObject>
#include <QObject>

#include <functional>

class QWidget;

namespace informant {

class StartupProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StartupProbe)

public:
    // Call first thing in main(): fixes the exec -> main() offset.
    static void markMain();
    // Records a named milestone (ms since exec) for the report's "marks".
    static void mark(const char *name);

    explicit StartupProbe(QObject *parent = nullptr);
    ~StartupProbe() override;

    // `window`: any paint of it or its children counts as the window painted.
    // `tableViewport`: its first paint while `tableReady()` holds counts as
    // the table visible.
    void watch(QWidget *window, QWidget *tableViewport, std::function<bool()> tableReady);

    // -1 until seen.
    double mainMs() const;
    double windowPaintedMs() const { return m_windowPaintedMs; }
    double tableVisibleMs() const { return m_tableVisibleMs; }
    QJsonObject toJson() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static double sinceExecMs();

    QWidget *m_window = nullptr;
    QWidget *m_tableViewport = nullptr;
    std::function<bool()> m_tableReady;
    double m_windowPaintedMs = -1;
    double m_tableVisibleMs = -1;
    bool m_filtering = false;
};

} // namespace informant
