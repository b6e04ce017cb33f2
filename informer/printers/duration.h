#pragma once

// Human-readable durations exactly as kubectl prints them (apimachinery's
// util/duration), and ages relative to an injectable clock.
//
// Pure functions; thread-safe.

#include <QString>

namespace informant {

// apimachinery's HumanDuration: "45s", "5m10s", "3h4m", "5d3h", "2y45d".
// Durations below -1s give "<invalid>" (a time in the future beyond clock
// skew), -1s..0s give "0s".
QString humanDuration(qint64 durationMs);

// apimachinery's ShortHumanDuration: one unit only ("45s", "5m", "3h", "5d", "2y").
QString shortHumanDuration(qint64 durationMs);

// kubectl's translateTimestampSince: "<unknown>" when `fromMs` is negative
// (absent timestamp), otherwise humanDuration(nowMs - fromMs).
QString formatAge(qint64 fromMs, qint64 nowMs);

} // namespace informant
