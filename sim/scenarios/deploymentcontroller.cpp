#include "sim/scenarios/deploymentcontroller.h"

#include "sim/objectwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace informant::sim {

namespace {

const QString kReplicaSets = QStringLiteral("apps/replicasets");
const QString kDeployments = QStringLiteral("apps/deployments");

ResourceType typeOf(ServerContext &context, const QString &storageId)
{
    return *context.table.findByStorage(storageId);
}

// A Deployment condition as the controller manager writes it: its
// lastTransitionTime moves when its status changes and its lastUpdateTime when
// anything in it does, so an unchanged condition keeps both and an unchanged
// status compares equal (no new version of the object).
QJsonObject deploymentCondition(const QJsonObject &deployment, const char *type, bool status,
                                const char *reason, const QString &message)
{
    QJsonObject condition{{"type", type},
                          {"status", status ? "True" : "False"},
                          {"reason", reason},
                          {"message", message}};
    const QJsonArray previous = deployment.value(QLatin1String("status"))
                                    .toObject()
                                    .value(QLatin1String("conditions"))
                                    .toArray();
    const auto same = [&](const QJsonObject &before, const char *field) {
        return before.value(QLatin1String(field)) == condition.value(QLatin1String(field));
    };
    for (const QJsonValue &value : previous) {
        const QJsonObject before = value.toObject();
        if (!same(before, "type"))
            continue;
        if (same(before, "status"))
            condition.insert(QLatin1String("lastTransitionTime"),
                             before.value(QLatin1String("lastTransitionTime")));
        if (same(before, "status") && same(before, "reason") && same(before, "message"))
            condition.insert(QLatin1String("lastUpdateTime"),
                             before.value(QLatin1String("lastUpdateTime")));
    }
    const QString now = nowTimestamp();
    if (!condition.value(QLatin1String("lastTransitionTime")).isString())
        condition.insert(QLatin1String("lastTransitionTime"), now);
    if (!condition.value(QLatin1String("lastUpdateTime")).isString())
        condition.insert(QLatin1String("lastUpdateTime"), now);
    return condition;
}

} // namespace

std::vector<ObjectPtr> DeploymentController::replicaSetsOf(const QString &deploymentUid) const
{
    std::vector<ObjectPtr> out;
    for (const auto &[key, rs] : m_context.storage.store(kReplicaSets).objects()) {
        if (rs->ownerUids.contains(deploymentUid))
            out.push_back(rs);
    }
    return out;
}

void DeploymentController::reconcile()
{
    std::vector<ObjectPtr> deployments;
    for (const auto &[key, deployment] : m_context.storage.store(kDeployments).objects())
        deployments.push_back(deployment);
    for (const ObjectPtr &deployment : deployments)
        reconcileDeployment(deployment);
}

ObjectPtr DeploymentController::ensureReplicaSet(const ObjectPtr &deployment,
                                                 const QJsonObject &object, const QString &hash,
                                                 int replicas)
{
    const QString name = deployment->name + '-' + hash;
    const ObjectPtr existing =
        m_context.storage.store(kReplicaSets).get(deployment->namespaceName + '/' + name);
    const ResourceType type = typeOf(m_context, kReplicaSets);
    QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    QJsonObject podTemplate = spec.value(QLatin1String("template")).toObject();
    QJsonObject templateMetadata = podTemplate.value(QLatin1String("metadata")).toObject();
    QJsonObject labels = templateMetadata.value(QLatin1String("labels")).toObject();
    labels.insert(QLatin1String("pod-template-hash"), hash);
    templateMetadata.insert(QLatin1String("labels"), labels);
    podTemplate.insert(QLatin1String("metadata"), templateMetadata);
    if (existing) {
        QJsonObject rs = ObjectWriter::toJson(*existing);
        QJsonObject rsSpec = rs.value(QLatin1String("spec")).toObject();
        if (rsSpec.value(QLatin1String("replicas")).toInt() == replicas)
            return existing;
        const int before = rsSpec.value(QLatin1String("replicas")).toInt();
        rsSpec.insert(QLatin1String("replicas"), replicas);
        rs.insert(QLatin1String("spec"), rsSpec);
        const auto updated =
            ObjectWriter(m_context).update(type, rs, existing, UpdateScope::Object);
        m_events.normal(
            EventSubject::of(*deployment, QStringLiteral("Deployment"), QStringLiteral("apps/v1")),
            QStringLiteral("ScalingReplicaSet"),
            QStringLiteral("Scaled %1 replica set %2 from %3 to %4")
                .arg(replicas > before ? QStringLiteral("up") : QStringLiteral("down"), name)
                .arg(before)
                .arg(replicas),
            QStringLiteral("deployment-controller"));
        return updated.ok() ? updated.value()->object : existing;
    }
    QJsonObject selector = spec.value(QLatin1String("selector")).toObject();
    QJsonObject matchLabels = selector.value(QLatin1String("matchLabels")).toObject();
    matchLabels.insert(QLatin1String("pod-template-hash"), hash);
    selector.insert(QLatin1String("matchLabels"), matchLabels);
    const QJsonObject rs{
        {"apiVersion", "apps/v1"},
        {"kind", "ReplicaSet"},
        {"metadata", QJsonObject{{"name", name},
                                 {"namespace", deployment->namespaceName},
                                 {"labels", labels},
                                 {"ownerReferences", QJsonArray{WorkloadPods::ownerReference(
                                                         *deployment, "Deployment", "apps/v1")}}}},
        {"spec",
         QJsonObject{{"replicas", replicas}, {"selector", selector}, {"template", podTemplate}}},
        {"status", QJsonObject{{"replicas", 0}}}};
    const auto created = ObjectWriter(m_context).create(type, rs, deployment->namespaceName);
    if (!created.ok())
        return nullptr;
    m_events.normal(
        EventSubject::of(*deployment, QStringLiteral("Deployment"), QStringLiteral("apps/v1")),
        QStringLiteral("ScalingReplicaSet"),
        QStringLiteral("Scaled up replica set %1 to %2").arg(name).arg(replicas),
        QStringLiteral("deployment-controller"));
    return created.value()->object;
}

