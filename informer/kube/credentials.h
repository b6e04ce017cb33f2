#pragma once

// Credentials: the authentication of one user against one cluster, shared by
// every thread that talks to that cluster. It turns UserCredentials into what
// a request needs (an Authorization header value and/or a client certificate)
// with client-go's precedence: tokenFile (a static token is its fallback),
// token, oidc id-token, exec plugin, basic auth; a static client certificate is added to any of
// them. Thread-safe. material() may block while an exec plugin runs;
// materialAsync() never does (the plugin runs on a helper thread). The exec
// plugin is shared with every Credentials of the same exec config
// (execplugincache.h); expiry() says when the credentials stop working.
//
// As client-go (clientcmd reads a user's credentials only when
// IsConfigTransportTLS), nothing of the user goes to a server that is not
// https: no token, basic auth or client certificate, no tokenFile read, no
// exec plugin run. A token sent in clear text is a token given away, and
// kubectl sends none; withheldNote() says so when a 401 needs explaining.

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"
#include "informer/kube/credentialexpiry.h"
#include "informer/kube/execplugin.h"

#include <QSslCertificate>
#include <QSslKey>

#include <functional>
#include <memory>

class QObject;

namespace informant {

struct ExecCredential;
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
    using MaterialDone = std::function<void(Result<AuthMaterial>)>;
    // Calls `done` at once when no exec plugin has to run; otherwise later,
    // in `context`'s thread (never after `context` is destroyed). The
    // Credentials must outlive `context`.
    void materialAsync(QObject *context, MaterialDone done);
    // The server answered 401 to a request sent with `usedAuthorization`:
    // forget that exec credential and re-read the token file. True when a
    // retry may succeed with new credentials.
    bool invalidate(const QByteArray &usedAuthorization = {});
    // Times the exec plugin ran (0 without one).
    int execRuns() const;
    // Who shows the exec plugin's runs to the user (see ExecPlugin::Observer);
    // nothing without an exec plugin. Other Credentials sharing the plugin
    // keep theirs.
    void setExecObserver(ExecPlugin::Observer observer);
    // When these credentials expire and where they come from: the exec
    // plugin's last credential (kept while the plugin runs again, `renewing`
    // then), or the static client certificate's notAfter, whichever comes
    // first; no expiry for tokens and basic auth. Never runs the plugin.
    CredentialExpiry expiry() const;
    // Why requests carry none of the user's credentials although the
    // kubeconfig or --token gives some (the server is not https); empty
    // when they are sent or there are none. Names the user, never a secret.
    QString withheldNote() const { return m_withheldNote; }

    // Parses a PEM certificate and an RSA or EC PEM key. Errors name `what`.
    static Result<AuthMaterial> parseClientCertificate(const QByteArray &certificatePem,
                                                       const QByteArray &keyPem,
                                                       const QString &what);

private:
    // True when the exec plugin supplies the credential (client-go's
    // precedence: a token, tokenFile or oidc id-token comes first).
    bool usesExec() const;
    // The material, with the exec plugin's answer when usesExec().
    Result<AuthMaterial> compose(const Result<ExecCredential> *exec) const;

    const UserCredentials m_user; // empty when withheld
    const QString m_withheldNote;
    const QString m_userName; // the kubeconfig's name for the user, for errors
    std::unique_ptr<TokenFile> m_tokenFile;
    std::shared_ptr<ExecPlugin> m_exec; // shared: execplugincache.h
    Result<AuthMaterial> m_static;      // parsed static client certificate
};

} // namespace informant
