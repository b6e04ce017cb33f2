#pragma once

// RowPreparer: the per-object work of a resource table, done off the GUI
// thread. It mirrors the informer's objects for one kind (key -> KubeObject,
// shared with the cache, so no copy of the JSON), decides which ones the
// current TableQuery shows and computes their sort keys. The table model then
// only merges prepared rows into its sorted vector.
//
// Per change the cost is O(1) (plus one printer call when the sort column or
// the quick filter needs cell text); a query change re-evaluates and sorts
// the whole mirror once and yields an ordered snapshot. A change to an object
// that is hidden before and after is not sent at all: with a namespace facet
// selected, most of a storm (or a relist) never reaches the GUI thread.
// Each batch carries the facet counts of the mirror (ordered) or their
// change (incremental), hidden objects included, so that the filter pane
// counts what the table holds (models/facetcounts.h).
//
// Not thread-safe: owned by one thread (a TableFeed's worker, or the caller's
// thread in tests).

#include "informer/informers/changebatch.h"
#include "models/preparedbatch.h"
#include "models/rowformatter.h"
#include "models/tablequery.h"

#include <QHash>
#include <QSet>

#include <memory>

namespace informant {

class RowPreparer
{
public:
    explicit RowPreparer(std::shared_ptr<const RowFormatter> formatter);

    // Incremental changes; a snapshot batch replaces the mirror and yields an
    // ordered snapshot.
    PreparedBatch applyChanges(const ChangeBatch &batch, qint64 nowMs);
    // New query: every object re-evaluated; ordered snapshot.
    PreparedBatch setQuery(const TableQuery &query, int generation, qint64 nowMs);

    qsizetype objectCount() const { return m_objects.size(); }
    const TableQuery &query() const { return m_query; }

private:
    // False when `object` is not shown; otherwise fills `key`.
    bool prepare(const KubeObject &object, qint64 nowMs, SortKey *key) const;
    PreparedBatch orderedSnapshot(qint64 nowMs);
    PreparedBatch header(bool ordered) const;
    // The namespaces the facets' label counts are of: those ticked.
    const QSet<QString> &facetScope() const { return m_query.facets.namespaces; }

    std::shared_ptr<const RowFormatter> m_formatter;
    QHash<QString, KubeObject> m_objects;
    QSet<QString> m_shown; // keys the model shows (as sent to it)
    // Of m_objects in facetScope(), kept with each change; counted afresh
    // for a new mirror (a snapshot) or a new scope.
    FacetCounts m_facetCounts;
    bool m_facetsCounted = false;
    TableQuery m_query;
    int m_generation = 0;
};

} // namespace informant
