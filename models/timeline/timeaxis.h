#pragma once

// TimeAxis: tick positions and labels for a time window at any zoom, from
// milliseconds to weeks. The step is the smallest "nice" step (1-2-5 for
// sub-second, then 1/2/5/10/15/30 s, 1/2/5/10/15/30 min, 1/2/3/6/12 h, 1/2/7
// days) whose ticks are at least minSpacingPx apart, aligned to the clock of
// the given time zone (so hour ticks fall on full hours locally). Ticks at a
// day boundary are major and carry the date.
//
// Pure value computation; thread-safe. `ticks` reuses the output vector.

#include <QList>
#include <QString>
#include <QTimeZone>

#include <vector>

namespace informant {

struct AxisTick
{
    qint64 ms = 0;
    double x = 0; // pixels from the window's left edge
    bool major = false;
    QString label;
};

class TimeAxis
{
public:
    // The nice step for msPerPx with ticks at least minSpacingPx apart.
    static qint64 stepFor(double msPerPx, double minSpacingPx);
    // Ticks in [t0Ms, t0Ms + width * msPerPx].
    static void ticks(double t0Ms, double msPerPx, int width, double minSpacingPx,
                      const QTimeZone &zone, std::vector<AxisTick> &out);
    // The label for a tick at `ms` with the given step.
    static QString label(qint64 ms, qint64 stepMs, bool major, const QTimeZone &zone);
};

} // namespace informant
