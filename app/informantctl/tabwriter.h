#pragma once

// Go's text/tabwriter as kubectl configures it for its tables (minwidth 6,
// padding 3, padded with spaces): every cell but the last of a line is padded
// to its column's width; the last cell is printed as it is.

#include <QList>
#include <QStringList>

namespace informantctl {

QString formatTable(const QList<QStringList> &rows);

} // namespace informantctl
