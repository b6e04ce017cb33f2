#pragma once

// PreparedBatch: a ChangeBatch after the row preparer decided, off the GUI
// thread, whether each object is shown under the current TableQuery and with
// which sort key. The table model applies it without parsing any JSON.
//
// `ordered == true` means a full snapshot already sorted in display order (the
// answer to a query change or an informer snapshot): the model adopts it with
// one layout change. Otherwise `changes` are per-key upserts/removals.
// `facets` travels with the rows so that the facet counts change with the
// table, in the same batch: the counts of every object the preparer holds
// for an ordered batch, the change this batch makes to them otherwise.

#include "informer/core/kubeobject.h"
#include "models/facetcounts.h"
#include "models/sortkey.h"

#include <QList>
#include <QMetaType>

namespace informant {

struct PreparedRow
{
    QString key;
    KubeObject object; // null: not shown (deleted or filtered out)
    SortKey sortKey;
    qint64 receivedNs = 0;
};

struct PreparedBatch
{
    bool ordered = false;
    int generation = 0; // of the query the keys were computed for
    int sortColumn = -1;
    Qt::SortOrder order = Qt::AscendingOrder;
    qint64 totalObjects = 0; // in the informer's cache, filtered or not
    QList<PreparedRow> rows;
    FacetCounts facets;
};

// Strict weak order of rows for (sortKey, order) with the object key as tie
// breaker, shared by the preparer and the model so their orders agree.
inline bool rowLess(const SortKey &aKey, const QString &a, const SortKey &bKey, const QString &b,
                    Qt::SortOrder order)
{
    int c = compareSortKeys(aKey, bKey);
    if (order == Qt::DescendingOrder)
        c = -c;
    if (c != 0)
        return c < 0;
    return a < b;
}

} // namespace informant

Q_DECLARE_METATYPE(informant::PreparedBatch)
