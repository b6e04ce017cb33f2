#pragma once

// A ConfigMap's data as the details pane's Overview shows it: each data key
// with its value (not masked: a ConfigMap is not secret), long or multi-line
// values elided with their size and the whole value in a tooltip
// (overviewvalue.h), and each binaryData key with its size, as kubectl
// describe prints them. Keys in byte order (kubectl describe prints Go's
// random map order). Values HTML-escaped.

#include "ui/overviewrow.h"

#include <QJsonObject>
#include <QList>

namespace informant {

QList<OverviewRow> configMapDataRows(const QJsonObject &configMap);
QList<OverviewRow> configMapBinaryDataRows(const QJsonObject &configMap);

} // namespace informant
