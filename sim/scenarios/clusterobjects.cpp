#include "sim/scenarios/clusterobjects.h"

#include <QJsonArray>

namespace informant::sim::objects {

QJsonObject namespaceObject(const QString &name)
{
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "Namespace"},
        {"metadata", QJsonObject{{"name", name},
                                 {"labels", QJsonObject{{"kubernetes.io/metadata.name", name}}}}}};
}

QJsonObject node(const QString &name, int index, bool ready, const QDateTime &since)
{
    const QString ip = QStringLiteral("10.0.0.%1").arg(index + 10);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString heartbeat = now.toString(Qt::ISODate);
    const QString transition = (since.isValid() ? since.toUTC() : now).toString(Qt::ISODate);
    const auto condition = [&](const char *type, bool status, const char *reason,
                               const char *message) {
        return QJsonObject{{"type", type},
                           {"status", status ? "True" : "False"},
                           {"lastHeartbeatTime", heartbeat},
                           {"lastTransitionTime", transition},
                           {"reason", reason},
                           {"message", message}};
    };
    const QJsonObject capacity{{"cpu", "8"},
                               {"memory", "32863392Ki"},
                               {"pods", "110"},
                               {"ephemeral-storage", "101430960Ki"}};
    const QJsonArray conditions{
        condition("MemoryPressure", false, "KubeletHasSufficientMemory",
                  "kubelet has sufficient memory available"),
        condition("DiskPressure", false, "KubeletHasNoDiskPressure",
                  "kubelet has no disk pressure"),
        condition("PIDPressure", false, "KubeletHasSufficientPID",
                  "kubelet has sufficient PID available"),
        condition("Ready", ready, ready ? "KubeletReady" : "KubeletNotReady",
                  ready ? "kubelet is posting ready status" : "container runtime is down")};
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata",
         QJsonObject{
             {"name", name},
             {"labels", QJsonObject{{"kubernetes.io/hostname", name},
                                    {"kubernetes.io/os", "linux"},
                                    {"kubernetes.io/arch", "amd64"},
                                    {"node-role.kubernetes.io/worker", ""},
                                    {"topology.kubernetes.io/zone",
                                     QStringLiteral("zone-%1").arg(QChar('a' + index % 3))}}}}},
        {"spec", QJsonObject{{"podCIDR", QStringLiteral("10.244.%1.0/24").arg(index)}}},
        {"status",
         QJsonObject{
             {"capacity", capacity},
             {"allocatable", capacity},
             {"conditions", conditions},
             {"addresses", QJsonArray{QJsonObject{{"type", "InternalIP"}, {"address", ip}},
                                      QJsonObject{{"type", "Hostname"}, {"address", name}}}},
             {"nodeInfo", QJsonObject{{"kubeletVersion", "v1.32.0"},
                                      {"kubeProxyVersion", "v1.32.0"},
                                      {"containerRuntimeVersion", "containerd://1.7.22"},
                                      {"osImage", "Ubuntu 24.04.1 LTS"},
                                      {"kernelVersion", "6.8.0-45-generic"},
                                      {"operatingSystem", "linux"},
                                      {"architecture", "amd64"}}}}}};
}

QJsonObject servicePort(const QString &name, int port, const QJsonValue &targetPort)
{
    return QJsonObject{
        {"name", name}, {"port", port}, {"targetPort", targetPort}, {"protocol", "TCP"}};
}

QJsonObject service(const QString &namespaceName, const QString &name, const QString &app,
                    const QJsonObject &port, bool headless)
{
    QJsonObject spec{{"type", "ClusterIP"},
                     {"selector", QJsonObject{{"app", app}}},
                     {"ports", QJsonArray{port}}};
    // Otherwise no clusterIP: the server allocates a unique one, as for any Service.
    if (headless)
        spec.insert(QLatin1String("clusterIP"), QStringLiteral("None"));
    return QJsonObject{{"apiVersion", "v1"},
                       {"kind", "Service"},
                       {"metadata", QJsonObject{{"name", name},
                                                {"namespace", namespaceName},
                                                {"labels", QJsonObject{{"app", app}}}}},
                       {"spec", spec},
                       {"status", QJsonObject{{"loadBalancer", QJsonObject()}}}};
}

QJsonObject storageClass(const QString &name, const QString &provisioner, bool isDefault)
{
    QJsonObject metadata{{"name", name}};
    if (isDefault)
        metadata.insert(QLatin1String("annotations"),
                        QJsonObject{{"storageclass.kubernetes.io/is-default-class", "true"}});
    return QJsonObject{{"apiVersion", "storage.k8s.io/v1"},
                       {"kind", "StorageClass"},
                       {"metadata", metadata},
                       {"provisioner", provisioner},
                       {"reclaimPolicy", "Delete"},
                       {"volumeBindingMode", "Immediate"},
                       {"allowVolumeExpansion", true}};
}

QJsonObject configMap(const QString &namespaceName, const QString &name)
{
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "ConfigMap"},
        {"metadata", QJsonObject{{"name", name}, {"namespace", namespaceName}}},
        {"data", QJsonObject{{"LOG_LEVEL", "info"}, {"FEATURE_FLAGS", "fast-path,new-ui"}}}};
}

QJsonObject secret(const QString &namespaceName, const QString &name,
                   const QList<QPair<QString, QByteArray>> &values)
{
    QJsonObject data;
    for (const auto &[key, value] : values)
        data.insert(key, QString::fromLatin1(value.toBase64()));
    return QJsonObject{{"apiVersion", "v1"},
                       {"kind", "Secret"},
                       {"metadata", QJsonObject{{"name", name}, {"namespace", namespaceName}}},
                       {"type", "Opaque"},
                       {"data", data}};
}

QJsonObject serviceAccount(const QString &namespaceName, const QString &name)
{
    return QJsonObject{{"apiVersion", "v1"},
                       {"kind", "ServiceAccount"},
                       {"metadata", QJsonObject{{"name", name}, {"namespace", namespaceName}}}};
}

} // namespace informant::sim::objects
