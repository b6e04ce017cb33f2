#pragma once

// Serves single-object and write requests: get, create (POST), update (PUT),
// patch (merge, strategic merge, JSON patch, apply), delete and
// deletecollection, plus the status and scale subresources. Writes go through
// ObjectWriter; answers are the stored object in the requested view (or a
// one-row Table for a Table Accept).

#include "sim/httpconnection.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"

namespace informant::sim {

// `verb`: get, create, update, patch, delete or deletecollection.
void handleObjectRequest(ServerContext &context, HttpConnection *connection,
                         const HttpRequest &request, const RequestTarget &target,
                         const QString &verb);

} // namespace informant::sim
