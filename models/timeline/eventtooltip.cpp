#include "models/timeline/eventtooltip.h"

#include "informer/printers/duration.h"

#include <QDateTime>

namespace informant {

namespace {

constexpr qsizetype kMaxMessageChars = 400;

QString when(qint64 ms, qint64 nowMs, const QTimeZone &zone)
{
    const QString time =
        QDateTime::fromMSecsSinceEpoch(ms, zone).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    // A node whose clock runs ahead stamps events in the future.
    if (ms > nowMs)
        return QStringLiteral("%1 (in %2)").arg(time, humanDuration(ms - nowMs));
    return QStringLiteral("%1 (%2 ago)").arg(time, humanDuration(nowMs - ms));
}

} // namespace

QString eventToolTip(const TimelineEvent &event, qint64 nowMs, const QTimeZone &zone)
{
    QString message = event.message;
    if (message.size() > kMaxMessageChars)
        message = message.left(kMaxMessageChars) + QChar(0x2026);
    const QString color =
        event.type == EventType::Warning ? QStringLiteral("#d9480f") : QStringLiteral("#1f6fd6");
    QString object = event.object.kind + u' ';
    if (!event.object.namespaceName.isEmpty())
        object += event.object.namespaceName + u'/';
    object += event.object.name;
    if (!event.object.fieldPath.isEmpty())
        object += QStringLiteral(" (%1)").arg(event.object.fieldPath);

    QString html = QStringLiteral("<b>%1</b> <span style='color:%2'>%3</span><br/>%4")
                       .arg(event.reason.toHtmlEscaped(), color, eventTypeName(event.type),
                            object.toHtmlEscaped());
    if (!message.isEmpty())
        html +=
            QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(message.toHtmlEscaped());
    if (event.count > 1 || event.series) {
        html += QStringLiteral("Count: <b>%1</b><br/>First: %2<br/>Last: %3")
                    .arg(event.count)
                    .arg(when(event.startMs, nowMs, zone), when(event.endMs, nowMs, zone));
    } else {
        html += QStringLiteral("Time: %1").arg(when(event.startMs, nowMs, zone));
    }
    if (!event.source.isEmpty())
        html += QStringLiteral("<br/>From: %1").arg(event.source.toHtmlEscaped());
    return html;
}

} // namespace informant
