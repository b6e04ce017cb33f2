#pragma once

// How informant's connection flags become a cluster configuration: exactly
// as informantctl's (informer/kube/connectionflags.h, kubectl's clientcmd
// precedence): the kubeconfig and its context are resolved first, then
// --server, --token, --certificate-authority and --insecure-skip-tls-verify
// override single fields, so `--kubeconfig kc --server URL` keeps the
// context's CA and credentials. --server alone works without a kubeconfig.
// Plain functions, no network access.

#include "options.h"

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"

namespace informant {

Result<ClusterConfig> resolveClusterConfig(const Options &options);

// The namespace the first window starts filtered to, as kubectl picks the
// namespace of a command: "" (all) with -A, else -n, else the context's
// namespace. Unlike kubectl, a context without a namespace starts with all
// namespaces rather than "default": a browser that opened on the default
// namespace of most clusters would look empty.
QString initialNamespace(const Options &options, const ClusterConfig &config);

} // namespace informant
