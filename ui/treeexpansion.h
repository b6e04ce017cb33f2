#pragma once

// Which groups of a QTreeView the user opened or closed, by path ("/Custom
// Resources/x.io"): saved before a model rebuilds the tree (discovery found a
// new CRD) and restored after it, so the rebuild keeps them; groups new to
// the tree open at the top level. GUI thread.

#include <QHash>
#include <QString>

class QTreeView;

namespace informant {

QHash<QString, bool> groupExpansion(const QTreeView *tree);
void restoreGroupExpansion(QTreeView *tree, const QHash<QString, bool> &expanded);

} // namespace informant
