#include "models/yamlrenderer.h"

#include "informer/printers/yamlwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant {

namespace {

constexpr QLatin1String kSecretSections[] = {QLatin1String("data"), QLatin1String("stringData")};

// `section`'s values masked; one that differs from the same key's value in
// `before` (a section of an older revision; absent: nothing to compare) says
// so, or a diff of two masked revisions would hide the change it shows.
QJsonObject maskSection(const QJsonObject &section, const std::optional<QJsonObject> &before)
{
    QJsonObject masked;
    for (auto it = section.begin(); it != section.end(); ++it) {
        const bool changed = before && before->contains(it.key()) && before->value(it.key()) != *it;
        masked.insert(it.key(), changed ? kMaskedChangedValue : kMaskedValue);
    }
    return masked;
}

std::optional<QJsonObject> sectionOf(const std::optional<QJsonObject> &object, QLatin1String name)
{
    if (!object)
        return std::nullopt;
    return object->value(name).toObject();
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

QJsonObject withSecretValuesMasked(QJsonObject secret, const std::optional<QJsonObject> &before)
{
    for (const QLatin1String section : kSecretSections) {
        if (secret.value(section).isObject())
            secret.insert(
                section, maskSection(secret.value(section).toObject(), sectionOf(before, section)));
    }
    // Annotations hold values too: kubectl's last-applied-configuration
    // holds the whole Secret, OpenShift's token-secret.value a token. Their
    // keys stay readable.
    const QLatin1String metadata("metadata"), annotations("annotations");
    QJsonObject meta = secret.value(metadata).toObject();
    if (meta.value(annotations).isObject()) {
        meta.insert(annotations, maskSection(meta.value(annotations).toObject(),
                                             sectionOf(sectionOf(before, metadata), annotations)));
        secret.insert(metadata, meta);
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
