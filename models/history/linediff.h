#pragma once

// LineDiff: a line-based diff (longest common subsequence after trimming the
// common head and tail) for showing two YAML revisions unified or side by
// side. Inputs beyond kMaxCells of LCS table fall back to "all removed, all
// added" for the differing middle, so a huge object can never stall the GUI.
// Pure; thread-safe.

#include <QList>
#include <QString>
#include <QStringList>

namespace informant {

struct DiffLine
{
    enum class Op : quint8 { Equal, Removed, Added, Skipped };

    Op op = Op::Equal;
    int leftLine = -1;  // 0-based line in the old text; -1 for Added/Skipped
    int rightLine = -1; // 0-based line in the new text; -1 for Removed/Skipped
    QString text;       // Skipped: "… n unchanged lines"
    friend bool operator==(const DiffLine &, const DiffLine &) = default;
};

// A row of a side-by-side view: either side may be empty (-1).
struct DiffRow
{
    int leftLine = -1;
    int rightLine = -1;
    // Equal/Skipped rows are context; any other op is a change: colour each
    // side that exists (a row with both sides pairs a removal with an addition).
    DiffLine::Op op = DiffLine::Op::Equal;
};

class LineDiff
{
public:
    static constexpr qint64 kMaxCells = 16'000'000;

    static QList<DiffLine> diff(const QStringList &before, const QStringList &after);
    // Keeps `context` equal lines around each change, the rest become one
    // Skipped line per gap (what `diff -u` shows).
    static QList<DiffLine> withContext(const QList<DiffLine> &lines, int context);
    // Side-by-side rows: runs of Removed then Added are paired row by row.
    static QList<DiffRow> sideBySide(const QList<DiffLine> &lines);
    // "diff -u"-like text with +/-/space prefixes (for copying and tests).
    static QString unifiedText(const QList<DiffLine> &lines);
};

} // namespace informant
