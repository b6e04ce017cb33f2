#include "informer/printers/duration.h"

namespace informant {

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kMinuteMs = 60 * kSecondMs;
constexpr qint64 kHourMs = 60 * kMinuteMs;

QString number(qint64 value, const char *unit)
{
    return QString::number(value) + QLatin1String(unit);
}

QString pair(qint64 first, const char *firstUnit, qint64 second, const char *secondUnit)
{
    if (second == 0)
        return number(first, firstUnit);
    return number(first, firstUnit) + number(second, secondUnit);
}

} // namespace

QString humanDuration(qint64 durationMs)
{
    // Go's int(d.Seconds()) truncates toward zero, so -1.9s counts as -1s.
    const qint64 seconds = durationMs / kSecondMs;
    if (seconds < -1)
        return QStringLiteral("<invalid>");
    if (seconds < 0)
        return QStringLiteral("0s");
    if (seconds < 60 * 2)
        return number(seconds, "s");
    const qint64 minutes = durationMs / kMinuteMs;
    if (minutes < 10)
        return pair(minutes, "m", seconds % 60, "s");
    if (minutes < 60 * 3)
        return number(minutes, "m");
    const qint64 hours = durationMs / kHourMs;
    if (hours < 8)
        return pair(hours, "h", minutes % 60, "m");
    if (hours < 48)
        return number(hours, "h");
    if (hours < 24 * 8)
        return pair(hours / 24, "d", hours % 24, "h");
    if (hours < 24 * 365 * 2)
        return number(hours / 24, "d");
    if (hours < 24 * 365 * 8)
        return pair(hours / 24 / 365, "y", (hours / 24) % 365, "d");
    return number(hours / 24 / 365, "y");
}

QString shortHumanDuration(qint64 durationMs)
{
    const qint64 seconds = durationMs / kSecondMs;
    if (seconds < -1)
        return QStringLiteral("<invalid>");
    if (seconds < 0)
        return QStringLiteral("0s");
    if (seconds < 60)
        return number(seconds, "s");
    if (const qint64 minutes = durationMs / kMinuteMs; minutes < 60)
        return number(minutes, "m");
    const qint64 hours = durationMs / kHourMs;
    if (hours < 24)
        return number(hours, "h");
    if (hours < 24 * 365)
        return number(hours / 24, "d");
    return number(hours / 24 / 365, "y");
}

QString formatAge(qint64 fromMs, qint64 nowMs)
{
    if (fromMs < 0)
        return QStringLiteral("<unknown>");
    return humanDuration(nowMs - fromMs);
}

} // namespace informant
