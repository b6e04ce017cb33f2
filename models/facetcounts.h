#pragma once

// FacetCounts: how many objects are in each cluster (a table of several) and
// namespace and carry each label, counted over the objects a resource table
// holds (its RowPreparer's mirror), not over the cache: the cache runs ahead
// of the table by the batch in flight, and "shop 9" in the filter pane beside
// the 7 rows ticking shop leaves reads as a bug.
//
// A facet's count is "how many rows would I get if I ticked this": it counts
// the objects that pass every other filter of the table's query — the
// selector, the quick filter and the other facets' ticks (not its own: the
// user picks among its values). Every facet follows that one rule, and every
// cluster, namespace or label some object has stays listed, at 0 when none
// of them passes. An object's cluster is its row key's
// (models/clusterrowkey.h); a table of one cluster counts none.
//
// The preparer counts every object for an ordered snapshot (FacetTally),
// and for an incremental batch only the change it makes (signed counts,
// zeros dropped); the TableFeed adds each change to its total as its model
// applies the batch, so the total always counts what the model has. An
// update that keeps an object's namespace, labels and verdicts (a status,
// the common change under churn) costs a few comparisons; nothing scans
// the objects per batch. Plain value type, implicitly shared; safe to hand
// across threads.

#include "informer/core/kubeobject.h"

#include <QHash>
#include <QHashFunctions>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringView>

#include <utility>

namespace informant {

inline size_t qHash(const Label &label, size_t seed = 0) noexcept
{
    return qHashMulti(seed, label.key, label.value);
}

// Label key -> (objects with the key, [(value, objects with it)] sorted by
// value).
using LabelCounts = QMap<QString, std::pair<qsizetype, QList<std::pair<QString, qsizetype>>>>;

// The facets whose counts include an object: the cluster facet's when it
// passes every filter but the clusters ticked, the namespace facet's when it
// passes every filter but the namespaces ticked, the label facet's when it
// passes every filter but the labels ticked. The table shows the objects
// all three count.
struct FacetMembership
{
    bool clusterFacet = false;
    bool namespaceFacet = false;
    bool labelFacet = false;

    bool shown() const { return clusterFacet && namespaceFacet && labelFacet; }
    friend bool operator==(const FacetMembership &, const FacetMembership &) = default;
};

// An object and the facets it is counted in, as a RowPreparer mirrors it:
// kept with the object, since the quick filter's verdict depends on the
// time (AGE) and cannot be recomputed for taking it back out.
struct FacetedObject
{
    KubeObject object; // null: absent
    FacetMembership counted;
};

struct FacetCounts
{
    struct Tally
    {
        qsizetype objects = 0;  // every object with it: it stays listed while > 0
        qsizetype matching = 0; // of them, those the facet counts (FacetMembership)
        friend bool operator==(const Tally &, const Tally &) = default;
    };

    QHash<QString, Tally> clusters;   // none in a table of one cluster
    QHash<QString, Tally> namespaces; // "" for cluster-scoped objects
    QHash<Label, Tally> labels;

    // Adds the change from `before` to `after`, the objects of the row
    // `rowKey` (which names their cluster).
    void countChange(const FacetedObject &before, const FacetedObject &after, QStringView rowKey);
    // Adds a delta.
    void add(const FacetCounts &delta);
    bool isEmpty() const { return clusters.isEmpty() && namespaces.isEmpty() && labels.isEmpty(); }

    // (cluster, matching objects) sorted by cluster, for every cluster with
    // objects.
    QList<std::pair<QString, qsizetype>> clusterCounts() const;
    // (namespace, matching objects) sorted by namespace, for every namespace
    // with objects; cluster-scoped objects ("") left out.
    QList<std::pair<QString, qsizetype>> namespaceCounts() const;
    // The matching counts by label key. Every label some object has keeps
    // its entry, at 0 when none matches, so a ticked label never vanishes
    // while it still filters. A key keeps its `maxValuesPerKey` biggest
    // values and its `ticked` ones. O(label values), no string copied per
    // value: a key may have one per object.
    LabelCounts labelCounts(const QMap<QString, QSet<QString>> &ticked,
                            qsizetype maxValuesPerKey) const;

private:
    void count(const FacetedObject &object, QStringView cluster, qsizetype sign);
};

// FacetCounts of every object, added one by one by a caller that walks
// them anyway (a RowPreparer deciding which rows to show): counted while
// the walk has each object in the CPU's cache, as a second walk over 100k
// objects costs more than the counting. Namespaces, label keys and values are interned
// (core/stringpool.h), and the objects of one owner share one label list:
// tallied by the addresses of an object's namespace and of its label list,
// an object costs two pointer hashes in tables the size of the namespaces
// and of the owners, not a string hash per label. Equal strings or lists at
// two addresses (not interned) make two tallies, merged by counts().
class FacetTally
{
public:
    // `rowKey`: the object's row key, which names its cluster in a table of
    // several.
    void add(const KubeObject &object, QStringView rowKey, FacetMembership counted);
    FacetCounts counts() const;

private:
    struct Cluster
    {
        QString name;
        FacetCounts::Tally tally;
    };
    struct Namespace
    {
        QString name; // keeps the address of its characters alive
        FacetCounts::Tally tally;
    };
    struct LabelList
    {
        QList<Label> labels; // keeps the address of its items alive
        FacetCounts::Tally tally;
    };
    QList<Cluster> m_clusters; // a few: found by comparing, no hash per object
    QHash<const QChar *, Namespace> m_namespaces;
    QHash<const Label *, LabelList> m_labelLists;
};

} // namespace informant
