#pragma once

// The demo's crash-looping pod, on the kubelet's schedule: its container runs
// a moment, exits 1 (reason Error) and waits in CrashLoopBackOff for the
// back-off (10 s doubling per restart, at most 5 min) before the next start,
// which bumps restartCount. containerStatuses[].lastState.terminated holds the
// last exit, so `kubectl get pods` shows RESTARTS as "4 (2m ago)". It starts
// with a few restarts behind it, made as long ago as they took; BackOff
// warnings repeat while it waits. A deleted pod stays deleted. Server thread
// only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/scenarios/podfactory.h"

#include <QObject>
#include <QTimer>

namespace informant::sim {

class CrashLoopingPod final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrashLoopingPod)

public:
    static constexpr int kInitialBackOffSeconds = 10; // kubelet's initial container back-off
    static constexpr int kMaxBackOffSeconds = 300;    // kubelet's MaxContainerBackOff
    static constexpr int kRunMs = 3000;               // how long the container lives
    static constexpr int kBackOffEventIntervalMs = 20000;

    CrashLoopingPod(ServerContext &context, EventRecorder &events, PodParams pod);

    // The wait before the restart that follows `restartCount` restarts.
    static int backOffSeconds(int restartCount);
    // From the pod's start to its container's exit after `restartCount`
    // restarts: each run, and the back-off before each restart.
    static int secondsToExit(int restartCount);
    // "2m40s", as Go prints a time.Duration of whole seconds.
    static QString goDuration(int seconds);

    // Stores the pod: crashed `sinceSeconds` ago after `restartCount`
    // restarts, made secondsToExit(restartCount) before that.
    void create(int restartCount, int sinceSeconds);
    void start();
    void setPaused(bool paused);

private:
    bool stillOurs() const;
    void store();
    void crash();
    void restart();
    // The kubelet's BackOff warning, now or at `at` (a past the pod starts with).
    void warnBackOff(const QDateTime &at = QDateTime());

    ServerContext &m_context;
    EventRecorder &m_events;
    PodParams m_pod;
    QTimer m_crashTimer;
    QTimer m_restartTimer;
    QTimer m_warnTimer;
    qint64 m_restartAtMs = 0; // when the waiting container starts again (epoch ms)
};

} // namespace informant::sim
