#pragma once

// FacetSelection: what the filter pane has selected — namespaces (OR) and, per
// label key, label values (OR within a key, AND across keys). An empty
// selection matches everything. `matches` reads hot fields only, so it is the
// per-event form of the same filter that the filter pane computes as an index
// intersection for the whole cache. Plain value type.

#include "informer/cache/indexer.h"
#include "informer/core/kubeobject.h"

#include <QMap>
#include <QSet>
#include <QString>

namespace informant {

struct FacetSelection
{
    QSet<QString> namespaces;
    // label key -> accepted values; an empty value set means "has the key".
    QMap<QString, QSet<QString>> labels;

    bool isEmpty() const { return namespaces.isEmpty() && labels.isEmpty(); }
    bool matches(const KubeObject &object) const
    {
        return matchesNamespaces(object) && matchesLabels(object);
    }
    // Each facet on its own: the other facet's counts are of the objects
    // one of them accepts (models/facetcounts.h).
    bool matchesNamespaces(const KubeObject &object) const;
    bool matchesLabels(const KubeObject &object) const;
    // e.g. "ns: a, b · app: web"
    QString describe() const;

    friend bool operator==(const FacetSelection &, const FacetSelection &) = default;
};

// The keys of the objects in `indexer` that `selection` accepts, as an
// intersection of index lookups ("namespace" and "labels" indexes): union
// within a facet, intersection across facets. nullopt for an empty selection
// (everything matches).
std::optional<QSet<QString>> facetKeys(const Indexer &indexer, const FacetSelection &selection);

} // namespace informant
