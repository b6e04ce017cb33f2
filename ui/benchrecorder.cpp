#include "ui/benchrecorder.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>

namespace informant {

BenchRecorder::BenchRecorder(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(kTickMs);
    connect(m_timer, &QTimer::timeout, this, &BenchRecorder::onTick);
}

qint64 BenchRecorder::monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

qint64 BenchRecorder::threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void BenchRecorder::start()
{
    m_stallMs.reserve(1 << 16);
    m_cpuMs.reserve(1 << 16);
    m_latencyMs.reserve(1 << 16);
    m_startNs = monotonicNs();
    m_lastTickNs = m_startNs;
    m_lastTickCpuNs = threadCpuNs();
    m_timer->start();
}

void BenchRecorder::onTick()
{
    const qint64 now = monotonicNs();
    const double lateMs = double(now - m_lastTickNs) / 1e6 - kTickMs;
    m_stallMs.push_back(std::max(0.0, lateMs));
    m_lastTickNs = now;
    const qint64 cpu = threadCpuNs();
    m_cpuMs.push_back(double(cpu - m_lastTickCpuNs) / 1e6);
    m_lastTickCpuNs = cpu;
}

void BenchRecorder::recordLatency(const QList<qint64> &receivedNs)
{
    if (!m_timer->isActive())
        return; // not started yet (warm-up)
    const qint64 now = monotonicNs();
    for (qint64 t : receivedNs) {
        if (t > 0 && t <= now)
            m_latencyMs.push_back(double(now - t) / 1e6);
    }
}

namespace {

// The machine's 1-minute load average when the report is written (the stall
// figures mean little on a machine with more runnable threads than cores).
double loadAverage()
{
    double load[1] = {-1};
    return getloadavg(load, 1) == 1 ? load[0] : -1;
}

} // namespace

BenchRecorder::Percentiles BenchRecorder::percentiles(std::vector<double> values)
{
    Percentiles p;
    p.samples = qsizetype(values.size());
    if (values.empty())
        return p;
    std::sort(values.begin(), values.end());
    auto at = [&](double q) {
        const size_t i = std::min(values.size() - 1, size_t(q * double(values.size() - 1) + 0.5));
        return values[i];
    };
    p.p50 = at(0.50);
    p.p99 = at(0.99);
    p.max = values.back();
    return p;
}

QByteArray BenchRecorder::reportJson() const
{
    auto toJson = [](const Percentiles &p) {
        return QJsonObject{{QStringLiteral("p50"), p.p50},
                           {QStringLiteral("p99"), p.p99},
                           {QStringLiteral("max"), p.max},
                           {QStringLiteral("samples"), p.samples}};
    };
    QJsonObject root{
        {QStringLiteral("duration_s"),
         m_startNs > 0 ? double(monotonicNs() - m_startNs) / 1e9 : 0.0},
        {QStringLiteral("timer_interval_ms"), kTickMs},
        {QStringLiteral("gui_stall_ms"), toJson(percentiles(m_stallMs))},
        {QStringLiteral("gui_cpu_per_tick_ms"), toJson(percentiles(m_cpuMs))},
        // Share of one core the GUI thread used while measuring.
        {QStringLiteral("gui_cpu_share"), cpuShare()},
        {QStringLiteral("load_average_1m"), loadAverage()},
        {QStringLiteral("change_to_screen_ms"), toJson(percentiles(m_latencyMs))},
    };
    for (const auto &[name, producer] : m_sections)
        root.insert(name, producer());
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

void BenchRecorder::addSection(const QString &name, std::function<QJsonObject()> producer)
{
    m_sections.append({name, std::move(producer)});
}

double BenchRecorder::cpuShare() const
{
    if (m_startNs <= 0)
        return 0;
    double cpuMs = 0;
    for (double ms : m_cpuMs)
        cpuMs += ms;
    const double wallMs = double(m_lastTickNs - m_startNs) / 1e6;
    return wallMs > 0 ? cpuMs / wallMs : 0;
}

bool BenchRecorder::started() const
{
    return m_timer->isActive();
}

bool BenchRecorder::writeReport(const QString &path) const
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(reportJson()) >= 0;
}

} // namespace informant
