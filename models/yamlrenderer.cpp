#include "models/yamlrenderer.h"

#include "informer/printers/yamlwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant {

namespace {

constexpr QLatin1String kSecretSections[] = {QLatin1String("data"), QLatin1String("stringData")};

QJsonObject maskSection(const QJsonObject &section)
{
    QJsonObject masked;
    for (auto it = section.begin(); it != section.end(); ++it)
        masked.insert(it.key(), QString(kMaskedValue));
    return masked;
}

} // namespace

QString renderYaml(const KubeObject &object, const YamlOptions &options)
{
    if (object.isNull())
        return {};
    QJsonParseError error;
    QJsonObject root = QJsonDocument::fromJson(object.json(), &error).object();
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("# cannot show this object: %1\n").arg(error.errorString());
    if (!options.showManagedFields) {
        QJsonObject meta = root.value(QLatin1String("metadata")).toObject();
        if (meta.contains(QLatin1String("managedFields"))) {
            meta.remove(QLatin1String("managedFields"));
            root.insert(QLatin1String("metadata"), meta);
        }
    }
    if (!options.revealSecrets && object.kind() == QLatin1String("Secret"))
        root = withSecretValuesMasked(std::move(root));
    return toYaml(root);
}

QJsonObject withSecretValuesMasked(QJsonObject secret)
{
    for (const QLatin1String section : kSecretSections) {
        if (secret.value(section).isObject())
            secret.insert(section, maskSection(secret.value(section).toObject()));
    }
    // Annotations hold values too: kubectl's last-applied-configuration
    // holds the whole Secret, OpenShift's token-secret.value a token. Their
    // keys stay readable.
    QJsonObject meta = secret.value(QLatin1String("metadata")).toObject();
    if (meta.value(QLatin1String("annotations")).isObject()) {
        meta.insert(QLatin1String("annotations"),
                    maskSection(meta.value(QLatin1String("annotations")).toObject()));
        secret.insert(QLatin1String("metadata"), meta);
    }
    return secret;
}

bool isSecretValuePath(QStringView path)
{
    for (const QLatin1String section : kSecretSections) {
        if (path.startsWith(section) &&
            (path.size() == section.size() || path.at(section.size()) == u'.' ||
             path.at(section.size()) == u'['))
            return true;
    }
    return path.startsWith(QLatin1String("metadata.annotations"));
}

} // namespace informant
