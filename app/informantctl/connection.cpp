#include "connection.h"

#include "escapedstderr.h"
#include "kubectlerror.h"
#include "requestlog.h"
#include "requesttimeout.h"

#include "informer/kube/connectionflags.h"
#include "informer/kube/kubeconfig.h"

#include <QFileInfo>

using namespace informant;

namespace informantctl {

namespace {

// The two mistakes kubectl users make most, in kubectl's words: a
// --kubeconfig that does not exist (clientcmd stats it; a missing file
// named by $KUBECONFIG is skipped, not an error) and a --context no
// kubeconfig defines. Other problems keep the shared resolver's message,
// which names the file and the field.
std::optional<QString> kubectlConfigurationError(const GlobalOptions &options,
                                                 MissingContextWording wording)
{
    if (!options.kubeconfig.isEmpty() && !QFileInfo::exists(options.kubeconfig))
        return QStringLiteral("error: stat %1: no such file or directory").arg(options.kubeconfig);
    if (options.context.isEmpty())
        return std::nullopt;
    const auto kubeconfig = Kubeconfig::loadDefault(options.kubeconfig);
    if (!kubeconfig || kubeconfig->contexts.contains(options.context))
        return std::nullopt;
    if (wording == MissingContextWording::RestClient)
        return QStringLiteral("error: context \"%1\" does not exist").arg(options.context);
    return QStringLiteral("Error in configuration: context was not found for specified "
                          "context: %1")
        .arg(options.context);
}

} // namespace

Result<ClusterConfig> resolveClusterConfig(const GlobalOptions &options,
                                           MissingContextWording wording)
{
    if (const auto kubectlError = kubectlConfigurationError(options, wording))
        return Error{*kubectlError};
    auto config = resolveConnectionFlags(options);
    if (!config)
        return Error{QStringLiteral("error: ") + config.errorMessage()};
    return config;
}

Result<std::shared_ptr<const ClusterConnection>> connectCluster(const GlobalOptions &options,
                                                                MissingContextWording wording)
{
    auto config = resolveClusterConfig(options, wording);
    if (!config)
        return config.error();
    // As clientcmd, once the kubeconfig has been found usable.
    const std::optional<qint64> requestTimeoutMs = parseRequestTimeoutMs(options.requestTimeout);
    if (!requestTimeoutMs)
        return Error{QStringLiteral("error: ") +
                     QString::fromLatin1(kInvalidRequestTimeoutMessage)};
    config.value().requestTimeoutMs = *requestTimeoutMs;
    if (options.verbosity >= kRequestLogLevel)
        config.value().requestLog = logRequest;
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

QString requestErrorLine(const ClusterConnection &connection, const ApiError &error,
                         RequestKind kind)
{
    const ClusterConfig &config = connection.config;
    if (error.kind == ApiError::Kind::Timeout && config.requestTimeoutMs > 0)
        return requestTimeoutMessage(error);
    if (error.kind == ApiError::Kind::ConnectionRefused || isRefusedUser(error))
        return kubectlErrorLine(connection, error, kind).value_or(error.message);
    return errorPrefix(config) + error.message;
}

QString errorPrefix(const ClusterConfig &config)
{
    if (config.contextName.isEmpty())
        return QStringLiteral("error: ");
    return QStringLiteral("error: context \"%1\": ").arg(config.contextName);
}

} // namespace informantctl
