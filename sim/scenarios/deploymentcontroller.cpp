#include "sim/scenarios/deploymentcontroller.h"

#include "sim/objectwriter.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");
const QString kReplicaSets = QStringLiteral("apps/replicasets");
const QString kDeployments = QStringLiteral("apps/deployments");

QString templateHash(const QJsonObject &podTemplate)
{
    const QByteArray digest = QCryptographicHash::hash(
        QJsonDocument(podTemplate).toJson(QJsonDocument::Compact), QCryptographicHash::Sha1);
    static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString out;
    for (int i = 0; i < 10; ++i)
        out += QLatin1Char(kAlphabet[quint8(digest[i]) % (sizeof(kAlphabet) - 1)]);
    return out;
}

QJsonObject ownerReference(const StoredObject &owner, const char *kind, const char *apiVersion)
{
    return QJsonObject{{"apiVersion", apiVersion}, {"kind", kind},
                       {"name", owner.name},       {"uid", owner.uid},
                       {"controller", true},       {"blockOwnerDeletion", true}};
}

bool isRunning(const StoredObject &pod)
{
    return pod.field(QStringLiteral("status.phase")) == QLatin1String("Running");
}

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

std::vector<ObjectPtr> DeploymentController::podsOf(const QString &ownerUid) const
{
    std::vector<ObjectPtr> out;
    for (const auto &[key, pod] : m_context.storage.store(kPods).objects()) {
        if (pod->ownerUids.contains(ownerUid) && !pod->beingDeleted)
            out.push_back(pod);
    }
    return out;
}

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
                                 {"ownerReferences", QJsonArray{ownerReference(
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
    const QString hash = templateHash(spec.value(QLatin1String("template")).toObject());
    const ObjectPtr current = ensureReplicaSet(deployment, object, hash, desired);
    if (!current)
        return;
    const QJsonObject currentJson = ObjectWriter::toJson(*current);
    std::vector<ObjectPtr> newPods = podsOf(current->uid);
    std::vector<ObjectPtr> oldPods;
    std::vector<ObjectPtr> oldSets;
    for (const ObjectPtr &rs : replicaSetsOf(deployment->uid)) {
        if (rs->uid == current->uid)
            continue;
        oldSets.push_back(rs);
        for (const ObjectPtr &pod : podsOf(rs->uid))
            oldPods.push_back(pod);
    }
    for (const ObjectPtr &pod : newPods) {
        if (!isRunning(*pod))
            startPod(pod);
    }
    const int total = int(newPods.size() + oldPods.size());
    if (int(newPods.size()) < desired && total <= desired) {
        createPod(current, currentJson);
    } else if (int(newPods.size()) > desired) {
        deletePod(newPods.back());
    } else if (!oldPods.empty()) {
        deletePod(oldPods.front());
    }
    for (const ObjectPtr &rs : oldSets) {
        if (podsOf(rs->uid).empty())
            (void)ensureReplicaSet(deployment, object, rs->name.section('-', -1), 0);
    }
    pruneHistory(spec, oldSets);
    const auto running = std::count_if(newPods.begin(), newPods.end(),
                                       [](const ObjectPtr &pod) { return isRunning(*pod); });
    updateStatus(current, QStringLiteral("apps"), QStringLiteral("replicasets"),
                 QJsonObject{{"replicas", int(newPods.size())},
                             {"fullyLabeledReplicas", int(newPods.size())},
                             {"readyReplicas", int(running)},
                             {"availableReplicas", int(running)},
                             {"observedGeneration", 1}});
    const QJsonObject generation = object.value(QLatin1String("metadata")).toObject();
    updateStatus(
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
        if (podsOf(rs->uid).empty())
            (void)ObjectWriter(m_context).remove(type, rs, false);
    }
}

void DeploymentController::createPod(const ObjectPtr &replicaSet, const QJsonObject &replicaSetJson)
{
    const QJsonObject podTemplate = replicaSetJson.value(QLatin1String("spec"))
                                        .toObject()
                                        .value(QLatin1String("template"))
                                        .toObject();
    QJsonObject metadata = podTemplate.value(QLatin1String("metadata")).toObject();
    static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString suffix;
    quint32 seed = ++m_podCounter * 2654435761u + qHash(replicaSet->uid);
    for (int i = 0; i < 5; ++i, seed /= 27)
        suffix += QLatin1Char(kAlphabet[seed % 27]);
    metadata.insert(QLatin1String("name"), replicaSet->name + '-' + suffix);
    metadata.insert(QLatin1String("generateName"), replicaSet->name + '-');
    metadata.insert(QLatin1String("namespace"), replicaSet->namespaceName);
    metadata.insert(QLatin1String("ownerReferences"),
                    QJsonArray{ownerReference(*replicaSet, "ReplicaSet", "apps/v1")});
    QJsonObject spec = podTemplate.value(QLatin1String("spec")).toObject();
    spec.insert(QLatin1String("nodeName"),
                QStringLiteral("node-%1").arg(m_nextNode++ % quint32(m_nodeCount)));
    spec.insert(QLatin1String("restartPolicy"),
                spec.value(QLatin1String("restartPolicy")).toString(QStringLiteral("Always")));
    spec.insert(QLatin1String("schedulerName"), QStringLiteral("default-scheduler"));
    const QJsonObject pod{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", metadata},
        {"spec", spec},
        {"status", QJsonObject{{"phase", "Pending"}, {"qosClass", "BestEffort"}}}};
    const auto created =
        ObjectWriter(m_context).create(typeOf(m_context, kPods), pod, replicaSet->namespaceName);
    if (!created.ok())
        return;
    const StoredObject &stored = *created.value()->object;
    m_events.normal(
        EventSubject::of(*replicaSet, QStringLiteral("ReplicaSet"), QStringLiteral("apps/v1")),
        QStringLiteral("SuccessfulCreate"), QStringLiteral("Created pod: %1").arg(stored.name),
        QStringLiteral("replicaset-controller"));
    m_events.normal(
        EventSubject::of(stored, QStringLiteral("Pod"), QStringLiteral("v1")),
        QStringLiteral("Scheduled"),
        QStringLiteral("Successfully assigned %1/%2 to %3")
            .arg(stored.namespaceName, stored.name, stored.field(QStringLiteral("spec.nodeName"))),
        QStringLiteral("default-scheduler"));
}

void DeploymentController::startPod(const ObjectPtr &pod)
{
    QJsonObject object = ObjectWriter::toJson(*pod);
    const QJsonArray containers =
        object.value(QLatin1String("spec")).toObject().value(QLatin1String("containers")).toArray();
    const QString now = nowTimestamp();
    QJsonArray statuses;
    EventSubject subject = EventSubject::of(*pod, QStringLiteral("Pod"), QStringLiteral("v1"));
    for (const QJsonValue &value : containers) {
        const QJsonObject container = value.toObject();
        const QString name = container.value(QLatin1String("name")).toString();
        const QString image = container.value(QLatin1String("image")).toString();
        statuses.append(
            QJsonObject{{"name", name},
                        {"state", QJsonObject{{"running", QJsonObject{{"startedAt", now}}}}},
                        {"lastState", QJsonObject()},
                        {"ready", true},
                        {"restartCount", 0},
                        {"image", image},
                        {"imageID", image + QStringLiteral("@sha256:9d4f2c1e0b7a")},
                        {"containerID", QStringLiteral("containerd://") + pod->uid.left(8) + name},
                        {"started", true}});
        subject.fieldPath = QStringLiteral("spec.containers{%1}").arg(name);
        m_events.normal(
            subject, QStringLiteral("Pulled"),
            QStringLiteral("Container image \"%1\" already present on machine").arg(image),
            QStringLiteral("kubelet"));
        m_events.normal(subject, QStringLiteral("Created"),
                        QStringLiteral("Created container %1").arg(name),
                        QStringLiteral("kubelet"));
        m_events.normal(subject, QStringLiteral("Started"),
                        QStringLiteral("Started container %1").arg(name),
                        QStringLiteral("kubelet"));
    }
    const QString nodeName = pod->field(QStringLiteral("spec.nodeName"));
    const QString hostIp = QStringLiteral("10.0.0.%1").arg(nodeName.section('-', -1).toInt() + 10);
    const QString podIp = QStringLiteral("10.244.%1.%2")
                              .arg(nodeName.section('-', -1).toInt())
                              .arg(qHash(pod->uid) % 250 + 2);
    const auto condition = [&](const char *type) {
        return QJsonObject{{"type", type},
                           {"status", "True"},
                           {"lastProbeTime", QJsonValue::Null},
                           {"lastTransitionTime", now}};
    };
    object.insert(QLatin1String("status"),
                  QJsonObject{{"phase", "Running"},
                              {"conditions",
                               QJsonArray{condition("PodReadyToStartContainers"),
                                          condition("Initialized"), condition("Ready"),
                                          condition("ContainersReady"), condition("PodScheduled")}},
                              {"hostIP", hostIp},
                              {"hostIPs", QJsonArray{QJsonObject{{"ip", hostIp}}}},
                              {"podIP", podIp},
                              {"podIPs", QJsonArray{QJsonObject{{"ip", podIp}}}},
                              {"startTime", now},
                              {"containerStatuses", statuses},
                              {"qosClass", "BestEffort"}});
    (void)ObjectWriter(m_context).update(typeOf(m_context, kPods), object, pod,
                                         UpdateScope::Status);
}

void DeploymentController::deletePod(const ObjectPtr &pod)
{
    EventSubject subject = EventSubject::of(*pod, QStringLiteral("Pod"), QStringLiteral("v1"));
    m_events.normal(subject, QStringLiteral("Killing"), QStringLiteral("Stopping container app"),
                    QStringLiteral("kubelet"));
    (void)ObjectWriter(m_context).remove(typeOf(m_context, kPods), pod);
}

void DeploymentController::updateStatus(const ObjectPtr &object, const QString &resourceGroup,
                                        const QString &resource, const QJsonObject &status)
{
    QJsonObject json = ObjectWriter::toJson(*object);
    if (QJsonDocument(json.value(QLatin1String("status")).toObject()).toJson() ==
        QJsonDocument(status).toJson())
        return;
    // Unchanged conditions keep their times, so equal statuses compare equal.
    json.insert(QLatin1String("status"), status);
    const auto type = m_context.table.find(resourceGroup, QStringLiteral("v1"), resource);
    if (type)
        (void)ObjectWriter(m_context).update(*type, json, object, UpdateScope::Status);
}

} // namespace informant::sim
