#pragma once

// CredentialExpiry: when the credentials a connection authenticates with stop
// working, and where they come from, for the user to see before it bites.
// An exec plugin's ExecCredential gives status.expirationTimestamp (EKS, GKE
// and AKS plugins: 15 min to 1 h), else the notAfter of the client
// certificate it returns; a kubeconfig's client certificate has its notAfter.
// A static token, a token file or basic auth have no expiry. Plain value type;
// `origin` names the exec command or the certificate's subject, never a
// token or a key.

#include <QDateTime>
#include <QString>

class QSslCertificate;

namespace informant {

struct CredentialExpiry
{
    enum class Source {
        None,
        ExecPlugin,        // renewed by running the plugin again
        ClientCertificate, // the kubeconfig's: renewed only by editing it
    };
    Source source = Source::None;
    QDateTime expiresAt;   // UTC; invalid: no expiry (or the plugin has not answered yet)
    QString origin;        // "exec plugin aws", "client certificate CN=alice, O=system:masters"
    bool renewing = false; // the exec plugin is running now to replace them

    bool expires() const { return expiresAt.isValid(); }
};

// "CN=alice, O=system:masters": who a client certificate says it is.
QString certificateSubjectText(const QSslCertificate &certificate);

} // namespace informant
