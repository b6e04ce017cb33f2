#pragma once

// The Overview's Annotations row: one "key=value" a line in key order (as
// kubectl describe sorts them), long values elided with the whole value in a
// tooltip (overviewvalue.h). kubectl's last-applied-configuration, a copy of
// the whole object as JSON, is cut much shorter: it is rarely what a user
// looks for and would fill the pane. With `maskValues` (a Secret not
// revealed: its last-applied annotation holds its data, OpenShift's
// token-secret.value a token) every value is masked as the YAML tab masks it.

#include <QJsonObject>
#include <QString>

namespace informant {

QString annotationsHtml(const QJsonObject &annotations, bool maskValues);

} // namespace informant
