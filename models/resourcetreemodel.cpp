#include "models/resourcetreemodel.h"

#include "models/freshness.h"
#include "models/resourcecategory.h"

#include <QFont>
#include <QLocale>
#include <QMap>

#include <algorithm>

namespace informant {

ResourceTreeModel::ResourceTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

ResourceTreeModel::~ResourceTreeModel() = default;

ResourceTreeModel::Node *ResourceTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer())
                           : const_cast<Node *>(&m_root);
}

QModelIndex ResourceTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column > 1 || row < 0 || (parent.isValid() && parent.column() != 0))
        return {};
    const Node *p = nodeOf(parent);
    if (row >= int(p->children.size()))
        return {};
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex ResourceTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node *p = nodeOf(child)->parent;
    if (!p || p == &m_root)
        return {};
    return createIndex(p->row, 0, const_cast<Node *>(p));
}

int ResourceTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int ResourceTreeModel::columnCount(const QModelIndex &) const
{
    return 2;
}

QVariant ResourceTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node *n = nodeOf(index);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 1) {
            // Not known: an empty cell read as a kind the tree forgot.
            if (n->leaf && n->count < 0)
                return QStringLiteral("—");
            return n->leaf ? QLocale().toString(n->count) : QString();
        }
        return n->title;
    case Qt::ToolTipRole:
        return leafToolTip(n);
    case Qt::FontRole:
        if (!n->leaf && n->parent == &m_root) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return index.column() == 1 ? countStyle(n, role) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == 1 ? countStyle(n, role) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == 1 ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case KindRole:
        return n->leaf ? QVariant::fromValue(n->kind) : QVariant();
    case KindIdRole:
        return n->leaf ? n->kind.id() : QString();
    case CountRole:
        return n->count;
    default:
        return {};
    }
}

QVariant ResourceTreeModel::leafToolTip(const Node *n) const
{
    if (!n->leaf)
        return {};
    QString tip = QStringLiteral("%1 (%2)").arg(n->kind.kind, n->kind.id());
    if (!n->kind.shortNames.isEmpty())
        tip += QStringLiteral(" — short names: ") + n->kind.shortNames.join(QLatin1String(", "));
    if (!n->notListed.isEmpty())
        tip += QStringLiteral("\nNot listed yet (%1): no count until the first list arrives.")
                   .arg(n->notListed);
    else if (isUnwatched(n))
        tip += m_unwatchedReason.isEmpty()
                   ? QStringLiteral("\nNot watched: no count until it is.")
                   : QStringLiteral("\nNot watched: %1.").arg(m_unwatchedReason);
    else if (!n->stale.isEmpty())
        tip += QStringLiteral("\nThe count is the last known: %1.").arg(n->stale);
    return tip;
}

// A stale count is drawn as the table draws its rows while the watch is
// down (ui/celldelegate.h): in the disabled text colour, and italic so
// that it reads as "not live" in either theme.
QVariant ResourceTreeModel::countStyle(const Node *n, int role) const
{
    if (!n->leaf || n->count < 0)
        return {};
    return staleCountData(role, n->stale);
}

Qt::ItemFlags ResourceTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return nodeOf(index)->leaf ? (Qt::ItemIsEnabled | Qt::ItemIsSelectable) : Qt::ItemIsEnabled;
}

