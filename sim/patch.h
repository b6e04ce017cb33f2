#pragma once

// The patch formats kubectl sends, applied to JSON values:
// - JSON merge patch (RFC 7386, application/merge-patch+json);
// - strategic merge patch (application/strategic-merge-patch+json), the
//   simulator's approximation: maps merge recursively; a list of objects whose
//   patch elements all carry a merge key (name, containerPort, mountPath, ip,
//   devicePath, type) merges element-wise by that key, honouring
//   {"$patch":"delete"} elements and $setElementOrder/<field>; any other list is
//   replaced. $retainKeys and other directives are dropped. Good enough for
//   kubectl apply/label/annotate/scale/set image;
// - JSON patch (RFC 6902, application/json-patch+json): add, remove, replace,
//   test, move, copy.

#include "informer/core/result.h"

#include <QJsonValue>

namespace informant::sim {

QJsonValue applyMergePatch(const QJsonValue &target, const QJsonValue &patch);
QJsonValue applyStrategicMergePatch(const QJsonValue &target, const QJsonValue &patch);
Result<QJsonValue> applyJsonPatch(const QJsonValue &target, const QJsonValue &patch);

} // namespace informant::sim
