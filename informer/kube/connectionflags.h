#pragma once

// kubectl's connection flags and how they become a cluster configuration,
// with clientcmd's precedence: the kubeconfig and its context are resolved
// first, then --server, --token, --certificate-authority,
// --insecure-skip-tls-verify and -n override single fields, so
// `--kubeconfig kc --server URL` keeps the context's CA and credentials.
// --server alone works without any kubeconfig. informant and informantctl
// resolve their flags through this one function (connectionoptions.h
// declares them on a command line and reads them back). No network access.

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"

namespace informant {

struct ConnectionFlags
{
    QString kubeconfig; // "" for $KUBECONFIG or ~/.kube/config
    QString context;
    QString server;
    QString token;
    QString certificateAuthority; // a file
    bool insecureSkipTlsVerify = false;
    QString namespaceName; // overrides the context's; "" keeps it
    // -A. Not read by resolveConnectionFlags: each program picks the
    // namespace it shows or works in from it (it wins over -n).
    bool allNamespaces = false;
};

Result<ClusterConfig> resolveConnectionFlags(const ConnectionFlags &flags);

} // namespace informant
