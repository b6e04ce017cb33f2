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
// left, the finalizer goes and with it the owner. The collector's work is
// done in the write that allows it, not later. Server thread only.

#include "sim/httprequest.h"
#include "sim/servercontext.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>

#include <QLatin1String>

namespace informant::sim {

struct ResourceType;
struct StoredObject;

enum class DeletePropagation { Background, Foreground, Orphan };

inline const QLatin1String kForegroundDeletionFinalizer("foregroundDeletion");

// The policy a DELETE asks for (Background when none); `options` is its
// DeleteOptions body. An unknown policy is the API server's 422.
Result<DeletePropagation, ApiStatus> deletePropagation(const HttpRequest &request,
                                                       const QJsonObject &options);

// Removes the ownerReferences to `ownerUid` from every object that has one.
void orphanDependents(ServerContext &context, const QString &ownerUid);

// The collector's part of a Foreground delete of `owner` (of `type`), just
// marked with kForegroundDeletionFinalizer: deletes its dependents, then
// removes the finalizer if none of them blocks the owner any more.
void deleteDependentsInForeground(ServerContext &context, const ResourceType &type,
                                  const StoredObject &owner);

// `dependent` is gone: each of its owners that waits for its dependents
// (kForegroundDeletionFinalizer) loses the finalizer if none blocks it now.
void releaseWaitingOwners(ServerContext &context, const StoredObject &dependent);

} // namespace informant::sim
