#pragma once

// The tooltip of an earlier object's lane (TimelineLane::earlier): a pod
// deleted and created again under its name, a Deployment a restored API
// server handed over with a new uid. It says which object the lane is (kind,
// name, uid), how it went as far as the watch saw it (deleted, or gone at a
// relist: no watch event said it was deleted), when its events were, and
// since when the next object under its name has events. Plain text. Pure.

#include "models/history/historystore.h"
#include "models/timeline/laneitem.h"

#include <QTimeZone>

namespace informant {

// `end`: how the object went (null: not seen); `nextFirstMs`: the first
// event of the next object under its name (-1: none shown).
QString earlierLaneToolTip(const TimelineLane &lane, const EarlierObject &end, qint64 nextFirstMs,
                           const QTimeZone &zone);

} // namespace informant
