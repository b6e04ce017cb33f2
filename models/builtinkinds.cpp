#include "models/builtinkinds.h"

namespace informant {

QList<KindInfo> builtinKinds()
{
    auto k = [](const char *group, const char *version, const char *kind, const char *plural,
                bool namespaced, QStringList shortNames) {
        return KindInfo{QString::fromLatin1(group),
                        QString::fromLatin1(version),
                        QString::fromLatin1(kind),
                        QString::fromLatin1(plural),
                        namespaced,
                        shortNames};
    };
    return {
        k("", "v1", "Pod", "pods", true, {QStringLiteral("po")}),
        k("", "v1", "Service", "services", true, {QStringLiteral("svc")}),
        k("", "v1", "Endpoints", "endpoints", true, {QStringLiteral("ep")}),
        k("", "v1", "ConfigMap", "configmaps", true, {QStringLiteral("cm")}),
        k("", "v1", "Secret", "secrets", true, {}),
        k("", "v1", "ServiceAccount", "serviceaccounts", true, {QStringLiteral("sa")}),
        k("", "v1", "PersistentVolumeClaim", "persistentvolumeclaims", true,
          {QStringLiteral("pvc")}),
        k("", "v1", "PersistentVolume", "persistentvolumes", false, {QStringLiteral("pv")}),
        k("", "v1", "Node", "nodes", false, {QStringLiteral("no")}),
        k("", "v1", "Namespace", "namespaces", false, {QStringLiteral("ns")}),
        k("", "v1", "Event", "events", true, {QStringLiteral("ev")}),
        k("apps", "v1", "Deployment", "deployments", true, {QStringLiteral("deploy")}),
        k("apps", "v1", "ReplicaSet", "replicasets", true, {QStringLiteral("rs")}),
        k("apps", "v1", "StatefulSet", "statefulsets", true, {QStringLiteral("sts")}),
        k("apps", "v1", "DaemonSet", "daemonsets", true, {QStringLiteral("ds")}),
        k("batch", "v1", "Job", "jobs", true, {}),
        k("batch", "v1", "CronJob", "cronjobs", true, {QStringLiteral("cj")}),
        k("networking.k8s.io", "v1", "Ingress", "ingresses", true, {QStringLiteral("ing")}),
        k("apiextensions.k8s.io", "v1", "CustomResourceDefinition", "customresourcedefinitions",
          false, {QStringLiteral("crd"), QStringLiteral("crds")}),
    };
}

} // namespace informant
