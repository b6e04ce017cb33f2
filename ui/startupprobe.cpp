#include "ui/startupprobe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QWidget>

#include <chrono>
#include <ctime>
#include <unistd.h>

namespace informant {

namespace {

qint64 g_mainNs = 0;        // monotonic time at markMain()
double g_execToMainMs = -1; // exec -> main(), from /proc/self/stat
QList<std::pair<const char *, double>> g_marks;

qint64 monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The process's start time in ms since boot, or -1 (not Linux, unreadable).
double processStartSinceBootMs()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // The command name (field 2) may hold spaces and parentheses: fields are
    // counted after its last ')'. starttime is field 22.
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    constexpr int kStartTimeAfterComm = 22 - 3;
    if (fields.size() <= kStartTimeAfterComm)
        return -1;
    bool ok = false;
    const double ticks = fields.at(kStartTimeAfterComm).toDouble(&ok);
    const long hz = sysconf(_SC_CLK_TCK);
    return ok && hz > 0 ? ticks * 1000.0 / double(hz) : -1;
}

} // namespace

void StartupProbe::markMain()
{
    g_mainNs = monotonicNs();
    timespec boot{};
    const double startMs = processStartSinceBootMs();
    if (startMs >= 0 && clock_gettime(CLOCK_BOOTTIME, &boot) == 0) {
        const double nowMs = double(boot.tv_sec) * 1e3 + double(boot.tv_nsec) / 1e6;
        g_execToMainMs = std::max(0.0, nowMs - startMs);
    }
}

void StartupProbe::mark(const char *name)
{
    g_marks.append({name, sinceExecMs()});
}

double StartupProbe::sinceExecMs()
{
    if (g_mainNs == 0)
        return -1;
    return std::max(0.0, g_execToMainMs) + double(monotonicNs() - g_mainNs) / 1e6;
}

StartupProbe::StartupProbe(QObject *parent)
    : QObject(parent)
{
}

StartupProbe::~StartupProbe()
{
    if (m_filtering)
        qApp->removeEventFilter(this);
}

void StartupProbe::watch(QWidget *window, QWidget *tableViewport, std::function<bool()> tableReady)
{
    m_window = window;
    m_tableViewport = tableViewport;
    m_tableReady = std::move(tableReady);
    if (!m_filtering) {
        // Application-wide: paints of child widgets do not pass the window.
        qApp->installEventFilter(this);
        m_filtering = true;
    }
}

double StartupProbe::mainMs() const
{
    return g_mainNs == 0 ? -1 : std::max(0.0, g_execToMainMs);
}

bool StartupProbe::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Paint || !watched->isWidgetType())
        return false;
    auto *widget = static_cast<QWidget *>(watched);
    if (m_windowPaintedMs < 0 && m_window && widget->window() == m_window)
        m_windowPaintedMs = sinceExecMs();
    if (m_tableVisibleMs < 0 && widget == m_tableViewport && m_tableReady && m_tableReady())
        m_tableVisibleMs = sinceExecMs();
    if (m_windowPaintedMs >= 0 && m_tableVisibleMs >= 0) {
        qApp->removeEventFilter(this);
        m_filtering = false;
    }
    return false;
}

QJsonObject StartupProbe::toJson() const
{
    QJsonObject marks;
    for (const auto &[name, ms] : std::as_const(g_marks))
        marks.insert(QLatin1String(name), ms);
    return QJsonObject{
        {QStringLiteral("origin"),
         g_execToMainMs >= 0 ? QStringLiteral("exec") : QStringLiteral("main")},
        {QStringLiteral("main_ms"), mainMs()},
        {QStringLiteral("window_painted_ms"), m_windowPaintedMs},
        {QStringLiteral("table_visible_ms"), m_tableVisibleMs},
        {QStringLiteral("marks_ms"), marks},
    };
}

} // namespace informant
