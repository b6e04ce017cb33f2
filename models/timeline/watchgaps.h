#pragma once

// WatchGaps: the stretches of time in which the events watch was down, so
// that events of that time may never have reached the timeline (one created
// and expired meanwhile, a series' updates; a relist brings only what still
// exists). A gap runs from the moment the watch was lost (it left Watching
// and then failed, waited to retry or relisted) to the moment it watched
// again, re-synced. A watch that is only reopened (Connecting, then Watching
// again) resumes from its resourceVersion and misses nothing: no gap. Before
// the first sync nothing was lost either: the list brings it. A gap still
// open reaches to now. Times are the caller's clock (the timeline's cluster
// time). Plain value class; GUI thread.

#include "informer/informers/informerstatus.h"

#include <QList>
#include <QString>
#include <QTimeZone>

namespace informant {

struct WatchGap
{
    qint64 startMs = 0;
    qint64 endMs = -1; // -1: the watch is still down

    bool isOpen() const { return endMs < 0; }
    // The end, or `nowMs` while the gap is open.
    qint64 endOr(qint64 nowMs) const { return isOpen() ? qMax(startMs, nowMs) : endMs; }
};

class WatchGaps
{
public:
    // The oldest gaps are dropped past this many: a watch that flaps for days
    // must not grow the list (and each paint) without bound.
    static constexpr qsizetype kMaxGaps = 500;

    // The events informer's status as it is at `atMs`; true when the gaps
    // changed (one opened or closed).
    bool observe(const InformerStatus &status, qint64 atMs);
    // Oldest first.
    const QList<WatchGap> &gaps() const { return m_gaps; }
    // The gap that holds `ms` (an open one reaching to `nowMs`); null if none.
    const WatchGap *gapAt(qint64 ms, qint64 nowMs) const;

private:
    QList<WatchGap> m_gaps;
    bool m_watched = false;       // it has watched once: a list has synced
    bool m_watching = false;      // as the last status said
    qint64 m_leftWatchingMs = -1; // when it last stopped watching
};

// "Events watch down 12:03:10–12:03:42: events of this time may be missing"
// ("since 12:03:10" while open; dates when the gap is not within one day).
QString watchGapToolTip(const WatchGap &gap, const QTimeZone &zone);

} // namespace informant
