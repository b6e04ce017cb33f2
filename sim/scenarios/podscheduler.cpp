#include "sim/scenarios/podscheduler.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/workloadpods.h"

#include <QJsonArray>
#include <QMap>

#include <vector>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");
const QString kNodes = QStringLiteral("/nodes");

QJsonObject objectOf(const StoredObject &stored)
{
    return ObjectWriter::toJson(stored);
}

// A count of an extended resource: a quantity string ("2") or, as a
// manifest may write it, a JSON number.
qint64 countOf(const QJsonValue &amount)
{
    return amount.isDouble() ? amount.toInteger() : amount.toString().toLongLong();
}

// Extended resources ("example.com/name": a '/' in the name) the pod's
// containers ask for, with the larger of request and limit.
QMap<QString, qint64> extendedResources(const QJsonObject &podSpec)
{
    QMap<QString, qint64> wanted;
    for (const QJsonValue &container : podSpec.value(QLatin1String("containers")).toArray()) {
        const QJsonObject resources =
            container.toObject().value(QLatin1String("resources")).toObject();
        for (const char *kind : {"requests", "limits"}) {
            const QJsonObject amounts = resources.value(QLatin1String(kind)).toObject();
            for (auto it = amounts.begin(); it != amounts.end(); ++it) {
                if (!it.key().contains(u'/'))
                    continue;
                const qint64 amount = countOf(it.value());
                wanted[it.key()] = std::max(wanted.value(it.key()), amount);
            }
        }
    }
    return wanted;
}

// Why `node` cannot take the pod (empty: it can), the scheduler's first
// failing filter's words; `resolvable` is false when evicting pods would not
// help (preemption's part of the message).
QString unfit(const QJsonObject &node, const QJsonObject &podSpec, bool &resolvable)
{
    resolvable = false;
    if (node.value(QLatin1String("spec")).toObject().value(QLatin1String("unschedulable")).toBool())
        return QStringLiteral("node(s) were unschedulable");
    const QJsonObject labels =
        node.value(QLatin1String("metadata")).toObject().value(QLatin1String("labels")).toObject();
    const QJsonObject selector = podSpec.value(QLatin1String("nodeSelector")).toObject();
    for (auto it = selector.begin(); it != selector.end(); ++it) {
        if (labels.value(it.key()) != it.value())
            return QStringLiteral("node(s) didn't match Pod's node affinity/selector");
    }
    const QJsonObject allocatable = node.value(QLatin1String("status"))
                                        .toObject()
                                        .value(QLatin1String("allocatable"))
                                        .toObject();
    const QMap<QString, qint64> wanted = extendedResources(podSpec);
    for (auto it = wanted.begin(); it != wanted.end(); ++it) {
        if (countOf(allocatable.value(it.key())) < it.value()) {
            resolvable = true;
            return QStringLiteral("Insufficient ") + it.key();
        }
    }
    return {};
}

// "2 node(s) were unschedulable, 1 Insufficient nvidia.com/gpu": each
// reason with its count, sorted as the scheduler sorts them.
QString histogram(const QMap<QString, int> &reasons)
{
    QStringList parts;
    for (auto it = reasons.begin(); it != reasons.end(); ++it)
        parts.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
    parts.sort();
    return parts.join(QStringLiteral(", "));
}

QJsonArray withCondition(const QJsonArray &conditions, const QJsonObject &condition)
{
    QJsonArray out;
    for (const QJsonValue &existing : conditions) {
        if (existing.toObject().value(QLatin1String("type")) !=
            condition.value(QLatin1String("type")))
            out.append(existing);
    }
    out.append(condition);
    return out;
}

} // namespace

PodScheduler::Placement PodScheduler::place(const QJsonObject &podSpec) const
{
    QMap<QString, int> podsOnNode;
    for (const auto &[key, pod] : m_context.storage.store(kPods).objects()) {
        const QString phase = pod->field(QStringLiteral("status.phase"));
        if (phase != QLatin1String("Succeeded") && phase != QLatin1String("Failed"))
            ++podsOnNode[pod->field(QStringLiteral("spec.nodeName"))];
    }
    Placement placement;
    int fewest = 0;
    int nodes = 0;
    QMap<QString, int> reasons;
    QMap<QString, int> preemption;
    for (const auto &[key, node] : m_context.storage.store(kNodes).objects()) {
        ++nodes;
        bool resolvable = false;
        const QString why = unfit(objectOf(*node), podSpec, resolvable);
        if (!why.isEmpty()) {
            ++reasons[why];
            ++preemption[resolvable ? QStringLiteral("No preemption victims found for incoming pod")
                                    : QStringLiteral("Preemption is not helpful for scheduling")];
            continue;
        }
        const int pods = podsOnNode.value(node->name);
        if (placement.nodeName.isEmpty() || pods < fewest) {
            placement.nodeName = node->name;
            fewest = pods;
        }
    }
    if (nodes == 0)
        placement.failureMessage = QStringLiteral("no nodes available to schedule pods");
    else if (placement.nodeName.isEmpty())
        placement.failureMessage =
            QStringLiteral(
                "0/%1 nodes are available: %2. preemption: 0/%1 nodes are available: %3.")
                .arg(QString::number(nodes), histogram(reasons), histogram(preemption));
    return placement;
}

