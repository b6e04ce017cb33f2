#pragma once

// A StatefulSet's spec.persistentVolumeClaimRetentionPolicy, as
// kube-controller-manager 1.32's statefulset controller honours it (the
// StatefulSetAutoDeletePVC feature, GA in 1.32): not by deleting claims
// itself but through their ownerReferences, which the garbage collector
// follows. whenDeleted: Delete gives a claim a controller reference to the
// set, so the set's deletion takes it; whenScaled: Delete gives the claim of
// a condemned pod (ordinal >= spec.replicas) a controller reference to that
// pod instead, so the pod's deletion takes it; Retain (the default) leaves
// them unowned. A claim some other controller owns gets no reference of
// ours, as with the controller's hasUnexpectedController. Pure functions; any thread.

#include "sim/storedobject.h"

#include <QJsonArray>
#include <QJsonObject>

namespace informant::sim::claimretention {

// The ownerReferences a claim with `current` ones should have under the
// StatefulSet `set` (spec `setSpec`), used by `pod` (null: not yet made)
// whose ordinal is `condemned` or not.
QJsonArray owners(const QJsonArray &current, const QJsonObject &setSpec, const StoredObject &set,
                  const StoredObject *pod, bool condemned);

} // namespace informant::sim::claimretention
