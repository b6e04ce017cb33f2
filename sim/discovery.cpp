#include "sim/discovery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim::discovery {

namespace {

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject responseKind(const QString &group, const QString &version, const QString &kind)
{
    return QJsonObject{{"group", group}, {"version", version}, {"kind", kind}};
}

QJsonObject subresourceKind(const ResourceType &type, const QString &subresource)
{
    if (subresource == QLatin1String("scale"))
        return responseKind(QStringLiteral("autoscaling"), QStringLiteral("v1"),
                            QStringLiteral("Scale"));
    return responseKind(type.group, type.version, type.kind);
}

const QStringList kSubresourceVerbs = {"get", "patch", "update"};

QList<ResourceType> typesOf(const ResourceTable &table, const QString &group,
                            const QString &version)
{
    QList<ResourceType> out;
    for (const ResourceType &type : table.types()) {
        if (type.group == group && type.version == version)
            out.append(type);
    }
    return out;
}

QJsonObject legacyResource(const ResourceType &type)
{
    QJsonObject out{{"name", type.resource},
                    {"singularName", type.singular},
                    {"namespaced", type.namespaced},
                    {"kind", type.kind},
                    {"verbs", QJsonArray::fromStringList(type.verbs)}};
    if (!type.shortNames.isEmpty())
        out.insert(QLatin1String("shortNames"), QJsonArray::fromStringList(type.shortNames));
    if (!type.categories.isEmpty())
        out.insert(QLatin1String("categories"), QJsonArray::fromStringList(type.categories));
    return out;
}

QJsonObject aggregatedResource(const ResourceType &type)
{
    QJsonObject out{{"resource", type.resource},
                    {"responseKind", responseKind(type.group, type.version, type.kind)},
                    {"scope", type.namespaced ? "Namespaced" : "Cluster"},
                    {"singularResource", type.singular},
                    {"verbs", QJsonArray::fromStringList(type.verbs)}};
    if (!type.shortNames.isEmpty())
        out.insert(QLatin1String("shortNames"), QJsonArray::fromStringList(type.shortNames));
    if (!type.categories.isEmpty())
        out.insert(QLatin1String("categories"), QJsonArray::fromStringList(type.categories));
    QJsonArray subresources;
    for (const QString &sub : type.subresources) {
        subresources.append(QJsonObject{{"subresource", sub},
                                        {"responseKind", subresourceKind(type, sub)},
                                        {"verbs", QJsonArray::fromStringList(kSubresourceVerbs)}});
    }
    if (!subresources.isEmpty())
        out.insert(QLatin1String("subresources"), subresources);
    return out;
}

QJsonObject groupVersion(const QString &group, const QString &version)
{
    return QJsonObject{{"groupVersion", group.isEmpty() ? version : group + '/' + version},
                       {"version", version}};
}

QJsonObject legacyGroup(const QString &group, const QStringList &versions)
{
    QJsonArray list;
    for (const QString &version : versions)
        list.append(groupVersion(group, version));
    return QJsonObject{{"name", group},
                       {"versions", list},
                       {"preferredVersion", groupVersion(group, versions.value(0))}};
}

} // namespace

QByteArray version()
{
    return compact(QJsonObject{{"major", "1"},
                               {"minor", "32"},
                               {"gitVersion", "v1.32.0"},
                               {"gitCommit", "informant-sim"},
                               {"gitTreeState", "clean"},
                               {"buildDate", "2024-12-11T00:00:00Z"},
                               {"goVersion", "go1.23.3"},
                               {"compiler", "gc"},
                               {"platform", "linux/amd64"}});
}

QByteArray legacyApiVersions(const QString &serverAddress)
{
    return compact(QJsonObject{
        {"kind", "APIVersions"},
        {"versions", QJsonArray{"v1"}},
        {"serverAddressByClientCIDRs",
         QJsonArray{QJsonObject{{"clientCIDR", "0.0.0.0/0"}, {"serverAddress", serverAddress}}}}});
}

QByteArray apiGroupList(const ResourceTable &table)
{
    QJsonArray groups;
    for (const auto &[group, versions] : table.groups()) {
        if (!group.isEmpty())
            groups.append(legacyGroup(group, versions));
    }
    return compact(QJsonObject{{"kind", "APIGroupList"}, {"apiVersion", "v1"}, {"groups", groups}});
}

QByteArray apiGroup(const ResourceTable &table, const QString &group)
{
    for (const auto &[name, versions] : table.groups()) {
        if (name == group && !group.isEmpty()) {
            QJsonObject out = legacyGroup(group, versions);
            out.insert(QLatin1String("kind"), QLatin1String("APIGroup"));
            out.insert(QLatin1String("apiVersion"), QLatin1String("v1"));
            return compact(out);
        }
    }
    return QByteArray();
}

QByteArray apiResourceList(const ResourceTable &table, const QString &group, const QString &version)
{
    const QList<ResourceType> types = typesOf(table, group, version);
    if (types.isEmpty())
        return QByteArray();
    QJsonArray resources;
    for (const ResourceType &type : types) {
        resources.append(legacyResource(type));
        for (const QString &sub : type.subresources) {
            const QJsonObject kind = subresourceKind(type, sub);
            QJsonObject entry{{"name", type.resource + '/' + sub},
                              {"singularName", ""},
                              {"namespaced", type.namespaced},
                              {"kind", kind.value(QLatin1String("kind"))},
                              {"verbs", QJsonArray::fromStringList(kSubresourceVerbs)}};
            if (sub == QLatin1String("scale")) {
                entry.insert(QLatin1String("group"), QLatin1String("autoscaling"));
                entry.insert(QLatin1String("version"), QLatin1String("v1"));
            }
            resources.append(entry);
        }
    }
    return compact(QJsonObject{{"kind", "APIResourceList"},
                               {"apiVersion", "v1"},
                               {"groupVersion", types.first().apiVersion()},
                               {"resources", resources}});
}

QByteArray aggregated(const ResourceTable &table, bool core, const QByteArray &apiVersion)
{
    QJsonArray items;
    for (const auto &[group, versions] : table.groups()) {
        if (group.isEmpty() != core)
            continue;
        QJsonArray versionList;
        for (const QString &version : versions) {
            QJsonArray resources;
            for (const ResourceType &type : typesOf(table, group, version))
                resources.append(aggregatedResource(type));
            versionList.append(QJsonObject{
                {"version", version}, {"resources", resources}, {"freshness", "Current"}});
        }
        QJsonObject metadata{{"creationTimestamp", QJsonValue::Null}};
        if (!core)
            metadata.insert(QLatin1String("name"), group);
        items.append(QJsonObject{{"metadata", metadata}, {"versions", versionList}});
    }
    return compact(QJsonObject{
        {"kind", "APIGroupDiscoveryList"},
        {"apiVersion", QStringLiteral("apidiscovery.k8s.io/") + QString::fromLatin1(apiVersion)},
        {"metadata", QJsonObject()},
        {"items", items}});
}

QByteArray aggregatedVersionFromAccept(const QByteArray &accept)
{
    // Media ranges in the client's order of preference; the first we serve wins.
    for (const QByteArray &range : accept.split(',')) {
        const QByteArray compactRange = QByteArray(range).replace(' ', "");
        if (!compactRange.contains("as=APIGroupDiscoveryList") ||
            !compactRange.contains("g=apidiscovery.k8s.io"))
            continue;
        if (compactRange.contains("v=v2beta1"))
            return "v2beta1";
        if (compactRange.contains("v=v2"))
            return "v2";
    }
    return QByteArray();
}

} // namespace informant::sim::discovery
