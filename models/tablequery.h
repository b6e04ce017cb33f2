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
    // Matched against each object (its namespace and labels are at hand):
    // a set of keys taken from the indexes when the facets were checked went
    // stale as objects came and went, and hid them at the next re-sort.
    FacetSelection facets;
};

} // namespace informant
