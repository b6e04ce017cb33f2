#pragma once

// What kube-apiserver fills in on a new Pod besides the API defaults: the
// ServiceAccount admission plugin's serviceAccountName, the Priority plugin's
// priority, the DefaultTolerationSeconds plugin's not-ready/unreachable
// tolerations, and the pod strategy's status (phase Pending, qosClass). Only
// what is absent is filled: a scenario's pod with a status keeps it. Pure
// function; any thread.

#include <QJsonObject>

namespace informant::sim {

void applyPodCreateDefaults(QJsonObject &pod);

} // namespace informant::sim
