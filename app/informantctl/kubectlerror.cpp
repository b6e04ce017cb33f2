#include "kubectlerror.h"

using namespace informant;

namespace informantctl {

namespace {

bool isUnauthorized(const ApiStatus &status)
{
    return status.code == 401 || status.reason == QLatin1String("Unauthorized");
}

} // namespace

QString connectionRefusedLine(const ClusterConfig &config)
{
    // Go's url.Host: the host as written (IPv6 in brackets) and the port
    // only when the URL has one.
    QString host = config.server.host();
    if (host.contains(u':'))
        host = u'[' + host + u']';
    if (const int port = config.server.port(); port >= 0)
        host += u':' + QString::number(port);
    return QStringLiteral("The connection to the server %1 was refused - did you specify the "
                          "right host or port?")
        .arg(host);
}

QString statusErrorText(const ApiError &error, RequestKind kind)
{
    if (kind == RequestKind::Discovery && isUnauthorized(error.status))
        return QStringLiteral("the server has asked for the client to provide credentials");
    return error.status.message;
}

bool isRefusedUser(const ApiError &error)
{
    return error.isStatus() && (isUnauthorized(error.status) || error.status.code == 403);
}

std::optional<QString> kubectlErrorLine(const ClusterConnection &connection, const ApiError &error,
                                        RequestKind kind)
{
    if (error.kind == ApiError::Kind::ConnectionRefused)
        return connectionRefusedLine(connection.config);
    if (!error.isStatus())
        return std::nullopt;
    const ApiStatus &status = error.status;
    const QString message = statusErrorText(error, kind);
    if (isUnauthorized(status)) {
        QString line =
            QStringLiteral("error: You must be logged in to the server (%1)").arg(message);
        if (const QString withheld = connection.credentials->withheldNote(); !withheld.isEmpty())
            line += QStringLiteral("\nnote: %1").arg(withheld);
        return line;
    }
    if (status.reason.isEmpty())
        return QStringLiteral("Error from server: %1").arg(message);
    return QStringLiteral("Error from server (%1): %2").arg(status.reason, message);
}

} // namespace informantctl
