#pragma once

// Resolves informantctl's global options into a cluster connection, with
// kubectl's precedence (informer/kube/connectionflags.h, shared with the GUI).

#include "globaloptions.h"
#include "kubectlerror.h"

#include "informer/core/apierror.h"
#include "informer/core/result.h"
#include "informer/kube/clusterconnection.h"

namespace informantctl {

// kubectl words a --context no kubeconfig defines in two ways, by the
// path the command takes to the server: its resource builder (get, watch)
// says "Error in configuration: context was not found for specified
// context: NAME", its REST and discovery clients (api-resources, version,
// get --raw...) `error: context "NAME" does not exist`.
enum class MissingContextWording { RestClient, ResourceBuilder };

// The resolved configuration (no network access yet). An error's message
// is the whole line to print (without its newline): "error: ...", or
// kubectl's for a --kubeconfig that does not exist or a --context no
// kubeconfig defines.
informant::Result<informant::ClusterConfig>
resolveClusterConfig(const GlobalOptions &options,
                     MissingContextWording wording = MissingContextWording::RestClient);

// resolveClusterConfig() plus the shared credentials, with an exec
// plugin's stderr passed to informantctl's stderr as it is written, and
// --request-timeout read into the configuration (kubectl's error for a
// value it refuses).
informant::Result<std::shared_ptr<const informant::ClusterConnection>>
connectCluster(const GlobalOptions &options,
               MissingContextWording wording = MissingContextWording::RestClient);

// The namespace commands work in: "" for -A, else -n, else the context's
// namespace, else "default".
QString effectiveNamespace(const GlobalOptions &options, const informant::ClusterConfig &config);

// How informantctl's messages about this cluster begin: "error: context
// \"NAME\": " from a kubeconfig context, so a user of several clusters knows
// which one failed; "error: " with --server alone, which has no context.
QString errorPrefix(const informant::ClusterConfig &config);

// The line (without its newline) informantctl reports a failed request
// with: kubectl's words for one that ran out of --request-timeout, found
// nothing listening or was refused the user (401, 403; kubectlerror.h,
// worded for `kind`), errorPrefix() and the error's message for any other.
QString requestErrorLine(const informant::ClusterConnection &connection,
                         const informant::ApiError &error,
                         RequestKind kind = RequestKind::Resource);

} // namespace informantctl
