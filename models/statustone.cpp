#include "models/statustone.h"

#include <QStringList>

namespace informant {

StatusTone statusTone(const QString &status)
{
    static const QStringList bad{QStringLiteral("CrashLoopBackOff"),
                                 QStringLiteral("Error"),
                                 QStringLiteral("ImagePullBackOff"),
                                 QStringLiteral("ErrImagePull"),
                                 QStringLiteral("Failed"),
                                 QStringLiteral("Evicted"),
                                 QStringLiteral("OOMKilled"),
                                 QStringLiteral("NodeLost"),
                                 QStringLiteral("Init:Error"),
                                 QStringLiteral("Init:CrashLoopBackOff"),
                                 QStringLiteral("CreateContainerConfigError"),
                                 QStringLiteral("NotReady"),
                                 QStringLiteral("Lost"),
                                 QStringLiteral("InvalidImageName")};
    static const QStringList warning{
        QStringLiteral("Pending"),     QStringLiteral("ContainerCreating"),
        QStringLiteral("Terminating"), QStringLiteral("PodInitializing"),
        QStringLiteral("Unknown"),     QStringLiteral("SchedulingGated"),
        QStringLiteral("Released"),    QStringLiteral("SchedulingDisabled")};
    if (bad.contains(status) || status.startsWith(QLatin1String("Init:Err")))
        return StatusTone::Bad;
    if (warning.contains(status) || status.startsWith(QLatin1String("Init:")) ||
        status.contains(QLatin1String("SchedulingDisabled")))
        return StatusTone::Warning;
    if (status == QLatin1String("Running") || status == QLatin1String("Ready") ||
        status == QLatin1String("Bound") || status == QLatin1String("Active") ||
        status == QLatin1String("Completed") || status == QLatin1String("Succeeded"))
        return StatusTone::Good;
    return StatusTone::Neutral;
}

StatusTone cellTone(const QString &column, const QString &text)
{
    if (column == QLatin1String("STATUS"))
        return statusTone(text);
    // Other kinds' TYPE (a Service's ClusterIP, a Secret's Opaque) is not a
    // state, and never "Warning".
    if (column == QLatin1String("TYPE") && text == QLatin1String("Warning"))
        return StatusTone::Warning;
    return StatusTone::Neutral;
}

QColor statusToneColor(const QString &status)
{
    return toneColor(statusTone(status));
}

QColor toneColor(StatusTone tone)
{
    switch (tone) {
    case StatusTone::Bad:
        return QColor(0xd9, 0x3f, 0x3f);
    case StatusTone::Warning:
        return QColor(0xc7, 0x8a, 0x12);
    case StatusTone::Good:
    case StatusTone::Neutral:
        break;
    }
    return {};
}

} // namespace informant
