#include "ui/treeexpansion.h"

#include <QTreeView>

namespace informant {

namespace {
// Calls `visit(index, path)` for every group of the tree (rows with
// children), `path` being its titles from the top: "Custom Resources/x.io".
template<typename Visit>
void forEachGroup(const QAbstractItemModel *model, const QModelIndex &parent,
                  const QString &parentPath, const Visit &visit)
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (!model->hasChildren(index))
            continue;
        const QString path = parentPath + u'/' + index.data().toString();
        visit(index, path);
        forEachGroup(model, index, path, visit);
    }
}

} // namespace

// Which groups the user opened or closed, by path: a rebuild of the tree
// (discovery found a new CRD) keeps them; new groups open at the top level.
QHash<QString, bool> groupExpansion(const QTreeView *tree)
{
    QHash<QString, bool> expanded;
    forEachGroup(tree->model(), {}, {}, [&](const QModelIndex &index, const QString &path) {
        expanded.insert(path, tree->isExpanded(index));
    });
    return expanded;
}

void restoreGroupExpansion(QTreeView *tree, const QHash<QString, bool> &expanded)
{
    forEachGroup(tree->model(), {}, {}, [&](const QModelIndex &index, const QString &path) {
        tree->setExpanded(index, expanded.value(path, !index.parent().isValid()));
    });
}

} // namespace informant
