#pragma once

// The document `kubectl get -o json|yaml` prints for a list of objects:
// {"apiVersion":"v1","items":[...],"kind":"List","metadata":{"resourceVersion":""}},
// each item the object as the cache holds it (managedFields already dropped,
// as kubectl hides them by default) with its kind and apiVersion, which list
// items may lack, filled in from its resource. Objects of several kinds make
// one List, in the order given.

#include "informer/core/kubeobject.h"
#include "informer/kube/apiresource.h"

#include <QJsonObject>
#include <QList>

namespace informantctl {

// One kind's objects, for a List of several kinds.
struct ResourceObjects
{
    informant::ApiResource resource;
    QList<informant::KubeObject> objects;
};

QJsonObject listDocument(const QList<ResourceObjects> &kinds);
QJsonObject listDocument(const QList<informant::KubeObject> &objects,
                         const informant::ApiResource &resource);

// One object as an item of the List (or printed alone): with its type meta;
// a metadata-only object as the PartialObjectMetadata the server sent.
QJsonObject typedObject(const informant::KubeObject &object,
                        const informant::ApiResource &resource);

} // namespace informantctl
