#pragma once

// The order each kind's table is sorted in, as the user last chose it: kept
// for the session and across starts (QSettings `tables/<kind id>/sortColumn`
// and `sortOrder`), by column name, so that a kind whose columns changed (a
// CRD's new version) still finds it, or falls back. A kind the user never
// sorted, or sorted back to its own order, opens in that order
// (KindInfo::defaultSort: events newest first), whatever it becomes in a
// later version. GUI thread.

#include "models/kindinfo.h"

namespace informant {

class RowFormatter;

struct TableOrder
{
    int column = -1; // -1: namespace, then name (kubectl's)
    Qt::SortOrder order = Qt::AscendingOrder;
};

// The order `kind`'s table (with `formatter`'s columns) opens in: the
// user's, unless its column is not among them, else the kind's own.
TableOrder rememberedTableOrder(const KindInfo &kind, const RowFormatter &formatter);
// The user sorted `kind`'s table by `column` (of `formatter`), in `order`.
void rememberTableOrder(const KindInfo &kind, const RowFormatter &formatter, TableOrder order);

} // namespace informant
