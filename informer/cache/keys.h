#pragma once

// Object keys (client-go's object-names.go and the key functions of store.go,
// reference §4.1): "namespace/name" for namespaced objects, "name" for
// cluster-scoped ones, and the tombstone's own key for a
// DeletedFinalStateUnknown. Pure functions; safe from any thread.

#include "informer/cache/delta.h"
#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <functional>
#include <utility>

namespace informant {

// Computes the storage key of an object (client-go's KeyFunc).
using KeyFunc = std::function<Result<QString>(const KubeObject &)>;

// client-go MetaNamespaceKeyFunc: "ns/name" or "name". A null object has no
// metadata and yields the error "object has no meta".
Result<QString> metaNamespaceKey(const KubeObject &object);

// client-go DeletionHandlingMetaNamespaceKeyFunc over a Delta: the tombstone
// key for a DeletedFinalStateUnknown, else metaNamespaceKey(delta.object).
Result<QString> deletionHandlingKey(const Delta &delta);

// client-go SplitMetaNamespaceKey: "name" -> ("", name), "ns/name" -> (ns,
// name); anything else is the error `unexpected key format: "<key>"`.
Result<std::pair<QString, QString>> splitMetaNamespaceKey(const QString &key);

// A short human description of an object for error messages ("Pod ns/name",
// "<nil>" for a null object).
QString describeObject(const KubeObject &object);

// client-go KeyError: "couldn't create key for object <obj>: <err>".
Error keyError(const KubeObject &object, const Error &cause);

} // namespace informant
