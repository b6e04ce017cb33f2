#include "sim/router.h"

#include "sim/accessreview.h"
#include "sim/controlendpoint.h"
#include "sim/discovery.h"
#include "sim/listhandler.h"
#include "sim/objecthandler.h"
#include "sim/openapi.h"
#include "sim/responder.h"
#include "sim/statuses.h"
#include "sim/watchsession.h"

#include <QPointer>
#include <QTimer>

namespace informant::sim {

bool Router::authorized(const HttpRequest &request) const
{
    if (m_context.settings.token.isEmpty())
        return true;
    return request.header("authorization") == "Bearer " + m_context.settings.token.toUtf8();
}

bool Router::readable(const RequestTarget &target, const QString &verb) const
{
    return accessAllowed(m_context.settings, verb, target.type.namespaced, target.namespaceName);
}

void Router::handle(HttpConnection *connection, const HttpRequest &request)
{
    const std::optional<RequestTarget> target = parseResourcePath(request.path);
    const QString verb = verbOf(request, target);
    const bool control = request.path.startsWith(QLatin1String("/sim/v1/"));
    if (!control)
        m_context.requestLog.record(verb.toUtf8(), request.method, request.target,
                                    request.header("user-agent"), request.header("authorization"));
    const bool health = request.path == QLatin1String("/healthz") ||
                        request.path == QLatin1String("/livez") ||
                        request.path == QLatin1String("/readyz");
    if (!health && !authorized(request))
        return sendStatus(connection, statuses::unauthorized());
    if (health)
        return connection->sendResponse(200, "text/plain; charset=utf-8", "ok");
    if (control)
        return handleControlRequest(m_context, connection, request);
    if (!target) {
        if (!handleDiscovery(connection, request))
            sendStatus(connection, statuses::pathNotFound());
        return;
    }
    if (!readable(*target, verb))
        return sendStatus(connection,
                          statuses::forbidden(verb, target->type.group, target->type.resource,
                                              target->namespaceName));
    if (verb != QLatin1String("list") && verb != QLatin1String("watch"))
        return handleResource(connection, request, *target, verb);
    if (const auto fault = m_context.faults.drawRequestError(verb == QLatin1String("watch")))
        return sendStatus(connection, *fault);
    const qint64 delayMs = m_context.faults.spec().delayMs;
    if (delayMs <= 0)
        return handleResource(connection, request, *target, verb);
    QPointer<HttpConnection> guard(connection);
    QTimer::singleShot(delayMs, connection, [this, guard, request, target = *target, verb] {
        if (guard)
            handleResource(guard, request, target, verb);
    });
}

void Router::handleResource(HttpConnection *connection, const HttpRequest &request,
                            const RequestTarget &target, const QString &verb)
{
    if (!target.type.hasVerb(verb == QLatin1String("watch") ? QStringLiteral("watch") : verb))
        return sendStatus(connection, statuses::methodNotAllowed());
    if (verb == QLatin1String("list"))
        return handleList(m_context, connection, request, target);
    if (verb == QLatin1String("watch"))
        return WatchSession::start(m_context, connection, request, target);
    handleObjectRequest(m_context, connection, request, target, verb);
}

QString Router::verbOf(const HttpRequest &request, const std::optional<RequestTarget> &target)
{
    const QByteArray method = request.method;
    if (!target)
        return QStringLiteral("get");
    const bool collection = target->name.isEmpty();
    if (method == "GET") {
        if (collection)
            return request.flag(QStringLiteral("watch")) ? QStringLiteral("watch")
                                                         : QStringLiteral("list");
        return QStringLiteral("get");
    }
    // A POST to a named object's subresource (exec, attach, portforward)
    // is authorized as "create", as RBAC sees it.
    if (method == "POST")
        return collection || !target->subresource.isEmpty() ? QStringLiteral("create")
                                                            : QStringLiteral("unsupported");
    if (method == "PUT")
        return QStringLiteral("update");
    if (method == "PATCH")
        return QStringLiteral("patch");
    if (method == "DELETE")
        return collection ? QStringLiteral("deletecollection") : QStringLiteral("delete");
    return QStringLiteral("unsupported");
}

std::optional<RequestTarget> Router::parseResourcePath(const QString &path) const
{
    QStringList segments = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString group;
    QString version;
    if (segments.value(0) == QLatin1String("api") && segments.size() >= 3) {
        version = segments[1];
        segments = segments.mid(2);
    } else if (segments.value(0) == QLatin1String("apis") && segments.size() >= 4) {
        group = segments[1];
        version = segments[2];
        segments = segments.mid(3);
    } else {
        return std::nullopt;
    }
    RequestTarget target;
    if (segments.size() >= 3 && segments[0] == QLatin1String("namespaces") &&
        segments[2] != QLatin1String("status") && segments[2] != QLatin1String("finalize")) {
        target.namespaceName = segments[1];
        segments = segments.mid(2);
    }
    if (segments.isEmpty() || segments.size() > 3)
        return std::nullopt;
    const auto type = m_context.table.find(group, version, segments[0]);
    if (!type)
        return std::nullopt;
    if (!type->namespaced && !target.namespaceName.isEmpty())
        return std::nullopt;
    target.type = *type;
    target.name = segments.value(1);
    target.subresource = segments.value(2);
    return target;
}

bool Router::handleDiscovery(HttpConnection *connection, const HttpRequest &request)
{
    const QString &path = request.path;
    const QByteArray aggregatedVersion =
        discovery::aggregatedVersionFromAccept(request.header("accept"));
    if (path == QLatin1String("/version") || path == QLatin1String("/version/")) {
        sendJson(connection, 200, discovery::version());
        return true;
    }
    if ((path == QLatin1String("/api") || path == QLatin1String("/apis")) &&
        !aggregatedVersion.isEmpty()) {
        connection->sendResponse(200,
                                 "application/json;g=apidiscovery.k8s.io;v=" + aggregatedVersion +
                                     ";as=APIGroupDiscoveryList",
                                 discovery::aggregated(m_context.table,
                                                       path == QLatin1String("/api"),
                                                       aggregatedVersion));
        return true;
    }
    if (path == QLatin1String("/openapi/v3")) {
        sendJson(connection, 200, openapi::v3Root(m_context.table));
        return true;
    }
    if (path.startsWith(QLatin1String("/openapi/v3/"))) {
        const QByteArray body = openapi::v3GroupVersion(m_context.table, path.mid(12));
        if (body.isEmpty())
            return false;
        sendJson(connection, 200, body);
        return true;
    }
    if (path == QLatin1String("/api")) {
        sendJson(connection, 200,
                 discovery::legacyApiVersions(QString::fromUtf8(request.header("host"))));
        return true;
    }
    if (path == QLatin1String("/apis")) {
        sendJson(connection, 200, discovery::apiGroupList(m_context.table));
        return true;
    }
    const QStringList segments = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QByteArray body;
    if (segments.size() == 2 && segments[0] == QLatin1String("api"))
        body = discovery::apiResourceList(m_context.table, QString(), segments[1]);
    else if (segments.size() == 2 && segments[0] == QLatin1String("apis"))
        body = discovery::apiGroup(m_context.table, segments[1]);
    else if (segments.size() == 3 && segments[0] == QLatin1String("apis"))
        body = discovery::apiResourceList(m_context.table, segments[1], segments[2]);
    if (body.isEmpty())
        return false;
    sendJson(connection, 200, body);
    return true;
}

} // namespace informant::sim
