#include "sim/scenarios/nodeheartbeat.h"

#include "sim/objectwriter.h"

#include <QJsonArray>

namespace informant::sim {

namespace {

const QString kNodes = QStringLiteral("/nodes");

// A metav1.MicroTime, as a Lease's renewTime is written.
QString microTime(const QDateTime &utc)
{
    return utc.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'000Z'"));
}

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

std::optional<ResourceType> leaseType(const ResourceTable &table)
{
    return table.find(QStringLiteral("coordination.k8s.io"), QStringLiteral("v1"),
                      QStringLiteral("leases"));
}

QJsonObject lease(const StoredObject &node, const QDateTime &renewed)
{
    return QJsonObject{
        {"apiVersion", "coordination.k8s.io/v1"},
        {"kind", "Lease"},
        {"metadata", QJsonObject{{"name", node.name},
                                 {"namespace", NodeHeartbeat::kLeaseNamespace},
                                 {"ownerReferences", QJsonArray{QJsonObject{{"apiVersion", "v1"},
                                                                            {"kind", "Node"},
                                                                            {"name", node.name},
                                                                            {"uid", node.uid}}}}}},
        {"spec", QJsonObject{{"holderIdentity", node.name},
                             {"leaseDurationSeconds", NodeHeartbeat::kLeaseDurationSeconds},
                             {"renewTime", microTime(renewed)}}}};
}

} // namespace

NodeHeartbeat::NodeHeartbeat(ServerContext &context, int renewIntervalMs)
    : m_context(context)
    , m_renewIntervalMs(renewIntervalMs)
{
    connect(&m_timer, &QTimer::timeout, this, &NodeHeartbeat::beat);
}

void NodeHeartbeat::populate()
{
    const auto leases = leaseType(m_context.table);
    if (m_renewIntervalMs <= 0 || !leases)
        return;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const auto &[key, node] : m_context.storage.store(kNodes).objects()) {
        const QDateTime created =
            QDateTime::fromString(member(ObjectWriter::toJson(*node), "metadata")
                                      .value(QLatin1String("creationTimestamp"))
                                      .toString(),
                                  Qt::ISODate);
        (void)ObjectWriter(m_context, created)
            .create(*leases, lease(*node, now), QLatin1String(kLeaseNamespace));
    }
    reportNodeStatus(now);
}

void NodeHeartbeat::start()
{
    if (m_renewIntervalMs > 0)
        m_timer.start(m_renewIntervalMs);
}

void NodeHeartbeat::setPaused(bool paused)
{
    if (paused)
        m_timer.stop();
    else
        start();
}

void NodeHeartbeat::beat()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    renewLeases(now);
    if (++m_renewals % kRenewalsPerStatusReport == 0)
        reportNodeStatus(now);
}

void NodeHeartbeat::renewLeases(const QDateTime &now)
{
    const auto leases = leaseType(m_context.table);
    if (!leases)
        return;
    ObjectWriter writer(m_context);
    const ResourceStore &store = m_context.storage.store(leases->storageId);
    for (const auto &[key, node] : m_context.storage.store(kNodes).objects()) {
        const ObjectPtr current = store.get(QLatin1String(kLeaseNamespace) + u'/' + node->name);
        if (!current || !current->ownerUids.contains(node->uid))
            continue; // not one of our kubelets' (or taken over)
        QJsonObject object = ObjectWriter::toJson(*current);
        QJsonObject spec = member(object, "spec");
        spec.insert(QLatin1String("renewTime"), microTime(now));
        object.insert(QLatin1String("spec"), spec);
        (void)writer.update(*leases, object, current, UpdateScope::Everything);
    }
}

void NodeHeartbeat::reportNodeStatus(const QDateTime &now)
{
    const auto nodes = m_context.table.findByStorage(kNodes);
    if (!nodes)
        return;
    const QString heartbeat = now.toString(Qt::ISODate);
    ObjectWriter writer(m_context);
    std::vector<ObjectPtr> current;
    for (const auto &[key, node] : m_context.storage.store(kNodes).objects())
        current.push_back(node);
    for (const ObjectPtr &node : current) {
        if (node->beingDeleted)
            continue;
        QJsonObject object = ObjectWriter::toJson(*node);
        QJsonObject status = member(object, "status");
        QJsonArray conditions = status.value(QLatin1String("conditions")).toArray();
        for (qsizetype i = 0; i < conditions.size(); ++i) {
            QJsonObject condition = conditions.at(i).toObject();
            condition.insert(QLatin1String("lastHeartbeatTime"), heartbeat);
            conditions.replace(i, condition);
        }
        status.insert(QLatin1String("conditions"), conditions);
        object.insert(QLatin1String("status"), status);
        (void)writer.update(*nodes, object, node, UpdateScope::Status);
    }
}

} // namespace informant::sim
