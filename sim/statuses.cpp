#include "sim/statuses.h"

namespace informant::sim::statuses {

namespace {

QString qualified(const QString &group, const QString &resource)
{
    return group.isEmpty() ? resource : resource + '.' + group;
}

ApiStatus withDetails(ApiStatus status, const QString &group, const QString &resource,
                      const QString &name)
{
    status.detailsName = name;
    status.detailsGroup = group;
    status.detailsKind = resource;
    return status;
}

} // namespace

ApiStatus notFound(const QString &group, const QString &resource, const QString &name)
{
    return withDetails(
        ApiStatus::failure(
            404, QStringLiteral("NotFound"),
            QStringLiteral("%1 \"%2\" not found").arg(qualified(group, resource), name)),
        group, resource, name);
}

ApiStatus pathNotFound()
{
    return ApiStatus::failure(404, QStringLiteral("NotFound"),
                              QStringLiteral("the server could not find the requested resource"));
}

ApiStatus alreadyExists(const QString &group, const QString &resource, const QString &name)
{
    return withDetails(
        ApiStatus::failure(
            409, QStringLiteral("AlreadyExists"),
            QStringLiteral("%1 \"%2\" already exists").arg(qualified(group, resource), name)),
        group, resource, name);
}

ApiStatus conflict(const QString &group, const QString &resource, const QString &name)
{
    return withDetails(
        ApiStatus::failure(409, QStringLiteral("Conflict"),
                           QStringLiteral("Operation cannot be fulfilled on %1 \"%2\": the object "
                                          "has been modified; please apply your changes to the "
                                          "latest version and try again")
                               .arg(qualified(group, resource), name)),
        group, resource, name);
}

ApiStatus badRequest(const QString &message)
{
    return ApiStatus::failure(400, QStringLiteral("BadRequest"), message);
}

ApiStatus invalid(const QString &kind, const QString &name, const QString &field,
                  const QString &causeType, const QString &detail)
{
    return invalid(kind, name, {StatusCause{causeType, detail, field}});
}

ApiStatus invalid(const QString &kind, const QString &name, const QList<StatusCause> &causes)
{
    QStringList problems;
    for (const StatusCause &cause : causes)
        problems.append(QStringLiteral("%1: %2").arg(cause.field, cause.message));
    const QString problem = problems.size() == 1
                                ? problems.constFirst()
                                : u'[' + problems.join(QStringLiteral(", ")) + u']';
    ApiStatus status = ApiStatus::failure(
        422, QStringLiteral("Invalid"),
        kind.isEmpty() ? problem
                       : QStringLiteral("%1 \"%2\" is invalid: %3").arg(kind, name, problem));
    status.detailsName = name;
    status.detailsKind = kind;
    status.causes = causes;
    return status;
}

ApiStatus methodNotAllowed()
{
    return ApiStatus::failure(
        405, QStringLiteral("MethodNotAllowed"),
        QStringLiteral("the server does not allow this method on the requested resource"));
}

ApiStatus notAcceptable(const QString &message)
{
    return ApiStatus::failure(406, QStringLiteral("NotAcceptable"), message);
}

ApiStatus unsupportedMediaType(const QString &contentType)
{
    return ApiStatus::failure(415, QStringLiteral("UnsupportedMediaType"),
                              QStringLiteral("the body of the request was in an unknown format - "
                                             "accepted media types include: "
                                             "application/json-patch+json, "
                                             "application/merge-patch+json, "
                                             "application/apply-patch+yaml, "
                                             "application/strategic-merge-patch+json (got %1)")
                                  .arg(contentType));
}

ApiStatus unauthorized()
{
    return ApiStatus::failure(401, QStringLiteral("Unauthorized"), QStringLiteral("Unauthorized"));
}

ApiStatus forbidden(const QString &verb, const QString &group, const QString &resource,
                    const QString &namespaceName)
{
    // kube-apiserver's RBAC denial, word for word.
    ApiStatus status = ApiStatus::failure(
        403, QStringLiteral("Forbidden"),
        QStringLiteral(
            "%1 is forbidden: User \"%2\" cannot %3 resource \"%1\" in API group \"%4\" %5")
            .arg(resource, QStringLiteral("system:serviceaccount:default:viewer"), verb, group,
                 namespaceName.isEmpty()
                     ? QStringLiteral("at the cluster scope")
                     : QStringLiteral("in the namespace \"%1\"").arg(namespaceName)));
    status.detailsKind = resource;
    status.detailsGroup = group;
    return status;
}

ApiStatus namespaceTerminating(const QString &group, const QString &resource, const QString &name,
                               const QString &namespaceName)
{
    const QString qualified = group.isEmpty() ? resource : resource + u'.' + group;
    ApiStatus status = ApiStatus::failure(
        403, QStringLiteral("Forbidden"),
        QStringLiteral("%1 \"%2\" is forbidden: unable to create new content in namespace %3 "
                       "because it is being terminated")
            .arg(qualified, name, namespaceName));
    status.detailsName = name;
    status.detailsKind = resource;
    status.detailsGroup = group;
    return status;
}

ApiStatus listTooOld()
{
    return ApiStatus::failure(
        410, QStringLiteral("Expired"),
        QStringLiteral("The resourceVersion for the provided list is too old."));
}

ApiStatus continueExpired(const QString &inconsistentToken)
{
    QString message = QStringLiteral(
        "The provided continue parameter is too old to display a consistent list result. You "
        "can start a new list without the continue parameter");
    if (inconsistentToken.isEmpty()) {
        message += QLatin1Char('.');
    } else {
        message += QStringLiteral(
            ", or use the continue token in this response to retrieve the remainder of the "
            "results. Continuing with the provided token results in an inconsistent list - "
            "objects that were created, modified, or deleted between the time the first chunk "
            "was returned and now may show up in the list.");
    }
    ApiStatus status = ApiStatus::failure(410, QStringLiteral("Expired"), message);
    status.continueToken = inconsistentToken;
    return status;
}

ApiStatus watchTooOld(quint64 requested, quint64 oldestMinusOne)
{
    return ApiStatus::failure(
        410, QStringLiteral("Expired"),
        QStringLiteral("too old resource version: %1 (%2)").arg(requested).arg(oldestMinusOne));
}

ApiStatus watchCompacted()
{
    return ApiStatus::failure(
        410, QStringLiteral("Expired"),
        QStringLiteral("The resourceVersion for the provided watch is too old."));
}

ApiStatus tooLargeResourceVersion(quint64 requested, quint64 current)
{
    ApiStatus status =
        ApiStatus::failure(504, QStringLiteral("Timeout"),
                           QStringLiteral("Timeout: Too large resource version: %1, current: %2")
                               .arg(requested)
                               .arg(current));
    status.causes.append(StatusCause{QStringLiteral("ResourceVersionTooLarge"),
                                     QStringLiteral("Too large resource version"), QString()});
    status.retryAfterSeconds = 1;
    return status;
}

ApiStatus tooManyRequests(int retryAfterSeconds)
{
    ApiStatus status =
        ApiStatus::failure(429, QStringLiteral("TooManyRequests"),
                           QStringLiteral("Too many requests, please try again later."));
    status.retryAfterSeconds = retryAfterSeconds;
    return status;
}

ApiStatus internalError(const QString &error)
{
    ApiStatus status = ApiStatus::failure(500, QStringLiteral("InternalError"),
                                          QStringLiteral("Internal error occurred: %1").arg(error));
    status.causes.append(StatusCause{QString(), error, QString()});
    return status;
}

ApiStatus gatewayTimeout()
{
    return ApiStatus::failure(
        504, QStringLiteral("Timeout"),
        QStringLiteral("The list operation timed out, the server is taking too long to respond"));
}

} // namespace informant::sim::statuses
