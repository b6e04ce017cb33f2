// The demo scenario's pods outside its controllers: the crash-looping pod
// and the pending pod, with the Deployments and ReplicaSets they come from.

#include "sim/scenarios/demo.h"

#include "sim/objectwriter.h"

#include <QJsonArray>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");

// How long the pending pod has waited for a node with a GPU.
constexpr qint64 kPendingAgeSeconds = 7 * 60;

// Their Deployments are older than these pods, which replaced the first
// ones (a node drained since, say).
constexpr qint64 kLedgerWorkerAgeSeconds = 6 * 3600;
constexpr qint64 kGpuInferenceAgeSeconds = 2 * 86400;

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

} // namespace

// The deployment controller finds the ReplicaSet by its template's hash and
// the replica set controller the pod by its owner, so neither makes another;
// the pods' kubelet, not theirs, keeps each failing (WorkloadPods::start).
void DemoScenario::createOwners(PodParams &pod, qint64 ageSeconds)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QJsonObject templateLabels{{"app", pod.app}, {"team", pod.team}, {"tier", pod.tier}};
    const QJsonObject podTemplate{
        {"metadata", QJsonObject{{"labels", templateLabels}}},
        {"spec", QJsonObject{{"containers",
                              QJsonArray{QJsonObject{{"name", "app"}, {"image", pod.image}}}}}}};
    const QJsonObject deployment{
        {"apiVersion", "apps/v1"},
        {"kind", "Deployment"},
        {"metadata", QJsonObject{{"name", pod.app},
                                 {"namespace", pod.namespaceName},
                                 {"labels", QJsonObject{{"app", pod.app}}}}},
        {"spec",
         QJsonObject{{"replicas", 1},
                     {"selector", QJsonObject{{"matchLabels", QJsonObject{{"app", pod.app}}}}},
                     {"template", podTemplate}}}};
    const auto stored = writerAgo(now, ageSeconds)
                            .create(type("apps", "deployments"), deployment, pod.namespaceName);
    if (!stored.ok())
        return;
    const ObjectPtr owner = stored.value()->object;
    // Hashed as stored (defaulted), as the deployment controller hashes it.
    QJsonObject setTemplate = member(member(ObjectWriter::toJson(*owner), "spec"), "template");
    const QString hash = WorkloadPods::templateHash(setTemplate);
    QJsonObject labels = templateLabels;
    labels.insert(QLatin1String("pod-template-hash"), hash);
    QJsonObject templateMetadata = member(setTemplate, "metadata");
    templateMetadata.insert(QLatin1String("labels"), labels);
    setTemplate.insert(QLatin1String("metadata"), templateMetadata);
    const QJsonObject replicaSet{
        {"apiVersion", "apps/v1"},
        {"kind", "ReplicaSet"},
        {"metadata",
         QJsonObject{{"name", pod.app + '-' + hash},
                     {"namespace", pod.namespaceName},
                     {"labels", labels},
                     {"annotations", QJsonObject{{"deployment.kubernetes.io/desired-replicas", "1"},
                                                 {"deployment.kubernetes.io/max-replicas", "2"},
                                                 {"deployment.kubernetes.io/revision", "1"}}},
                     {"ownerReferences",
                      QJsonArray{WorkloadPods::ownerReference(*owner, "Deployment", "apps/v1")}}}},
        {"spec", QJsonObject{{"replicas", 1},
                             {"selector", QJsonObject{{"matchLabels",
                                                       QJsonObject{{"app", pod.app},
                                                                   {"pod-template-hash", hash}}}}},
                             {"template", setTemplate}}}};
    // A moment later, as the deployment controller makes it.
    const auto set = writerAgo(now, ageSeconds - 1)
                         .create(type("apps", "replicasets"), replicaSet, pod.namespaceName);
    if (!set.ok())
        return;
    pod.templateHash = hash;
    pod.name = pod.app + '-' + hash + '-' + pod.name.section(QLatin1Char('-'), -1);
    pod.ownerUid = set.value()->object->uid;
}

// Four restarts behind it, the last 70 s ago, made as long before as they
// took (about 4 min): the next comes after the 2m40s back-off, then every
// 5 min, as the kubelet would have it.
void DemoScenario::createCrashLoopingPod()
{
    constexpr int kRestarts = 4;
    constexpr int kCrashedSecondsAgo = 70;
    PodParams pod =
        m_factory.makePod(QStringLiteral("payments"), QStringLiteral("ledger-worker"), 3);
    createOwners(pod, kLedgerWorkerAgeSeconds);
    m_crashLoop = std::make_unique<CrashLoopingPod>(m_context, m_events, pod);
    m_crashLoop->create(kRestarts, kCrashedSecondsAgo);
}

void DemoScenario::createPendingPod()
{
    PodParams pod = m_factory.makePod(QStringLiteral("web"), QStringLiteral("gpu-inference"), 3);
    createOwners(pod, kGpuInferenceAgeSeconds);
    const QDateTime created = QDateTime::currentDateTimeUtc().addSecs(-kPendingAgeSeconds);
    pod.createdAt = created.toString(Qt::ISODate);
    pod.nodeName.clear();
    pod.gpus = 1;
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
