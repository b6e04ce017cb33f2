#pragma once

// kubectl's warning for a short name that several resources claim, e.g. on a
// cluster serving both core events and events.events.k8s.io (both "ev"):
//   Warning: short name "ev" could also match lower priority resource events.events.k8s.io
// Mirrors client-go's shortcutExpander (restmapper/shortcut.go) as kubectl
// 1.32 uses it: the typed KIND is read as kubectl's builder reads it
// (resource.version.group first when it has two dots, then resource.group);
// a plural or singular name of any resource in the group asked for is no
// short name; otherwise the first resource in discovery's priority order
// (core, then the groups as the server lists them, each version in order)
// with that short name wins, and every other resource with it, once each,
// is a "lower priority resource". Another version of the winner is none.

#include "informer/kube/discoveryresult.h"

#include <QStringList>

namespace informantctl {

// The warnings for `typed` (without "Warning: "), in kubectl's order; none
// when the short name is unambiguous or `typed` is no short name.
QStringList shortNameAmbiguities(const informant::DiscoveryResult &discovery, const QString &typed);

} // namespace informantctl
