#pragma once

// sharedExecPlugin: one ExecPlugin per exec config (and per cluster, when the
// plugin is given the cluster's details) for the whole process, as client-go's
// exec authenticator cache: connections made from the same kubeconfig user
// share its credential, so the plugin runs once per token lifetime however
// many windows or sessions use it, and a window can show the credential's
// expiry from a Credentials of its own (credentials.h) without running the
// plugin again. Entries live as long as some Credentials holds them.
// Thread-safe.

#include "informer/kube/clusterconfig.h"

#include <memory>

namespace informant {

class ExecPlugin;

std::shared_ptr<ExecPlugin> sharedExecPlugin(const ExecConfig &exec, const ClusterConfig &cluster);

} // namespace informant
