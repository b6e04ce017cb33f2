#include "models/history/historymodel.h"

#include <QDateTime>

#include <algorithm>

namespace informant {

namespace {

QList<ObjectRevision> newestFirst(QList<ObjectRevision> list)
{
    std::reverse(list.begin(), list.end());
    return list;
}

} // namespace

HistoryModel::HistoryModel(HistoryStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(m_store, &HistoryStore::revisionsChanged, this, &HistoryModel::storeChanged);
}

HistoryModel::~HistoryModel() = default;

void HistoryModel::setObject(const QString &kind, const QString &identity)
{
    beginResetModel();
    m_kind = kind;
    m_identity = identity;
    m_rows = newestFirst(m_store->revisions(kind, identity));
    endResetModel();
}

const ObjectRevision &HistoryModel::revision(int row) const
{
    return m_rows.at(row);
}

void HistoryModel::storeChanged(const QString &kind, const QString &identity)
{
    if (kind != m_kind || identity != m_identity)
        return;
    const QList<ObjectRevision> fresh = newestFirst(m_store->revisions(kind, identity));
    // Expected shape: fresh = [new ones..., a suffix-trimmed prefix of m_rows].
    const quint64 newestKept = m_rows.isEmpty() ? 0 : m_rows.first().sequence;
    qsizetype added = 0;
    while (added < fresh.size() && fresh[added].sequence > newestKept)
        ++added;
    const qsizetype kept = fresh.size() - added;
    bool prefixMatches = kept <= m_rows.size();
    for (qsizetype i = 0; prefixMatches && i < kept; ++i)
        prefixMatches = fresh[added + i].sequence == m_rows[i].sequence;
    if (!prefixMatches) {
        beginResetModel();
        m_rows = fresh;
        endResetModel();
        return;
    }
    if (kept < m_rows.size()) {
        beginRemoveRows({}, int(kept), int(m_rows.size() - 1));
        m_rows.resize(kept);
        endRemoveRows();
    }
    if (added > 0) {
        beginInsertRows({}, 0, int(added - 1));
        m_rows = fresh.mid(0, added) + m_rows;
        endInsertRows();
    }
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ObjectRevision &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ObservedColumn:
            return QDateTime::fromMSecsSinceEpoch(r.observedMs, m_zone)
                .toString(QStringLiteral("HH:mm:ss"));
        case ResourceVersionColumn:
            return r.resourceVersion;
        case ChangesColumn:
            return r.changeSummary();
        default:
            return {};
        }
    case Qt::ToolTipRole: {
        if (index.column() == ObservedColumn)
            return QDateTime::fromMSecsSinceEpoch(r.observedMs, m_zone)
                .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
        QStringList lines;
        for (const FieldChange &change : r.changes)
            lines.append(change.summary());
        if (r.omittedChanges > 0)
            lines.append(tr("… %1 more").arg(r.omittedChanges));
        return lines.isEmpty() ? r.changeSummary() : lines.join(u'\n');
    }
    case SequenceRole:
        return QVariant::fromValue(r.sequence);
    case ObservedMsRole:
        return QVariant::fromValue(r.observedMs);
    case ChangeCountRole:
        return int(r.changes.size()) + r.omittedChanges;
    default:
        return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ObservedColumn:
        return tr("Observed");
    case ResourceVersionColumn:
        return tr("Resource version");
    case ChangesColumn:
        return tr("Changes");
    default:
        return {};
    }
}

} // namespace informant
