#pragma once

// Built-in index functions and their conventional names, the facets the GUI
// and CLI filter on (client-go's MetaNamespaceIndexFunc and the indexers
// controllers commonly add, reference §4.3).
//
// Values:
// - "namespace": the namespace; "" for cluster-scoped objects.
// - "labels": one value per label as "key=value" AND one per bare "key", so
//   both `app=web` and `app` (exists) can be looked up. '=' cannot occur in a
//   label key, so the two forms never collide.
// - "owner": the uid of every ownerReference.
// - "node": for kind Pod only, spec.nodeName; "" for a pod not yet scheduled.
// - "involvedObject": for core/v1 Events involvedObject.uid, for
//   events.k8s.io Events regarding.uid (absent uid: no value).
//
// Pure, deterministic functions; safe from any thread. "node" and
// "involvedObject" parse the object's JSON (simdjson on-demand, a reused
// per-thread buffer); the others read KubeObject's hot fields only.

#include "informer/cache/threadsafestore.h"

namespace informant {

inline constexpr QLatin1String kNamespaceIndex{"namespace"};
inline constexpr QLatin1String kLabelsIndex{"labels"};
inline constexpr QLatin1String kOwnerIndex{"owner"};
inline constexpr QLatin1String kNodeIndex{"node"};
inline constexpr QLatin1String kInvolvedObjectIndex{"involvedObject"};

QStringList namespaceIndexFunc(const KubeObject &object);
QStringList labelsIndexFunc(const KubeObject &object);
QStringList ownerIndexFunc(const KubeObject &object);
QStringList nodeIndexFunc(const KubeObject &object);
QStringList involvedObjectIndexFunc(const KubeObject &object);

// The label index value for `key=value` (the bare-key value is the key itself).
QString labelIndexValue(const QString &key, const QString &value);

// The indexers an informer for `kind` gets by default: namespace, labels and
// owner for every kind, plus node for Pod and involvedObject for Event.
Indexers defaultIndexers(const QString &kind);

} // namespace informant
