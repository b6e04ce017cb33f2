#include "models/informerstatusmodel.h"

#include "models/freshness.h"
#include "models/mergedkindsource.h"
#include "models/secondclock.h"

#include "informer/informers/informerstatustracker.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace informant {

InformerStatusModel::InformerStatusModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock([] { return SecondClock::clusterTimeAt(QDateTime::currentMSecsSinceEpoch()); })
{
    qRegisterMetaType<InformerStatus>();
}

int InformerStatusModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int InformerStatusModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 InformerStatusModel::nowMs() const
{
    return m_fixedNowMs ? m_fixedNowMs : SecondClock::nowMs();
}

QVariant InformerStatusModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_entries.at(index.row());
    const InformerStatus &s = e.status;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case ClusterColumn:
            return e.cluster;
        case KindColumn:
            return e.source ? e.source->kind().plural : QString();
        case StateColumn:
            return freshnessText(s, nowMs());
        case ObjectsColumn:
            // What is cached, as the tree and the status bar count it, also
            // while a relist runs: its progress is in the State column.
            if (!s.synced) // never listed: no count, not "0" (the tree says "—" too)
                return QStringLiteral("—");
            return QLocale().toString(e.objectCount >= 0 ? e.objectCount : s.objects);
        case RateColumn:
            // Not watching, nothing arrives: a rate beside "reconnecting"
            // was the last watch's (frozen for good while a replay paused).
            if (s.state != InformerStatus::State::Watching)
                return QStringLiteral("—");
            return QLocale().toString(s.eventsPerSecond, 'f', s.eventsPerSecond < 10 ? 1 : 0);
        case RestartsColumn:
            return QStringLiteral("%1 / %2").arg(s.watchRestarts).arg(s.relists);
        case LastEventColumn:
            return lastEventText(s, nowMs());
        case MessageColumn:
            // An error beside a green "watching" reads as a current problem:
            // once recovered it moves to the tooltip.
            return s.healthy() ? QString() : s.lastError;
        default:
            return {};
        }
    }
    switch (role) {
    case Qt::ToolTipRole:
        if (index.column() == MessageColumn && s.healthy() && !s.lastError.isEmpty())
            return QStringLiteral("Recovered. Last error: %1").arg(s.lastError);
        if (!e.source)
            return QString();
        return freshnessSentence(
            s,
            e.cluster.isEmpty()
                ? e.source->kind().plural
                : QStringLiteral("%1 in %2").arg(e.source->kind().plural, e.cluster),
            nowMs());
    case Qt::TextAlignmentRole:
        if (index.column() == ObjectsColumn || index.column() == RateColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DecorationRole:
        if (index.column() == StateColumn)
            return freshnessColor(freshnessLevel(s));
        return {};
    case LevelRole:
        return int(freshnessLevel(s));
    case ProgressRole:
        return progressOf(e);
    case StatusRole:
        return QVariant::fromValue(s);
    default:
        return {};
    }
}

int InformerStatusModel::progressOf(const Entry &e)
{
    const InformerStatus &s = e.status;
    if (s.state != InformerStatus::State::Listing || e.expectedObjects <= 0)
        return -1;
    return int(qMin<qint64>(100, s.itemsListed * 100 / e.expectedObjects));
}

int InformerStatusModel::listingProgress(const KindSource *source) const
{
    int least = -1;
    for (const Entry &e : m_entries) {
        if (e.source == source)
            return progressOf(e);
        if (e.merged == source) {
            const int progress = progressOf(e);
            if (progress >= 0 && (least < 0 || progress < least))
                least = progress;
        }
    }
    return least;
}

QVariant InformerStatusModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == RateColumn)
        return QStringLiteral("Watch events per second over the last seconds of the cluster's "
                              "time: in a replay, seconds of the recording, whatever its speed, "
                              "and still while it is paused");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char *const names[] = {"Cluster",    "Kind",     "State",
                                        "Objects",    "Events/s", "Restarts / relists",
                                        "Last event", "Message"};
    return (section >= 0 && section < ColumnCount) ? QString::fromLatin1(names[section])
                                                   : QString();
}

