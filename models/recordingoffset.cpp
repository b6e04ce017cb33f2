#include "models/recordingoffset.h"

#include <QLatin1Char>

#include <algorithm>

namespace informant {

QString recordingOffsetText(qint64 ms)
{
    const qint64 seconds = (std::max<qint64>(ms, 0) + 500) / 1000;
    const qint64 hours = seconds / 3600;
    const QString minutesAndSeconds = QStringLiteral("%1:%2")
                                          .arg(hours > 0 ? (seconds / 60) % 60 : seconds / 60,
                                               hours > 0 ? 2 : 1, 10, QLatin1Char('0'))
                                          .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return hours > 0 ? QString::number(hours) + QLatin1Char(':') + minutesAndSeconds
                     : minutesAndSeconds;
}

} // namespace informant
