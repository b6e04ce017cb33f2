#pragma once

// Go's text/tabwriter as kubectl configures it for its tables (minwidth 6,
// padding 3, padded with spaces): every cell but the last of a line is padded
// to its column's width; the last cell is printed as it is.
//
// A TabWriter also remembers each column's width across calls and uses it
// as the next call's minimum, as kubectl's writer does under `get -w`: rows
// printed as changes arrive line up with the table above them, and a wider
// cell widens its column from then on.
//
// Cells come from the server: as kubectl's table printer (EscapeTerminal), an
// escape character prints as "^[" and a carriage return as "\r", so a name
// cannot clear the screen or rewrite the lines above it.

#include <QList>
#include <QStringList>

namespace informantctl {

class TabWriter
{
public:
    QString format(const QList<QStringList> &rows);

private:
    QList<qsizetype> m_widths;
};

// `cell` as a terminal shows it harmlessly (see above).
QString escapeTerminal(QString cell);

// One table on its own (a TabWriter used once).
QString formatTable(const QList<QStringList> &rows);

} // namespace informantctl
