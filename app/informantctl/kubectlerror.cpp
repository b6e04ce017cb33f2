#include "kubectlerror.h"

using namespace informant;

namespace informantctl {

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

std::optional<QString> kubectlErrorLine(const ClusterConfig &config, const ApiError &error)
{
    if (error.kind == ApiError::Kind::ConnectionRefused)
        return connectionRefusedLine(config);
    if (!error.isStatus())
        return std::nullopt;
    const ApiStatus &status = error.status;
    if (status.reason == QLatin1String("Unauthorized"))
        return QStringLiteral("error: You must be logged in to the server (%1)")
            .arg(status.message);
    if (status.reason.isEmpty())
        return QStringLiteral("Error from server: %1").arg(status.message);
    return QStringLiteral("Error from server (%1): %2").arg(status.reason, status.message);
}

} // namespace informantctl
