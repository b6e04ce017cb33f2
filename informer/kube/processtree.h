#pragma once

// killProcessTree: ends a process and every process it started, and theirs.
//
// Why: killing a credential plugin's own process leaves what it started
// running, orphaned: a wrapper script's `aws eks get-token`, a plugin's
// helper waiting for a browser sign-in. They held on after the window that
// started them had closed, with nothing left to end them.
//
// The tree is read from /proc (each process's parent), so the processes keep
// the process group and terminal they were started in: a terminal's Ctrl+C
// still reaches the plugin, and an interactive plugin can still read the
// terminal. Each process found is stopped at once, so none starts another
// unseen while the tree is read; then all are killed. Where there is no
// /proc, only `pid` itself is killed.

#include <QtGlobal>

namespace informant {

// SIGKILLs `pid` and its descendants; the caller still reaps `pid`.
void killProcessTree(qint64 pid);

} // namespace informant
