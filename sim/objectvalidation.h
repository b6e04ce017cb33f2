#pragma once

// kube-apiserver's validation of what a workload asks for, as far as a
// client could tell the difference: a Pod has containers; a Deployment,
// ReplicaSet or StatefulSet wants zero replicas or more; those and a
// DaemonSet select their own template's pods (every matchLabels pair is one
// of the template's labels). Each refusal is the server's 422, word for word.
// Names are objectnames.h's.

#include "sim/resourcetype.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>

#include <optional>

namespace informant::sim {

// "Deployment.apps" for a grouped kind, "Pod" for a core one: how the
// server's messages name a kind.
QString qualifiedKind(const ResourceType &type);

// Why `object` (defaulted, as it would be stored) is invalid; nullopt if it is not.
std::optional<ApiStatus> invalidSpec(const ResourceType &type, const QJsonObject &object);

} // namespace informant::sim
