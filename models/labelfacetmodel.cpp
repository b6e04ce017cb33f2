#include "models/labelfacetmodel.h"

#include <algorithm>

namespace informant {

LabelFacetModel::LabelFacetModel(QObject *parent)
    : FacetModel(QStringLiteral("Label"), parent)
{
}

LabelFacetModel::~LabelFacetModel() = default;

int LabelFacetModel::rowOfNode(const KeyNode *node) const
{
    auto it = std::lower_bound(
        m_keys.begin(), m_keys.end(), node->key,
        [](const std::unique_ptr<KeyNode> &n, const QString &key) { return n->key < key; });
    return (it != m_keys.end() && it->get() == node) ? int(it - m_keys.begin()) : -1;
}

QModelIndex LabelFacetModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column > 1 || row < 0)
        return {};
    if (!parent.isValid())
        return row < int(m_keys.size()) ? createIndex(row, column, nullptr) : QModelIndex();
    if (parent.internalPointer() || parent.row() >= int(m_keys.size()))
        return {};
    KeyNode *node = m_keys[size_t(parent.row())].get();
    return row < node->values.size() ? createIndex(row, column, node) : QModelIndex();
}

QModelIndex LabelFacetModel::parent(const QModelIndex &child) const
{
    const auto *node = static_cast<const KeyNode *>(child.internalPointer());
    if (!child.isValid() || !node)
        return {};
    const int row = rowOfNode(node);
    return row < 0 ? QModelIndex() : createIndex(row, 0, nullptr);
}

int LabelFacetModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_keys.size());
    if (parent.internalPointer() || parent.column() != 0)
        return 0;
    return int(m_keys[size_t(parent.row())]->values.size());
}

QVariant LabelFacetModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto *parentNode = static_cast<const KeyNode *>(index.internalPointer());
    const KeyNode *node = parentNode ? parentNode : m_keys[size_t(index.row())].get();
    const bool isValue = parentNode != nullptr;
    const QString value = isValue ? node->values.at(index.row()).first : QString();
    const qsizetype count = isValue ? node->values.at(index.row()).second : node->count;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 1)
            return countData(index, count, role);
        if (isValue)
            return value.isEmpty() ? QStringLiteral("(empty)") : value;
        return node->key;
    case Qt::CheckStateRole: {
        if (index.column() != 0)
            return {};
        const auto it = m_checked.constFind(node->key);
        if (it == m_checked.cend())
            return Qt::Unchecked;
        if (isValue)
            return it->contains(value) ? Qt::Checked : Qt::Unchecked;
        return it->isEmpty() ? Qt::Checked : Qt::PartiallyChecked;
    }
    case LabelKeyRole:
        return node->key;
    case LabelValueRole:
        return isValue ? QVariant(value) : QVariant();
    default:
        return countData(index, count, role);
    }
}

void LabelFacetModel::toggle(const QString &key, const QString *value, bool on)
{
    if (!value) {
        if (on)
            m_checked[key].clear();
        else
            m_checked.remove(key);
        return;
    }
    auto it = m_checked.find(key);
    if (on) {
        if (it == m_checked.end())
            it = m_checked.insert(key, {});
        it->insert(*value);
    } else if (it != m_checked.end()) {
        it->remove(*value);
        if (it->isEmpty())
            m_checked.erase(it);
    }
}

bool LabelFacetModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid) ||
        index.column() != 0)
        return false;
    const auto *parentNode = static_cast<const KeyNode *>(index.internalPointer());
    const bool on = value.toInt() == Qt::Checked;
    if (parentNode) {
        const QString v = parentNode->values.at(index.row()).first;
        toggle(parentNode->key, &v, on);
        const QModelIndex keyIndex = this->parent(index);
        Q_EMIT dataChanged(keyIndex, keyIndex, {Qt::CheckStateRole});
    } else {
        toggle(m_keys[size_t(index.row())]->key, nullptr, on);
        const QModelIndex keyIndex = index.siblingAtColumn(0);
        const int n = rowCount(keyIndex);
        if (n > 0)
            Q_EMIT dataChanged(this->index(0, 0, keyIndex), this->index(n - 1, 0, keyIndex),
                               {Qt::CheckStateRole});
    }
    Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
    Q_EMIT checkedChanged();
    return true;
}

