#pragma once

// Builders for the cluster-scoped and supporting objects scenarios create
// (namespaces, nodes, services, ...), as QJsonObjects for ObjectWriter.
// Only server-set metadata (uid, timestamps, resourceVersion) is left out.

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace informant::sim::objects {

QJsonObject namespaceObject(const QString &name);
// A node whose kubelet reported it (un)ready `since` (invalid: now) and
// last reported now (lastHeartbeatTime).
QJsonObject node(const QString &name, int index, bool ready = true,
                 const QDateTime &since = QDateTime());
// One port of a Service: `port` forwarded to the pods' `targetPort`, a
// container port's number or name.
QJsonObject servicePort(const QString &name, int port, const QJsonValue &targetPort);
// A Service selecting app=`app`; headless (clusterIP None) for a StatefulSet's
// pod DNS names.
QJsonObject service(const QString &namespaceName, const QString &name, const QString &app,
                    const QJsonObject &port, bool headless = false);
// A StorageClass of `provisioner` that binds at once and deletes its volumes
// with their claims; `isDefault`: the class of claims that name none.
QJsonObject storageClass(const QString &name, const QString &provisioner, bool isDefault);
QJsonObject configMap(const QString &namespaceName, const QString &name);
// An Opaque Secret holding `values` (stored base64, as the API server does).
QJsonObject secret(const QString &namespaceName, const QString &name,
                   const QList<QPair<QString, QByteArray>> &values);
QJsonObject serviceAccount(const QString &namespaceName, const QString &name);

} // namespace informant::sim::objects
