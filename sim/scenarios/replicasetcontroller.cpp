#include "sim/scenarios/replicasetcontroller.h"

#include "sim/objectwriter.h"

#include <algorithm>

namespace informant::sim {

namespace {

const QString kReplicaSets = QStringLiteral("apps/replicasets");

// Sets `key` to `count`, or leaves it out when 0 (omitempty).
void putCount(QJsonObject &status, const char *key, int count)
{
    if (count != 0)
        status.insert(QLatin1String(key), count);
}

} // namespace

void ReplicaSetController::reconcile()
{
    std::vector<ObjectPtr> sets;
    for (const auto &[key, replicaSet] : m_context.storage.store(kReplicaSets).objects())
        sets.push_back(replicaSet);
    for (const ObjectPtr &replicaSet : sets)
        reconcileSet(replicaSet);
}

void ReplicaSetController::reconcileSet(const ObjectPtr &replicaSet)
{
    if (replicaSet->beingDeleted)
        return;
    const QJsonObject object = ObjectWriter::toJson(*replicaSet);
    const QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    const int desired = spec.value(QLatin1String("replicas")).toInt(1);
    std::vector<ObjectPtr> pods = m_pods.podsOf(replicaSet->uid);
    for (const ObjectPtr &pod : pods) {
        if (!WorkloadPods::isRunning(*pod))
            m_pods.start(pod);
    }
    if (int(pods.size()) > desired) {
        deletePods(replicaSet, m_pods.podsOf(replicaSet->uid), int(pods.size()) - desired);
    } else {
        for (int i = int(pods.size()); i < desired; ++i)
            (void)m_pods.create(replicaSet, "ReplicaSet", QStringLiteral("replicaset-controller"),
                                spec.value(QLatin1String("template")).toObject(), QString(),
                                replicaSet->name + '-', QJsonObject());
    }
    pods = m_pods.podsOf(replicaSet->uid);
    const int ready = int(std::count_if(pods.begin(), pods.end(), [](const ObjectPtr &pod) {
        return WorkloadPods::isReady(*pod);
    }));
    QJsonObject status{{"replicas", int(pods.size())},
                       {"observedGeneration", object.value(QLatin1String("metadata"))
                                                  .toObject()
                                                  .value(QLatin1String("generation"))
                                                  .toInteger(1)}};
    putCount(status, "fullyLabeledReplicas", int(pods.size()));
    putCount(status, "readyReplicas", ready);
    putCount(status, "availableReplicas", ready);
    m_pods.updateStatus(replicaSet, QStringLiteral("apps"), QStringLiteral("replicasets"), status);
}

// As the controller's getPodsToDelete, simplified: pods not running before
// running ones, then the newest (the last by name: generated names carry no
// order, but a surplus is usually the latest made).
void ReplicaSetController::deletePods(const ObjectPtr &replicaSet, std::vector<ObjectPtr> pods,
                                      int count)
{
    const auto running = std::stable_partition(pods.begin(), pods.end(), [](const ObjectPtr &pod) {
        return !WorkloadPods::isRunning(*pod);
    });
    std::reverse(running, pods.end());
    const EventSubject subject =
        EventSubject::of(*replicaSet, QStringLiteral("ReplicaSet"), QStringLiteral("apps/v1"));
    for (int i = 0; i < count && i < int(pods.size()); ++i) {
        m_pods.remove(pods[i]);
        m_events.normal(subject, QStringLiteral("SuccessfulDelete"),
                        QStringLiteral("Deleted pod: %1").arg(pods[i]->name),
                        QStringLiteral("replicaset-controller"));
    }
}

} // namespace informant::sim
