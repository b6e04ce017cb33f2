#include "connection.h"

#include "escapedstderr.h"
#include "requesttimeout.h"

#include "informer/kube/connectionflags.h"

using namespace informant;

namespace informantctl {

Result<ClusterConfig> resolveClusterConfig(const GlobalOptions &options)
{
    return resolveConnectionFlags(options);
}

Result<std::shared_ptr<const ClusterConnection>> connectCluster(const GlobalOptions &options)
{
    auto config = resolveClusterConfig(options);
    if (!config)
        return config.error();
    // As clientcmd, once the kubeconfig has been found usable.
    const std::optional<qint64> requestTimeoutMs = parseRequestTimeoutMs(options.requestTimeout);
    if (!requestTimeoutMs)
        return Error{QString::fromLatin1(kInvalidRequestTimeoutMessage)};
    config.value().requestTimeoutMs = *requestTimeoutMs;
    auto connection = ClusterConnection::create(*config);
    // As kubectl: an exec plugin's stderr reaches the user while it runs,
    // whether or not stdin is a terminal, since a device-code prompt asks
    // for a browser, not for input; and as it wrote it, unescaped
    // (escapedstderr.h): it is the plugin's own terminal output.
    ExecPlugin::Observer observer;
    observer.stderrBytes = [](const QByteArray &chunk) { writeStandardErrorRaw(chunk); };
    connection->credentials->setExecObserver(std::move(observer));
    return connection;
}

QString effectiveNamespace(const GlobalOptions &options, const ClusterConfig &config)
{
    if (options.allNamespaces)
        return {};
    if (!options.namespaceName.isEmpty())
        return options.namespaceName;
    return config.effectiveNamespace();
}

QString requestErrorLine(const ClusterConfig &config, const ApiError &error)
{
    if (error.kind == ApiError::Kind::Timeout && config.requestTimeoutMs > 0)
        return requestTimeoutMessage(error);
    return errorPrefix(config) + error.message;
}

QString errorPrefix(const ClusterConfig &config)
{
    if (config.contextName.isEmpty())
        return QStringLiteral("error: ");
    return QStringLiteral("error: context \"%1\": ").arg(config.contextName);
}

} // namespace informantctl
