#pragma once

// A CronJob's own rows in the details pane's Overview, what kubectl get and
// describe cronjob show first: its schedule (with its time zone), whether
// it is suspended, when a run was last scheduled and last succeeded (as
// ages: "Never" before the first), and its active jobs (their count, each
// linked). Its pod template's images are overviewcontainers.h's.

#include "ui/overviewrow.h"

#include <QJsonObject>
#include <QList>

namespace informant {

QList<OverviewRow> cronJobRows(const QJsonObject &cronJob, qint64 nowMs);

} // namespace informant
