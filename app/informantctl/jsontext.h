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

} // namespace informantctl
