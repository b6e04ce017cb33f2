#include "sim/resourcetable.h"

#include <algorithm>

namespace informant::sim {

namespace {

const QStringList kAllVerbs = {"create", "delete", "deletecollection", "get",
                               "list",   "patch",  "update",           "watch"};

struct BuiltIn
{
    const char *group;
    const char *version;
    const char *resource;
    const char *kind;
    const char *singular;
    bool namespaced;
    const char *shortNames; // comma-separated
    bool inCategoryAll;
    const char *subresources; // comma-separated
    const char *fieldPaths;   // comma-separated
};

// Mirrors kube-apiserver 1.30's discovery for these resources.
const BuiltIn kBuiltIns[] = {
    {"", "v1", "namespaces", "Namespace", "namespace", false, "ns", false, "status",
     "status.phase"},
    {"", "v1", "nodes", "Node", "node", false, "no", false, "status", "spec.unschedulable"},
    {"", "v1", "pods", "Pod", "pod", true, "po", true, "status",
     "spec.nodeName,status.phase,spec.restartPolicy,spec.schedulerName,spec.serviceAccountName,"
     "status.podIP,status.nominatedNodeName"},
    {"", "v1", "services", "Service", "service", true, "svc", true, "status", ""},
    {"", "v1", "endpoints", "Endpoints", "endpoints", true, "ep", false, "", ""},
    {"", "v1", "configmaps", "ConfigMap", "configmap", true, "cm", false, "", ""},
    {"", "v1", "secrets", "Secret", "secret", true, "", false, "", "type"},
    {"", "v1", "serviceaccounts", "ServiceAccount", "serviceaccount", true, "sa", false, "", ""},
    {"", "v1", "events", "Event", "event", true, "ev", false, "",
     "involvedObject.kind,involvedObject.namespace,involvedObject.name,involvedObject.uid,"
     "involvedObject.apiVersion,involvedObject.resourceVersion,involvedObject.fieldPath,"
     "reason,reportingComponent,source,type"},
    {"", "v1", "persistentvolumes", "PersistentVolume", "persistentvolume", false, "pv", false,
     "status", ""},
    {"", "v1", "persistentvolumeclaims", "PersistentVolumeClaim", "persistentvolumeclaim", true,
     "pvc", false, "status", ""},
    {"", "v1", "resourcequotas", "ResourceQuota", "resourcequota", true, "quota", false, "status",
     ""},
    {"apps", "v1", "deployments", "Deployment", "deployment", true, "deploy", true, "scale,status",
     ""},
    {"apps", "v1", "replicasets", "ReplicaSet", "replicaset", true, "rs", true, "scale,status", ""},
    {"apps", "v1", "statefulsets", "StatefulSet", "statefulset", true, "sts", true, "scale,status",
     ""},
    {"apps", "v1", "daemonsets", "DaemonSet", "daemonset", true, "ds", true, "status", ""},
    {"batch", "v1", "jobs", "Job", "job", true, "", true, "status", "status.successful"},
    {"batch", "v1", "cronjobs", "CronJob", "cronjob", true, "cj", true, "status", ""},
    {"networking.k8s.io", "v1", "ingresses", "Ingress", "ingress", true, "ing", false, "status",
     ""},
    {"networking.k8s.io", "v1", "networkpolicies", "NetworkPolicy", "networkpolicy", true, "netpol",
     false, "", ""},
    {"storage.k8s.io", "v1", "storageclasses", "StorageClass", "storageclass", false, "sc", false,
     "", ""},
    {"discovery.k8s.io", "v1", "endpointslices", "EndpointSlice", "endpointslice", true, "", false,
     "", ""},
    {"coordination.k8s.io", "v1", "leases", "Lease", "lease", true, "", false, "", ""},
    {"policy", "v1", "poddisruptionbudgets", "PodDisruptionBudget", "poddisruptionbudget", true,
     "pdb", false, "status", ""},
    {"autoscaling", "v2", "horizontalpodautoscalers", "HorizontalPodAutoscaler",
     "horizontalpodautoscaler", true, "hpa", true, "status", ""},
    {"apiextensions.k8s.io", "v1", "customresourcedefinitions", "CustomResourceDefinition",
     "customresourcedefinition", false, "crd,crds", false, "status", ""},
    {"events.k8s.io", "v1", "events", "Event", "event", true, "ev", false, "",
     "regarding.kind,regarding.namespace,regarding.name,regarding.uid,regarding.apiVersion,"
     "reason,reportingController,type"},
    // Questions, not objects: created only (accessreview.h).
    {"authorization.k8s.io", "v1", "selfsubjectaccessreviews", "SelfSubjectAccessReview",
     "selfsubjectaccessreview", false, "", false, "", ""},
    {"authorization.k8s.io", "v1", "selfsubjectrulesreviews", "SelfSubjectRulesReview",
     "selfsubjectrulesreview", false, "", false, "", ""},
    // kubectl auth whoami's (selfsubjectreview.h).
    {"authentication.k8s.io", "v1", "selfsubjectreviews", "SelfSubjectReview", "selfsubjectreview",
     false, "", false, "", ""},
};

// kube-apiserver's groups, highest priority first (kube-aggregator's
// apiVersionPriorities): discovery lists groups in this order, and kubectl
// expands `get all` in discovery order. Custom groups (priority 1000) follow,
// by name.
const char *const kGroupPriority[] = {
    "",
    "apiregistration.k8s.io",
    "apps",
    "events.k8s.io",
    "authentication.k8s.io",
    "authorization.k8s.io",
    "autoscaling",
    "batch",
    "certificates.k8s.io",
    "networking.k8s.io",
    "policy",
    "rbac.authorization.k8s.io",
    "storage.k8s.io",
    "admissionregistration.k8s.io",
    "apiextensions.k8s.io",
    "scheduling.k8s.io",
    "coordination.k8s.io",
    "node.k8s.io",
    "discovery.k8s.io",
    "flowcontrol.apiserver.k8s.io",
    "internal.apiserver.k8s.io",
    "resource.k8s.io",
};

int groupRank(const QString &group)
{
    const auto *found =
        std::find_if(std::begin(kGroupPriority), std::end(kGroupPriority),
                     [&](const char *name) { return group == QLatin1String(name); });
    return int(found - std::begin(kGroupPriority));
}

// Discovery order: groups by priority, resources of a group version by name
// (the API server's installer sorts them); a resource's versions keep the
// order they were added in.
void sortForDiscovery(QList<ResourceType> &types)
{
    std::stable_sort(types.begin(), types.end(), [](const ResourceType &a, const ResourceType &b) {
        const int rankA = groupRank(a.group), rankB = groupRank(b.group);
        if (rankA != rankB)
            return rankA < rankB;
        if (a.group != b.group)
            return a.group < b.group;
        return a.resource < b.resource;
    });
}

QStringList splitList(const char *text)
{
    return QString::fromLatin1(text).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

QStringList toStringList(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &item : value.toArray())
        out.append(item.toString());
    return out;
}

} // namespace

QString ResourceType::pathPrefix() const
{
    return group.isEmpty() ? QStringLiteral("/api/") + version
                           : QStringLiteral("/apis/") + group + '/' + version;
}

ResourceTable::ResourceTable()
{
    addBuiltIns();
}

void ResourceTable::addBuiltIns()
{
    for (const BuiltIn &b : kBuiltIns) {
        ResourceType type;
        type.group = QString::fromLatin1(b.group);
        type.version = QString::fromLatin1(b.version);
        type.resource = QString::fromLatin1(b.resource);
        type.kind = QString::fromLatin1(b.kind);
        type.singular = QString::fromLatin1(b.singular);
        type.namespaced = b.namespaced;
        type.shortNames = splitList(b.shortNames);
        if (b.inCategoryAll)
            type.categories = {QStringLiteral("all")};
        type.verbs = kAllVerbs;
        if (type.resource == QLatin1String("namespaces"))
            type.verbs.removeAll(QStringLiteral("deletecollection"));
        if (type.group == QLatin1String("authorization.k8s.io") ||
            type.group == QLatin1String("authentication.k8s.io"))
            type.verbs = QStringList{QStringLiteral("create")};
        type.subresources = splitList(b.subresources);
        type.fieldPaths = splitList(b.fieldPaths);
        type.storageId = QStringLiteral("events"); // overwritten below unless an event view
        if (type.resource != QLatin1String("events"))
            type.storageId = type.group + '/' + type.resource;
        if (type.group == QLatin1String("events.k8s.io"))
            type.view = ObjectView::EventsK8sIoV1;
        m_types.append(type);
    }
    sortForDiscovery(m_types);
}

std::optional<ResourceType> ResourceTable::find(const QString &group, const QString &version,
                                                const QString &resource) const
{
    for (const ResourceType &type : m_types) {
        if (type.group == group && type.version == version && type.resource == resource)
            return type;
    }
    return std::nullopt;
}

std::optional<ResourceType> ResourceTable::findByStorage(const QString &storageId) const
{
    for (const ResourceType &type : m_types) {
        if (type.storageId == storageId && type.view == ObjectView::Stored)
            return type;
    }
    return std::nullopt;
}

QList<QPair<QString, QStringList>> ResourceTable::groups() const
{
    QList<QPair<QString, QStringList>> out;
    for (const ResourceType &type : m_types) {
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const auto &entry) { return entry.first == type.group; });
        if (it == out.end())
            out.append({type.group, {type.version}});
        else if (!it->second.contains(type.version))
            it->second.append(type.version);
    }
    return out;
}

