#pragma once

// Whether a condition of the Overview's Conditions table is a healthy one.
// Most condition types say something good when True (Ready, Available,
// PodScheduled); a few say something wrong (a Node's MemoryPressure,
// DiskPressure, PIDPressure, NetworkUnavailable; a ReplicaSet's or
// Deployment's ReplicaFailure; a Job's Failed): those are healthy when
// False. Unknown is never healthy (a Node whose kubelet stopped posting).

#include <QString>

namespace informant {

bool conditionHealthy(const QString &type, const QString &status);

} // namespace informant
