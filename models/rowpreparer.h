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
// counts what the table holds; a facet counts the objects every other filter
// passes (models/facetcounts.h), so the preparer asks each filter on its own.
//
// Not thread-safe: owned by one thread (a TableFeed's worker, or the caller's
// thread in tests).

#include "informer/informers/changebatch.h"
#include "models/preparedbatch.h"
#include "models/rowformatter.h"
#include "models/tablequery.h"

#include <QHash>

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
    // The facets that count `object`; when it is shown (both do), fills `key`.
    FacetMembership prepare(const KubeObject &object, qint64 nowMs, SortKey *key) const;
    bool passesSelectorAndText(const KubeObject &object, qint64 nowMs) const;
    PreparedBatch orderedSnapshot(qint64 nowMs);
    PreparedBatch header(bool ordered) const;

    std::shared_ptr<const RowFormatter> m_formatter;
    // With the facets each object is counted in: whether the model shows it
    // (as sent to it), and what to take out of the counts when it changes.
    QHash<QString, FacetedObject> m_objects;
    TableQuery m_query;
    int m_generation = 0;
};

} // namespace informant
