#pragma once

// DeleteOptions.propagationPolicy (or the query parameter, or the legacy
// orphanDependents) of a DELETE, and the garbage collector's orphaning: with
// Orphan the dependents stay and lose their ownerReferences to the deleted
// object, as kube-controller-manager's garbage collector does before it lets
// the owner go. Background deletes the owner at once and its dependents
// after it (ObjectWriter's collection). Foreground keeps the owner, marked
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
// they are). Orphaning is done by orphanDependents before the delete, so the
// orphan finalizer is taken away with an explicit policy, never added.
QJsonArray finalizersForDeletion(const QJsonArray &finalizers,
                                 std::optional<DeletePropagation> propagation);

// Removes the ownerReferences to `ownerUid` from every object that has one.
void orphanDependents(ServerContext &context, const QString &ownerUid);

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