void InformerStatusModel::addSource(KindSource *source)
{
    auto *merged = qobject_cast<MergedKindSource *>(source);
    if (!merged) {
        addEntry(source, QString(), nullptr);
        return;
    }
    if (m_mergedSources.contains(merged))
        return;
    m_mergedSources.append(merged);
    for (const QString &cluster : merged->clusters()) {
        if (KindSource *member = merged->memberSource(cluster))
            addEntry(member, cluster, merged);
    }
    connect(merged, &MergedKindSource::memberAdded, this,
            [this, merged](const QString &cluster, KindSource *member) {
                addEntry(member, cluster, merged);
            });
}

void InformerStatusModel::addEntry(KindSource *source, const QString &cluster, KindSource *merged)
{
    for (const Entry &e : std::as_const(m_entries)) {
        if (e.source == source)
            return;
    }
    const int row = insertionRow(merged);
    beginInsertRows({}, row, row);
    Entry entry;
    entry.source = source;
    entry.cluster = cluster;
    entry.merged = merged;
    entry.status = source->status();
    entry.expectedObjects = entry.status.objects;
    sampleEvents(entry, entry.status.events);
    entry.status.eventsPerSecond = eventRate(entry, entry.status);
    m_entries.insert(row, entry);
    endInsertRows();
    connect(source, &KindSource::statusChanged, this,
            [this, source](const InformerStatus &status) { onStatus(source, status); });
    Q_EMIT summaryChanged();
}

int InformerStatusModel::insertionRow(const KindSource *merged) const
{
    if (merged) {
        for (qsizetype row = m_entries.size() - 1; row >= 0; --row) {
            if (m_entries.at(row).merged == merged)
                return int(row + 1);
        }
    }
    return int(m_entries.size());
}

KindSource *InformerStatusModel::sourceAt(int row) const
{
    return (row >= 0 && row < m_entries.size()) ? m_entries.at(row).source.data() : nullptr;
}

QString InformerStatusModel::clusterAt(int row) const
{
    return (row >= 0 && row < m_entries.size()) ? m_entries.at(row).cluster : QString();
}

bool InformerStatusModel::hasClusters() const
{
    return std::any_of(m_entries.cbegin(), m_entries.cend(),
                       [](const Entry &e) { return !e.cluster.isEmpty(); });
}

void InformerStatusModel::onStatus(KindSource *source, const InformerStatus &status)
{
    for (int row = 0; row < m_entries.size(); ++row) {
        Entry &e = m_entries[row];
        if (e.source != source)
            continue;
        if (status.objects > 0)
            e.expectedObjects = status.objects;
        e.status = status;
        sampleEvents(e, status.events);
        e.status.eventsPerSecond = eventRate(e, status);
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        Q_EMIT summaryChanged();
        return;
    }
}

void InformerStatusModel::setObjectCount(KindSource *source, qint64 count)
{
    for (int row = 0; row < m_entries.size(); ++row) {
        Entry &e = m_entries[row];
        qint64 own = 0;
        if (e.source == source)
            own = count;
        else if (e.merged == source && e.source)
            own = e.source->indexer().size(); // the merged count is every cluster's
        else
            continue;
        if (e.objectCount != own) {
            e.objectCount = own;
            const QModelIndex cell = index(row, ObjectsColumn);
            Q_EMIT dataChanged(cell, cell, {Qt::DisplayRole});
        }
    }
}

void InformerStatusModel::tick()
{
    // A source publishes its status when it changes, and a watch gone quiet
    // changes nothing: its last rate stayed on screen (7.8 events/s minutes
    // after the server hung). The rates are read again, decayed to now.
    for (Entry &e : m_entries) {
        if (!e.source)
            continue;
        const InformerStatus live = e.source->status();
        sampleEvents(e, live.events);
        e.status.eventsPerSecond = eventRate(e, live);
        e.status.bytesPerSecond = live.bytesPerSecond;
    }
    if (!m_entries.isEmpty()) {
        Q_EMIT dataChanged(index(0, StateColumn), index(rowCount() - 1, LastEventColumn),
                           {Qt::DisplayRole});
    }
}

