#pragma once

// The defaults kube-apiserver gives the built-in kinds on every write: the
// SetDefaults_* functions of k8s.io/kubernetes pkg/apis/{core,apps,batch}/v1
// (Secret type, Service ports and policies, pod and container fields, workload
// replicas and strategies, Job and CronJob limits, volume modes), and on a new
// Pod what the pod strategy and admission add (podcreatedefaults.h). Like the
// real defaulting they only fill what is absent: a field the writer set is
// never changed. Service cluster IPs and node ports are not here: they depend
// on the live Services (see ServiceAllocator). Pure functions of their
// arguments; any thread.

#include "sim/resourcetype.h"

#include <QJsonObject>

namespace informant::sim {

enum class DefaultsFor { Create, Update };

// Fills the defaults of `object`, an object of the built-in `type` (custom
// resources and kinds without defaults are left alone). Every write is
// defaulted, as kube-apiserver defaults every decoded body; a create also
// gets the new-Pod fields and a new Job its generated selector (jobselector.h).
void applyDefaults(const ResourceType &type, QJsonObject &object, DefaultsFor write);

} // namespace informant::sim
