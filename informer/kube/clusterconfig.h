#pragma once

// ClusterConfig: one fully resolved connection to a cluster (what kubectl
// calls the "client config" after merging kubeconfig files and flags).
// Certificate and key files are already read into PEM bytes; tokenFile is
// kept as a path because it is re-read when it changes. Plain value type.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <optional>

namespace informant {

// users[].user.exec (client.authentication.k8s.io ExecConfig).
struct ExecConfig
{
    QString apiVersion; // client.authentication.k8s.io/v1 or /v1beta1
    QString command;    // already resolved against the kubeconfig when it has a '/'
    QStringList args;
    QList<QPair<QString, QString>> env;
    QString interactiveMode; // Never, IfAvailable, Always ("" = IfAvailable)
    bool provideClusterInfo = false;
    QString installHint;
};

struct UserCredentials
{
    QString token;
    QString tokenFile; // absolute path; re-read when it changes
    QByteArray clientCertificatePem;
    QByteArray clientKeyPem;
    QString username;
    QString password;
    std::optional<ExecConfig> exec;
    QString oidcIdToken; // auth-provider: oidc, config.id-token

    bool isEmpty() const
    {
        return token.isEmpty() && tokenFile.isEmpty() && clientCertificatePem.isEmpty() &&
               username.isEmpty() && !exec && oidcIdToken.isEmpty();
    }
    // kubectl's --token: the user authenticates with this token and nothing
    // the kubeconfig names instead (a tokenFile, an exec plugin, an oidc
    // id-token or basic auth would otherwise come first or go along). A
    // client certificate stays, as with kubectl.
    void replaceWithToken(const QString &bearerToken)
    {
        token = bearerToken;
        tokenFile.clear();
        exec.reset();
        oidcIdToken.clear();
        username.clear();
        password.clear();
    }
};

// A request as it came back, for a client's request log (what client-go's
// debugging round tripper prints at kubectl -v=6). No header is kept, so no
// credential can reach the log.
struct RequestOutcome
{
    QUrl url;             // with its query, without user info
    int httpStatus = 0;   // 0: no response came (refused, TLS, timeout)
    QString reasonPhrase; // the server's, e.g. "OK"
    qint64 elapsedMs = 0; // from sending to the response headers (or the failure)
};

struct ClusterConfig
{
    QString contextName; // "" when built from flags alone
    QString clusterName;
    QString userName;
    QString sourceFile; // kubeconfig that defined the context, for messages

    QUrl server; // scheme + host + port (+ optional path prefix)
    QByteArray certificateAuthorityPem;
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QUrl proxyUrl; // http, https or socks5; empty = no proxy
    UserCredentials user;
    QString namespaceName; // the context's namespace ("" = default)
    // How long one request may take, headers and body (kubectl's
    // --request-timeout, rest.Config.Timeout; 0 = none). Applied by RestClient.
    qint64 requestTimeoutMs = 0;
    // Told of every request once its response headers came (a watch's too,
    // as its stream begins) or it failed without them, in the thread of the
    // RestClient that sent it, as client-go's rest.Config.WrapTransport
    // lets kubectl log them. Empty: no log.
    std::function<void(const RequestOutcome &)> requestLog;

    // The namespace kubectl would use for namespaced commands.
    QString effectiveNamespace() const
    {
        return namespaceName.isEmpty() ? QStringLiteral("default") : namespaceName;
    }
};

} // namespace informant
