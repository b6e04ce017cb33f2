#pragma once

// kubectl's words for a request that failed (its cmdutil.StandardErrorMessage),
// for the commands whose one request is the whole job (version, api-versions,
// cluster-info, get --raw) and for every command whose server is not
// listening:
//   - nothing listening: "The connection to the server HOST:PORT was
//     refused - did you specify the right host or port?" (no "error: ");
//   - a Status from the server: "Error from server (REASON): MESSAGE", or
//     "error: You must be logged in to the server (MESSAGE)" when
//     Unauthorized;
//   - anything else: requestErrorLine()'s text (connection.h).

#include "informer/core/apierror.h"
#include "informer/kube/clusterconfig.h"

#include <optional>

namespace informantctl {

// kubectl's line (without its newline) for `error`, or nothing when kubectl
// has no words of its own for it.
std::optional<QString> kubectlErrorLine(const informant::ClusterConfig &config,
                                        const informant::ApiError &error);

// "The connection to the server HOST:PORT was refused - ...", HOST:PORT as
// the server's URL names them.
QString connectionRefusedLine(const informant::ClusterConfig &config);

} // namespace informantctl
