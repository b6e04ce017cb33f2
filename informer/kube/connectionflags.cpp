#include "informer/kube/connectionflags.h"

#include "informer/kube/kubeconfig.h"

#include <QFile>

namespace informant {

namespace {

// kubectl's overrides (clientcmd DirectClientConfig): a flag replaces the
// kubeconfig's value; --server drops a tls-server-name meant for the old
// server; --insecure-skip-tls-verify drops the CA.
Result<void> applyOverrides(const ConnectionFlags &options, ClusterConfig &config)
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

Result<ClusterConfig> resolveConnectionFlags(const ConnectionFlags &options)
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

} // namespace informant
