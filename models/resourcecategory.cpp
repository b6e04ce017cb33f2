#include "models/resourcecategory.h"

#include <QHash>

namespace informant {

namespace {

struct Placement
{
    ResourceCategory category;
    int rank;
};

const QHash<QString, Placement> &placements()
{
    using C = ResourceCategory;
    static const QHash<QString, Placement> table{
        {QStringLiteral("pods"), {C::Workloads, 0}},
        {QStringLiteral("deployments.apps"), {C::Workloads, 1}},
        {QStringLiteral("replicasets.apps"), {C::Workloads, 2}},
        {QStringLiteral("statefulsets.apps"), {C::Workloads, 3}},
        {QStringLiteral("daemonsets.apps"), {C::Workloads, 4}},
        {QStringLiteral("jobs.batch"), {C::Workloads, 5}},
        {QStringLiteral("cronjobs.batch"), {C::Workloads, 6}},
        {QStringLiteral("replicationcontrollers"), {C::Workloads, 7}},
        {QStringLiteral("horizontalpodautoscalers.autoscaling"), {C::Workloads, 8}},
        {QStringLiteral("poddisruptionbudgets.policy"), {C::Workloads, 9}},
        {QStringLiteral("services"), {C::Network, 0}},
        {QStringLiteral("ingresses.networking.k8s.io"), {C::Network, 1}},
        {QStringLiteral("endpoints"), {C::Network, 2}},
        {QStringLiteral("endpointslices.discovery.k8s.io"), {C::Network, 3}},
        {QStringLiteral("networkpolicies.networking.k8s.io"), {C::Network, 4}},
        {QStringLiteral("ingressclasses.networking.k8s.io"), {C::Network, 5}},
        {QStringLiteral("configmaps"), {C::Config, 0}},
        {QStringLiteral("secrets"), {C::Config, 1}},
        {QStringLiteral("serviceaccounts"), {C::Config, 2}},
        {QStringLiteral("resourcequotas"), {C::Config, 3}},
        {QStringLiteral("limitranges"), {C::Config, 4}},
        {QStringLiteral("roles.rbac.authorization.k8s.io"), {C::Config, 5}},
        {QStringLiteral("rolebindings.rbac.authorization.k8s.io"), {C::Config, 6}},
        {QStringLiteral("persistentvolumeclaims"), {C::Storage, 0}},
        {QStringLiteral("persistentvolumes"), {C::Storage, 1}},
        {QStringLiteral("storageclasses.storage.k8s.io"), {C::Storage, 2}},
        {QStringLiteral("volumeattachments.storage.k8s.io"), {C::Storage, 3}},
        {QStringLiteral("csidrivers.storage.k8s.io"), {C::Storage, 4}},
        {QStringLiteral("nodes"), {C::Cluster, 0}},
        {QStringLiteral("namespaces"), {C::Cluster, 1}},
        {QStringLiteral("events"), {C::Cluster, 2}},
        {QStringLiteral("events.events.k8s.io"), {C::Cluster, 3}},
        {QStringLiteral("customresourcedefinitions.apiextensions.k8s.io"), {C::Cluster, 4}},
        {QStringLiteral("clusterroles.rbac.authorization.k8s.io"), {C::Cluster, 5}},
        {QStringLiteral("clusterrolebindings.rbac.authorization.k8s.io"), {C::Cluster, 6}},
        {QStringLiteral("priorityclasses.scheduling.k8s.io"), {C::Cluster, 7}},
        {QStringLiteral("leases.coordination.k8s.io"), {C::Cluster, 8}},
    };
    return table;
}

bool isBuiltinGroup(const QString &group)
{
    return group.isEmpty() || !group.contains(QLatin1Char('.')) ||
           group.endsWith(QLatin1String(".k8s.io"));
}

} // namespace

ResourceCategory resourceCategory(const KindInfo &kind)
{
    const auto it = placements().constFind(kind.id());
    if (it != placements().cend())
        return it->category;
    return isBuiltinGroup(kind.group) ? ResourceCategory::Cluster : ResourceCategory::Custom;
}

int builtinKindRank(const KindInfo &kind)
{
    const auto it = placements().constFind(kind.id());
    return it != placements().cend() ? it->rank : 100;
}

QString categoryTitle(ResourceCategory category)
{
    switch (category) {
    case ResourceCategory::Workloads:
        return QStringLiteral("Workloads");
    case ResourceCategory::Network:
        return QStringLiteral("Network");
    case ResourceCategory::Config:
        return QStringLiteral("Config");
    case ResourceCategory::Storage:
        return QStringLiteral("Storage");
    case ResourceCategory::Cluster:
        return QStringLiteral("Cluster");
    case ResourceCategory::Custom:
        return QStringLiteral("Custom Resources");
    }
    return {};
}

} // namespace informant
