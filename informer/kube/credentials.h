#pragma once

// Credentials: the authentication of one user against one cluster, shared by
// every thread that talks to that cluster. It turns UserCredentials into what
// a request needs (an Authorization header value and/or a client certificate)
// with client-go's precedence: token, tokenFile, oidc id-token, exec plugin,
// basic auth; a static client certificate is added to any of them.
// Thread-safe; material() may block while an exec plugin runs.

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"

#include <QSslCertificate>
#include <QSslKey>

#include <memory>

namespace informant {

class ExecPlugin;
class TokenFile;

struct AuthMaterial
{
    QByteArray authorization; // "Bearer ..." / "Basic ..."; empty = none
    QSslCertificate clientCertificate;
    QSslKey clientKey;
};

class Credentials
{
public:
    explicit Credentials(const ClusterConfig &config);
    ~Credentials();
    Q_DISABLE_COPY_MOVE(Credentials)

    Result<AuthMaterial> material();
    // The server answered 401 to a request sent with `usedAuthorization`:
    // forget that exec credential and re-read the token file. True when a
    // retry may succeed with new credentials.
    bool invalidate(const QByteArray &usedAuthorization = {});
    // Times the exec plugin ran (0 without one).
    int execRuns() const;

    // Parses a PEM certificate and an RSA or EC PEM key. Errors name `what`.
    static Result<AuthMaterial> parseClientCertificate(const QByteArray &certificatePem,
                                                       const QByteArray &keyPem,
                                                       const QString &what);

private:
    const UserCredentials m_user;
    std::unique_ptr<TokenFile> m_tokenFile;
    std::unique_ptr<ExecPlugin> m_exec;
    Result<AuthMaterial> m_static; // parsed static client certificate
};

} // namespace informant
