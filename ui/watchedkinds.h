#pragma once

// WatchedKinds: which kinds a window keeps an informer on besides the one
// shown. The tree's live counts need an informer per kind; the built-in kinds
// are a few dozen, while a cluster with many operators offers hundreds of
// custom kinds, so by default a custom kind starts when first shown.
// `--watch-kinds` or the "tree/watchKinds" setting chooses, in that order.

#include <QString>

#include <optional>

namespace informant {

enum class WatchedKinds {
    Shown,   // only kinds that were shown (no counts for the others)
    BuiltIn, // every built-in kind, custom kinds when shown (the default)
    All,     // every kind discovery offers
    // A replay of a recording (informant --replay, which decides it): every
    // kind, of which the session watches those the recording holds; the
    // others are not in it, whatever --watch-kinds says.
    Recorded,
};

// "shown", "builtin" or "all"; nullopt for anything else.
std::optional<WatchedKinds> watchedKindsFromString(const QString &text);
// The command line's choice if given (non-empty), else the setting, else BuiltIn.
WatchedKinds watchedKindsChoice(const QString &commandLine);
// Why, under `kinds`, a kind has no informer (and the tree no count for it),
// and how to get one: "custom kinds are watched once shown, ...".
QString unwatchedKindsReason(WatchedKinds kinds);

} // namespace informant
