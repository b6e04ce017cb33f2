#pragma once

// kube-apiserver's validation of what a workload asks for, as far as a
// client could tell the difference: a Pod has containers; a Deployment,
// ReplicaSet or StatefulSet wants zero replicas or more; those and a
// DaemonSet select their own template's pods (every matchLabels pair is one
// of the template's labels). Each refusal is the server's 422, word for word.
// On an update: an object being deleted takes no new finalizers; an
// immutable ConfigMap's or Secret's data stay, and a Secret keeps its type.
// Names are objectnames.h's.

#include "sim/resourcetype.h"
#include "sim/storedobject.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>

#include <optional>

namespace informant::sim {

// "Deployment.apps" for a grouped kind, "Pod" for a core one: how the
// server's messages name a kind.
QString qualifiedKind(const ResourceType &type);

// Why `object` (defaulted, as it would be stored) is invalid; nullopt if it is not.
std::optional<ApiStatus> invalidSpec(const ResourceType &type, const QJsonObject &object);

// Why a client's update of `current` to `object` is refused, as
// apimachinery's ValidateObjectMetaUpdate and the ConfigMap and Secret
// update validation refuse it; nullopt if it is not. The server's own
// writes (a DELETE swapping the garbage collector's finalizers) do not
// pass here.
std::optional<ApiStatus> invalidUpdate(const ResourceType &type, const StoredObject &current,
                                       const QJsonObject &object);

} // namespace informant::sim
