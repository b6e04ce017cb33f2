#pragma once

// Containers as the details pane's Overview shows them. A pod's: what
// kubectl describe pod shows first of each, on one row: its image, its state
// (a waiting one's reason: CrashLoopBackOff, ImagePullBackOff; a terminated
// one's reason and exit code), readiness and restarts, then its last
// termination (lastState.terminated: reason, exit code, signal, how long ago
// it finished): why a crash-looping container stopped, which its current
// state (waiting to restart) does not say. A workload's pod template's: each
// container's image. Init containers first, as kubectl lists them.

#include "ui/overviewrow.h"

#include <QJsonObject>
#include <QList>

namespace informant {

QList<OverviewRow> podContainerRows(const QJsonObject &pod, qint64 nowMs);
// `podSpec`: a pod template's spec (a Deployment's spec.template.spec).
QList<OverviewRow> templateContainerRows(const QJsonObject &podSpec);

} // namespace informant
