#pragma once

// YAML text for a JSON value, block style as `kubectl get -o yaml` prints it
// (keys in sorted order, two-space indent, list items at the parent's indent),
// strings quoted only when plain YAML would read them as something else.
// Used by the History tab to show and diff revisions and by informantctl get
// -o yaml. Pure; thread-safe.

#include <QJsonValue>
#include <QString>

namespace informant {

QString toYaml(const QJsonValue &value);

} // namespace informant
