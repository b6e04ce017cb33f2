#pragma once

// What kube-apiserver's job strategy adds to a new Job (generateSelector,
// unless spec.manualSelector is true): the pod template's labels
// batch.kubernetes.io/job-name and job-name (the Job's name) and
// batch.kubernetes.io/controller-uid and controller-uid (its uid), and
// spec.selector.matchLabels batch.kubernetes.io/controller-uid. A label the
// writer set is kept. `job` must already have its metadata.name and uid.
// Pure function; any thread.

#include <QJsonObject>

namespace informant::sim {

void generateJobSelector(QJsonObject &job);

} // namespace informant::sim
