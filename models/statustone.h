#pragma once

// The colour a STATUS cell is drawn in: red for failures (CrashLoopBackOff,
// Error, ImagePullBackOff, ...), amber for transitions (Pending,
// ContainerCreating, Terminating, Init:...), none for healthy states. Chosen to
// stay readable on light and dark palettes.

#include <QColor>
#include <QString>

namespace informant {

enum class StatusTone { Neutral, Good, Warning, Bad };

StatusTone statusTone(const QString &status);
QColor statusToneColor(const QString &status); // invalid for Neutral/Good

} // namespace informant
