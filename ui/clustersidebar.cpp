#include "ui/clustersidebar.h"

#include "models/freshness.h"
#include "models/kindsource.h"
#include "models/resourcetreemodel.h"
#include "models/secondclock.h"
#include "ui/treeexpansion.h"

#include <QComboBox>
#include <QHeaderView>
#include <QScopedValueRollback>
#include <QTreeView>
#include <QVBoxLayout>

namespace informant {

ClusterSidebar::ClusterSidebar(const QString &current, const QStringList &contexts,
                               std::function<void(const QString &)> openContext, QWidget *parent)
    : QWidget(parent)
    , m_current(current)
    , m_contexts(new QComboBox(this))
    , m_treeModel(new ResourceTreeModel(this))
    , m_tree(new QTreeView(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);
    m_contexts->addItems(contexts.isEmpty() ? QStringList{m_current} : contexts);
    m_contexts->setCurrentText(m_current);
    m_contexts->setToolTip(QStringLiteral("Context (each opens in its own window)"));
    connect(m_contexts, &QComboBox::textActivated, this,
            [this, openContext](const QString &context) {
                if (context != m_current && openContext)
                    openContext(context);
                m_contexts->setCurrentText(m_current);
            });
    m_tree->setObjectName(QStringLiteral("resourceTree"));
    m_tree->setModel(m_treeModel);
    m_tree->setHeaderHidden(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setUniformRowHeights(true);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setIndentation(12);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &index) {
                if (m_syncingTree)
                    return;
                const QVariant kind = index.siblingAtColumn(0).data(ResourceTreeModel::KindRole);
                if (kind.isValid())
                    Q_EMIT kindChosen(kind.value<KindInfo>());
            });
    layout->addWidget(m_contexts);
    layout->addWidget(m_tree, 1);
}

void ClusterSidebar::setKinds(const QList<KindInfo> &kinds)
{
    const TreeViewState treeState = treeViewState(m_tree);
    m_treeModel->setKinds(kinds);
    restoreTreeViewState(m_tree, treeState);
}

void ClusterSidebar::highlightKind(const QString &kindId)
{
    const QModelIndex treeIndex = m_treeModel->indexOfKind(kindId);
    if (!treeIndex.isValid()) {
        const QScopedValueRollback syncing(m_syncingTree, true);
        m_tree->selectionModel()->clear();
        return;
    }
    if (m_tree->currentIndex() != treeIndex) {
        // Already shown: the tree's currentChanged must not show it again.
        const QScopedValueRollback syncing(m_syncingTree, true);
        // Scrolled to, unless the user closed its group: QTreeView's scrollTo
        // would open it again (after every rebuild, too).
        bool groupsOpen = true;
        for (QModelIndex p = treeIndex.parent(); p.isValid(); p = p.parent())
            groupsOpen = groupsOpen && m_tree->isExpanded(p);
        const bool autoScroll = m_tree->hasAutoScroll();
        m_tree->setAutoScroll(autoScroll && groupsOpen);
        m_tree->setCurrentIndex(treeIndex);
        m_tree->setAutoScroll(autoScroll);
    }
}

void ClusterSidebar::showCount(KindSource *source, qint64 objects, qint64 notWatchedSinceMs)
{
    // Before its first list an informer's empty cache says nothing: "0" for
    // every kind of an unreachable server read as "none in the cluster".
    const InformerStatus status = source->status();
    if (status.state == InformerStatus::State::NotRecorded)
        return;
    if (status.synced) {
        m_treeModel->setCount(source->kind().id(), objects);
        // The table's rule for its rows: not watching, the last known state.
        m_treeModel->setStale(source->kind().id(), freshnessLevel(status) == FreshnessLevel::Fresh
                                                       ? QString()
                                                       : notWatchedText(status, notWatchedSinceMs));
        return;
    }
    m_treeModel->setStale(source->kind().id(), {});
    QString why = freshnessText(status, SecondClock::nowMs()); // "error", "forbidden: ..."
    if (!status.lastError.isEmpty() && !why.contains(status.lastError))
        why += QStringLiteral(": ") + status.lastError;
    m_treeModel->setNotListed(source->kind().id(), why);
}

} // namespace informant
