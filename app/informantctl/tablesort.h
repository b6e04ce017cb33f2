#pragma once

// --sort-by for tables (get and get -o wide), as kubectl 1.32 does it, which
// is not as it sorts its other outputs (sortedKinds(), getprint.h). kubectl
// reads a Table per kind listed and one per object named, and sorts twice:
//
// 1. With two Tables or more, the Tables themselves, as objects: the path
//    is looked up on each Table ({"kind":"Table","apiVersion":
//    "meta.k8s.io/v1","metadata":{"resourceVersion":RV}}, RV the list's, or
//    the object's for one named), not on the objects in its rows. When no
//    Table has it, that is the command's error ("couldn't find any field
//    with path ..."), whatever the rows hold: `get pods,deploy
//    --sort-by=.metadata.name` fails. When one has it, the Tables are put in
//    that order (`--sort-by=.metadata.resourceVersion`).
// 2. As each Table prints, its rows, when there are two or more. When no
//    row has the path, kubectl's printer fails and kubectl ignores the
//    failure: that Table is not printed at all, and when nothing else
//    printed the command says "No resources found" and succeeds
//    (`get pods --sort-by=.x`). A Table of one row prints unsorted. Values
//    that cannot be compared (`--sort-by=.metadata`) end kubectl with a
//    fatal log line; here they are the command's error.
//
// Here a Table's columnDefinitions and rows are not part of what step 1
// looks at: a path into them (which kubectl would try to sort Tables by) is
// reported as not found.

#include "getprint.h"
#include "sortby.h"

#include "informer/core/result.h"

namespace informantctl {

// `kinds` as the tables print them after --sort-by (see above); kubectl's
// error when step 1 fails or values cannot be compared. A Table step 2
// drops keeps its place, empty.
informant::Result<QList<KindObjects>> sortedTables(const QList<KindObjects> &kinds,
                                                   const SortBy &sortBy);

} // namespace informantctl