void DeploymentController::reconcileDeployment(const ObjectPtr &deployment)
{
    if (deployment->beingDeleted)
        return;
    const QJsonObject object = ObjectWriter::toJson(*deployment);
    const QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    const int desired = spec.value(QLatin1String("replicas")).toInt(1);
    const QString hash =
        WorkloadPods::templateHash(spec.value(QLatin1String("template")).toObject());
    const ObjectPtr current = ensureReplicaSet(deployment, object, hash, desired);
    if (!current)
        return;
    const QJsonObject currentJson = ObjectWriter::toJson(*current);
    std::vector<ObjectPtr> newPods = m_pods.podsOf(current->uid);
    std::vector<ObjectPtr> oldPods;
    std::vector<ObjectPtr> oldSets;
    for (const ObjectPtr &rs : replicaSetsOf(deployment->uid)) {
        if (rs->uid == current->uid)
            continue;
        oldSets.push_back(rs);
        for (const ObjectPtr &pod : m_pods.podsOf(rs->uid))
            oldPods.push_back(pod);
    }
    for (const ObjectPtr &pod : newPods) {
        if (!WorkloadPods::isRunning(*pod))
            m_pods.start(pod);
    }
    const int total = int(newPods.size() + oldPods.size());
    if (int(newPods.size()) < desired && total <= desired) {
        createPod(current, currentJson);
    } else if (int(newPods.size()) > desired) {
        m_pods.remove(newPods.back());
    } else if (!oldPods.empty()) {
        m_pods.remove(oldPods.front());
    }
    for (const ObjectPtr &rs : oldSets) {
        if (m_pods.podsOf(rs->uid).empty())
            (void)ensureReplicaSet(deployment, object, rs->name.section('-', -1), 0);
    }
    pruneHistory(spec, oldSets);
    const auto running = std::count_if(newPods.begin(), newPods.end(), [](const ObjectPtr &pod) {
        return WorkloadPods::isRunning(*pod);
    });
    m_pods.updateStatus(current, QStringLiteral("apps"), QStringLiteral("replicasets"),
                        QJsonObject{{"replicas", int(newPods.size())},
                                    {"fullyLabeledReplicas", int(newPods.size())},
                                    {"readyReplicas", int(running)},
                                    {"availableReplicas", int(running)},
                                    {"observedGeneration", 1}});
    const QJsonObject generation = object.value(QLatin1String("metadata")).toObject();
    m_pods.updateStatus(
        deployment, QStringLiteral("apps"), QStringLiteral("deployments"),
        QJsonObject{
            {"observedGeneration", generation.value(QLatin1String("generation")).toInt(1)},
            {"replicas", total},
            {"updatedReplicas", int(newPods.size())},
            {"readyReplicas", int(running + (oldPods.empty() ? 0 : long(oldPods.size())))},
            {"availableReplicas", int(running)},
            {"conditions",
             QJsonArray{
                 deploymentCondition(
                     object, "Available", running >= desired,
                     running >= desired ? "MinimumReplicasAvailable" : "MinimumReplicasUnavailable",
                     running >= desired
                         ? QStringLiteral("Deployment has minimum availability.")
                         : QStringLiteral("Deployment does not have minimum availability.")),
                 deploymentCondition(
                     object, "Progressing", true, "NewReplicaSetAvailable",
                     QStringLiteral("ReplicaSet \"%1\" has successfully progressed.")
                         .arg(current->name))}}});
}

// As kube-controller-manager's cleanup: old ReplicaSets that no longer run a
// pod are deleted, oldest first, beyond spec.revisionHistoryLimit (10 by
// default). The demo rolls each Deployment every half minute; without this
// its ReplicaSets piled up by the hundred.
void DeploymentController::pruneHistory(const QJsonObject &spec,
                                        const std::vector<ObjectPtr> &oldSets)
{
    const int limit = spec.value(QLatin1String("revisionHistoryLimit")).toInt(10);
    if (int(oldSets.size()) <= limit)
        return;
    std::vector<std::pair<QString, ObjectPtr>> oldestFirst; // by creation time, then name
    for (const ObjectPtr &rs : oldSets) {
        const QJsonObject metadata =
            ObjectWriter::toJson(*rs).value(QLatin1String("metadata")).toObject();
        oldestFirst.emplace_back(
            metadata.value(QLatin1String("creationTimestamp")).toString() + u' ' + rs->name, rs);
    }
    std::sort(oldestFirst.begin(), oldestFirst.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    const ResourceType type = typeOf(m_context, kReplicaSets);
    for (std::size_t i = 0; i + limit < oldestFirst.size(); ++i) {
        const ObjectPtr &rs = oldestFirst[i].second;
        if (m_pods.podsOf(rs->uid).empty())
            (void)ObjectWriter(m_context).remove(type, rs, false);
    }
}

void DeploymentController::createPod(const ObjectPtr &replicaSet, const QJsonObject &replicaSetJson)
{
    const QJsonObject podTemplate = replicaSetJson.value(QLatin1String("spec"))
                                        .toObject()
                                        .value(QLatin1String("template"))
                                        .toObject();
    (void)m_pods.create(replicaSet, "ReplicaSet", QStringLiteral("replicaset-controller"),
                        podTemplate, QString(), replicaSet->name + '-', QJsonObject());
}

} // namespace informant::sim
