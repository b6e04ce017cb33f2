#pragma once

// Builders for the cluster-scoped and supporting objects scenarios create
// (namespaces, nodes, services, ...), as QJsonObjects for ObjectWriter.
// Only server-set metadata (uid, timestamps, resourceVersion) is left out.

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace informant::sim::objects {

QJsonObject namespaceObject(const QString &name);
QJsonObject node(const QString &name, int index, bool ready = true);
QJsonObject service(const QString &namespaceName, const QString &name, const QString &app,
                    int port);
QJsonObject configMap(const QString &namespaceName, const QString &name);
// An Opaque Secret holding `values` (stored base64, as the API server does).
QJsonObject secret(const QString &namespaceName, const QString &name,
                   const QList<QPair<QString, QByteArray>> &values);
QJsonObject serviceAccount(const QString &namespaceName, const QString &name);

} // namespace informant::sim::objects
