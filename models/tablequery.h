#pragma once

// TableQuery: what a resource table shows — sort column and order, the quick
// text filter, the label selector box and the filter pane's facets. Plain
// value type; the row preparer applies it off the GUI thread.

#include "informer/printers/labelselector.h"
#include "models/facetselection.h"

#include <QSet>
#include <QString>

#include <optional>

namespace informant {

struct TableQuery
{
    int sortColumn = -1; // -1: by object key (namespace/name), kubectl's order
    Qt::SortOrder order = Qt::AscendingOrder;
    QString quickText;      // case-insensitive substring of any cell
    LabelSelector selector; // the selector box
    FacetSelection facets;
    // The facets as an index intersection (keys of matching objects), when the
    // filter pane computed it from the cache's indexes; preferred for the full
    // re-filter, while `facets.matches` serves per-event changes.
    std::optional<QSet<QString>> facetKeys;
};

} // namespace informant
