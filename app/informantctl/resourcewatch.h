#pragma once

// What `watch KIND` and `get KIND -w` print, as kubectl get -w does: the
// objects of the first list, sorted (not with --watch-only), then every
// change as it arrives, each in the format asked for (changeprinter.h); an
// object a relist read again unchanged is none (unchangedupdate.h). A
// table's first block (with the header, unless --no-headers) is aligned
// over the whole list, and later rows keep its column widths, widening a
// column when a wider cell comes (TabWriter). The header goes out with the
// first row, so an empty list prints nothing until something appears.
//
// The informer's handler thread renders and writes each change; the list
// is held back until this registration has received all of it.

#include "changeprinter.h"

#include <functional>

namespace informantctl {

class InformerRunner;

// The first list must succeed, as for get (kubectl get -w lists once, then
// watches): a cluster that cannot be read is an error, not a silent wait.
// After it, the informer reconnects on its own and the watch says so.
constexpr qint64 kFirstListTimeoutMs = 120000;

// Called once the first list has synced, before anything is
// printed; false ends the watch (it says why on stderr). kubectl get -w
// reads what it watches before it picks a printer, so a missing object is
// its first error.
using FirstListCheck = std::function<bool()>;

// Starts `runner`'s informer and prints until the process is interrupted
// (or its standard output is gone: standardoutput.h ends it then; or, with
// --request-timeout, once that long has passed since the sync); says
// on stderr when the watch is interrupted and when it resumes.
// Returns the exit status (1 if the handler could not be added, or the
// first list failed, or `check` refused it, or the first table could not
// be sorted).
int watchResource(InformerRunner &runner, const WatchFormat &format,
                  const FirstListCheck &check = {});

} // namespace informantctl
