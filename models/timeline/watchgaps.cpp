#include "models/timeline/watchgaps.h"

#include <QDateTime>

namespace informant {

namespace {

using State = InformerStatus::State;

// States in which the watch is not just being reopened: what happens
// meanwhile may not come back with the next watch.
bool watchLost(State state)
{
    switch (state) {
    case State::Watching:
    case State::Connecting:
    case State::Pending:
        return false;
    case State::Listing:
    case State::BackingOff:
    case State::Unauthorized:
    case State::Forbidden:
    case State::Error:
    case State::Stopped:
    case State::WaitingForSignIn:
    case State::Gone:
    case State::NotRecorded:
        return true;
    }
    return true;
}

} // namespace

bool WatchGaps::observe(const InformerStatus &status, qint64 atMs)
{
    const bool watching = status.state == State::Watching;
    if (m_watching && !watching)
        m_leftWatchingMs = atMs;
    m_watching = watching;
    const bool open = !m_gaps.isEmpty() && m_gaps.constLast().isOpen();
    if (watching) {
        m_watched = true;
        if (!open)
            return false;
        m_gaps.last().endMs = qMax(m_gaps.constLast().startMs, atMs);
        return true;
    }
    if (open || !m_watched || !watchLost(status.state))
        return false;
    m_gaps.append(WatchGap{m_leftWatchingMs >= 0 ? m_leftWatchingMs : atMs, -1});
    if (m_gaps.size() > kMaxGaps)
        m_gaps.remove(0, m_gaps.size() - kMaxGaps);
    return true;
}

const WatchGap *WatchGaps::gapAt(qint64 ms, qint64 nowMs) const
{
    for (const WatchGap &gap : m_gaps) {
        if (ms >= gap.startMs && ms <= gap.endOr(nowMs))
            return &gap;
    }
    return nullptr;
}

QString watchGapToolTip(const WatchGap &gap, const QTimeZone &zone)
{
    const QDateTime start = QDateTime::fromMSecsSinceEpoch(gap.startMs, zone);
    const QString time = QStringLiteral("HH:mm:ss");
    const QString dated = QStringLiteral("yyyy-MM-dd HH:mm:ss");
    const QString tail = QStringLiteral(": events of this time may be missing");
    if (gap.isOpen())
        return QStringLiteral("Events watch down since %1").arg(start.toString(time)) + tail;
    const QDateTime end = QDateTime::fromMSecsSinceEpoch(gap.endMs, zone);
    const QString format = start.date() == end.date() ? time : dated;
    return QStringLiteral("Events watch down %1\u2013%2")
               .arg(start.toString(format), end.toString(format)) +
           tail;
}

} // namespace informant
