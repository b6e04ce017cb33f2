#pragma once

// DeleteOptions.propagationPolicy (or the query parameter, or the legacy
// orphanDependents) of a DELETE, and the garbage collector's orphaning: with
// Orphan the owner is marked for deletion with the orphan finalizer (and
// answered so), then the collector takes the dependents' ownerReferences to
// it away and removes the finalizer, which lets the owner go: watchers see
// the owner modified, its dependents modified, the owner deleted, as with
// kube-controller-manager's garbage collector. An orphan finalizer a user
// set is honoured the same way. Background deletes the owner at once and
// its dependents after it (ObjectWriter's collection). Foreground keeps the owner, marked
// for deletion with the foregroundDeletion finalizer, while the collector
// deletes its dependents (in Foreground too, those that have dependents of
// their own); once no dependent whose reference has blockOwnerDeletion is
// left, the finalizer goes and with it the owner. A DELETE of an object
// already being deleted (no grace period pending) updates its finalizers for
// the policy it asks for, as the registry's
// deletionFinalizersForGarbageCollection: Foreground adds foregroundDeletion,
// Background and Orphan take it away, no policy leaves the finalizers as
// they are. An owner waiting for its dependents is looked at again when one
// of them is deleted or its ownerReferences change (the garbage collector's
// graph builder). The collector's work is done in the write that allows it,
// not later. Server thread only.

#include "sim/httprequest.h"
#include "sim/servercontext.h"

#include "informer/core/apistatus.h"

#include <QJsonArray>
#include <QJsonObject>

#include <QLatin1String>

#include <optional>

namespace informant::sim {

struct ResourceType;
struct StoredObject;

enum class DeletePropagation { Background, Foreground, Orphan };

inline const QLatin1String kForegroundDeletionFinalizer("foregroundDeletion");
inline const QLatin1String kOrphanFinalizer("orphan");

// The policy a DELETE asks for (none: the request did not say, which deletes
// in Background unless the object's finalizers say Foreground); `options` is
// its DeleteOptions body. An unknown policy is the API server's 422.
Result<std::optional<DeletePropagation>, ApiStatus> deletePropagation(const HttpRequest &request,
                                                                      const QJsonObject &options);

// The finalizers of an object being deleted with `propagation` (none: as
// they are), as the registry's deletionFinalizersForGarbageCollection:
// Orphan adds the orphan finalizer, Foreground foregroundDeletion, each
// taking the other away; Background takes both away.
QJsonArray finalizersForDeletion(const QJsonArray &finalizers,
                                 std::optional<DeletePropagation> propagation);

// The collector's part of a delete of `owner` (of `type`), just marked with
// kOrphanFinalizer: removes the ownerReferences to it from every object that
// has one, then the finalizer (the owner goes if nothing else holds it).
void orphanDependents(ServerContext &context, const ResourceType &type, const StoredObject &owner);

// The collector's part of a Foreground delete of `owner` (of `type`), just
// marked with kForegroundDeletionFinalizer: deletes its dependents, then
// removes the finalizer if none of them blocks the owner any more.
void deleteDependentsInForeground(ServerContext &context, const ResourceType &type,
                                  const StoredObject &owner);

// `dependent` (its state before the write) is gone, or its ownerReferences
// changed: each owner it named that waits for its dependents
// (kForegroundDeletionFinalizer) loses the finalizer if none blocks it now.
void releaseWaitingOwners(ServerContext &context, const StoredObject &dependent);

} // namespace informant::sim
