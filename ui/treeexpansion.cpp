#include "ui/treeexpansion.h"

#include <QScrollBar>
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

TreeViewState treeViewState(const QTreeView *tree)
{
    TreeViewState state;
    forEachGroup(tree->model(), {}, {}, [&](const QModelIndex &index, const QString &path) {
        state.expanded.insert(path, tree->isExpanded(index));
    });
    state.scrolled = tree->verticalScrollBar()->value();
    return state;
}

void restoreTreeViewState(QTreeView *tree, const TreeViewState &state)
{
    forEachGroup(tree->model(), {}, {}, [&](const QModelIndex &index, const QString &path) {
        tree->setExpanded(index, state.expanded.value(path, !index.parent().isValid()));
    });
    tree->verticalScrollBar()->setValue(state.scrolled);
}

} // namespace informant
