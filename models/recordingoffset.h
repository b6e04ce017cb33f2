#pragma once

// A moment of a recording as its offset from the recording's start, as the
// replay bar ("+2:05 of 10:00") and a finished replay's "last event at 0:18"
// say it: "2:05", "1:02:05" from an hour on.
//
// Rounded to the nearest second, as a media player shows a position and a
// length: cut to the second, a recording whose last change came at 19.6 s
// lasted "0:19", and its position read a second short of the length until
// the very end.

#include <QString>

namespace informant {

QString recordingOffsetText(qint64 ms);

} // namespace informant
