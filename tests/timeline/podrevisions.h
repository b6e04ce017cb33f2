#pragma once

// Test helper: revisions of a crash-looping pod as the watch delivers them.

#include "informer/core/kubeobject.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::testing {

inline QJsonObject podJson(int resourceVersion, int restartCount, const QString &phase = "Running",
                           const QString &managedTime = "2024-05-01T10:00:00Z")
{
    const QJsonObject managed{
        {"manager", "kubelet"}, {"operation", "Update"}, {"time", managedTime}};
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", QJsonObject{{"name", "worker-crash"},
                                 {"namespace", "shop"},
                                 {"uid", "pod-uid-crash"},
                                 {"resourceVersion", QString::number(resourceVersion)},
                                 {"labels", QJsonObject{{"app", "worker"},
                                                        {"app.kubernetes.io/part-of", "shop"}}},
                                 {"managedFields", QJsonArray{managed}}}},
        {"spec", QJsonObject{{"containers", QJsonArray{QJsonObject{{"name", "worker"},
                                                                   {"image", "worker:1.2"}}}}}},
        {"status", QJsonObject{{"phase", phase},
                               {"containerStatuses",
                                QJsonArray{QJsonObject{{"name", "worker"},
                                                       {"ready", false},
                                                       {"restartCount", restartCount}}}}}}};
}

inline KubeObject podObject(const QJsonObject &json)
{
    return KubeObject::fromJson(QJsonDocument(json).toJson(QJsonDocument::Compact)).value();
}

} // namespace informant::testing
