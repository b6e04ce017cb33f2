#pragma once

// kubectl's words for a request that failed (its cmdutil.StandardErrorMessage),
// for the commands whose one request is the whole job (version, api-versions,
// cluster-info, get --raw), for every command whose server is not listening
// and for every answer that refuses the user:
//   - nothing listening: "The connection to the server HOST:PORT was
//     refused - did you specify the right host or port?" (no "error: ");
//   - a Status from the server: "Error from server (REASON): MESSAGE", or
//     "error: You must be logged in to the server (MESSAGE)" when
//     Unauthorized;
//   - anything else: requestErrorLine()'s text (connection.h).
// A 401 from an http server to which the user's credentials were withheld
// (kubectl's rule: only over https) is followed by a line saying so, as
// kubectl leaves a user to guess.

#include "informer/core/apierror.h"
#include "informer/kube/clusterconnection.h"

#include <optional>

namespace informantctl {

// Which of kubectl's clients a request stands for: it decides the words
// of a 401. Its discovery client (discovery, /version, and so every command
// that first maps a KIND, or lists cluster-info's services) reads an
// error's body raw and says client-go's own "the server has asked for the
// client to provide credentials"; its resource requests and get --raw
// decode the Status and say the server's message ("Unauthorized").
enum class RequestKind { Discovery, Resource };

// What kubectl's error for a Status answer says (Go's err.Error()): the
// server's message, or client-go's words for a 401 to a discovery request.
// Where kubectl's discovery says "unknown" for other codes, having dropped
// the Status, this keeps the server's message (who may not do what).
QString statusErrorText(const informant::ApiError &error, RequestKind kind);

// kubectl's line (without its newline; a second line may follow, see
// above) for `error`, or nothing when kubectl has no words of its own for
// it.
std::optional<QString> kubectlErrorLine(const informant::ClusterConnection &connection,
                                        const informant::ApiError &error,
                                        RequestKind kind = RequestKind::Resource);

// Whether `error` is the server refusing the user (401 or 403), which
// kubectl reports in its own words wherever it happens.
bool isRefusedUser(const informant::ApiError &error);

// "The connection to the server HOST:PORT was refused - ...", HOST:PORT as
// the server's URL names them.
QString connectionRefusedLine(const informant::ClusterConfig &config);

} // namespace informantctl