std::optional<QString> ResourceTable::addCustomResource(const QJsonObject &crd, QString *error)
{
    const QJsonObject spec = crd.value(QLatin1String("spec")).toObject();
    const QJsonObject names = spec.value(QLatin1String("names")).toObject();
    const QString group = spec.value(QLatin1String("group")).toString();
    const QString plural = names.value(QLatin1String("plural")).toString();
    const QString kind = names.value(QLatin1String("kind")).toString();
    const QJsonArray versions = spec.value(QLatin1String("versions")).toArray();
    if (group.isEmpty() || plural.isEmpty() || kind.isEmpty() || versions.isEmpty()) {
        *error = QStringLiteral("spec.group, spec.names.plural, spec.names.kind and spec.versions "
                                "are required");
        return std::nullopt;
    }
    const QString crdName = plural + '.' + group;
    removeCustomResource(crdName);
    const QString storageId = group + '/' + plural;
    for (const QJsonValue &versionValue : versions) {
        const QJsonObject version = versionValue.toObject();
        if (!version.value(QLatin1String("served")).toBool(true))
            continue;
        ResourceType type;
        type.group = group;
        type.version = version.value(QLatin1String("name")).toString();
        type.resource = plural;
        type.kind = kind;
        type.singular = names.value(QLatin1String("singular")).toString(kind.toLower());
        type.namespaced = spec.value(QLatin1String("scope")).toString() != QLatin1String("Cluster");
        type.shortNames = toStringList(names.value(QLatin1String("shortNames")));
        type.categories = toStringList(names.value(QLatin1String("categories")));
        type.verbs = kAllVerbs;
        const QJsonObject subresources = version.value(QLatin1String("subresources")).toObject();
        if (subresources.contains(QLatin1String("status")))
            type.subresources.append(QStringLiteral("status"));
        if (subresources.contains(QLatin1String("scale")))
            type.subresources.append(QStringLiteral("scale"));
        type.storageId = storageId;
        type.custom = true;
        type.additionalPrinterColumns =
            version.value(QLatin1String("additionalPrinterColumns")).toArray();
        m_types.append(type);
    }
    sortForDiscovery(m_types);
    return storageId;
}

void ResourceTable::removeCustomResource(const QString &crdName)
{
    m_types.removeIf([&](const ResourceType &type) {
        return type.custom && type.resource + '.' + type.group == crdName;
    });
}

} // namespace informant::sim
