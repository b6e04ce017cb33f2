#include "sim/scenarios/daemonsetcontroller.h"

#include "sim/objectwriter.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

namespace informant::sim {

namespace {

int generationOf(const QJsonObject &object)
{
    return object.value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("generation"))
        .toInt(1);
}

} // namespace

void DaemonSetController::reconcile()
{
    QStringList nodes;
    for (const auto &[key, node] : m_context.storage.store(QStringLiteral("/nodes")).objects()) {
        if (!node->beingDeleted)
            nodes.append(node->name);
    }
    std::vector<ObjectPtr> sets;
    for (const auto &[key, set] :
         m_context.storage.store(QStringLiteral("apps/daemonsets")).objects())
        sets.push_back(set);
    for (const ObjectPtr &set : sets)
        reconcileSet(set, nodes);
}

void DaemonSetController::reconcileSet(const ObjectPtr &set, const QStringList &nodes)
{
    if (set->beingDeleted)
        return;
    const QJsonObject object = ObjectWriter::toJson(*set);
    const QJsonObject podTemplate =
        object.value(QLatin1String("spec")).toObject().value(QLatin1String("template")).toObject();
    const QString revision = WorkloadPods::templateHash(podTemplate);
    QHash<QString, std::vector<ObjectPtr>> byNode;
    bool anyTerminating = false;
    for (const ObjectPtr &pod : m_pods.podsOf(set->uid, true)) {
        if (pod->beingDeleted) {
            anyTerminating = true;
            continue;
        }
        byNode[pod->field(QStringLiteral("spec.nodeName"))].push_back(pod);
        if (!WorkloadPods::isRunning(*pod))
            m_pods.start(pod);
    }
    for (auto it = byNode.begin(); it != byNode.end(); ++it) {
        // Pods on a node that left, and all but the first on any node, go.
        for (std::size_t i = nodes.contains(it.key()) ? 1 : 0; i < it.value().size(); ++i)
            m_pods.remove(it.value()[i]);
    }
    // Nodes without an available pod (none yet, or one not Ready), and one
    // more while any pod is still stopping.
    int unavailable = anyTerminating ? 1 : 0;
    for (const QString &node : nodes) {
        const auto found = byNode.constFind(node);
        if (found == byNode.constEnd() || found->empty()) {
            ++unavailable;
            (void)m_pods.create(
                set, "DaemonSet", QStringLiteral("daemonset-controller"), podTemplate, QString(),
                set->name + '-',
                QJsonObject{{WorkloadPods::kRevisionLabel, revision},
                            {"pod-template-generation", QString::number(generationOf(object))}},
                node);
        } else if (!WorkloadPods::isReady(*found->front())) {
            ++unavailable;
        }
    }
    // RollingUpdate with maxUnavailable 1, as the daemon controller does it:
    // an old pod that is not available goes at once (it lowers availability
    // no further); an available one only while every other node has an
    // available pod, one at a time.
    for (const QString &node : nodes) {
        const auto found = byNode.constFind(node);
        if (found == byNode.constEnd() || found->empty())
            continue;
        const ObjectPtr pod = found->front();
        if (WorkloadPods::revisionOf(*pod) == revision)
            continue;
        if (!WorkloadPods::isReady(*pod)) {
            m_pods.remove(pod);
        } else if (unavailable == 0) {
            m_pods.remove(pod);
            ++unavailable;
        }
    }
    updateStatus(set, object, nodes, revision);
}

void DaemonSetController::updateStatus(const ObjectPtr &set, const QJsonObject &object,
                                       const QStringList &nodes, const QString &revision)
{
    QSet<QString> scheduled;
    int ready = 0;
    int updated = 0;
    for (const ObjectPtr &pod : m_pods.podsOf(set->uid)) {
        const QString node = pod->field(QStringLiteral("spec.nodeName"));
        if (!nodes.contains(node) || scheduled.contains(node))
            continue;
        scheduled.insert(node);
        ready += WorkloadPods::isReady(*pod) ? 1 : 0;
        updated += WorkloadPods::revisionOf(*pod) == revision ? 1 : 0;
    }
    const int desired = int(nodes.size());
    QJsonObject status{{"observedGeneration", generationOf(object)},
                       {"desiredNumberScheduled", desired},
                       {"currentNumberScheduled", int(scheduled.size())},
                       {"numberMisscheduled", 0},
                       {"numberReady", ready},
                       {"numberAvailable", ready},
                       {"updatedNumberScheduled", updated}};
    if (desired > ready)
        status.insert(QLatin1String("numberUnavailable"), desired - ready);
    m_pods.updateStatus(set, QStringLiteral("apps"), QStringLiteral("daemonsets"), status);
}

} // namespace informant::sim
