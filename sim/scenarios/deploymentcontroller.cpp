#include "sim/scenarios/deploymentcontroller.h"

#include "sim/objectwriter.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace informant::sim {

namespace {

const QString kReplicaSets = QStringLiteral("apps/replicasets");
const QString kDeployments = QStringLiteral("apps/deployments");
const QString kRevision = QStringLiteral("deployment.kubernetes.io/revision");
const QString kDesiredReplicas = QStringLiteral("deployment.kubernetes.io/desired-replicas");
const QString kMaxReplicas = QStringLiteral("deployment.kubernetes.io/max-replicas");

ResourceType typeOf(ServerContext &context, const QString &storageId)
{
    return *context.table.findByStorage(storageId);
}

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

int specReplicas(const StoredObject &object)
{
    return member(ObjectWriter::toJson(object), "spec").value(QLatin1String("replicas")).toInt(1);
}

int statusCount(const StoredObject &object, const char *field)
{
    return member(ObjectWriter::toJson(object), "status").value(QLatin1String(field)).toInt();
}

int revisionOf(const StoredObject &replicaSet)
{
    return member(member(ObjectWriter::toJson(replicaSet), "metadata"), "annotations")
        .value(kRevision)
        .toString()
        .toInt();
}

// An int-or-string of spec.strategy.rollingUpdate: a count, or a percentage
// of `total` rounded up (maxSurge) or down (maxUnavailable), as intstr's
// GetScaledValueFromIntOrPercent.
int resolve(const QJsonValue &value, int total, bool roundUp)
{
    if (value.isDouble())
        return value.toInt();
    const QString text = value.toString();
    if (!text.endsWith(u'%'))
        return text.toInt();
    const double scaled = text.chopped(1).toDouble() * total / 100.0;
    return int(roundUp ? std::ceil(scaled) : std::floor(scaled));
}

// Oldest first, by creation time then name, as ReplicaSetsByCreationTimestamp.
void sortOldestFirst(std::vector<ObjectPtr> &sets)
{
    const auto created = [](const ObjectPtr &set) {
        return member(ObjectWriter::toJson(*set), "metadata")
                   .value(QLatin1String("creationTimestamp"))
                   .toString() +
               u' ' + set->name;
    };
    std::sort(sets.begin(), sets.end(),
              [&](const ObjectPtr &a, const ObjectPtr &b) { return created(a) < created(b); });
}

// A Deployment condition as the controller manager writes it: its
// lastTransitionTime moves when its status changes and its lastUpdateTime when
// anything in it does, so an unchanged condition keeps both and an unchanged
// status compares equal (no new version of the object).
QJsonObject deploymentCondition(const QJsonObject &deployment, const char *type, const char *status,
                                const QString &reason, const QString &message)
{
    QJsonObject condition{
        {"type", type}, {"status", status}, {"reason", reason}, {"message", message}};
    const QJsonArray previous = member(deployment, "status").value("conditions").toArray();
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

QJsonObject deploymentCondition(const QJsonObject &deployment, const char *type, bool status,
                                const QString &reason, const QString &message)
{
    return deploymentCondition(deployment, type, status ? "True" : "False", reason, message);
}

QJsonObject previousCondition(const QJsonObject &deployment, const char *type)
{
    for (const QJsonValue &value : member(deployment, "status").value("conditions").toArray()) {
        if (value.toObject().value(QLatin1String("type")) == QLatin1String(type))
            return value.toObject();
    }
    return QJsonObject();
}

// As syncRolloutStatus: where the rollout to `newSet` is; unchanged while it
// makes no progress. As checkPausedConditions, a paused Deployment's is
// Unknown, DeploymentPaused, and DeploymentResumed once resumed until the
// rollout moves on.
QJsonObject progressingCondition(const QJsonObject &deployment, const QString &newSet,
                                 bool complete, bool created, bool progressed)
{
    const QString quoted = u'"' + newSet + u'"';
    const QJsonObject previous = previousCondition(deployment, "Progressing");
    const QString previousReason = previous.value(QLatin1String("reason")).toString();
    if (member(deployment, "spec").value(QLatin1String("paused")).toBool())
        return deploymentCondition(deployment, "Progressing", "Unknown",
                                   QStringLiteral("DeploymentPaused"),
                                   QStringLiteral("Deployment is paused"));
    if (previousReason == QLatin1String("DeploymentPaused") && !created)
        return deploymentCondition(deployment, "Progressing", "Unknown",
                                   QStringLiteral("DeploymentResumed"),
                                   QStringLiteral("Deployment is resumed"));
    if (complete)
        return deploymentCondition(
            deployment, "Progressing", true, QStringLiteral("NewReplicaSetAvailable"),
            QStringLiteral("ReplicaSet %1 has successfully progressed.").arg(quoted));
    if (created)
        return deploymentCondition(deployment, "Progressing", true,
                                   QStringLiteral("NewReplicaSetCreated"),
                                   QStringLiteral("Created new replica set %1").arg(quoted));
    if (!progressed && !previous.isEmpty())
        return previous;
    return deploymentCondition(deployment, "Progressing", true, QStringLiteral("ReplicaSetUpdated"),
                               QStringLiteral("ReplicaSet %1 is progressing.").arg(quoted));
}

} // namespace

DeploymentController::Strategy DeploymentController::strategyOf(const QJsonObject &spec,
                                                                int desired)
{
    const QJsonObject strategy = member(spec, "strategy");
    if (strategy.value(QLatin1String("type")) == QLatin1String("Recreate"))
        return Strategy{true, 0, 0};
    const QJsonObject rolling = member(strategy, "rollingUpdate");
    const auto field = [&](const char *name) {
        const QJsonValue value = rolling.value(QLatin1String(name));
        return value.isUndefined() || value.isNull() ? QJsonValue(QStringLiteral("25%")) : value;
    };
    Strategy out;
    out.maxSurge = resolve(field("maxSurge"), desired, true);
    out.maxUnavailable = resolve(field("maxUnavailable"), desired, false);
    // As ResolveFenceposts: both zero would never progress.
    if (out.maxSurge == 0 && out.maxUnavailable == 0)
        out.maxUnavailable = 1;
    out.maxUnavailable = std::min(out.maxUnavailable, desired);
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
    m_replicaSets.reconcile();
    std::vector<ObjectPtr> deployments;
    for (const auto &[key, deployment] : m_context.storage.store(kDeployments).objects())
        deployments.push_back(deployment);
    for (const ObjectPtr &deployment : deployments)
        reconcileDeployment(deployment);
}

void DeploymentController::reconcileDeployment(const ObjectPtr &deployment)
{
    if (deployment->beingDeleted)
        return;
    const QJsonObject object = ObjectWriter::toJson(*deployment);
    const QJsonObject spec = member(object, "spec");
    const int desired = spec.value(QLatin1String("replicas")).toInt(1);
    const Strategy strategy = strategyOf(spec, desired);
    const QString hash = WorkloadPods::templateHash(member(spec, "template"));
    ObjectPtr newSet;
    std::vector<ObjectPtr> oldSets;
    int maxRevision = 0;
    int oldReplicas = 0;
    bool oldPods = false;
    for (const ObjectPtr &rs : replicaSetsOf(deployment->uid)) {
        maxRevision = std::max(maxRevision, revisionOf(*rs));
        if (rs->name == deployment->name + '-' + hash && !rs->beingDeleted) {
            newSet = rs;
            continue;
        }
        oldSets.push_back(rs);
        oldReplicas += specReplicas(*rs);
        oldPods = oldPods || !m_replicaSets.podsOf(rs->uid, true).empty();
    }
    sortOldestFirst(oldSets);
    const int maxReplicas = desired + strategy.maxSurge;
    if (spec.value(QLatin1String("paused")).toBool())
        return syncPaused(deployment, newSet, oldSets, desired, maxReplicas);
    if (strategy.recreate) {
        // As rolloutRecreate: every old pod gone before the new set scales up.
        for (ObjectPtr &rs : oldSets)
            rs = scale(deployment, rs, 0, maxReplicas);
        if (oldPods)
            return;
    }
    const bool created = !newSet;
    // As NewRSNewReplicas: the new set grows as far as maxSurge allows; with
    // no old replicas left, a change of spec.replicas is a plain scale.
    const int current = newSet ? specReplicas(*newSet) : 0;
    int target = desired;
    if (oldReplicas > 0 && current < desired)
        target = current + std::clamp(maxReplicas - oldReplicas - current, 0, desired - current);
    if (created) {
        newSet = createReplicaSet(deployment, spec, hash, target, maxRevision + 1);
        if (!newSet)
            return;
    } else {
        newSet = scale(deployment, newSet, target, maxReplicas);
        if (revisionOf(*newSet) < maxRevision) // a template rolled back to
            newSet = setRevision(kReplicaSets, newSet, maxRevision + 1);
    }
    if (!strategy.recreate)
        rollOldSetsDown(deployment, newSet, oldSets, desired, strategy);
    pruneHistory(spec, oldSets);
    writeStatus(setRevision(kDeployments, deployment, revisionOf(*newSet)), newSet, oldSets,
                created);
}

// As the controller's sync of a paused Deployment: no ReplicaSet is made for
// a new template and no rollout moves; a scale (kubectl scale works while
// paused) goes to the one ReplicaSet that runs pods (the newest, if none
// does). Proportional scaling of a rollout paused halfway is not played:
// its sets keep their sizes.
void DeploymentController::syncPaused(const ObjectPtr &deployment, const ObjectPtr &newSet,
                                      const std::vector<ObjectPtr> &oldSets, int desired,
                                      int maxReplicas)
{
    std::vector<ObjectPtr> sets = oldSets; // oldest first
    if (newSet)
        sets.push_back(newSet);
    std::vector<ObjectPtr> active;
    for (const ObjectPtr &rs : sets) {
        if (specReplicas(*rs) > 0)
            active.push_back(rs);
    }
    ObjectPtr shownNewSet = newSet;
    std::vector<ObjectPtr> shownOldSets = oldSets;
    if (active.size() <= 1 && !sets.empty()) {
        const ObjectPtr target = active.empty() ? sets.back() : active.front();
        const ObjectPtr scaled = scale(deployment, target, desired, maxReplicas);
        if (target == newSet)
            shownNewSet = scaled;
        else
            std::replace(shownOldSets.begin(), shownOldSets.end(), target, scaled);
    }
    writeStatus(deployment, shownNewSet, shownOldSets, false);
}

ObjectPtr DeploymentController::createReplicaSet(const ObjectPtr &deployment,
                                                 const QJsonObject &spec, const QString &hash,
                                                 int replicas, int revision)
{
    const Strategy strategy = strategyOf(spec, spec.value(QLatin1String("replicas")).toInt(1));
    QJsonObject podTemplate = member(spec, "template");
    QJsonObject templateMetadata = member(podTemplate, "metadata");
    QJsonObject labels = member(templateMetadata, "labels");
    labels.insert(QLatin1String("pod-template-hash"), hash);
    templateMetadata.insert(QLatin1String("labels"), labels);
    podTemplate.insert(QLatin1String("metadata"), templateMetadata);
    QJsonObject selector = member(spec, "selector");
    QJsonObject matchLabels = member(selector, "matchLabels");
    matchLabels.insert(QLatin1String("pod-template-hash"), hash);
    selector.insert(QLatin1String("matchLabels"), matchLabels);
    const int desired = spec.value(QLatin1String("replicas")).toInt(1);
    const QString name = deployment->name + '-' + hash;
    const QJsonObject rs{
        {"apiVersion", "apps/v1"},
        {"kind", "ReplicaSet"},
        {"metadata",
         QJsonObject{{"name", name},
                     {"namespace", deployment->namespaceName},
                     {"labels", labels},
                     {"annotations",
                      QJsonObject{{kDesiredReplicas, QString::number(desired)},
                                  {kMaxReplicas, QString::number(desired + strategy.maxSurge)},
                                  {kRevision, QString::number(revision)}}},
                     {"ownerReferences", QJsonArray{WorkloadPods::ownerReference(
                                             *deployment, "Deployment", "apps/v1")}}}},
        {"spec",
         QJsonObject{{"replicas", replicas}, {"selector", selector}, {"template", podTemplate}}}};
    const auto created = ObjectWriter(m_context).create(typeOf(m_context, kReplicaSets), rs,
                                                        deployment->namespaceName);
    if (!created.ok())
        return nullptr;
    if (replicas > 0)
        m_events.normal(
            EventSubject::of(*deployment, QStringLiteral("Deployment"), QStringLiteral("apps/v1")),
            QStringLiteral("ScalingReplicaSet"),
            QStringLiteral("Scaled up replica set %1 from 0 to %2").arg(name).arg(replicas),
            QStringLiteral("deployment-controller"));
    return created.value()->object;
}

ObjectPtr DeploymentController::scale(const ObjectPtr &deployment, const ObjectPtr &replicaSet,
                                      int replicas, int maxReplicas)
{
    QJsonObject rs = ObjectWriter::toJson(*replicaSet);
    QJsonObject spec = member(rs, "spec");
    QJsonObject metadata = member(rs, "metadata");
    QJsonObject annotations = member(metadata, "annotations");
    const int before = spec.value(QLatin1String("replicas")).toInt(1);
    const int desired =
        member(ObjectWriter::toJson(*deployment), "spec").value(QLatin1String("replicas")).toInt(1);
    // As setReplicasAnnotations: a scaled set records the Deployment's size.
    if (before == replicas)
        return replicaSet;
    annotations.insert(kDesiredReplicas, QString::number(desired));
    annotations.insert(kMaxReplicas, QString::number(maxReplicas));
    spec.insert(QLatin1String("replicas"), replicas);
    metadata.insert(QLatin1String("annotations"), annotations);
    rs.insert(QLatin1String("spec"), spec);
    rs.insert(QLatin1String("metadata"), metadata);
    const auto updated = ObjectWriter(m_context).update(typeOf(m_context, kReplicaSets), rs,
                                                        replicaSet, UpdateScope::Object);
    if (!updated.ok())
        return replicaSet;
    m_events.normal(
        EventSubject::of(*deployment, QStringLiteral("Deployment"), QStringLiteral("apps/v1")),
        QStringLiteral("ScalingReplicaSet"),
        QStringLiteral("Scaled %1 replica set %2 from %3 to %4")
            .arg(replicas > before ? QStringLiteral("up") : QStringLiteral("down"),
                 replicaSet->name)
            .arg(before)
            .arg(replicas),
        QStringLiteral("deployment-controller"));
    return updated.value()->object;
}

// As reconcileOldReplicaSets: old sets shrink only as far as keeps
// spec.replicas - maxUnavailable pods available, replicas that are not
// available going first (cleanupUnhealthyReplicas), oldest set first.
void DeploymentController::rollOldSetsDown(const ObjectPtr &deployment, const ObjectPtr &newSet,
                                           std::vector<ObjectPtr> &oldSets, int desired,
                                           const Strategy &strategy)
{
    const int maxReplicas = desired + strategy.maxSurge;
    int oldTotal = 0;
    int available = statusCount(*newSet, "availableReplicas");
    for (const ObjectPtr &rs : oldSets) {
        oldTotal += specReplicas(*rs);
        available += statusCount(*rs, "availableReplicas");
    }
    const int minAvailable = desired - strategy.maxUnavailable;
    const int newUnavailable = specReplicas(*newSet) - statusCount(*newSet, "availableReplicas");
    int budget = oldTotal + specReplicas(*newSet) - minAvailable - newUnavailable;
    if (oldTotal == 0 || budget <= 0)
        return;
    for (ObjectPtr &rs : oldSets) {
        const int replicas = specReplicas(*rs);
        const int unhealthy = std::min(budget, replicas - statusCount(*rs, "availableReplicas"));
        if (unhealthy > 0) {
            rs = scale(deployment, rs, replicas - unhealthy, maxReplicas);
            budget -= unhealthy;
        }
    }
    int scaleDown = available - minAvailable;
    for (ObjectPtr &rs : oldSets) {
        const int replicas = specReplicas(*rs);
        const int step = std::min(replicas, scaleDown);
        if (step <= 0)
            continue;
        rs = scale(deployment, rs, replicas - step, maxReplicas);
        scaleDown -= step;
    }
}

ObjectPtr DeploymentController::setRevision(const QString &storageId, const ObjectPtr &object,
                                            int revision)
{
    QJsonObject json = ObjectWriter::toJson(*object);
    QJsonObject metadata = member(json, "metadata");
    QJsonObject annotations = member(metadata, "annotations");
    if (annotations.value(kRevision) == QString::number(revision))
        return object;
    annotations.insert(kRevision, QString::number(revision));
    metadata.insert(QLatin1String("annotations"), annotations);
    json.insert(QLatin1String("metadata"), metadata);
    const auto updated = ObjectWriter(m_context).update(typeOf(m_context, storageId), json, object,
                                                        UpdateScope::Object);
    return updated.ok() ? updated.value()->object : object;
}

// As calculateStatus and syncRolloutStatus: the counts over every set (zeros
// left out, as omitempty), Available while spec.replicas - maxUnavailable pods
// are, and Progressing with the reason of where the rollout is: a new set
// just made, progress made, or complete.
void DeploymentController::writeStatus(const ObjectPtr &deployment, const ObjectPtr &newSet,
                                       const std::vector<ObjectPtr> &oldSets, bool created)
{
    const QJsonObject object = ObjectWriter::toJson(*deployment);
    const int desired = member(object, "spec").value(QLatin1String("replicas")).toInt(1);
    int replicas = 0, ready = 0, available = 0, specTotal = 0;
    std::vector<ObjectPtr> sets = oldSets;
    if (newSet)
        sets.push_back(newSet);
    for (const ObjectPtr &rs : sets) {
        replicas += statusCount(*rs, "replicas");
        ready += statusCount(*rs, "readyReplicas");
        available += statusCount(*rs, "availableReplicas");
        specTotal += specReplicas(*rs);
    }
    const int updated = newSet ? statusCount(*newSet, "replicas") : 0;
    const QJsonObject before = member(object, "status");
    const bool complete = updated == desired && replicas == desired && available == desired;
    const bool progressed =
        updated > before.value(QLatin1String("updatedReplicas")).toInt() ||
        ready > before.value(QLatin1String("readyReplicas")).toInt() ||
        available > before.value(QLatin1String("availableReplicas")).toInt() ||
        replicas - updated < before.value(QLatin1String("replicas")).toInt() -
                                 before.value(QLatin1String("updatedReplicas")).toInt();
    const QJsonObject progressing = progressingCondition(object, newSet ? newSet->name : QString(),
                                                         complete, created, progressed);
    const bool minimum =
        available >= desired - strategyOf(member(object, "spec"), desired).maxUnavailable;
    const QJsonObject availableCondition = deploymentCondition(
        object, "Available", minimum,
        minimum ? QStringLiteral("MinimumReplicasAvailable")
                : QStringLiteral("MinimumReplicasUnavailable"),
        minimum ? QStringLiteral("Deployment has minimum availability.")
                : QStringLiteral("Deployment does not have minimum availability."));
    QJsonObject status{
        {"observedGeneration", member(object, "metadata").value("generation").toInteger(1)},
        {"conditions", QJsonArray{availableCondition, progressing}}};
    const std::pair<const char *, int> counts[] = {
        {"replicas", replicas},
        {"updatedReplicas", updated},
        {"readyReplicas", ready},
        {"availableReplicas", available},
        {"unavailableReplicas", std::max(0, specTotal - available)}};
    for (const auto &[key, count] : counts) {
        if (count != 0)
            status.insert(QLatin1String(key), count);
    }
    m_status.updateStatus(deployment, QStringLiteral("apps"), QStringLiteral("deployments"),
                          status);
}

// As kube-controller-manager's cleanup: old ReplicaSets that no longer run a
// pod are deleted, oldest first, beyond spec.revisionHistoryLimit (10 by
// default), so a Deployment rolled out often does not pile them up.
void DeploymentController::pruneHistory(const QJsonObject &spec,
                                        const std::vector<ObjectPtr> &oldSets)
{
    const int limit = spec.value(QLatin1String("revisionHistoryLimit")).toInt(10);
    if (int(oldSets.size()) <= limit)
        return;
    const ResourceType type = typeOf(m_context, kReplicaSets);
    for (std::size_t i = 0; i + limit < oldSets.size(); ++i) { // oldSets: oldest first
        const ObjectPtr &rs = oldSets[i];
        if (specReplicas(*rs) == 0 && m_replicaSets.podsOf(rs->uid, true).empty())
            (void)ObjectWriter(m_context).remove(type, rs, false);
    }
}

} // namespace informant::sim
