#pragma once

// Who may do what in the simulator, and its answers to the questions kubectl
// auth can-i asks (SelfSubjectAccessReview, and SelfSubjectRulesReview for
// --list). The simulator refuses nothing but reads (get, list, watch) outside
// --readable-namespaces, when those are set; every other request of an
// authenticated client is allowed, as for a cluster administrator.
// Server thread only.

#include "sim/httpconnection.h"
#include "sim/httprequest.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>

namespace informant::sim {

// Whether `verb` on a resource in `namespaceName` ("": the cluster scope or
// all namespaces) is allowed.
bool accessAllowed(const ServerSettings &settings, const QString &verb, bool namespaced,
                   const QString &namespaceName);

// The body of a review (and of whoami's question): JSON, or protobuf as
// kubectl sends it.
Result<QJsonObject, ApiStatus> reviewBody(const HttpRequest &request);

bool isAccessReview(const RequestTarget &target);
void handleAccessReview(ServerContext &context, HttpConnection *connection,
                        const HttpRequest &request, const RequestTarget &target);

} // namespace informant::sim
