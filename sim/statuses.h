#pragma once

// The Status bodies kube-apiserver answers with, word for word where clients
// or people read them (reference §1.4, §2.11): not found, conflicts, invalid
// options, expired resource versions and continue tokens, too-large resource
// versions, throttling and internal errors.

#include "informer/core/apistatus.h"

namespace informant::sim {

namespace statuses {

ApiStatus notFound(const QString &group, const QString &resource, const QString &name);
ApiStatus pathNotFound(); // "the server could not find the requested resource"
ApiStatus alreadyExists(const QString &group, const QString &resource, const QString &name);
ApiStatus conflict(const QString &group, const QString &resource, const QString &name);
ApiStatus badRequest(const QString &message);
// 422: `field: reason` problems of one object or of the list options.
ApiStatus invalid(const QString &kind, const QString &name, const QString &field,
                  const QString &causeType, const QString &detail);
// The same for several problems at once: "[a: …, b: …]" as Go aggregates them.
ApiStatus invalid(const QString &kind, const QString &name, const QList<StatusCause> &causes);
ApiStatus methodNotAllowed();
ApiStatus notAcceptable(const QString &message);
ApiStatus unsupportedMediaType(const QString &contentType);
ApiStatus unauthorized();
// RBAC's answer to a `verb` it does not allow on `resource`, in `namespaceName`
// or ("") at the cluster scope.
ApiStatus forbidden(const QString &verb, const QString &group, const QString &resource,
                    const QString &namespaceName);
// The NamespaceLifecycle admission's refusal of a create in a namespace
// being deleted.
ApiStatus namespaceTerminating(const QString &group, const QString &resource, const QString &name,
                               const QString &namespaceName);
ApiStatus listTooOld();
ApiStatus continueExpired(const QString &inconsistentToken);
ApiStatus watchTooOld(quint64 requested, quint64 oldestMinusOne);
ApiStatus watchCompacted(); // the etcd path's wording
ApiStatus tooLargeResourceVersion(quint64 requested, quint64 current);
ApiStatus tooManyRequests(int retryAfterSeconds);
ApiStatus internalError(const QString &error);
ApiStatus gatewayTimeout();

} // namespace statuses
} // namespace informant::sim
