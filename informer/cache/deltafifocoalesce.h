#pragma once

// coalesceDeltas: how DeltaFIFO bounds one key's Deltas once its consumer has
// fallen behind (DeltaFIFOOptions::coalesceBacklog). Not in client-go, whose
// queue keeps every delta: a consumer slower than the change rate would make
// it grow with the number of changes instead of the number of keys.
//
// The result applies to a store exactly as the input does (same final state,
// and the same presence of the key after each deletion that stays visible),
// in at most three deltas:
//   [newest non-deletion before the first deletion]
//   [the first deletion]            (the final state of what the store held)
//   [newest non-deletion after the last deletion]
// so what a handler can observe is: intermediate updates skipped (it sees the
// newest state at once), and objects created and deleted again while the
// consumer was behind never appear. A deletion is never merged into an object
// that stays: if the key was deleted, the first deletion is kept and any
// later object follows it as a new one.
//
// Threading: a pure function on a value.

#include "informer/cache/delta.h"

namespace informant {

// Rewrites `deltas` (oldest first) as above; returns how many were dropped.
qsizetype coalesceDeltas(Deltas &deltas);

} // namespace informant
