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
// scanned per object. While the timeline is shown, the facets and their
// counts are its events' (setTimeline), which the ticks filter there.

#include "models/facetselection.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <optional>

class QTreeView;

namespace informant {

class ClusterFacetModel;
class ElidedLabel;
struct FacetCounts;
class KindSource;
class LabelFacetModel;
class NamespaceFacetModel;
class TableFeed;
class TimelineFacets;

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
    // While the timeline is shown in place of the table, the facets are its
    // events' clusters, namespaces and labels, with their counts (null: the
    // table's again). The ticks stay: a value on both keeps its tick.
    void setTimeline(TimelineFacets *timeline);
    FacetSelection selection() const;
    ClusterFacetModel *clusterModel() const { return m_clusters; }
    NamespaceFacetModel *namespaceModel() const { return m_namespaces; }
    LabelFacetModel *labelModel() const { return m_labels; }
    // Shows the table's counts now, when it has its first batch
    // (countsRefreshed()).
    void refreshNow();
    void clear();
    // The informer of what the counts count (the kind's, or over the
    // timeline the events') is not watching: the counts are the last known
    // state, drawn faded with `why` in their tooltip (empty: live again).
    void setStale(const QString &why);
    // The clusters whose informer of it is not watching, each with why:
    // their entries in the cluster facet are faded, as their rows.
    void setClustersNotLive(const QHash<QString, QString> &whyByCluster);

Q_SIGNALS:
    void countsRefreshed();
    void selectionChanged(const informant::FacetSelection &selection, const QString &description);

protected:
    void changeEvent(QEvent *event) override;

private:
    void emitSelection();
    void showCounts(const FacetCounts &counts);
    // Namespaces apply to a namespaced kind's table and to the timeline.
    void updateNamespaceSection();
    bool showsClusters() const;
    void fitClusterView();

    KindSource *m_source = nullptr;
    QPointer<TableFeed> m_feed;
    QPointer<TimelineFacets> m_timeline;
    ClusterFacetModel *m_clusters;
    NamespaceFacetModel *m_namespaces;
    LabelFacetModel *m_labels;
    QWidget *m_clusterSection; // title and list, shown for several clusters
    QTreeView *m_clusterView;
    QTreeView *m_namespaceView;
    QTreeView *m_labelView;
    ElidedLabel *m_namespaceTitle;
    // The feed's facetRevision() last shown; nullopt: none of its counts yet.
    std::optional<quint64> m_shownRevision;
};

} // namespace informant
