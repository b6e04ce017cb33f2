#include "models/facetmodel.h"

#include "models/freshness.h"
#include "models/sortkey.h"

#include <QLocale>

#include <algorithm>

namespace informant {

FacetModel::FacetModel(const QString &nameHeader, QObject *parent)
    : QAbstractItemModel(parent)
    , m_nameHeader(nameHeader)
{
}

int FacetModel::columnCount(const QModelIndex &) const
{
    return 2;
}

Qt::ItemFlags FacetModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == 0)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant FacetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? m_nameHeader : QStringLiteral("Count");
}

QVariant FacetModel::countData(const QModelIndex &index, qsizetype count, int role) const
{
    if (role == CountRole)
        return count;
    // A value no row would show under the other filters is faded, name and
    // count, so that the ones that would stand out; a stale count keeps the
    // stale look, which says more.
    if (role == Qt::ForegroundRole && count == 0 && m_stale.isEmpty())
        return staleTextColor();
    if (index.column() != 1)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return QLocale().toString(count);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
    case Qt::FontRole:
    case Qt::ToolTipRole:
        return staleCountData(role, m_stale);
    default:
        return {};
    }
}

void FacetModel::setStale(const QString &why)
{
    if (why == m_stale)
        return;
    m_stale = why;
    emitCountsChanged({}, {Qt::ForegroundRole, Qt::FontRole, Qt::ToolTipRole});
}

void FacetModel::emitCountsChanged(const QModelIndex &parent, const QList<int> &roles)
{
    const int rows = rowCount(parent);
    if (rows == 0)
        return;
    Q_EMIT dataChanged(index(0, 1, parent), index(rows - 1, 1, parent), roles);
    for (int row = 0; row < rows; ++row)
        emitCountsChanged(index(row, 0, parent), roles);
}

bool FacetModel::listedBefore(const QString &a, const QString &b)
{
    return compareNames(a, b) < 0;
}

void FacetModel::sortForListing(ValueCounts &counts)
{
    std::sort(counts.begin(), counts.end(),
              [](const auto &a, const auto &b) { return listedBefore(a.first, b.first); });
}

void FacetModel::keepTickedListed(ValueCounts &counts, const QSet<QString> &ticked)
{
    for (const QString &value : ticked) {
        const auto at =
            std::lower_bound(counts.begin(), counts.end(), value,
                             [](const std::pair<QString, qsizetype> &entry, const QString &v) {
                                 return listedBefore(entry.first, v);
                             });
        if (at == counts.end() || at->first != value)
            counts.insert(at, {value, 0});
    }
}

void FacetModel::syncCountRows(const QModelIndex &parent, ValueCounts &rows,
                               const ValueCounts &counts)
{
    // Merge walk over two sorted lists.
    int row = 0;
    qsizetype i = 0;
    while (row < rows.size() || i < counts.size()) {
        if (i >= counts.size() ||
            (row < rows.size() && listedBefore(rows.at(row).first, counts.at(i).first))) {
            beginRemoveRows(parent, row, row);
            rows.removeAt(row);
            endRemoveRows();
            continue;
        }
        if (row >= rows.size() || listedBefore(counts.at(i).first, rows.at(row).first)) {
            beginInsertRows(parent, row, row);
            rows.insert(row, counts.at(i));
            endInsertRows();
        } else if (rows.at(row).second != counts.at(i).second) {
            const bool faded = rows.at(row).second == 0 || counts.at(i).second == 0;
            rows[row].second = counts.at(i).second;
            if (faded) // the name's colour follows a count to or from 0
                Q_EMIT dataChanged(index(row, 0, parent), index(row, 1, parent),
                                   {Qt::DisplayRole, CountRole, Qt::ForegroundRole});
            else
                Q_EMIT dataChanged(index(row, 1, parent), index(row, 1, parent),
                                   {Qt::DisplayRole, CountRole});
        }
        ++row;
        ++i;
    }
}

} // namespace informant
