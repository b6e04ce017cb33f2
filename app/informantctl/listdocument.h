#pragma once

// The document `kubectl get -o json|yaml` prints for a list of objects:
// {"apiVersion":"v1","items":[...],"kind":"List","metadata":{"resourceVersion":""}},
// each item the object as the cache holds it (managedFields already dropped,
// as kubectl hides them by default) with its kind and apiVersion, which list
// items may lack, filled in from the resource.

#include "informer/core/kubeobject.h"
#include "informer/kube/apiresource.h"

#include <QJsonObject>
#include <QList>

namespace informantctl {

QJsonObject listDocument(const QList<informant::KubeObject> &objects,
                         const informant::ApiResource &resource);

} // namespace informantctl