LabelFacetModel::Grouped
LabelFacetModel::group(const QList<std::pair<QString, qsizetype>> &labelIndexCounts,
                       const QMap<QString, QSet<QString>> &ticked)
{
    // Regroup "key=value" and "key" entries by key.
    Grouped grouped;
    for (const auto &[entry, count] : labelIndexCounts) {
        const qsizetype eq = entry.indexOf(QLatin1Char('='));
        if (eq < 0)
            grouped[entry].first = count;
        else
            grouped[entry.left(eq)].second.append({entry.mid(eq + 1), count});
    }
    for (auto group = grouped.begin(); group != grouped.end(); ++group) {
        auto &values = group->second;
        if (values.size() > kMaxValuesPerKey) {
            // Ticked values first, then the biggest: a ticked value keeps
            // its row and its real count however many values the key has.
            const QSet<QString> keep = ticked.value(group.key());
            std::sort(values.begin(), values.end(), [&keep](const auto &a, const auto &b) {
                const bool aKept = keep.contains(a.first);
                if (aKept != keep.contains(b.first))
                    return aKept;
                return a.second > b.second;
            });
            values.resize(qMax<qsizetype>(kMaxValuesPerKey, keep.size()));
        }
        sortForListing(values);
    }
    return grouped;
}

void LabelFacetModel::refreshGrouped(const Grouped &counted)
{
    // A ticked key or value stays listed (at 0) when no object has it any
    // more or it fell out of the cap: it still filters the table, so it must
    // stay where the user can see it and untick it.
    Grouped grouped = counted;
    for (auto checked = m_checked.cbegin(); checked != m_checked.cend(); ++checked)
        keepTickedListed(grouped[checked.key()].second, checked.value()); // a new key counts 0
    int row = 0;
    auto it = grouped.cbegin();
    while (row < int(m_keys.size()) || it != grouped.cend()) {
        if (it == grouped.cend() ||
            (row < int(m_keys.size()) && m_keys[size_t(row)]->key < it.key())) {
            beginRemoveRows({}, row, row);
            m_keys.erase(m_keys.begin() + row);
            endRemoveRows();
            continue;
        }
        if (row >= int(m_keys.size()) || it.key() < m_keys[size_t(row)]->key) {
            beginInsertRows({}, row, row);
            m_keys.insert(m_keys.begin() + row,
                          std::make_unique<KeyNode>(KeyNode{it.key(), it->first, it->second}));
            endInsertRows();
        } else {
            if (m_keys[size_t(row)]->count != it->first) {
                // To or from 0, the key's name changes colour too (FacetModel::countData).
                const int first = m_keys[size_t(row)]->count == 0 || it->first == 0 ? 0 : 1;
                m_keys[size_t(row)]->count = it->first;
                Q_EMIT dataChanged(index(row, first), index(row, 1),
                                   {Qt::DisplayRole, CountRole, Qt::ForegroundRole});
            }
            syncCountRows(index(row, 0), m_keys[size_t(row)]->values, it->second);
        }
        ++row;
        ++it;
    }
}

void LabelFacetModel::setChecked(const QMap<QString, QSet<QString>> &checked)
{
    if (checked == m_checked)
        return;
    m_checked = checked;
    for (int row = 0; row < int(m_keys.size()); ++row) {
        const QModelIndex keyIndex = index(row, 0);
        Q_EMIT dataChanged(keyIndex, keyIndex, {Qt::CheckStateRole});
        const int n = rowCount(keyIndex);
        if (n > 0)
            Q_EMIT dataChanged(index(0, 0, keyIndex), index(n - 1, 0, keyIndex),
                               {Qt::CheckStateRole});
    }
    Q_EMIT checkedChanged();
}

} // namespace informant
