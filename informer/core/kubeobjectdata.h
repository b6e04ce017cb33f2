#pragma once

// Internal to informer-core: the shared block behind KubeObject.

#include "informer/core/kubeobject.h"

#include <QSharedData>

namespace informant {

struct KubeObject::Data : QSharedData
{
    // "namespace/name" or "name", made once at decode time: every cache,
    // queue and index looks objects up by it, and shares this one string.
    // First, beside the reference count and the other members that bulk
    // passes over the cache read (a Replace, the processing after it): they
    // share one cache line, fetched once per object.
    QString key;
    QString resourceVersion;
    bool hasManagedFields = false;
    bool metadataOnly = false; // in the padding after hasManagedFields: no larger block
    QByteArray json;
    QString apiVersion;
    QString kind;
    QString namespaceName;
    QString name;
    QString uid;
    qint64 generation = 0;
    qint64 creationTimestampMs = -1;
    qint64 deletionTimestampMs = -1;
    QList<Label> labels;
    QList<QString> annotationKeys;
    QList<OwnerReference> ownerReferences;
};

} // namespace informant
