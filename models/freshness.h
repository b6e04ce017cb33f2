#pragma once

// Human wording of an informer's freshness, shared by the status bar, the
// informers panel and the banner above a table: "watching", "listing 1,200",
// "reconnecting in 4 s", "forbidden: <server message>", ...

#include "informer/informers/informerstatus.h"

#include <QColor>
#include <QString>
#include <QVariant>

namespace informant {

enum class FreshnessLevel { Fresh, Working, Stale, Failed };

FreshnessLevel freshnessLevel(const InformerStatus &status);
// Short state text: "watching", "listing 1,200", "relisting · 57 received",
// "reconnecting in 4 s", ...
QString freshnessText(const InformerStatus &status, qint64 nowMs);
// One sentence for a banner: what is wrong and what happens next, naming
// `what` ("pods in demo").
QString freshnessSentence(const InformerStatus &status, const QString &what, qint64 nowMs);
// How long ago the informer's last event came, in the status bar's and the
// informers panel's one wording: "just now", "12 s ago", "3 min ago"; "—"
// for none. Counted in the cluster's time (SecondClock): in a replay, the
// recording's; once it has ended, the moment of the recording the event
// came at, "at 0:18", which no longer grows.
QString lastEventText(const InformerStatus &status, qint64 nowMs);
// The moment the informer's last event came (status.lastEventMs is the wall
// clock's), in the cluster's time: in a replay, the moment of the recording
// ("0:18", as the replay bar's "+0:18" and the end's "last event at 0:18"
// say it); else the time of day ("14:02:11"). Empty for none.
QString lastEventMoment(const InformerStatus &status);
// The status bar's part on the last event: "last event 12 s ago" while
// watching; at the end of a replay, "replay ended — last event at 0:18" (or
// "replay ended" without one); else empty.
QString lastEventPhrase(const InformerStatus &status, qint64 nowMs);
// A dot colour for the level (green, blue, amber, red).
QColor freshnessColor(FreshnessLevel level);
// For the counts and the object shown beside a table whose rows are drawn
// faded (level not Fresh: the last known state): "not watched since 14:02:15
// (watch lost, reconnecting: connection refused)". Fixed wording, no
// countdown: a tooltip is read long after it was set. `sinceMs` < 0: no time.
QString notWatchedText(const InformerStatus &status, qint64 sinceMs);
// The same without the error's text ("not watched since 14:02:15 (watch lost,
// reconnecting)"), for a line always in view; the error, which names the
// request URL, goes in its tooltip.
QString notWatchedSummary(const InformerStatus &status, qint64 sinceMs);
// "not watched since 14:02:15 (reason)", or "not watched (reason)" without a time.
QString notWatchedSince(const QString &reason, qint64 sinceMs);
// How long a table's rows have not been watched, for the status bar, which
// re-words it every second: "not watched for 45 s", "… for 3 min", "… for
// 2 h". On the wall clock, as the wait before reconnecting.
QString notWatchedFor(qint64 ms);
// The text colour of counts that are the last known state: the palette's
// disabled text, as the table's faded rows (ui/celldelegate.h). GUI thread.
QColor staleTextColor();
// A stale count cell's Qt::ForegroundRole (staleTextColor()), Qt::FontRole
// (italic) and Qt::ToolTipRole ("The counts are the last known: `why`.");
// null for other roles or an empty `why` (live). GUI thread.
QVariant staleCountData(int role, const QString &why);

} // namespace informant
