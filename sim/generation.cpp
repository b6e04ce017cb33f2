#include "sim/generation.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace informant::sim {

namespace {

// Values that print the same are the same (integers parsed from JSON and
// computed as doubles alike).
bool sameJson(const QJsonValue &a, const QJsonValue &b)
{
    return QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact) ==
           QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact);
}

// What the customresource strategy compares: the object without metadata,
// and without status when status is a subresource.
QJsonObject customContent(const ResourceType &type, QJsonObject object)
{
    object.remove(QLatin1String("metadata"));
    if (type.subresources.contains(QStringLiteral("status")))
        object.remove(QLatin1String("status"));
    return object;
}

} // namespace

bool hasGeneration(const ResourceType &type)
{
    if (type.custom)
        return true;
    static const QStringList kApps{"deployments", "replicasets", "statefulsets", "daemonsets"};
    static const QStringList kBatch{"jobs", "cronjobs"};
    static const QStringList kNetworking{"ingresses", "networkpolicies"};
    if (type.group == QLatin1String("apps"))
        return kApps.contains(type.resource);
    if (type.group == QLatin1String("batch"))
        return kBatch.contains(type.resource);
    if (type.group == QLatin1String("networking.k8s.io"))
        return kNetworking.contains(type.resource);
    if (type.group == QLatin1String("policy"))
        return type.resource == QLatin1String("poddisruptionbudgets");
    if (type.group == QLatin1String("apiextensions.k8s.io"))
        return type.resource == QLatin1String("customresourcedefinitions");
    return false;
}

void setCreatedGeneration(const ResourceType &type, QJsonObject &metadata)
{
    if (hasGeneration(type))
        metadata.insert(QLatin1String("generation"), 1);
    else
        metadata.remove(QLatin1String("generation"));
}

qint64 generationAfterUpdate(const ResourceType &type, const QJsonObject &old,
                             const QJsonObject &updated)
{
    if (!hasGeneration(type))
        return 0;
    const qint64 generation = qint64(old.value(QLatin1String("metadata"))
                                         .toObject()
                                         .value(QLatin1String("generation"))
                                         .toDouble());
    const bool changed =
        type.custom
            ? !sameJson(customContent(type, old), customContent(type, updated))
            : !sameJson(old.value(QLatin1String("spec")), updated.value(QLatin1String("spec")));
    return changed ? generation + 1 : generation;
}

} // namespace informant::sim
