#pragma once

// The colour a table cell is drawn in when it tells a state: red for
// failures (a STATUS CrashLoopBackOff, Error, ImagePullBackOff, ...), amber for
// transitions and warnings (Pending, ContainerCreating, Terminating, Init:...,
// an event's TYPE Warning), none for healthy states and other columns. Chosen
// to stay readable on light and dark palettes. Which columns have a tone is
// said here only (cellTone).

#include <QColor>
#include <QString>

namespace informant {

enum class StatusTone { Neutral, Good, Warning, Bad };

StatusTone statusTone(const QString &status);
QColor statusToneColor(const QString &status); // invalid for Neutral/Good
// The tone of the cell `text` in the column named `column` ("STATUS"): a
// STATUS by statusTone(); a TYPE "Warning" (an event's) Warning, as k9s
// colours them, so the row that says what went wrong stands out as a
// crash-looping pod's STATUS does; Neutral for any other column.
StatusTone cellTone(const QString &column, const QString &text);
QColor toneColor(StatusTone tone); // invalid for Neutral/Good

} // namespace informant
