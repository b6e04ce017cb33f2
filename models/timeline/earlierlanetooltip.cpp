#include "models/timeline/earlierlanetooltip.h"

#include <QDateTime>
#include <QObject>

namespace informant {

QString earlierLaneToolTip(const TimelineLane &lane, const EarlierObject &end, qint64 nextFirstMs,
                           const QTimeZone &zone)
{
    const auto time = [&zone](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, zone).toString(QStringLiteral("HH:mm:ss"));
    };
    const QString name =
        lane.namespaceName.isEmpty() ? lane.name : lane.namespaceName + u'/' + lane.name;
    QStringList lines;
    lines.append(QObject::tr("%1 %2: an earlier object under this name%3")
                     .arg(lane.objectKind, name,
                          lane.uid.isEmpty() ? QString() : QObject::tr(" (uid %1)").arg(lane.uid)));
    // "Deleted" only when a watch event said so: after a restore nobody
    // deleted it, the server's list no longer had it.
    if (!end.isNull()) {
        lines.append(end.missingFromRelist
                         ? QObject::tr("It was gone at the relist of %1 (no watch event said it "
                                       "was deleted).")
                               .arg(time(end.deletedMs))
                         : QObject::tr("It was deleted at %1.").arg(time(end.deletedMs)));
    }
    if (!lane.items.empty()) {
        qint64 lastMs = lane.items.front().endMs;
        for (const LaneItem &item : lane.items)
            lastMs = qMax(lastMs, item.endMs);
        lines.append(QObject::tr("Its events: %1 to %2.")
                         .arg(time(lane.items.front().startMs), time(lastMs)));
    }
    if (nextFirstMs >= 0)
        lines.append(QObject::tr("The next object under this name has events from %1.")
                         .arg(time(nextFirstMs)));
    return lines.join(u'\n');
}

} // namespace informant
