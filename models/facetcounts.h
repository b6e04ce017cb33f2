#pragma once

// FacetCounts: how many objects are in each namespace and carry each label,
// counted over the objects a resource table holds (its RowPreparer's mirror),
// not over the cache: the cache runs ahead of the table by the batch in
// flight, and "shop 9" in the filter pane beside the 7 rows ticking shop
// leaves reads as a bug.
//
// The preparer counts every object for an ordered snapshot, and for an
// incremental batch only the change it makes (signed counts, zeros
// dropped); the TableFeed adds each change to its total as its model
// applies the batch, so the total always counts what the model has. An
// update that keeps an object's namespace and labels (a status, the
// common change under churn) costs two comparisons; nothing scans the
// objects per batch.
//
// Label counts are also kept for the objects in `scope`, the namespaces
// ticked in the filter pane (the table's query): a label facet says how many
// rows ticking it would leave, and the namespace facet narrows the rows
// first. Plain value type, implicitly shared; safe to hand across threads.

#include "informer/core/kubeobject.h"

#include <QHash>
#include <QHashFunctions>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

#include <utility>

namespace informant {

inline size_t qHash(const Label &label, size_t seed = 0) noexcept
{
    return qHashMulti(seed, label.key, label.value);
}

// Label key -> (objects with the key, [(value, objects with it)] sorted by
// value).
using LabelCounts = QMap<QString, std::pair<qsizetype, QList<std::pair<QString, qsizetype>>>>;

struct FacetCounts
{
    struct Tally
    {
        qsizetype objects = 0;
        qsizetype inScope = 0; // of them, in `scope` (0 while it is empty)
        friend bool operator==(const Tally &, const Tally &) = default;
    };

    // The namespaces `Tally::inScope` counts the objects of; empty: none
    // (every object is in scope).
    QSet<QString> scope;
    QHash<QString, qsizetype> namespaces; // "" for cluster-scoped objects
    QHash<Label, Tally> labels;

    // Every object of `objects`.
    static FacetCounts of(const QHash<QString, KubeObject> &objects, const QSet<QString> &scope);
    // Adds the change from `before` to `after` (null: absent).
    void countChange(const KubeObject &before, const KubeObject &after);
    // Adds a delta counted in the same scope.
    void add(const FacetCounts &delta);
    bool isEmpty() const { return namespaces.isEmpty() && labels.isEmpty(); }

    // (namespace, objects) sorted by namespace; cluster-scoped objects ("")
    // left out.
    QList<std::pair<QString, qsizetype>> namespaceCounts() const;
    // The counts in scope by label key. Every label some object has keeps
    // its entry, at 0 when no object in scope has it, so a ticked label
    // never vanishes while it still filters. A key keeps its
    // `maxValuesPerKey` biggest values and its `ticked` ones. O(label
    // values), no string copied per value: a key may have one per object.
    LabelCounts labelCounts(const QMap<QString, QSet<QString>> &ticked,
                            qsizetype maxValuesPerKey) const;

private:
    void count(const KubeObject &object, qsizetype sign);
};

} // namespace informant
