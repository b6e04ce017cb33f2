// The demo scenario's pods outside its controllers: the crash-looping pod
// and the pending pod.

#include "sim/scenarios/demo.h"

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");

// How long the pending pod has waited for a node with a GPU.
constexpr qint64 kPendingAgeSeconds = 7 * 60;

} // namespace

// Four restarts behind it, the last 70 s ago, made as long before as they
// took (about 4 min): the next comes after the 2m40s back-off, then every
// 5 min, as the kubelet would have it.
void DemoScenario::createCrashLoopingPod()
{
    m_crashLoop = std::make_unique<CrashLoopingPod>(
        m_context, m_events,
        m_factory.makePod(QStringLiteral("payments"), QStringLiteral("ledger-worker"), 3));
    m_crashLoop->create(4, 70);
}

void DemoScenario::createPendingPod()
{
    PodParams pod = m_factory.makePod(QStringLiteral("web"), QStringLiteral("gpu-inference"), 3);
    const QDateTime created = QDateTime::currentDateTimeUtc().addSecs(-kPendingAgeSeconds);
    pod.createdAt = created.toString(Qt::ISODate);
    pod.nodeName.clear();
    pod.ready = false;
    const EventPtr stored = m_context.storage.putBuilt(
        kPods, [&pod](quint64 rv) { return PodFactory::podObject(pod, rv); });
    // The scheduler said so when the pod came, and again since.
    const EventSubject subject =
        EventSubject::of(*stored->object, QStringLiteral("Pod"), QStringLiteral("v1"));
    for (const QDateTime &at : {created, QDateTime()})
        m_events.warning(subject, QStringLiteral("FailedScheduling"),
                         QStringLiteral("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. "
                                        "preemption: 0/3 nodes are available: 3 No preemption "
                                        "victims found for incoming pod."),
                         QStringLiteral("default-scheduler"), at);
}

} // namespace informant::sim
