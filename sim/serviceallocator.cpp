#include "sim/serviceallocator.h"

#include "sim/statuses.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

namespace informant::sim {

namespace {

constexpr quint32 kServiceNetwork = 0x0A600000;   // 10.96.0.0
constexpr quint32 kServiceNetworkSize = 1u << 20; // a /12
// The band kept for chosen addresses: min(max(16, size / 16), 256) (KEP-3070).
constexpr quint32 kStaticIpBand = 256;
constexpr int kNodePortMin = 30000;
constexpr int kNodePortMax = 32767;
// The band kept for chosen node ports: min(max(16, size / 32), 128) (KEP-3668).
constexpr int kStaticNodePortBand = 86;

const QLatin1String kNone("None");

QString ipText(quint32 address)
{
    return QHostAddress(address).toString();
}

bool needsClusterIp(const QJsonObject &spec)
{
    return !spec.isEmpty() && spec.value(QLatin1String("type")) != QLatin1String("ExternalName");
}

bool needsNodePorts(const QJsonObject &spec)
{
    const QString type = spec.value(QLatin1String("type")).toString();
    return type == QLatin1String("NodePort") ||
           (type == QLatin1String("LoadBalancer") &&
            spec.value(QLatin1String("allocateLoadBalancerNodePorts")).toBool(true));
}

bool needsHealthCheckNodePort(const QJsonObject &spec)
{
    return spec.value(QLatin1String("type")) == QLatin1String("LoadBalancer") &&
           spec.value(QLatin1String("externalTrafficPolicy")) == QLatin1String("Local");
}

// A free value from [first, last] by a scan from a random point, wrapping.
template<typename Taken> std::optional<quint32> pickFree(quint32 first, quint32 last, Taken &&taken)
{
    if (first > last)
        return std::nullopt;
    const quint32 count = last - first + 1;
    const quint32 start = QRandomGenerator::global()->bounded(count);
    for (quint32 i = 0; i < count; ++i) {
        const quint32 candidate = first + (start + i) % count;
        if (!taken(candidate))
            return candidate;
    }
    return std::nullopt;
}

void normaliseClusterIps(QJsonObject &spec)
{
    const QString clusterIp = spec.value(QLatin1String("clusterIP")).toString();
    const QJsonArray clusterIps = spec.value(QLatin1String("clusterIPs")).toArray();
    if (!clusterIp.isEmpty() && clusterIps.isEmpty())
        spec.insert(QLatin1String("clusterIPs"), QJsonArray{clusterIp});
    else if (clusterIp.isEmpty() && !clusterIps.isEmpty())
        spec.insert(QLatin1String("clusterIP"), clusterIps.first());
}

// initIPFamilyFields for a single-stack IPv4 cluster: headless Services
// without a selector default to dual-stack (allowed even here).
void defaultIpFamilies(QJsonObject &spec, const QJsonObject &oldSpec)
{
    const bool headlessWithoutSelector = spec.value(QLatin1String("clusterIP")) == kNone &&
                                         spec.value(QLatin1String("selector")).toObject().isEmpty();
    if (spec.value(QLatin1String("ipFamilyPolicy")).toString().isEmpty()) {
        const QString oldPolicy = oldSpec.value(QLatin1String("ipFamilyPolicy")).toString();
        spec.insert(QLatin1String("ipFamilyPolicy"), !oldPolicy.isEmpty() ? oldPolicy
                                                     : headlessWithoutSelector
                                                         ? QStringLiteral("RequireDualStack")
                                                         : QStringLiteral("SingleStack"));
    }
    if (!spec.value(QLatin1String("ipFamilies")).toArray().isEmpty())
        return;
    QJsonArray families{QStringLiteral("IPv4")};
    if (headlessWithoutSelector &&
        spec.value(QLatin1String("ipFamilyPolicy")) != QLatin1String("SingleStack"))
        families.append(QStringLiteral("IPv6"));
    spec.insert(QLatin1String("ipFamilies"), families);
}

// dropTypeDependentFields: a Service turned ExternalName (or away from
// node ports) loses the allocated values it still carries from before.
void dropReleasedValues(QJsonObject &spec, const QJsonObject &oldSpec)
{
    if (!needsClusterIp(spec) && needsClusterIp(oldSpec) &&
        spec.value(QLatin1String("clusterIP")) == oldSpec.value(QLatin1String("clusterIP"))) {
        for (const char *field : {"clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy"})
            spec.remove(QLatin1String(field));
    }
    if (!needsNodePorts(spec) && needsNodePorts(oldSpec)) {
        QSet<int> oldNodePorts;
        for (const QJsonValue &port : oldSpec.value(QLatin1String("ports")).toArray())
            oldNodePorts.insert(port.toObject().value(QLatin1String("nodePort")).toInt());
        QJsonArray ports = spec.value(QLatin1String("ports")).toArray();
        for (qsizetype i = 0; i < ports.size(); ++i) {
            QJsonObject port = ports.at(i).toObject();
            if (oldNodePorts.contains(port.value(QLatin1String("nodePort")).toInt()))
                port.remove(QLatin1String("nodePort"));
            ports.replace(i, port);
        }
        spec.insert(QLatin1String("ports"), ports);
    }
    if (!needsHealthCheckNodePort(spec) && spec.value(QLatin1String("healthCheckNodePort")) ==
                                               oldSpec.value(QLatin1String("healthCheckNodePort")))
        spec.remove(QLatin1String("healthCheckNodePort"));
}

} // namespace

ServiceAllocator::ServiceAllocator(const ResourceStore &services, const QString &selfKey)
{
    for (const auto &[key, object] : services.objects()) {
        if (key == selfKey)
            continue;
        const QJsonObject spec =
            QJsonDocument::fromJson(object->json).object().value(QLatin1String("spec")).toObject();
        QJsonArray ips = spec.value(QLatin1String("clusterIPs")).toArray();
        ips.append(spec.value(QLatin1String("clusterIP")));
        for (const QJsonValue &ip : std::as_const(ips)) {
            bool ok = false;
            const quint32 address = QHostAddress(ip.toString()).toIPv4Address(&ok);
            if (ok)
                m_usedIps.insert(address);
        }
        for (const QJsonValue &port : spec.value(QLatin1String("ports")).toArray()) {
            if (const int nodePort = port.toObject().value(QLatin1String("nodePort")).toInt())
                m_usedNodePorts.insert(nodePort);
        }
        if (const int healthCheck = spec.value(QLatin1String("healthCheckNodePort")).toInt())
            m_usedNodePorts.insert(healthCheck);
    }
}

ApiStatus ServiceAllocator::invalid(const QString &field, const QString &detail) const
{
    return statuses::invalid(QStringLiteral("Service"), m_name, field,
                             QStringLiteral("FieldValueInvalid"), detail);
}

std::optional<ApiStatus> ServiceAllocator::allocate(QJsonObject &service, const QJsonObject &old)
{
    m_name =
        service.value(QLatin1String("metadata")).toObject().value(QLatin1String("name")).toString();
    QJsonObject spec = service.value(QLatin1String("spec")).toObject();
    const QJsonObject oldSpec = old.value(QLatin1String("spec")).toObject();
    dropReleasedValues(spec, oldSpec);
    std::optional<ApiStatus> error;
    if (needsClusterIp(spec))
        error = allocateClusterIp(spec, oldSpec);
    if (!error && needsNodePorts(spec))
        error = allocateNodePorts(spec, oldSpec);
    if (!error && needsHealthCheckNodePort(spec))
        error = allocateHealthCheckNodePort(spec, oldSpec);
    service.insert(QLatin1String("spec"), spec);
    return error;
}

std::optional<ApiStatus> ServiceAllocator::allocateClusterIp(QJsonObject &spec,
                                                             const QJsonObject &oldSpec)
{
    normaliseClusterIps(spec);
    const QString oldIp = oldSpec.value(QLatin1String("clusterIP")).toString();
    const bool keepsOld = needsClusterIp(oldSpec) && !oldIp.isEmpty();
    if (keepsOld && spec.value(QLatin1String("clusterIP")).toString().isEmpty()) {
        // patchAllocatedValues: an update without the IP keeps the allocated one.
        spec.insert(QLatin1String("clusterIP"), oldIp);
        spec.insert(QLatin1String("clusterIPs"), oldSpec.value(QLatin1String("clusterIPs")));
        normaliseClusterIps(spec);
    }
    const QString ip = spec.value(QLatin1String("clusterIP")).toString();
    if (keepsOld && ip != oldIp)
        return invalid(QStringLiteral("spec.clusterIPs[0]"),
                       QStringLiteral("Invalid value: \"%1\": may not change once set").arg(ip));
    defaultIpFamilies(spec, oldSpec);
    if (ip == kNone || (keepsOld && ip == oldIp))
        return std::nullopt;
    if (ip.isEmpty()) {
        const auto picked =
            pickFree(kServiceNetwork + kStaticIpBand, kServiceNetwork + kServiceNetworkSize - 2,
                     [this](quint32 a) { return m_usedIps.contains(a); });
        const auto chosen = picked
                                ? picked
                                : pickFree(kServiceNetwork + 1, kServiceNetwork + kStaticIpBand - 1,
                                           [this](quint32 a) { return m_usedIps.contains(a); });
        if (!chosen)
            return statuses::internalError(
                QStringLiteral("failed to allocate a serviceIP: range is full"));
        spec.insert(QLatin1String("clusterIP"), ipText(*chosen));
        spec.insert(QLatin1String("clusterIPs"), QJsonArray{ipText(*chosen)});
        m_usedIps.insert(*chosen);
        return std::nullopt;
    }
    bool ok = false;
    const quint32 address = QHostAddress(ip).toIPv4Address(&ok);
    const QString failed =
        QStringLiteral("Invalid value: []string{\"%1\"}: failed to allocate IP %1: ").arg(ip);
    if (!ok || address <= kServiceNetwork || address >= kServiceNetwork + kServiceNetworkSize - 1)
        return invalid(QStringLiteral("spec.clusterIPs"),
                       failed + QStringLiteral("the provided IP (%1) is not in the valid range. "
                                               "The range of valid IPs is 10.96.0.0/12")
                                    .arg(ip));
    if (m_usedIps.contains(address))
        return invalid(QStringLiteral("spec.clusterIPs"),
                       failed + QStringLiteral("provided IP is already allocated"));
    m_usedIps.insert(address);
    return std::nullopt;
}

std::optional<ApiStatus> ServiceAllocator::claimNodePort(int nodePort, const QString &field)
{
    if (nodePort < kNodePortMin || nodePort > kNodePortMax)
        return invalid(field, QStringLiteral("Invalid value: %1: provided port is not in the "
                                             "valid range. The range of valid ports is %2-%3")
                                  .arg(nodePort)
                                  .arg(kNodePortMin)
                                  .arg(kNodePortMax));
    if (m_usedNodePorts.contains(nodePort))
        return invalid(
            field,
            QStringLiteral("Invalid value: %1: provided port is already allocated").arg(nodePort));
    m_usedNodePorts.insert(nodePort);
    return std::nullopt;
}

int ServiceAllocator::nextNodePort()
{
    const auto taken = [this](quint32 port) { return m_usedNodePorts.contains(int(port)); };
    auto picked = pickFree(kNodePortMin + kStaticNodePortBand, kNodePortMax, taken);
    if (!picked)
        picked = pickFree(kNodePortMin, kNodePortMin + kStaticNodePortBand - 1, taken);
    if (!picked)
        return 0;
    m_usedNodePorts.insert(int(*picked));
    return int(*picked);
}

std::optional<ApiStatus> ServiceAllocator::allocateNodePorts(QJsonObject &spec,
                                                             const QJsonObject &oldSpec)
{
    QJsonArray ports = spec.value(QLatin1String("ports")).toArray();
    // patchAllocatedValues: a port left without a nodePort keeps the one its
    // name had, unless another port of the new body uses it.
    QHash<QString, int> oldByName;
    if (needsNodePorts(oldSpec)) {
        for (const QJsonValue &port : oldSpec.value(QLatin1String("ports")).toArray())
            oldByName.insert(port.toObject().value(QLatin1String("name")).toString(),
                             port.toObject().value(QLatin1String("nodePort")).toInt());
    }
    QSet<int> chosen;
    for (const QJsonValue &port : std::as_const(ports))
        chosen.insert(port.toObject().value(QLatin1String("nodePort")).toInt());
    QSet<int> mine; // one node port may serve two protocols of one Service
    for (qsizetype i = 0; i < ports.size(); ++i) {
        QJsonObject port = ports.at(i).toObject();
        int nodePort = port.value(QLatin1String("nodePort")).toInt();
        const int previous = oldByName.value(port.value(QLatin1String("name")).toString());
        if (nodePort == 0 && previous != 0 && !chosen.contains(previous))
            nodePort = previous;
        if (nodePort == 0) {
            nodePort = nextNodePort();
            if (nodePort == 0)
                return statuses::internalError(
                    QStringLiteral("failed to allocate a nodePort: range is full"));
        } else if (!mine.contains(nodePort)) {
            if (auto error =
                    claimNodePort(nodePort, QStringLiteral("spec.ports[%1].nodePort").arg(i)))
                return error;
        }
        mine.insert(nodePort);
        port.insert(QLatin1String("nodePort"), nodePort);
        ports.replace(i, port);
    }
    spec.insert(QLatin1String("ports"), ports);
    return std::nullopt;
}

std::optional<ApiStatus> ServiceAllocator::allocateHealthCheckNodePort(QJsonObject &spec,
                                                                       const QJsonObject &oldSpec)
{
    int port = spec.value(QLatin1String("healthCheckNodePort")).toInt();
    if (port == 0)
        port = oldSpec.value(QLatin1String("healthCheckNodePort")).toInt();
    if (port == 0) {
        port = nextNodePort();
        if (port == 0)
            return statuses::internalError(
                QStringLiteral("failed to allocate a nodePort: range is full"));
    } else if (const auto error = claimNodePort(port, QStringLiteral("spec.healthCheckNodePort"))) {
        return error;
    }
    spec.insert(QLatin1String("healthCheckNodePort"), port);
    return std::nullopt;
}

} // namespace informant::sim
