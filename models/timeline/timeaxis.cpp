#include "models/timeline/timeaxis.h"

#include <QDateTime>

#include <array>
#include <cmath>

namespace informant {

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kMinuteMs = 60 * kSecondMs;
constexpr qint64 kHourMs = 60 * kMinuteMs;
constexpr qint64 kDayMs = 24 * kHourMs;

constexpr std::array kNiceStepsMs{
    qint64(1),      qint64(2),      qint64(5),      qint64(10), qint64(20),    qint64(50),
    qint64(100),    qint64(200),    qint64(500),    kSecondMs,  2 * kSecondMs, 5 * kSecondMs,
    10 * kSecondMs, 15 * kSecondMs, 30 * kSecondMs, kMinuteMs,  2 * kMinuteMs, 5 * kMinuteMs,
    10 * kMinuteMs, 15 * kMinuteMs, 30 * kMinuteMs, kHourMs,    2 * kHourMs,   3 * kHourMs,
    6 * kHourMs,    12 * kHourMs,   kDayMs,         2 * kDayMs, 7 * kDayMs,    14 * kDayMs,
    28 * kDayMs,
};

qint64 floorDiv(qint64 a, qint64 b)
{
    qint64 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

} // namespace

qint64 TimeAxis::stepFor(double msPerPx, double minSpacingPx)
{
    const double wanted = msPerPx * minSpacingPx;
    for (qint64 step : kNiceStepsMs) {
        if (double(step) >= wanted)
            return step;
    }
    // Beyond four weeks: whole multiples of 28 days.
    return qint64(std::ceil(wanted / double(28 * kDayMs))) * 28 * kDayMs;
}

QString TimeAxis::label(qint64 ms, qint64 stepMs, bool major, const QTimeZone &zone)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(ms, zone);
    if (major || stepMs >= kDayMs)
        return time.toString(QStringLiteral("MMM d"));
    if (stepMs < kSecondMs)
        return time.toString(QStringLiteral("HH:mm:ss.zzz"));
    if (stepMs < kMinuteMs)
        return time.toString(QStringLiteral("HH:mm:ss"));
    return time.toString(QStringLiteral("HH:mm"));
}

void TimeAxis::ticks(double t0Ms, double msPerPx, int width, double minSpacingPx,
                     const QTimeZone &zone, std::vector<AxisTick> &out)
{
    out.clear();
    if (width <= 0 || msPerPx <= 0)
        return;
    const qint64 step = stepFor(msPerPx, minSpacingPx);
    const double t1Ms = t0Ms + width * msPerPx;
    // Align in local clock time: shift by the zone's offset at the window start.
    const qint64 offsetMs =
        qint64(zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(qint64(t0Ms), zone))) * kSecondMs;
    qint64 local = floorDiv(qint64(std::floor(t0Ms)) + offsetMs, step) * step;
    for (int guard = 0; guard < 10'000; ++guard, local += step) {
        const qint64 ms = local - offsetMs;
        if (double(ms) > t1Ms)
            break;
        if (double(ms) < t0Ms)
            continue;
        const bool major = step < kDayMs && floorDiv(local, kDayMs) * kDayMs == local;
        const double x = (double(ms) - t0Ms) / msPerPx;
        out.push_back({ms, x, major, label(ms, step, major, zone)});
    }
}

} // namespace informant
