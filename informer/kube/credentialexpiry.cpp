#include "informer/kube/credentialexpiry.h"

#include <QSslCertificate>
#include <QStringList>

namespace informant {

QString certificateSubjectText(const QSslCertificate &certificate)
{
    // Kubernetes reads the user from CN and the groups from O: those are what
    // tell one certificate from another in a kubeconfig.
    QStringList parts;
    for (const QString &cn : certificate.subjectInfo(QSslCertificate::CommonName))
        parts << QStringLiteral("CN=") + cn;
    for (const QString &o : certificate.subjectInfo(QSslCertificate::Organization))
        parts << QStringLiteral("O=") + o;
    if (parts.isEmpty())
        return certificate.subjectDisplayName();
    return parts.join(QStringLiteral(", "));
}

} // namespace informant
