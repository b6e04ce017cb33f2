#pragma once

// metadata.generation as kube-apiserver 1.32's registry strategies keep it.
// Only some kinds have one: those whose strategy's PrepareForCreate sets it
// to 1 (Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs, CronJobs,
// Ingresses, NetworkPolicies, PodDisruptionBudgets, CustomResourceDefinitions
// and every custom resource). Pods (1.33's pod generation), Services,
// PersistentVolumes/Claims, Nodes, Namespaces, HorizontalPodAutoscalers (the
// HPAGeneration gate is later than 1.32) and the rest have none. A write bumps
// it when the spec changes; for a custom resource, when anything but metadata
// (and status, with a status subresource) changes, as the customresource
// strategy does. Pure functions; any thread.

#include "sim/resourcetype.h"

#include <QJsonObject>

namespace informant::sim {

// Whether objects of `type` carry metadata.generation.
bool hasGeneration(const ResourceType &type);

// Sets metadata.generation of a new object to 1, or removes it for a kind
// that has none (as the registry strategies' PrepareForCreate).
void setCreatedGeneration(const ResourceType &type, QJsonObject &metadata);

// The generation `updated` (the complete new state) should have, given the
// stored `old` (both defaulted); 0 when the kind has none.
qint64 generationAfterUpdate(const ResourceType &type, const QJsonObject &old,
                             const QJsonObject &updated);

} // namespace informant::sim
