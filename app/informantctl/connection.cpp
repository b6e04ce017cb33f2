#include "connection.h"

#include "informer/kube/kubeconfig.h"

#include <QFile>

#include <cstdio>

using namespace informant;

namespace informantctl {

namespace {

// kubectl's overrides (clientcmd DirectClientConfig): a flag replaces the
// kubeconfig's value; --server drops a tls-server-name meant for the old
// server; --insecure-skip-tls-verify drops the CA.
Result<void> applyOverrides(const GlobalOptions &options, ClusterConfig &config)
{
    if (!options.server.isEmpty()) {
        QString server = options.server;
        if (!server.contains(QLatin1String("://")))
            server.prepend(QStringLiteral("https://"));
        const QUrl url(server, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty() ||
            (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
            return makeError(
                QStringLiteral("--server \"%1\" is not an http(s) URL").arg(options.server));
        config.server = url;
        config.tlsServerName.clear();
    }
    if (!options.certificateAuthority.isEmpty()) {
        QFile file(options.certificateAuthority);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(QStringLiteral("--certificate-authority: cannot read %1: %2")
                                 .arg(options.certificateAuthority, file.errorString()));
        config.certificateAuthorityPem = file.read(1024 * 1024);
        config.insecureSkipTlsVerify = false;
    }
    if (options.insecureSkipTlsVerify) {
        if (!options.certificateAuthority.isEmpty())
            return makeError(QStringLiteral("--certificate-authority cannot be combined with "
                                            "--insecure-skip-tls-verify"));
        config.insecureSkipTlsVerify = true;
        config.certificateAuthorityPem.clear();
    }
    if (!options.token.isEmpty())
        config.user.replaceWithToken(options.token);
    if (!options.namespaceName.isEmpty())
        config.namespaceName = options.namespaceName;
    return {};
}

} // namespace

Result<ClusterConfig> resolveClusterConfig(const GlobalOptions &options)
{
    auto kubeconfig = Kubeconfig::loadDefault(options.kubeconfig);
    if (!kubeconfig)
        return kubeconfig.error();
    ClusterConfig config;
    const bool noContext = options.context.isEmpty() && kubeconfig->currentContext.isEmpty();
    if (options.server.isEmpty() || !noContext) {
        auto resolved = kubeconfig->resolve(options.context);
        if (!resolved)
            return resolved.error();
        config = *resolved;
    }
    if (auto ok = applyOverrides(options, config); !ok)
        return ok.error();
    return config;
}

Result<std::shared_ptr<const ClusterConnection>> connectCluster(const GlobalOptions &options)
{
    auto config = resolveClusterConfig(options);
    if (!config)
        return config.error();
    auto connection = ClusterConnection::create(*config);
    // As kubectl: an exec plugin's stderr reaches the user while it runs,
    // whether or not stdin is a terminal, since a device-code prompt asks
    // for a browser, not for input.
    ExecPlugin::Observer observer;
    observer.stderrLine = [](const QString &line) {
        const QByteArray text = line.toUtf8() + '\n';
        std::fwrite(text.constData(), 1, size_t(text.size()), stderr);
        std::fflush(stderr);
    };
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

QString errorPrefix(const ClusterConfig &config)
{
    if (config.contextName.isEmpty())
        return QStringLiteral("error: ");
    return QStringLiteral("error: context \"%1\": ").arg(config.contextName);
}

} // namespace informantctl
