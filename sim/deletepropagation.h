#pragma once

// DeleteOptions.propagationPolicy (or the query parameter, or the legacy
// orphanDependents) of a DELETE, and the garbage collector's orphaning: with
// Orphan the dependents stay and lose their ownerReferences to the deleted
// object, as kube-controller-manager's garbage collector does before it lets
// the owner go. Background and Foreground both end with the dependents
// deleted, which ObjectWriter's collection does. Server thread only.

#include "sim/httprequest.h"
#include "sim/servercontext.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>

namespace informant::sim {

enum class DeletePropagation { Background, Foreground, Orphan };

// The policy a DELETE asks for (Background when none); `options` is its
// DeleteOptions body. An unknown policy is the API server's 422.
Result<DeletePropagation, ApiStatus> deletePropagation(const HttpRequest &request,
                                                       const QJsonObject &options);

// Removes the ownerReferences to `ownerUid` from every object that has one.
void orphanDependents(ServerContext &context, const QString &ownerUid);

} // namespace informant::sim
