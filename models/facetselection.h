#pragma once

// FacetSelection: what the filter pane has selected — clusters (OR; a window
// of several only), namespaces (OR) and, per label key, label values (OR
// within a key, AND across keys). An empty selection matches everything.
// `matches` reads hot fields only, so it is the per-event form of the same
// filter that the filter pane computes as an index intersection for the
// whole cache. An object's cluster is not in the object but in its row key
// (models/clusterrowkey.h). Plain value type.

#include "informer/cache/indexer.h"
#include "informer/core/kubeobject.h"

#include <QMap>
#include <QSet>
#include <QString>

namespace informant {

struct FacetSelection
{
    QSet<QString> clusters; // as row keys name them
    QSet<QString> namespaces;
    // label key -> accepted values; an empty value set means "has the key".
    QMap<QString, QSet<QString>> labels;

    bool isEmpty() const { return clusters.isEmpty() && namespaces.isEmpty() && labels.isEmpty(); }
    // `rowKey`: the object's row key.
    bool matches(const KubeObject &object, QStringView rowKey) const
    {
        return matchesClusters(rowKey) && matchesNamespaces(object) && matchesLabels(object);
    }
    // Each facet on its own: the other facets' counts are of the objects
    // one of them accepts (models/facetcounts.h).
    bool matchesClusters(QStringView rowKey) const;
    bool matchesNamespaces(const KubeObject &object) const;
    bool matchesLabels(const KubeObject &object) const;
    // e.g. "cluster: east · namespace: a, b · app: web"
    QString describe() const;

    friend bool operator==(const FacetSelection &, const FacetSelection &) = default;
};

// The keys of the objects in `indexer` that `selection` accepts, as an
// intersection of index lookups ("namespace" and "labels" indexes): union
// within a facet, intersection across facets; the clusters by the keys
// themselves. nullopt for an empty selection (everything matches).
std::optional<QSet<QString>> facetKeys(const Indexer &indexer, const FacetSelection &selection);

} // namespace informant
