#include "sim/scenarios/crashloopingpod.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");

QString timestamp(qint64 msSinceEpoch)
{
    return QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC).toString(Qt::ISODate);
}

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

CrashLoopingPod::CrashLoopingPod(ServerContext &context, EventRecorder &events, PodParams pod)
    : m_context(context)
    , m_events(events)
    , m_pod(std::move(pod))
{
    m_crashTimer.setSingleShot(true);
    m_restartTimer.setSingleShot(true);
    connect(&m_crashTimer, &QTimer::timeout, this, &CrashLoopingPod::crash);
    connect(&m_restartTimer, &QTimer::timeout, this, &CrashLoopingPod::restart);
    connect(&m_warnTimer, &QTimer::timeout, this, [this] { warnBackOff(); });
}

int CrashLoopingPod::backOffSeconds(int restartCount)
{
    int seconds = kInitialBackOffSeconds;
    for (int i = 0; i < restartCount && seconds < kMaxBackOffSeconds; ++i)
        seconds *= 2;
    return std::min(seconds, kMaxBackOffSeconds);
}

int CrashLoopingPod::secondsToExit(int restartCount)
{
    int seconds = (restartCount + 1) * kRunMs / 1000;
    for (int restart = 0; restart < restartCount; ++restart)
        seconds += backOffSeconds(restart);
    return seconds;
}

QString CrashLoopingPod::goDuration(int seconds)
{
    if (seconds < 60)
        return QStringLiteral("%1s").arg(seconds);
    if (seconds < 3600)
        return QStringLiteral("%1m%2s").arg(seconds / 60).arg(seconds % 60);
    return QStringLiteral("%1h%2m%3s").arg(seconds / 3600).arg(seconds / 60 % 60).arg(seconds % 60);
}

void CrashLoopingPod::create(int restartCount, int sinceSeconds)
{
    const qint64 crashedAt = nowMs() - qint64(sinceSeconds) * 1000;
    m_pod.createdAt = timestamp(crashedAt - qint64(secondsToExit(restartCount)) * 1000);
    m_pod.restartCount = restartCount;
    m_pod.ready = false;
    m_pod.lastStartedAt = timestamp(crashedAt - kRunMs);
    m_pod.lastFinishedAt = timestamp(crashedAt);
    m_pod.lastExitCode = 1;
    m_pod.lastReason = QStringLiteral("Error");
    m_pod.waitingReason = QStringLiteral("CrashLoopBackOff");
    m_pod.waitingMessage =
        QStringLiteral("back-off %1 restarting failed container=app pod=%2_%3(%4)")
            .arg(goDuration(backOffSeconds(restartCount)), m_pod.name, m_pod.namespaceName,
                 m_pod.uid);
    m_restartAtMs = crashedAt + qint64(backOffSeconds(restartCount)) * 1000;
    store();
    // The kubelet has warned at each back-off since the first crash: the
    // event is a series from the start ("BackOff (x2 over 4m)"), as on a
    // cluster where the pod has been crashing for a while.
    if (restartCount > 0) {
        const qint64 createdMs = crashedAt - qint64(secondsToExit(restartCount)) * 1000;
        warnBackOff(QDateTime::fromMSecsSinceEpoch(createdMs + kRunMs, QTimeZone::utc()));
    }
    warnBackOff();
}

void CrashLoopingPod::start()
{
    setPaused(false);
}

void CrashLoopingPod::setPaused(bool paused)
{
    for (QTimer *timer : {&m_crashTimer, &m_restartTimer, &m_warnTimer})
        timer->stop();
    if (paused || !stillOurs())
        return;
    if (m_pod.waitingReason.isEmpty()) {
        m_crashTimer.start(kRunMs);
        return;
    }
    m_restartTimer.start(std::chrono::milliseconds(std::max<qint64>(0, m_restartAtMs - nowMs())));
    m_warnTimer.start(kBackOffEventIntervalMs);
}

// A bare pod: once deleted (or Terminating) nothing brings it back.
bool CrashLoopingPod::stillOurs() const
{
    const ObjectPtr stored =
        m_context.storage.store(kPods).get(m_pod.namespaceName + '/' + m_pod.name);
    return stored && stored->uid == m_pod.uid && !stored->beingDeleted;
}

void CrashLoopingPod::store()
{
    ++m_pod.generation;
    const PodParams pod = m_pod;
    m_context.storage.putBuilt(kPods,
                               [&pod](quint64 rv) { return PodFactory::podObject(pod, rv); });
}

void CrashLoopingPod::crash()
{
    if (!stillOurs())
        return;
    const qint64 now = nowMs();
    m_pod.lastStartedAt = m_pod.startedAt;
    m_pod.lastFinishedAt = timestamp(now);
    m_pod.startedAt.clear();
    const int backOff = backOffSeconds(m_pod.restartCount);
    m_pod.waitingReason = QStringLiteral("CrashLoopBackOff");
    m_pod.waitingMessage =
        QStringLiteral("back-off %1 restarting failed container=app pod=%2_%3(%4)")
            .arg(goDuration(backOff), m_pod.name, m_pod.namespaceName, m_pod.uid);
    m_restartAtMs = now + qint64(backOff) * 1000;
    store();
    warnBackOff();
    setPaused(false);
}

void CrashLoopingPod::restart()
{
    if (!stillOurs())
        return;
    ++m_pod.restartCount;
    m_pod.waitingReason.clear();
    m_pod.waitingMessage.clear();
    m_pod.startedAt = timestamp(nowMs());
    store();
    const ObjectPtr stored =
        m_context.storage.store(kPods).get(m_pod.namespaceName + '/' + m_pod.name);
    EventSubject subject = EventSubject::of(*stored, QStringLiteral("Pod"), QStringLiteral("v1"));
    subject.fieldPath = QStringLiteral("spec.containers{app}");
    const QString kubelet = QStringLiteral("kubelet");
    m_events.normal(
        subject, QStringLiteral("Pulled"),
        QStringLiteral("Container image \"%1\" already present on machine").arg(m_pod.image),
        kubelet);
    m_events.normal(subject, QStringLiteral("Created"), QStringLiteral("Created container app"),
                    kubelet);
    m_events.normal(subject, QStringLiteral("Started"), QStringLiteral("Started container app"),
                    kubelet);
    setPaused(false);
}

void CrashLoopingPod::warnBackOff(const QDateTime &at)
{
    if (!stillOurs())
        return;
    const ObjectPtr stored =
        m_context.storage.store(kPods).get(m_pod.namespaceName + '/' + m_pod.name);
    EventSubject subject = EventSubject::of(*stored, QStringLiteral("Pod"), QStringLiteral("v1"));
    subject.fieldPath = QStringLiteral("spec.containers{app}");
    m_events.warning(subject, QStringLiteral("BackOff"),
                     QStringLiteral("Back-off restarting failed container app in pod %1_%2(%3)")
                         .arg(m_pod.name, m_pod.namespaceName, m_pod.uid),
                     QStringLiteral("kubelet"), at);
}

} // namespace informant::sim
