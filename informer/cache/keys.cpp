#include "informer/cache/keys.h"

namespace informant {

Result<QString> metaNamespaceKey(const KubeObject &object)
{
    if (object.isNull())
        return makeError(QStringLiteral("object has no meta"));
    return object.key();
}

Result<QString> deletionHandlingKey(const Delta &delta)
{
    if (delta.isTombstone())
        return delta.tombstoneKey;
    return metaNamespaceKey(delta.object);
}

Result<std::pair<QString, QString>> splitMetaNamespaceKey(const QString &key)
{
    const QStringList parts = key.split(QLatin1Char('/'));
    switch (parts.size()) {
    case 1:
        return std::pair<QString, QString>(QString(), parts.at(0));
    case 2:
        return std::pair<QString, QString>(parts.at(0), parts.at(1));
    default:
        return makeError(QStringLiteral("unexpected key format: \"%1\"").arg(key));
    }
}

QString describeObject(const KubeObject &object)
{
    if (object.isNull())
        return QStringLiteral("<nil>");
    const QString kind = object.kind().isEmpty() ? QStringLiteral("object") : object.kind();
    return kind + QLatin1Char(' ') + object.key();
}

Error keyError(const KubeObject &object, const Error &cause)
{
    return makeError(QStringLiteral("couldn't create key for object %1: %2")
                         .arg(describeObject(object), cause.message));
}

} // namespace informant
