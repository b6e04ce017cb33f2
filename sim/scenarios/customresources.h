#pragma once

// --crds N, on any scenario: N CustomResourceDefinitions, registered like any
// created CRD (discovery, /apis/<group>/v1/<plural>, list/watch/CRUD) and
// each with a few custom objects, so a cluster offers as many kinds as real
// ones with operators installed. Deterministic names: realistic kinds spread
// over four *.bench.informant.io groups, a few cluster-scoped.
// Server thread only (runs before the server accepts connections).

#include "sim/servercontext.h"

namespace informant::sim {

inline constexpr int kCustomObjectsPerCrd = 3;

Result<void> createCustomResources(ServerContext &context, int crdCount,
                                   int objectsPerCrd = kCustomObjectsPerCrd);

} // namespace informant::sim
