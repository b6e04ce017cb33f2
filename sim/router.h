#pragma once

// Routes each request: authentication (bearer token), the request log,
// /sim/v1 control, discovery and OpenAPI, and resource paths
// (/api/v1/..., /apis/<group>/<version>/...) to the list, watch and object
// handlers, with injected faults (errors, delays) on resource list/watch.
// Server thread only.

#include "sim/httpconnection.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"

#include <optional>

namespace informant::sim {

class Router
{
public:
    explicit Router(ServerContext &context)
        : m_context(context)
    {
    }

    void handle(HttpConnection *connection, const HttpRequest &request);

    // Takes a resource path apart; nullopt if it names no served resource.
    std::optional<RequestTarget> parseResourcePath(const QString &path) const;
    // The Kubernetes verb of a request ("list", "watch", "get", ...).
    static QString verbOf(const HttpRequest &request, const std::optional<RequestTarget> &target);

private:
    bool handleDiscovery(HttpConnection *connection, const HttpRequest &request);
    void handleResource(HttpConnection *connection, const HttpRequest &request,
                        const RequestTarget &target, const QString &verb);
    bool authorized(const HttpRequest &request) const;
    // --readable-namespaces: a read of another namespace, of all of them or
    // of a cluster-scoped kind is forbidden, as for a user whose Role binds
    // in those namespaces alone.
    bool readable(const RequestTarget &target, const QString &verb) const;

    ServerContext &m_context;
};

} // namespace informant::sim
