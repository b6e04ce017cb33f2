#pragma once

// The hover text for one timeline event: reason and type, the involved
// object, the message, the count and the first/last times (absolute and as
// kubectl ages). Rich text, escaped; long messages are shortened. Pure.

#include "models/timeline/timelineevent.h"

#include <QTimeZone>

namespace informant {

QString eventToolTip(const TimelineEvent &event, qint64 nowMs,
                     const QTimeZone &zone = QTimeZone::systemTimeZone());

} // namespace informant
