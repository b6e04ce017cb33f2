#include "models/listfacetmodel.h"

namespace informant {

ListFacetModel::ListFacetModel(const QString &nameHeader, const QString &emptyValueText,
                               QObject *parent)
    : FacetModel(nameHeader, parent)
    , m_emptyValueText(emptyValueText)
{
}

QModelIndex ListFacetModel::index(int row, int column, const QModelIndex &parent) const
{
    return hasIndex(row, column, parent) ? createIndex(row, column) : QModelIndex();
}

QModelIndex ListFacetModel::parent(const QModelIndex &) const
{
    return {};
}

int ListFacetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ListFacetModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &[name, count] = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return name.isEmpty() ? m_emptyValueText : name;
        return countData(index, count, role);
    case Qt::CheckStateRole:
        if (index.column() == 0)
            return m_checked.contains(name) ? Qt::Checked : Qt::Unchecked;
        return {};
    case ValueRole:
        return name;
    default:
        return countData(index, count, role);
    }
}

bool ListFacetModel::setData(const QModelIndex &index, const QVariant &value, int role)
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

void ListFacetModel::refresh(const QList<std::pair<QString, qsizetype>> &counted)
{
    // A ticked value stays listed when its last object goes (or the
    // namespace is deleted, the cluster lost).
    ValueCounts counts = counted;
    sortForListing(counts);
    keepTickedListed(counts, m_checked);
    syncCountRows({}, m_rows, counts);
}

void ListFacetModel::setChecked(const QSet<QString> &values)
{
    if (values == m_checked)
        return;
    m_checked = values;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, 0), {Qt::CheckStateRole});
    Q_EMIT checkedChanged();
}

void ListFacetModel::toggle(const QString &value)
{
    QSet<QString> next = m_checked;
    if (!next.remove(value))
        next.insert(value);
    setChecked(next);
}

} // namespace informant
