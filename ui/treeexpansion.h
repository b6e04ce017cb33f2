#pragma once

// What a QTreeView's user set and a rebuild of its model would lose: which
// groups are open or closed, by path ("/Custom Resources/x.io"), and the
// scroll. Saved before the model rebuilds the tree (discovery found a new
// CRD) and restored after it; groups new to the tree open at the top level.
// GUI thread.

#include <QHash>
#include <QString>

class QTreeView;

namespace informant {

struct TreeViewState
{
    QHash<QString, bool> expanded;
    int scrolled = 0;
};

TreeViewState treeViewState(const QTreeView *tree);
void restoreTreeViewState(QTreeView *tree, const TreeViewState &state);

} // namespace informant
