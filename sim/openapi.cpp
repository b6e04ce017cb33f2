#include "sim/openapi.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim::openapi {

namespace {

QString pathOf(const QString &group, const QString &version)
{
    return group.isEmpty() ? QStringLiteral("api/") + version
                           : QStringLiteral("apis/") + group + '/' + version;
}

QJsonObject operation(const ResourceType &type, const char *action, bool patch)
{
    QJsonObject op{
        {"operationId", QString::fromLatin1(action) + type.kind},
        {"x-kubernetes-action", action},
        {"x-kubernetes-group-version-kind",
         QJsonObject{{"group", type.group}, {"version", type.version}, {"kind", type.kind}}},
        {"responses", QJsonObject{{"200", QJsonObject{{"description", "OK"}}}}}};
    QJsonArray parameters{
        QJsonObject{
            {"name", "dryRun"}, {"in", "query"}, {"schema", QJsonObject{{"type", "string"}}}},
        QJsonObject{
            {"name", "fieldManager"}, {"in", "query"}, {"schema", QJsonObject{{"type", "string"}}}},
        QJsonObject{{"name", "fieldValidation"},
                    {"in", "query"},
                    {"schema", QJsonObject{{"type", "string"}}}}};
    op.insert(QLatin1String("parameters"), parameters);
    if (patch) {
        op.insert(
            QLatin1String("requestBody"),
            QJsonObject{{"content", QJsonObject{{"application/json-patch+json", QJsonObject()},
                                                {"application/merge-patch+json", QJsonObject()},
                                                {"application/apply-patch+yaml", QJsonObject()}}}});
    }
    return op;
}

} // namespace

QByteArray v3Root(const ResourceTable &table)
{
    QJsonObject paths;
    for (const auto &[group, versions] : table.groups()) {
        for (const QString &version : versions) {
            const QString path = pathOf(group, version);
            paths.insert(path, QJsonObject{{"serverRelativeURL",
                                            QStringLiteral("/openapi/v3/") + path +
                                                QStringLiteral("?hash=") +
                                                QString::number(table.types().size())}});
        }
    }
    return QJsonDocument(QJsonObject{{"paths", paths}}).toJson(QJsonDocument::Compact);
}

QByteArray v3GroupVersion(const ResourceTable &table, const QString &groupVersionPath)
{
    QJsonObject paths;
    for (const ResourceType &type : table.types()) {
        if (pathOf(type.group, type.version) != groupVersionPath)
            continue;
        const QString base =
            '/' + groupVersionPath +
            (type.namespaced ? QStringLiteral("/namespaces/{namespace}/") : QStringLiteral("/")) +
            type.resource;
        if (!type.hasVerb(QStringLiteral("get"))) {
            // A question (an access review): only ever posted.
            paths.insert(base, QJsonObject{{"post", operation(type, "post", false)}});
            continue;
        }
        paths.insert(base, QJsonObject{{"get", operation(type, "list", false)},
                                       {"post", operation(type, "post", false)}});
        paths.insert(base + QStringLiteral("/{name}"),
                     QJsonObject{{"get", operation(type, "get", false)},
                                 {"put", operation(type, "put", false)},
                                 {"patch", operation(type, "patch", true)},
                                 {"delete", operation(type, "delete", false)}});
    }
    if (paths.isEmpty())
        return QByteArray();
    return QJsonDocument(
               QJsonObject{{"openapi", "3.0.0"},
                           {"info", QJsonObject{{"title", "Kubernetes"}, {"version", "v1.32.0"}}},
                           {"paths", paths},
                           {"components", QJsonObject{{"schemas", QJsonObject()}}}})
        .toJson(QJsonDocument::Compact);
}

} // namespace informant::sim::openapi
