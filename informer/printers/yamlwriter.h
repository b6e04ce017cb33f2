#pragma once

// YAML text for a JSON value, block style as `kubectl get -o yaml` prints it
// (keys in sorted order, two-space indent, list items at the parent's indent),
// strings quoted only when plain YAML would read them as something else,
// strings of several lines as literal blocks. The one YAML writer: the YAML
// and History tabs and informantctl get -o yaml. Pure; thread-safe.

#include <QJsonValue>
#include <QString>

namespace informant {

QString toYaml(const QJsonValue &value);

} // namespace informant
