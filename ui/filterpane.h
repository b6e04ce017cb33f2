#pragma once

// FilterPane: the index-based filter pane — cluster facet list (a window of
// several clusters only), namespace facet list and label facet tree of the
// current kind, with the counts of the objects the table
// holds (TableFeed::facetCounts, kept per batch off the GUI thread), shown
// on the CountsTick after the table's batches, with the table's header and
// the kind tree: the count beside a facet is the rows ticking it leaves,
// even while the cache runs ahead of the table by the batch in flight.
// Checking facets filters the table (OR within a facet or a key, AND across
// them). Each facet counts the objects the table's other filters pass — the
// selector, the quick filter and the other facets' ticks — so a count is the
// rows ticking it would leave. The checked facets survive a change of kind. A refresh
// diffs the counts into the models: O(namespaces + label values), nothing
// scanned per object.

#include "models/facetselection.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QLabel;
class QTreeView;

namespace informant {

class ClusterFacetModel;
class KindSource;
class LabelFacetModel;
class NamespaceFacetModel;
class TableFeed;

class FilterPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterPane)

public:
    explicit FilterPane(QWidget *parent = nullptr);

    // The kind shown; its counts come from its table (setFeed). A kind of
    // several clusters (MergedKindSource) shows the cluster facet.
    void setSource(KindSource *source);
    // The table of the kind shown, whose objects the facets count.
    void setFeed(TableFeed *feed);
    FacetSelection selection() const;
    ClusterFacetModel *clusterModel() const { return m_clusters; }
    NamespaceFacetModel *namespaceModel() const { return m_namespaces; }
    LabelFacetModel *labelModel() const { return m_labels; }
    // Shows the table's counts now, when it has its first batch
    // (countsRefreshed()).
    void refreshNow();
    void clear();
    // The kind's informer is not watching: the counts are the last known
    // state, drawn faded with `why` in their tooltip (empty: live again).
    void setStale(const QString &why);

Q_SIGNALS:
    void countsRefreshed();
    void selectionChanged(const informant::FacetSelection &selection, const QString &description);

private:
    void emitSelection();
    bool showsClusters() const;
    void fitClusterView();

    KindSource *m_source = nullptr;
    QPointer<TableFeed> m_feed;
    ClusterFacetModel *m_clusters;
    NamespaceFacetModel *m_namespaces;
    LabelFacetModel *m_labels;
    QWidget *m_clusterSection; // title and list, shown for several clusters
    QTreeView *m_clusterView;
    QTreeView *m_namespaceView;
    QTreeView *m_labelView;
    QLabel *m_namespaceTitle;
    // The feed's facetRevision() last shown; nullopt: none of its counts yet.
    std::optional<quint64> m_shownRevision;
};

} // namespace informant
