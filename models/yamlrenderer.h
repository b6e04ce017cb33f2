#pragma once

// YAML text of one object for the details pane, like `kubectl get -o yaml`
// (keys in alphabetical order, block style; printers/yamlwriter.h writes it).
// metadata.managedFields is left out unless asked for; a Secret's
// data/stringData and annotation values are masked unless revealed. Uses a Qt JSON DOM: only
// ever called for the one selected object.

#include "informer/core/kubeobject.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace informant {

struct YamlOptions
{
    bool showManagedFields = false;
    bool revealSecrets = false;
};

// Eight bullets (U+2022): as Latin-1, the UTF-8 bytes of this file's
// bullets were shown as "â€¢" garbage.
inline const QString kMaskedValue = QString(8, QChar(0x2022));
inline const QString kMaskedChangedValue = kMaskedValue + QStringLiteral(" (changed)");

QString renderYaml(const KubeObject &object, const YamlOptions &options = {});
// A Secret as renderYaml shows it unrevealed: its data and stringData values
// masked, and its annotations' values too (kubectl's last-applied annotation
// holds the whole Secret, OpenShift's token-secret.value a token).
// With `before` (an older revision of it), a value that differs from the one
// it had there is masked as kMaskedChangedValue, so that History's diff shows
// the change without the values.
QJsonObject withSecretValuesMasked(QJsonObject secret,
                                   const std::optional<QJsonObject> &before = std::nullopt);
// True for the path of a field holding a Secret's values, in FieldChange's
// form ("data.password", `data["tls.key"]`, any annotation).
bool isSecretValuePath(QStringView path);

} // namespace informant
