#pragma once

// BenchRecorder: the GUI's measurement mode (`--bench-report FILE`,
// performance spec S3). It records, with a monotonic high-resolution clock,
//   - GUI-thread stall: how late a 5 ms repeating timer fires;
//   - GUI-thread CPU per tick: the thread's own CPU time between two ticks.
//     On a loaded machine a late tick is often a wait for a core, not our
//     work; this figure separates the two (equal to stall + 5 ms when the
//     thread is the one keeping the timer late on an idle machine);
//   - change-to-screen latency: from ObjectChange::receivedNs (the change
//     reaching the reflector) to the table model emitting it;
// and writes p50/p99/max of both as JSON, with any extra sections (start-up
// milestones) added by the application.

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>

#include <functional>
#include <vector>

class QTimer;

namespace informant {

class BenchRecorder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BenchRecorder)

public:
    static constexpr int kTickMs = 5;

    explicit BenchRecorder(QObject *parent = nullptr);

    void start();
    // Called with the receivedNs of the changes a model just emitted.
    void recordLatency(const QList<qint64> &receivedNs);
    // Monotonic nanoseconds, the domain of ObjectChange::receivedNs.
    static qint64 monotonicNs();
    static qint64 threadCpuNs(); // of the calling thread

    // A section of the report, produced when it is written.
    void addSection(const QString &name, std::function<QJsonObject()> producer);
    bool started() const;

    QByteArray reportJson() const;
    bool writeReport(const QString &path) const;

    struct Percentiles
    {
        double p50 = 0;
        double p99 = 0;
        double max = 0;
        qsizetype samples = 0;
    };
    static Percentiles percentiles(std::vector<double> values);

private:
    void onTick();
    double cpuShare() const;

    QTimer *m_timer;
    qint64 m_lastTickNs = 0;
    qint64 m_lastTickCpuNs = 0;
    qint64 m_startNs = 0;
    std::vector<double> m_stallMs;
    std::vector<double> m_cpuMs;
    std::vector<double> m_latencyMs;
    QList<std::pair<QString, std::function<QJsonObject()>>> m_sections;
};

} // namespace informant
