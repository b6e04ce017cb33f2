#include "models/relatedeventsmodel.h"

#include "informer/cache/indexfuncs.h"
#include "models/clusterrowkey.h"
#include "models/rowformatter.h"
#include "models/secondclock.h"
#include "models/statustone.h"

#include <QColor>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace informant {

namespace {

// The column cuts a long message (the view elides, one line per row): its
// tooltip shows it whole. Rich text, as the table's cut cells (CellDelegate),
// so that it wraps instead of running off the screen as one line; escaped,
// so that "<none>" in a message stays as it is; its own line breaks kept.
QVariant messageToolTip(const QString &message)
{
    if (message.trimmed().isEmpty())
        return {};
    QString html = message.trimmed().toHtmlEscaped();
    html.replace(u'\n', QLatin1String("<br>"));
    return QStringLiteral("<p>%1</p>").arg(html);
}

} // namespace

RelatedEventsModel::RelatedEventsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int RelatedEventsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int RelatedEventsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RelatedEventsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Event &e = m_events.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case TypeColumn:
            return e.type;
        case ReasonColumn:
            return e.reason;
        case LastSeenColumn: {
            // In the cluster's time, as the table's LAST SEEN (a replay's).
            const qint64 now = m_fixedNowMs ? m_fixedNowMs : SecondClock::clusterNowMs();
            return e.lastSeenMs < 0 ? QStringLiteral("<unknown>") : humanAge(now - e.lastSeenMs);
        }
        case CountColumn:
            return e.count;
        case FromColumn:
            return e.source;
        case MessageColumn:
            return e.message.simplified();
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == TypeColumn) {
        // The Events table's tone for the same cell: a Warning reads alike in both.
        const QColor tone =
            toneColor(cellTone(headerData(TypeColumn, Qt::Horizontal).toString(), e.type));
        return tone.isValid() ? QVariant(tone) : QVariant();
    }
    if (role == Qt::ToolTipRole && index.column() == MessageColumn)
        return messageToolTip(e.message);
    return {};
}

QVariant RelatedEventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char *const names[] = {"TYPE", "REASON", "LAST SEEN", "COUNT", "FROM", "MESSAGE"};
    return (section >= 0 && section < ColumnCount) ? QString::fromLatin1(names[section])
                                                   : QString();
}

RelatedEventsModel::Event RelatedEventsModel::decode(const KubeObject &event)
{
    const QJsonObject o = QJsonDocument::fromJson(event.json()).object();
    Event e;
    e.uid = event.uid().isEmpty() ? event.key() : event.uid();
    e.type = o.value(QLatin1String("type")).toString();
    e.reason = o.value(QLatin1String("reason")).toString();
    // core/v1 "message", events.k8s.io "note".
    e.message =
        o.value(QLatin1String("message")).toString(o.value(QLatin1String("note")).toString());
    const QJsonObject source = o.value(QLatin1String("source")).toObject();
    e.source =
        source.value(QLatin1String("component"))
            .toString(o.value(QLatin1String("reportingController"))
                          .toString(o.value(QLatin1String("reportingComponent")).toString()));
    const QJsonObject series = o.value(QLatin1String("series")).toObject();
    e.count = qMax<qint64>(1, o.value(QLatin1String("count"))
                                  .toInteger(series.value(QLatin1String("count")).toInteger(1)));
    for (const char *field : {"lastTimestamp", "eventTime", "firstTimestamp"}) {
        const QString text = o.value(QLatin1String(field)).toString();
        if (text.isEmpty())
            continue;
        const QByteArray utf8 = text.toUtf8();
        e.lastSeenMs = parseKubeTimestampMs(utf8);
        if (e.lastSeenMs >= 0)
            break;
    }
    const QString seriesLast = series.value(QLatin1String("lastObservedTime")).toString();
    if (!seriesLast.isEmpty())
        e.lastSeenMs = qMax(e.lastSeenMs, parseKubeTimestampMs(seriesLast.toUtf8()));
    if (e.lastSeenMs < 0)
        e.lastSeenMs = event.creationTimestampMs();
    return e;
}

void RelatedEventsModel::refresh(const Indexer *events, const QStringList &involvedUids,
                                 QStringView cluster)
{
    QList<Event> next;
    QSet<QString> seen; // cache keys: two clusters' events may have one name
    for (const QString &uid : involvedUids) {
        if (!events || uid.isEmpty())
            continue;
        const auto found = events->indexKeys(QString(kInvolvedObjectIndex), uid);
        if (!found.ok())
            continue;
        for (const QString &key : found.value()) {
            // Another cluster's object may have this uid too (a Node's
            // stand-in, its name; simulators replaying one recording).
            if (clusterOfRowKey(key) != cluster || seen.contains(key))
                continue;
            seen.insert(key);
            if (const std::optional<KubeObject> event = events->getByKey(key))
                next.append(decode(*event));
        }
    }
    std::sort(next.begin(), next.end(), [](const Event &a, const Event &b) {
        return a.lastSeenMs != b.lastSeenMs ? a.lastSeenMs > b.lastSeenMs : a.uid < b.uid;
    });
    // Any event in the cluster triggers a refresh; most leave this list as it
    // was, and replacing its rows would drop the user's selection and scroll.
    if (next == m_events)
        return;
    const bool sameRows = next.size() == m_events.size() &&
                          std::equal(next.cbegin(), next.cend(), m_events.cbegin(),
                                     [](const Event &a, const Event &b) { return a.uid == b.uid; });
    if (sameRows) {
        // A repeated event bumps its count in place; its row keeps its place.
        for (int row = 0; row < int(next.size()); ++row) {
            if (next.at(row) == m_events.at(row))
                continue;
            m_events[row] = next.at(row);
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
        return;
    }
    // A handful of rows: replace them with one remove and one insert.
    if (!m_events.isEmpty()) {
        beginRemoveRows({}, 0, int(m_events.size()) - 1);
        m_events.clear();
        endRemoveRows();
    }
    if (!next.isEmpty()) {
        beginInsertRows({}, 0, int(next.size()) - 1);
        m_events = std::move(next);
        endInsertRows();
    }
}

} // namespace informant
