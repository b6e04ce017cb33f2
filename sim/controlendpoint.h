#pragma once

// The simulator's own control API, for tests and benchmarks (never subject
// to faults):
//   GET  /sim/v1/snapshot?resource=pods[&namespace=NS]   [{"key","uid","resourceVersion"}] by key
//        (resource may be qualified: deployments.apps)
//   GET  /sim/v1/requests          request log, one JSON object per line
//   DELETE /sim/v1/requests        clears the log
//   POST /sim/v1/churn/pause|resume
//   GET  /sim/v1/faults            the active fault spec
//   POST /sim/v1/faults            body: a --faults spec (replaces the active one)
//   POST /sim/v1/faults/off
//   GET  /sim/v1/recording         the replay of a recording (--replay FILE):
//        {"file","recordedAt","position","duration","speed","paused",
//         "changesApplied","changes","finished"}; times in ms of the recording
//   POST /sim/v1/recording/pause|resume, /seek?t=MS, /speed?x=X   answer the same

#include "sim/httpconnection.h"
#include "sim/servercontext.h"

namespace informant::sim {

void handleControlRequest(ServerContext &context, HttpConnection *connection,
                          const HttpRequest &request);

} // namespace informant::sim
