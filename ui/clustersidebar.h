#pragma once

// ClusterSidebar: the Cluster dock's contents — the context switcher above
// the kind tree, grouped as discovery groups the kinds, with each kind's
// count ("—" and why until it has listed; faded, with since when, while
// its informer is not watching, as the table's rows). Choosing a kind asks
// the window to show it (kindChosen); the window tells the tree which kind
// is shown (highlightKind) without that coming back as a choice. Another
// context opens in its own window (`openContext`). GUI thread.

#include "models/kindinfo.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QTreeView;

namespace informant {

class KindSource;
class ResourceTreeModel;

class ClusterSidebar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterSidebar)

public:
    // `contexts`: every context of the merged kubeconfig (none: `current`
    // alone is offered).
    ClusterSidebar(const QString &current, const QStringList &contexts,
                   std::function<void(const QString &)> openContext, QWidget *parent = nullptr);

    ResourceTreeModel *treeModel() const { return m_treeModel; }
    // A rebuild (a CRD came or went) keeps the groups opened and the scroll.
    void setKinds(const QList<KindInfo> &kinds);
    // Makes the kind the tree's current row, scrolled to unless its group
    // is closed. An id with no row (empty: no kind is shown, as while the
    // event timeline is) leaves no row current, so a click on any kind,
    // the last shown too, is a choice.
    void highlightKind(const QString &kindId);
    // The tree's count for `source`: `objects`, or "—" until it has listed;
    // faded, saying since when, while it is not watched (`notWatchedSinceMs`,
    // wall clock; -1: unknown). A kind a replay did not record has no
    // informer: it keeps the "—" of a kind not watched.
    void showCount(KindSource *source, qint64 objects, qint64 notWatchedSinceMs = -1);

Q_SIGNALS:
    void kindChosen(const informant::KindInfo &kind);

private:
    QString m_current; // this window's context
    QComboBox *m_contexts;
    ResourceTreeModel *m_treeModel;
    QTreeView *m_tree;
    // The tree's current row follows the shown kind (Ctrl+K, the timeline, a
    // link): its currentChanged must not show the kind again. A flag, not
    // blocked signals: the tree view repaints on them.
    bool m_syncingTree = false;
};

} // namespace informant
