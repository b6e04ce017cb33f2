#include "sim/continuetoken.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

QString ContinueToken::encode() const
{
    const QJsonObject object{
        {"v", "meta.k8s.io/v1"}, {"rv", resourceVersion}, {"start", startKey}, {"t", issuedMs}};
    return QString::fromLatin1(
        QJsonDocument(object)
            .toJson(QJsonDocument::Compact)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

Result<ContinueToken> ContinueToken::decode(const QString &token)
{
    const auto invalid = [](const QString &why) {
        return makeError(QStringLiteral("continue key is not valid: %1").arg(why));
    };
    const auto decoded = QByteArray::fromBase64Encoding(
        token.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return invalid(QStringLiteral("illegal base64 data"));
    const QJsonObject object = QJsonDocument::fromJson(*decoded).object();
    if (object.value(QLatin1String("v")).toString() != QLatin1String("meta.k8s.io/v1"))
        return invalid(QStringLiteral("server does not recognize this encoded key"));
    ContinueToken out;
    out.resourceVersion = object.value(QLatin1String("rv")).toInteger();
    out.startKey = object.value(QLatin1String("start")).toString();
    out.issuedMs = object.value(QLatin1String("t")).toInteger();
    if (out.resourceVersion == 0 || out.startKey.isEmpty())
        return invalid(
            QStringLiteral("incorrect encoded start resourceVersion (version meta.k8s.io/v1)"));
    return out;
}

} // namespace informant::sim
