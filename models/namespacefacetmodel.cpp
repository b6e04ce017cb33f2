#include "models/namespacefacetmodel.h"

#include "models/freshness.h"

#include <QLocale>

#include <algorithm>

namespace informant {

NamespaceFacetModel::NamespaceFacetModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int NamespaceFacetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int NamespaceFacetModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant NamespaceFacetModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &[name, count] = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return name.isEmpty() ? QStringLiteral("(cluster)") : name;
        return QLocale().toString(count);
    case Qt::CheckStateRole:
        if (index.column() == 0)
            return m_checked.contains(name) ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == 1)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
    case Qt::FontRole:
    case Qt::ToolTipRole:
        return index.column() == 1 ? staleCountData(role, m_stale) : QVariant();
    case CountRole:
        return count;
    case ValueRole:
        return name;
    default:
        return {};
    }
}

bool NamespaceFacetModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const QString &name = m_rows.at(index.row()).first;
    const bool on = value.toInt() == Qt::Checked;
    if (on == m_checked.contains(name))
        return true;
    if (on)
        m_checked.insert(name);
    else
        m_checked.remove(name);
    Q_EMIT dataChanged(index.siblingAtColumn(0), index.siblingAtColumn(0), {Qt::CheckStateRole});
    Q_EMIT checkedChanged();
    return true;
}

Qt::ItemFlags NamespaceFacetModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == 0)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant NamespaceFacetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? QStringLiteral("Namespace") : QStringLiteral("Count");
}

void NamespaceFacetModel::refresh(const QList<std::pair<QString, qsizetype>> &counted)
{
    // A ticked namespace stays listed (at 0) when its last object goes (or
    // the namespace is deleted): it still filters, so the user must be able
    // to see and untick it.
    QList<std::pair<QString, qsizetype>> counts = counted;
    for (const QString &name : m_checked) {
        const auto at = std::lower_bound(counts.begin(), counts.end(), name,
                                         [](const std::pair<QString, qsizetype> &entry,
                                            const QString &n) { return entry.first < n; });
        if (at == counts.end() || at->first != name)
            counts.insert(at, {name, 0});
    }
    // Merge walk over two sorted lists.
    int row = 0;
    qsizetype i = 0;
    while (row < m_rows.size() || i < counts.size()) {
        if (i >= counts.size() ||
            (row < m_rows.size() && m_rows.at(row).first < counts.at(i).first)) {
            beginRemoveRows({}, row, row);
            m_rows.removeAt(row);
            endRemoveRows();
            continue;
        }
        if (row >= m_rows.size() || counts.at(i).first < m_rows.at(row).first) {
            beginInsertRows({}, row, row);
            m_rows.insert(row, counts.at(i));
            endInsertRows();
        } else if (m_rows.at(row).second != counts.at(i).second) {
            m_rows[row].second = counts.at(i).second;
            Q_EMIT dataChanged(index(row, 1), index(row, 1), {Qt::DisplayRole, CountRole});
        }
        ++row;
        ++i;
    }
}

void NamespaceFacetModel::setChecked(const QSet<QString> &namespaces)
{
    if (namespaces == m_checked)
        return;
    m_checked = namespaces;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, 0), {Qt::CheckStateRole});
    Q_EMIT checkedChanged();
}

void NamespaceFacetModel::toggle(const QString &name)
{
    QSet<QString> next = m_checked;
    if (!next.remove(name))
        next.insert(name);
    setChecked(next);
}

} // namespace informant

namespace informant {

void NamespaceFacetModel::setStale(const QString &why)
{
    if (why == m_stale)
        return;
    m_stale = why;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, 1),
                           {Qt::ForegroundRole, Qt::FontRole, Qt::ToolTipRole});
}

} // namespace informant