void InformerStatusModel::setReplayMoving(bool moving)
{
    if (moving == m_replayMoving)
        return;
    m_replayMoving = moving;
    if (!moving) {
        // The rates count from here. Read now, not from the last
        // publication: the move's last changes may not have been published yet.
        const qint64 now = m_clock();
        for (Entry &e : m_entries)
            e.eventsAt = {{now, e.source ? e.source->status().events : e.status.events}};
    }
    tick();
}

void InformerStatusModel::sampleEvents(Entry &e, qint64 events) const
{
    if (m_replayMoving)
        return; // its changes are its jump: the counts start again at its end
    const qint64 now = m_clock();
    // A replay's clock set back a few ms to the replay's position: a count
    // ahead of the time is no base.
    while (!e.eventsAt.isEmpty() && e.eventsAt.constLast().clockMs > now)
        e.eventsAt.removeLast();
    if (!e.eventsAt.isEmpty()) {
        Entry::EventsAt &last = e.eventsAt.last();
        // The same moment (a paused replay's): its count is the last read
        // (a publication may carry an older one).
        if (last.clockMs == now) {
            last.events = std::max(last.events, events);
            return;
        }
        if (now - last.clockMs < InformerStatusTracker::kPublishIntervalMs)
            return;
    }
    while (e.eventsAt.size() > 1 &&
           now - e.eventsAt.at(1).clockMs >= InformerStatusTracker::kRateWindowMs)
        e.eventsAt.removeFirst();
    e.eventsAt.append({now, events});
}

// Over the last kRateWindowMs of m_clock's time, as the tracker's rate over
// the wall clock's (at least a second): from the newest count that old,
// else the oldest (the first seconds, or since a move). The counts are
// taken as the cluster's time moves, so while it stands still (a paused
// replay) the rate does too.
double InformerStatusModel::eventRate(const Entry &e, const InformerStatus &live) const
{
    if (m_replayMoving || e.eventsAt.isEmpty())
        return 0;
    const qint64 now = m_clock();
    const Entry::EventsAt *base = &e.eventsAt.constFirst();
    for (const Entry::EventsAt &at : e.eventsAt) {
        if (now - at.clockMs < InformerStatusTracker::kRateWindowMs)
            break;
        base = &at;
    }
    return double(qMax<qint64>(0, live.events - base->events)) * 1000.0 /
           double(qMax<qint64>(now - base->clockMs, 1000));
}

int InformerStatusModel::unhealthyCount() const
{
    int n = 0;
    for (const Entry &e : m_entries)
        n += e.status.healthy() ? 0 : 1;
    return n;
}

QString InformerStatusModel::summaryText() const
{
    int waiting = 0;
    int notWatching = 0;
    QStringList clustersNotWatching;
    for (const Entry &e : m_entries) {
        if (e.status.state == InformerStatus::State::WaitingForSignIn) {
            ++waiting;
        } else if (!e.status.healthy()) {
            ++notWatching;
            if (!e.cluster.isEmpty() && !clustersNotWatching.contains(e.cluster))
                clustersNotWatching.append(e.cluster);
        }
    }
    const QString waitingText = QStringLiteral("Waiting for sign-in");
    if (notWatching == 0)
        return waiting > 0 ? waitingText
                           : QStringLiteral("%1 informers watching").arg(m_entries.size());
    QString where;
    if (!clustersNotWatching.isEmpty())
        where =
            QStringLiteral(" — ") + clustersNotWatching.join(QStringLiteral(", ")).toHtmlEscaped();
    const QString failing =
        QStringLiteral("<span style='color:%1'>%2 of %3 informers not watching%4</span>")
            .arg(freshnessColor(FreshnessLevel::Stale).name())
            .arg(notWatching)
            .arg(m_entries.size())
            .arg(where);
    return waiting > 0 ? waitingText + QStringLiteral(" · ") + failing : failing;
}

} // namespace informant
