#include "sim/scenarios/customresources.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"

#include <QJsonArray>

namespace informant::sim {

namespace {

// Kinds of operators people install, whose plural is the lower-case kind plus
// "s" (past the list: Thing<N>), grouped as their operators would be.
struct NamedKind
{
    const char *kind;
    int group; // index into kGroups
    bool namespaced;
};
const char *const kGroups[] = {"apps.bench.informant.io", "net.bench.informant.io",
                               "monitoring.bench.informant.io", "data.bench.informant.io"};
const NamedKind kKinds[] = {
    {"Certificate", 1, true},     {"Application", 0, true},     {"ServiceMonitor", 2, true},
    {"Database", 3, true},        {"ClusterIssuer", 1, false},  {"Rollout", 0, true},
    {"PrometheusRule", 2, true},  {"KafkaTopic", 3, true},      {"VirtualService", 1, true},
    {"Workflow", 0, true},        {"PodMonitor", 2, true},      {"Backup", 3, true},
    {"Gateway", 1, true},         {"Tenant", 0, false},         {"Alertmanager", 2, true},
    {"KafkaUser", 3, true},       {"DestinationRule", 1, true}, {"Pipeline", 0, true},
    {"Dashboard", 2, true},       {"Restore", 3, true},         {"Issuer", 1, true},
    {"PipelineRun", 0, true},     {"Datasource", 2, true},      {"Snapshot", 3, true},
    {"Route", 1, true},           {"TaskRun", 0, true},         {"Probe", 2, true},
    {"Bucket", 3, true},          {"Canary", 0, true},          {"Queue", 3, true},
    {"Experiment", 0, true},      {"Topic", 3, true},           {"Schedule", 0, true},
    {"Subscription", 3, true},    {"Workspace", 0, true},       {"SecretStore", 3, true},
    {"Profile", 0, false},        {"ExternalSecret", 3, true},  {"Connector", 3, true},
    {"StorageProfile", 3, false},
};
const QString kNamespace = QStringLiteral("default");

struct CustomKind
{
    QString kind;
    QString plural;
    QString singular;
    QString group;
    bool namespaced = true;
};

CustomKind customKind(int index)
{
    CustomKind out;
    if (index < int(std::size(kKinds))) {
        const NamedKind &named = kKinds[index];
        out.kind = QLatin1String(named.kind);
        out.group = QLatin1String(kGroups[named.group]);
        out.namespaced = named.namespaced;
    } else {
        out.kind = QStringLiteral("Thing%1").arg(index);
        out.group = QLatin1String(kGroups[index % std::size(kGroups)]);
    }
    out.singular = out.kind.toLower();
    out.plural = out.singular + 's';
    return out;
}

QJsonObject crd(const CustomKind &k)
{
    const QJsonObject schema{{"type", "object"}, {"x-kubernetes-preserve-unknown-fields", true}};
    const QJsonArray columns{
        QJsonObject{{"name", "Phase"}, {"type", "string"}, {"jsonPath", ".status.phase"}},
        QJsonObject{{"name", "Replicas"}, {"type", "integer"}, {"jsonPath", ".spec.replicas"}},
        QJsonObject{
            {"name", "Age"}, {"type", "date"}, {"jsonPath", ".metadata.creationTimestamp"}}};
    return QJsonObject{
        {"apiVersion", "apiextensions.k8s.io/v1"},
        {"kind", "CustomResourceDefinition"},
        {"metadata", QJsonObject{{"name", k.plural + '.' + k.group}}},
        {"spec",
         QJsonObject{{"group", k.group},
                     {"scope", k.namespaced ? "Namespaced" : "Cluster"},
                     {"names", QJsonObject{{"plural", k.plural},
                                           {"singular", k.singular},
                                           {"kind", k.kind},
                                           {"listKind", k.kind + QStringLiteral("List")}}},
                     {"versions", QJsonArray{QJsonObject{
                                      {"name", "v1"},
                                      {"served", true},
                                      {"storage", true},
                                      {"schema", QJsonObject{{"openAPIV3Schema", schema}}},
                                      {"subresources", QJsonObject{{"status", QJsonObject()}}},
                                      {"additionalPrinterColumns", columns}}}}}}};
}

QJsonObject customObject(const CustomKind &k, int index)
{
    QJsonObject metadata{{"name", QStringLiteral("%1-%2").arg(k.singular).arg(index)},
                         {"labels", QJsonObject{{"app.kubernetes.io/part-of", "bench"}}}};
    if (k.namespaced)
        metadata.insert(QLatin1String("namespace"), kNamespace);
    return QJsonObject{{"apiVersion", k.group + QStringLiteral("/v1")},
                       {"kind", k.kind},
                       {"metadata", metadata},
                       {"spec", QJsonObject{{"replicas", index + 1}}},
                       {"status", QJsonObject{{"phase", index % 3 == 2 ? "Pending" : "Ready"}}}};
}

} // namespace

Result<void> createCustomResources(ServerContext &context, int crdCount, int objectsPerCrd)
{
    ObjectWriter writer(context);
    const auto crds =
        context.table.find(QStringLiteral("apiextensions.k8s.io"), QStringLiteral("v1"),
                           QStringLiteral("customresourcedefinitions"));
    const auto namespaces =
        context.table.find(QString(), QStringLiteral("v1"), QStringLiteral("namespaces"));
    if (!crds || !namespaces)
        return makeError(QStringLiteral("--crds: the built-in resource table is incomplete"));
    // Every scenario has "default"; created here if one ever does not.
    (void)writer.create(*namespaces, objects::namespaceObject(kNamespace), QString());
    for (int i = 0; i < crdCount; ++i) {
        const CustomKind k = customKind(i);
        const auto created = writer.create(*crds, crd(k), QString());
        if (!created.ok())
            return makeError(QStringLiteral("--crds: %1").arg(created.error().message));
        const auto type = context.table.find(k.group, QStringLiteral("v1"), k.plural);
        if (!type)
            return makeError(QStringLiteral("--crds: %1 was not registered").arg(k.plural));
        for (int j = 0; j < objectsPerCrd; ++j) {
            const auto object =
                writer.create(*type, customObject(k, j), k.namespaced ? kNamespace : QString());
            if (!object.ok())
                return makeError(QStringLiteral("--crds: %1").arg(object.error().message));
        }
    }
    return {};
}

} // namespace informant::sim
