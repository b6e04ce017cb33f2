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
// The quick filter, the one that prints cells, is asked again on a query
// change only where its earlier answers do not tell (models/quicktextmemo.h):
// in a burst of keystrokes and ticks, typing on asks the objects that
// matched, a tick or a sort nobody already asked.
//
// Not thread-safe: owned by one thread (a TableFeed's worker, or the caller's
// thread in tests).

#include "informer/informers/changebatch.h"
#include "models/preparedbatch.h"
#include "models/quicktextmemo.h"
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
    // New query: every object re-evaluated (the quick filter where the memo
    // does not know); ordered snapshot.
    PreparedBatch setQuery(const TableQuery &query, int generation, qint64 nowMs);

    qsizetype objectCount() const { return m_objects.size(); }
    const TableQuery &query() const { return m_query; }

private:
    // With the facets it is counted in (whether the model shows it, as sent
    // to it, and what to take out of the counts when it changes) and what
    // the quick filter answered for it.
    struct MirroredObject : FacetedObject
    {
        QuickTextVerdicts quickText;
    };

    // The facets that count `mirrored` (the row `rowKey`), the quick filter
    // asked when its verdicts do not tell; when it is shown (every facet
    // counts it), fills `key`.
    FacetMembership prepare(MirroredObject &mirrored, const QString &rowKey, qint64 nowMs,
                            SortKey *key) const;
    bool passesQuickText(const KubeObject &object, const QString &rowKey, qint64 nowMs,
                         QuickTextVerdicts &verdicts) const;
    bool containsQuickText(const KubeObject &object, const QString &rowKey, qint64 nowMs) const;
    // `verdictsKept`: how much of the memo's text each object's verdicts
    // still hold for (QuickTextMemo::retype).
    PreparedBatch orderedSnapshot(qint64 nowMs, qsizetype verdictsKept);
    PreparedBatch header(bool ordered) const;

    std::shared_ptr<const RowFormatter> m_formatter;
    QHash<QString, MirroredObject> m_objects;
    TableQuery m_query;
    QuickTextMemo m_quickTextMemo;
    int m_generation = 0;
};

} // namespace informant
