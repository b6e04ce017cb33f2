#include "sim/selfsubjectreview.h"

#include "sim/accessreview.h"
#include "sim/responder.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslCertificate>
#include <QSslSocket>

namespace informant::sim {

namespace {

// user.CredentialIDKey: the x509 authenticator names the certificate by its
// SHA-256 (the hex of its DER bytes) there.
constexpr char kCredentialIdKey[] = "authentication.kubernetes.io/credential-id";

QJsonObject userInfo(const ServerSettings &settings, const HttpConnection &connection)
{
    QString username = QStringLiteral("informant-sim");
    QStringList groups;
    QJsonObject extra;
    const auto *tls = qobject_cast<const QSslSocket *>(connection.socket());
    const QSslCertificate certificate = tls ? tls->peerCertificate() : QSslCertificate();
    if (!certificate.isNull()) {
        username = certificate.subjectInfo(QSslCertificate::CommonName).value(0);
        groups = certificate.subjectInfo(QSslCertificate::Organization);
        const QByteArray fingerprint = certificate.digest(QCryptographicHash::Sha256).toHex();
        extra.insert(QLatin1String(kCredentialIdKey),
                     QJsonArray{QStringLiteral("X509SHA256=") + QString::fromLatin1(fingerprint)});
    } else if (settings.readableNamespaces.isEmpty()) {
        groups.append(QStringLiteral("system:masters"));
    }
    groups.append(QStringLiteral("system:authenticated"));
    QJsonObject user{{"username", username}, {"groups", QJsonArray::fromStringList(groups)}};
    if (!extra.isEmpty())
        user.insert(QLatin1String("extra"), extra);
    return user;
}

} // namespace

bool isSelfSubjectReview(const RequestTarget &target)
{
    return target.type.group == QLatin1String("authentication.k8s.io") &&
           target.type.resource == QLatin1String("selfsubjectreviews");
}

void handleSelfSubjectReview(const ServerContext &context, HttpConnection *connection,
                             const HttpRequest &request, const RequestTarget &target)
{
    // Nothing in the body is asked, but kube-apiserver refuses a body it
    // cannot read.
    const Result<QJsonObject, ApiStatus> body = reviewBody(request);
    if (!body.ok())
        return sendStatus(connection, body.error());
    const QJsonObject review{
        {"kind", target.type.kind},
        {"apiVersion", target.type.apiVersion()},
        {"metadata", QJsonObject{{"creationTimestamp", QJsonValue()}}},
        {"status", QJsonObject{{"userInfo", userInfo(context.settings, *connection)}}}};
    sendJson(connection, 201, QJsonDocument(review).toJson(QJsonDocument::Compact));
}

} // namespace informant::sim
