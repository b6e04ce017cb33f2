#include "ui/overviewcronjob.h"

#include "informer/core/kubeobject.h"
#include "models/rowformatter.h"
#include "ui/overviewhtml.h"

#include <QJsonArray>
#include <QStringList>

namespace informant {

namespace {

QString agoHtml(const QJsonValue &timestamp, qint64 nowMs)
{
    const qint64 at = parseKubeTimestampMs(timestamp.toString().toUtf8());
    return at < 0 ? QStringLiteral("Never") : QStringLiteral("%1 ago").arg(humanAge(nowMs - at));
}

// Each active job linked by its name: the row's title says it is a Job.
QString activeJobsHtml(const QJsonArray &active)
{
    QStringList links;
    for (const QJsonValue &v : active) {
        const QJsonObject ref = v.toObject();
        const ObjectLink job{ref.value(QLatin1String("apiVersion")).toString(),
                             ref.value(QLatin1String("kind")).toString(),
                             ref.value(QLatin1String("namespace")).toString(),
                             ref.value(QLatin1String("name")).toString()};
        links.append(QStringLiteral("<a href='%1'>%2</a>")
                         .arg(job.toUrl().toHtmlEscaped(), job.name.toHtmlEscaped()));
    }
    QString html = QString::number(active.size());
    if (!links.isEmpty())
        html += QStringLiteral(": ") + links.join(QStringLiteral(", "));
    return html;
}

} // namespace

QList<OverviewRow> cronJobRows(const QJsonObject &cronJob, qint64 nowMs)
{
    const QJsonObject spec = cronJob.value(QLatin1String("spec")).toObject();
    const QJsonObject status = cronJob.value(QLatin1String("status")).toObject();
    QString schedule = spec.value(QLatin1String("schedule")).toString().toHtmlEscaped();
    const QString timeZone = spec.value(QLatin1String("timeZone")).toString();
    if (!timeZone.isEmpty())
        schedule += QStringLiteral(" (%1)").arg(timeZone.toHtmlEscaped());
    // A suspended CronJob schedules no run: amber, as a paused rollout.
    const bool suspended = spec.value(QLatin1String("suspend")).toBool();
    QList<OverviewRow> rows{{QStringLiteral("Schedule"), schedule},
                            {QStringLiteral("Suspend"),
                             suspended ? QStringLiteral("<span style='color:#d08c12'>Yes</span>")
                                       : QStringLiteral("No")},
                            {QStringLiteral("Last schedule"),
                             agoHtml(status.value(QLatin1String("lastScheduleTime")), nowMs)}};
    if (status.contains(QLatin1String("lastSuccessfulTime")))
        rows.append({QStringLiteral("Last successful"),
                     agoHtml(status.value(QLatin1String("lastSuccessfulTime")), nowMs)});
    rows.append({QStringLiteral("Active jobs"),
                 activeJobsHtml(status.value(QLatin1String("active")).toArray())});
    return rows;
}

} // namespace informant
