// Kubeconfig::resolve: from the merged maps to one ClusterConfig, reading
// certificate files and validating what kubectl validates.

#include "informer/kube/kubeconfig.h"

#include "informer/kube/boundedread.h"

#include <QFile>

namespace informant {

namespace {

constexpr qint64 kMaxPemBytes = 1024 * 1024;

// Reads a PEM file named by `field` of `owner`; the error names both, never
// the content.
Result<QByteArray> readPem(const QString &path, const QString &owner, const QString &field)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("%1: %2: cannot read %3: %4")
                             .arg(owner, field, path, file.errorString()));
    QByteArray pem = readUpTo(file, kMaxPemBytes); // `certificate-authority: /dev/zero`
    if (file.error() != QFileDevice::NoError)
        return makeError(QStringLiteral("%1: %2: cannot read %3: %4")
                             .arg(owner, field, path, file.errorString()));
    if (pem.size() > kMaxPemBytes)
        return makeError(QStringLiteral("%1: %2: %3 is larger than 1 MiB").arg(owner, field, path));
    return pem;
}

Result<QUrl> parseServer(const QString &text, const QString &owner)
{
    QString server = text.trimmed();
    if (server.isEmpty())
        return makeError(QStringLiteral("%1: server is missing").arg(owner));
    if (!server.contains(QLatin1String("://")))
        server.prepend(QStringLiteral("https://")); // as kubectl's DefaultServerURL
    const QUrl url(server, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() ||
        (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
        return makeError(
            QStringLiteral("%1: server \"%2\" is not an http(s) URL").arg(owner, text));
    return url;
}

Result<QUrl> parseProxy(const QString &text, const QString &owner)
{
    if (text.isEmpty())
        return QUrl();
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme();
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https") &&
         scheme != QLatin1String("socks5")))
        return makeError(
            QStringLiteral("%1: proxy-url must be an http, https or socks5 URL").arg(owner));
    return url;
}

Result<void> resolveUser(const KubeconfigUser &user, const QString &owner, UserCredentials &out)
{
    out.token = user.token;
    out.tokenFile = user.tokenFile;
    out.username = user.username;
    out.password = user.password;
    out.exec = user.exec;
    if (!user.authProvider.isEmpty()) {
        if (user.authProvider != QLatin1String("oidc"))
            return makeError(QStringLiteral("%1: auth-provider \"%2\" is not supported (only oidc)")
                                 .arg(owner, user.authProvider));
        if (user.oidcIdToken.isEmpty())
            return makeError(
                QStringLiteral("%1: auth-provider.config.id-token is missing").arg(owner));
        out.oidcIdToken = user.oidcIdToken;
    }
    out.clientCertificatePem = user.clientCertificateData;
    if (out.clientCertificatePem.isEmpty() && !user.clientCertificate.isEmpty()) {
        auto pem = readPem(user.clientCertificate, owner, QStringLiteral("client-certificate"));
        if (!pem)
            return pem.error();
        out.clientCertificatePem = *pem;
    }
    out.clientKeyPem = user.clientKeyData;
    if (out.clientKeyPem.isEmpty() && !user.clientKey.isEmpty()) {
        auto pem = readPem(user.clientKey, owner, QStringLiteral("client-key"));
        if (!pem)
            return pem.error();
        out.clientKeyPem = *pem;
    }
    if (out.clientCertificatePem.isEmpty() != out.clientKeyPem.isEmpty())
        return makeError(
            QStringLiteral("%1: client-certificate and client-key must be set together")
                .arg(owner));
    return {};
}

} // namespace

Result<ClusterConfig> Kubeconfig::resolve(const QString &context) const
{
    const QString fileList =
        files.isEmpty() ? QStringLiteral("(no kubeconfig file)") : files.join(QStringLiteral(", "));
    const QString name = context.isEmpty() ? currentContext : context;
    if (name.isEmpty())
        return makeError(
            QStringLiteral("no current-context is set in %1; pass --context or --server")
                .arg(fileList));
    const auto contextIt = contexts.constFind(name);
    if (contextIt == contexts.cend())
        return makeError(QStringLiteral("context \"%1\" not found in %2").arg(name, fileList));
    const KubeconfigContext &ctx = *contextIt;
    const QString contextOwner = QStringLiteral("%1: contexts[%2]").arg(ctx.sourceFile, name);

    const auto clusterIt = clusters.constFind(ctx.cluster);
    if (ctx.cluster.isEmpty() || clusterIt == clusters.cend())
        return makeError(
            QStringLiteral("%1: cluster \"%2\" is not defined").arg(contextOwner, ctx.cluster));
    const KubeconfigCluster &cluster = *clusterIt;
    const QString clusterOwner =
        QStringLiteral("%1: clusters[%2]").arg(cluster.sourceFile, ctx.cluster);

    ClusterConfig config;
    config.contextName = name;
    config.clusterName = ctx.cluster;
    config.userName = ctx.user;
    config.sourceFile = ctx.sourceFile;
    config.namespaceName = ctx.namespaceName;

    auto server = parseServer(cluster.server, clusterOwner);
    if (!server)
        return server.error();
    config.server = *server;
    config.insecureSkipTlsVerify = cluster.insecureSkipTlsVerify;
    config.tlsServerName = cluster.tlsServerName;
    auto proxy = parseProxy(cluster.proxyUrl, clusterOwner);
    if (!proxy)
        return proxy.error();
    config.proxyUrl = *proxy;
    config.certificateAuthorityPem = cluster.certificateAuthorityData; // -data wins, as in kubectl
    if (config.certificateAuthorityPem.isEmpty() && !cluster.certificateAuthority.isEmpty()) {
        auto pem = readPem(cluster.certificateAuthority, clusterOwner,
                           QStringLiteral("certificate-authority"));
        if (!pem)
            return pem.error();
        config.certificateAuthorityPem = *pem;
    }
    if (config.insecureSkipTlsVerify && !config.certificateAuthorityPem.isEmpty())
        return makeError(QStringLiteral("%1: certificate-authority cannot be combined with "
                                        "insecure-skip-tls-verify")
                             .arg(clusterOwner));

    if (!ctx.user.isEmpty()) {
        const auto userIt = users.constFind(ctx.user);
        if (userIt == users.cend())
            return makeError(
                QStringLiteral("%1: user \"%2\" is not defined").arg(contextOwner, ctx.user));
        const QString userOwner = QStringLiteral("%1: users[%2]").arg(userIt->sourceFile, ctx.user);
        if (auto ok = resolveUser(*userIt, userOwner, config.user); !ok)
            return ok.error();
    }
    return config;
}

} // namespace informant
