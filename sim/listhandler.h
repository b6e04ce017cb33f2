#pragma once

// Serves list requests (GET on a collection without watch): plans the state
// to read (listplan.h), filters by namespace and selectors, paginates with
// continue tokens and remainingItemCount, and writes a <Kind>List, a Table or
// a PartialObjectMetadataList. Big lists are streamed straight from the
// stored bytes as the socket drains.

#include "sim/httpconnection.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"

namespace informant::sim {

void handleList(ServerContext &context, HttpConnection *connection, const HttpRequest &request,
                const RequestTarget &target);

} // namespace informant::sim
