#pragma once

// Internal to informer-core: the shared block behind KubeObject.

#include "informer/core/kubeobject.h"

#include <QSharedData>

namespace informant {

struct KubeObject::Data : QSharedData
{
    QByteArray json;
    QString apiVersion;
    QString kind;
    QString namespaceName;
    QString name;
    QString uid;
    QString resourceVersion;
    // "namespace/name" or "name", made once at decode time: every cache,
    // queue and index looks objects up by it, and shares this one string.
    QString key;
    qint64 generation = 0;
    qint64 creationTimestampMs = -1;
    qint64 deletionTimestampMs = -1;
    QList<Label> labels;
    QList<QString> annotationKeys;
    QList<OwnerReference> ownerReferences;
    bool hasManagedFields = false;
};

} // namespace informant
