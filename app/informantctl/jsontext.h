#pragma once

// Indented JSON text as kubectl -o json writes it (Go's json.MarshalIndent
// with four spaces): keys in the order given (QJsonObject's, sorted, which
// is also the order kubectl's unstructured maps print in), "{}" and "[]" for
// empty containers, <, > and & escaped as \u003c, \u003e and \u0026.
// Ends with a newline. Pure; thread-safe.

#include <QByteArray>
#include <QJsonValue>

namespace informantctl {

QByteArray toIndentedJson(const QJsonValue &value);

// The same on one line, as Go's json.Marshal writes it (no spaces, no
// newline at the end): kubectl get -w --output-watch-events -o json.
QByteArray toCompactJson(const QJsonValue &value);

} // namespace informantctl
