#pragma once

// How kubectl names an object across kinds: the lower-case kind, qualified
// by its group outside the core group, then the name ("pod/web-1",
// "deployment.apps/api"). -o name prints it; a table of several kinds
// prints it in the NAME column.

#include "informer/kube/apiresource.h"

namespace informantctl {

// "deployment.apps/" for apps/v1 deployments, "pod/" for pods.
QString objectNamePrefix(const informant::ApiResource &resource);

} // namespace informantctl