void PodScheduler::reconcile()
{
    std::vector<ObjectPtr> pods;
    for (const auto &[key, pod] : m_context.storage.store(kPods).objects()) {
        const QString phase = pod->field(QStringLiteral("status.phase"));
        if (!pod->beingDeleted && (phase.isEmpty() || phase == QLatin1String("Pending")))
            pods.push_back(pod);
    }
    for (const ObjectPtr &pod : pods) {
        if (!pod->field(QStringLiteral("spec.nodeName")).isEmpty()) {
            // The controllers start their own pods; a pod of nobody's, its kubelet.
            if (pod->ownerUids.isEmpty())
                WorkloadPods(m_context, m_events).start(pod);
            continue;
        }
        const QJsonObject spec = objectOf(*pod).value(QLatin1String("spec")).toObject();
        const QString scheduler = spec.value(QLatin1String("schedulerName")).toString();
        if (scheduler.isEmpty() || scheduler == QLatin1String("default-scheduler"))
            schedule(pod); // not another scheduler's
    }
}

void PodScheduler::schedule(const ObjectPtr &pod)
{
    if (!pod->field(QStringLiteral("spec.nodeName")).isEmpty())
        return; // bound already: the scheduler never moves a pod
    const Placement placement = place(objectOf(*pod).value(QLatin1String("spec")).toObject());
    if (placement.nodeName.isEmpty())
        markUnschedulable(pod, placement.failureMessage);
    else
        bind(pod, placement.nodeName);
}

void PodScheduler::bind(const ObjectPtr &pod, const QString &nodeName)
{
    QJsonObject object = objectOf(*pod);
    QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    spec.insert(QLatin1String("nodeName"), nodeName);
    object.insert(QLatin1String("spec"), spec);
    QJsonObject status = object.value(QLatin1String("status")).toObject();
    status.insert(QLatin1String("phase"), QStringLiteral("Pending"));
    status.insert(QLatin1String("conditions"),
                  withCondition(status.value(QLatin1String("conditions")).toArray(),
                                QJsonObject{{"type", "PodScheduled"},
                                            {"status", "True"},
                                            {"lastProbeTime", QJsonValue::Null},
                                            {"lastTransitionTime", nowTimestamp()}}));
    object.insert(QLatin1String("status"), status);
    const auto bound = ObjectWriter(m_context).update(*m_context.table.findByStorage(kPods), object,
                                                      pod, UpdateScope::Everything);
    if (!bound.ok())
        return;
    m_events.normal(EventSubject::of(*pod, QStringLiteral("Pod"), QStringLiteral("v1")),
                    QStringLiteral("Scheduled"),
                    QStringLiteral("Successfully assigned %1/%2 to %3")
                        .arg(pod->namespaceName, pod->name, nodeName),
                    QStringLiteral("default-scheduler"));
}

void PodScheduler::markUnschedulable(const ObjectPtr &pod, const QString &message)
{
    QJsonObject object = objectOf(*pod);
    QJsonObject status = object.value(QLatin1String("status")).toObject();
    const QJsonArray conditions = status.value(QLatin1String("conditions")).toArray();
    for (const QJsonValue &condition : conditions) {
        const QJsonObject fields = condition.toObject();
        if (fields.value(QLatin1String("type")) == QLatin1String("PodScheduled") &&
            fields.value(QLatin1String("message")) == message)
            return; // said already: the scheduler tries again quietly
    }
    status.insert(QLatin1String("phase"), QStringLiteral("Pending"));
    status.insert(QLatin1String("conditions"),
                  withCondition(conditions, QJsonObject{{"type", "PodScheduled"},
                                                        {"status", "False"},
                                                        {"lastProbeTime", QJsonValue::Null},
                                                        {"lastTransitionTime", nowTimestamp()},
                                                        {"reason", "Unschedulable"},
                                                        {"message", message}}));
    object.insert(QLatin1String("status"), status);
    const auto marked = ObjectWriter(m_context).update(*m_context.table.findByStorage(kPods),
                                                       object, pod, UpdateScope::Everything);
    if (!marked.ok())
        return;
    m_events.warning(EventSubject::of(*pod, QStringLiteral("Pod"), QStringLiteral("v1")),
                     QStringLiteral("FailedScheduling"), message,
                     QStringLiteral("default-scheduler"));
}

} // namespace informant::sim