void ResourceTreeModel::setKinds(const QList<KindInfo> &kinds)
{
    QHash<QString, qint64> counts;
    QHash<QString, QString> notListed;
    QHash<QString, QString> stale;
    for (auto it = m_leaves.cbegin(); it != m_leaves.cend(); ++it) {
        counts.insert(it.key(), it.value()->count);
        notListed.insert(it.key(), it.value()->notListed);
        stale.insert(it.key(), it.value()->stale);
    }
    beginResetModel();
    m_kinds = kinds;
    m_root.children.clear();
    m_leaves.clear();
    QMap<int, QList<KindInfo>> byCategory;
    QMap<QString, QList<KindInfo>> customByGroup;
    // Custom kinds sit under their group's node already: only the others
    // need their group in their name to tell two "Events" apart.
    QHash<QString, int> titles;
    for (const KindInfo &k : kinds) {
        const ResourceCategory c = resourceCategory(k);
        if (c == ResourceCategory::Custom) {
            customByGroup[k.group].append(k);
        } else {
            byCategory[int(c)].append(k);
            ++titles[k.pluralTitle()];
        }
    }
    auto addNode = [](Node *parent, const QString &title) {
        auto node = std::make_unique<Node>();
        node->title = title;
        node->parent = parent;
        node->row = int(parent->children.size());
        parent->children.push_back(std::move(node));
        return parent->children.back().get();
    };
    auto addLeaves = [&](Node *parent, QList<KindInfo> list) {
        std::sort(list.begin(), list.end(), [](const KindInfo &a, const KindInfo &b) {
            const int ra = builtinKindRank(a);
            const int rb = builtinKindRank(b);
            return ra != rb ? ra < rb : a.kind < b.kind;
        });
        for (const KindInfo &k : list) {
            const bool repeated = titles.value(k.pluralTitle()) > 1;
            Node *leaf =
                addNode(parent, repeated ? QStringLiteral("%1 (%2)").arg(
                                               k.pluralTitle(),
                                               k.group.isEmpty() ? QStringLiteral("core") : k.group)
                                         : k.pluralTitle());
            leaf->leaf = true;
            leaf->kind = k;
            leaf->count = counts.value(k.id(), -1);
            leaf->notListed = notListed.value(k.id());
            leaf->stale = stale.value(k.id());
            m_leaves.insert(k.id(), leaf);
        }
    };
    for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it)
        addLeaves(addNode(&m_root, categoryTitle(ResourceCategory(it.key()))), it.value());
    if (!customByGroup.isEmpty()) {
        Node *custom = addNode(&m_root, categoryTitle(ResourceCategory::Custom));
        for (auto it = customByGroup.cbegin(); it != customByGroup.cend(); ++it)
            addLeaves(addNode(custom, it.key()), it.value());
    }
    endResetModel();
}

void ResourceTreeModel::setCount(const QString &kindId, qint64 count)
{
    Node *leaf = m_leaves.value(kindId);
    if (!leaf || (leaf->count == count && leaf->notListed.isEmpty()))
        return;
    const bool wasUnknown = leaf->count < 0;
    leaf->count = count;
    const QModelIndex cell = createIndex(leaf->row, 1, leaf);
    if (!wasUnknown && leaf->notListed.isEmpty()) {
        Q_EMIT dataChanged(cell, cell, {Qt::DisplayRole, CountRole});
        return;
    }
    leaf->notListed.clear(); // and why it was unknown from the name's tooltip
    Q_EMIT dataChanged(
        createIndex(leaf->row, 0, leaf), cell,
        {Qt::DisplayRole, Qt::ToolTipRole, Qt::FontRole, Qt::ForegroundRole, CountRole});
}

void ResourceTreeModel::setUnwatchedReason(const QString &why)
{
    if (m_unwatchedReason == why)
        return;
    m_unwatchedReason = why;
    for (Node *leaf : std::as_const(m_leaves)) {
        if (isUnwatched(leaf))
            Q_EMIT dataChanged(createIndex(leaf->row, 0, leaf), createIndex(leaf->row, 1, leaf),
                               {Qt::ToolTipRole});
    }
}

void ResourceTreeModel::setNotListed(const QString &kindId, const QString &why)
{
    Node *leaf = m_leaves.value(kindId);
    const QString reason = why.isEmpty() ? QStringLiteral("waiting") : why;
    if (!leaf || (leaf->count == -1 && leaf->notListed == reason))
        return;
    leaf->count = -1;
    leaf->notListed = reason;
    // The name's tooltip says why too: both cells of the row.
    Q_EMIT dataChanged(
        createIndex(leaf->row, 0, leaf), createIndex(leaf->row, 1, leaf),
        {Qt::DisplayRole, Qt::ToolTipRole, Qt::FontRole, Qt::ForegroundRole, CountRole});
}

void ResourceTreeModel::setStale(const QString &kindId, const QString &why)
{
    Node *leaf = m_leaves.value(kindId);
    if (!leaf || leaf->stale == why)
        return;
    leaf->stale = why;
    // The name's tooltip says why too: both cells of the row.
    Q_EMIT dataChanged(createIndex(leaf->row, 0, leaf), createIndex(leaf->row, 1, leaf),
                       {Qt::ToolTipRole, Qt::FontRole, Qt::ForegroundRole});
}

QModelIndex ResourceTreeModel::indexOfKind(const QString &kindId) const
{
    Node *leaf = m_leaves.value(kindId);
    return leaf ? createIndex(leaf->row, 0, leaf) : QModelIndex();
}

} // namespace informant
