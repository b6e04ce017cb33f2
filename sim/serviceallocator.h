#pragma once

// The cluster IPs and node ports of Services, as kube-apiserver's service
// storage fills them in (pkg/registry/core/service/storage/alloc.go and
// storage.go) on a single-stack IPv4 cluster with the kubeadm ranges
// (--service-cluster-ip-range=10.96.0.0/12, --service-node-port-range=
// 30000-32767): ipFamilyPolicy, ipFamilies, clusterIP/clusterIPs ("None"
// stays None), nodePorts for NodePort and LoadBalancer Services, and
// healthCheckNodePort for LoadBalancers with externalTrafficPolicy Local.
// What is in use is read from the live Services, so a value is never handed
// out twice and a deleted Service's values are free again. Automatic picks
// are random in the upper part of each range first, leaving the lower part to
// values users choose (KEP-3070, KEP-3668). Server thread only.

#include "sim/resourcestore.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>
#include <QSet>

#include <optional>

namespace informant::sim {

class ServiceAllocator
{
public:
    // `services` holds the live Services; `selfKey` is the key of the Service
    // being written, whose own values do not count as taken.
    ServiceAllocator(const ResourceStore &services, const QString &selfKey);

    // Completes the already defaulted `service` for a create (`old` empty) or
    // an update of `old`, whose allocated values carry over when the new body
    // leaves them out. Returns the 422 for a taken, out-of-range or changed value.
    std::optional<ApiStatus> allocate(QJsonObject &service, const QJsonObject &old);

private:
    std::optional<ApiStatus> allocateClusterIp(QJsonObject &spec, const QJsonObject &oldSpec);
    std::optional<ApiStatus> allocateNodePorts(QJsonObject &spec, const QJsonObject &oldSpec);
    std::optional<ApiStatus> allocateHealthCheckNodePort(QJsonObject &spec,
                                                         const QJsonObject &oldSpec);
    std::optional<ApiStatus> claimNodePort(int nodePort, const QString &field);
    int nextNodePort();
    ApiStatus invalid(const QString &field, const QString &detail) const;

    QSet<quint32> m_usedIps;
    QSet<int> m_usedNodePorts;
    QString m_name;
};

} // namespace informant::sim
