#pragma once

// What informant does when it cannot open its first window: the error goes
// to stderr (main.cpp) and to a StartupFailureDialog, since a user who
// started informant from the desktop entry has no terminal. The dialog offers
// the demo cluster, another kubeconfig file, or quitting.
// Never blocks without a user: with --screenshot the dialog is grabbed to the
// file after --after ms (as the main window would be) and informant exits; on
// the offscreen and minimal platforms (tests, scripts) there is no dialog.

#include "options.h"

#include <optional>

namespace informant {

// The options to start again with (the user's choice), or nothing: exit.
std::optional<Options> askAfterStartFailure(const QString &error, const Options &options);

// What each choice starts: the demo cluster, or the current context of
// `kubeconfig` (a live cluster: a --replay or --server that failed is dropped).
Options optionsForDemo(const Options &failed);
Options optionsForKubeconfig(const Options &failed, const QString &kubeconfig);

} // namespace informant
