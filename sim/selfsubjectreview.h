#pragma once

// kubectl auth whoami's question (authentication.k8s.io/v1
// SelfSubjectReview): whom the simulator takes the client for. As
// kube-apiserver's x509 authenticator, a client certificate (with
// --client-ca) names the user by its common name and the groups by its
// organizations, and extra names the certificate itself
// ("authentication.kubernetes.io/credential-id": "X509SHA256=<hex>");
// every other client is the simulator's one user, "informant-sim" (the
// user --write-kubeconfig names), a cluster administrator (system:masters)
// unless --readable-namespaces restricts it, with no extra (as a static
// token's user). Every user is also in system:authenticated. Server thread
// only.

#include "sim/httpconnection.h"
#include "sim/httprequest.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"

namespace informant::sim {

bool isSelfSubjectReview(const RequestTarget &target);
void handleSelfSubjectReview(const ServerContext &context, HttpConnection *connection,
                             const HttpRequest &request, const RequestTarget &target);

} // namespace informant::sim
