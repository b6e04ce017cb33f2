#include "models/history/linediff.h"

#include <QHash>

#include <vector>

namespace informant {

QList<DiffLine> LineDiff::diff(const QStringList &before, const QStringList &after)
{
    const int n = int(before.size());
    const int m = int(after.size());
    int head = 0;
    while (head < n && head < m && before[head] == after[head])
        ++head;
    int tail = 0;
    while (tail < n - head && tail < m - head && before[n - 1 - tail] == after[m - 1 - tail])
        ++tail;

    QList<DiffLine> out;
    for (int i = 0; i < head; ++i)
        out.append({DiffLine::Op::Equal, i, i, before[i]});
    const int rows = n - head - tail;
    const int cols = m - head - tail;
    if (qint64(rows + 1) * (cols + 1) > kMaxCells) {
        for (int i = 0; i < rows; ++i)
            out.append({DiffLine::Op::Removed, head + i, -1, before[head + i]});
        for (int j = 0; j < cols; ++j)
            out.append({DiffLine::Op::Added, -1, head + j, after[head + j]});
    } else {
        // Lines are compared as numbers (equal lines, equal ids): the table
        // makes up to kMaxCells comparisons on the GUI thread.
        QHash<QString, int> ids;
        const auto idsOf = [&ids](const QStringList &lines, int from, int count) {
            std::vector<int> out(static_cast<size_t>(count));
            for (int k = 0; k < count; ++k) {
                auto found = ids.constFind(lines[from + k]);
                if (found == ids.constEnd())
                    found = ids.insert(lines[from + k], int(ids.size()));
                out[size_t(k)] = found.value();
            }
            return out;
        };
        const std::vector<int> left = idsOf(before, head, rows);
        const std::vector<int> right = idsOf(after, head, cols);
        const auto same = [&](int i, int j) { return left[size_t(i)] == right[size_t(j)]; };
        // lcs[i][j]: LCS length of before[head+i..] and after[head+j..].
        std::vector<quint32> lcs(size_t(rows + 1) * size_t(cols + 1), 0);
        auto at = [&](int i, int j) -> quint32 & {
            return lcs[size_t(i) * size_t(cols + 1) + size_t(j)];
        };
        for (int i = rows - 1; i >= 0; --i) {
            for (int j = cols - 1; j >= 0; --j)
                at(i, j) = same(i, j) ? at(i + 1, j + 1) + 1 : qMax(at(i + 1, j), at(i, j + 1));
        }
        int i = 0;
        int j = 0;
        while (i < rows || j < cols) {
            if (i < rows && j < cols && same(i, j)) {
                out.append({DiffLine::Op::Equal, head + i, head + j, before[head + i]});
                ++i;
                ++j;
            } else if (i < rows && (j == cols || at(i + 1, j) >= at(i, j + 1))) {
                // Removals before additions, as diff -u prints a change.
                out.append({DiffLine::Op::Removed, head + i, -1, before[head + i]});
                ++i;
            } else {
                out.append({DiffLine::Op::Added, -1, head + j, after[head + j]});
                ++j;
            }
        }
    }
    for (int k = 0; k < tail; ++k)
        out.append({DiffLine::Op::Equal, n - tail + k, m - tail + k, before[n - tail + k]});
    return out;
}

QList<DiffLine> LineDiff::withContext(const QList<DiffLine> &lines, int context)
{
    const qsizetype count = lines.size();
    std::vector<bool> keep(size_t(count), false);
    for (qsizetype i = 0; i < count; ++i) {
        if (lines[i].op == DiffLine::Op::Equal)
            continue;
        for (qsizetype k = qMax<qsizetype>(0, i - context); k <= qMin(count - 1, i + context); ++k)
            keep[size_t(k)] = true;
    }
    QList<DiffLine> out;
    qsizetype skipped = 0;
    for (qsizetype i = 0; i < count; ++i) {
        if (keep[size_t(i)]) {
            if (skipped > 0) {
                out.append({DiffLine::Op::Skipped, -1, -1,
                            QStringLiteral("\u2026 %1 unchanged lines").arg(skipped)});
                skipped = 0;
            }
            out.append(lines[i]);
        } else {
            ++skipped;
        }
    }
    if (skipped > 0)
        out.append({DiffLine::Op::Skipped, -1, -1,
                    QStringLiteral("\u2026 %1 unchanged lines").arg(skipped)});
    return out;
}

QList<DiffRow> LineDiff::sideBySide(const QList<DiffLine> &lines)
{
    QList<DiffRow> rows;
    qsizetype i = 0;
    while (i < lines.size()) {
        const DiffLine &line = lines[i];
        if (line.op == DiffLine::Op::Equal || line.op == DiffLine::Op::Skipped) {
            rows.append({line.leftLine, line.rightLine, line.op});
            ++i;
            continue;
        }
        // A block of removals followed by additions: pair them up.
        QList<int> removed;
        QList<int> added;
        while (i < lines.size() && lines[i].op == DiffLine::Op::Removed)
            removed.append(lines[i++].leftLine);
        while (i < lines.size() && lines[i].op == DiffLine::Op::Added)
            added.append(lines[i++].rightLine);
        const qsizetype pairs = qMax(removed.size(), added.size());
        for (qsizetype k = 0; k < pairs; ++k) {
            const int left = k < removed.size() ? removed[k] : -1;
            const int right = k < added.size() ? added[k] : -1;
            rows.append({left, right, right >= 0 ? DiffLine::Op::Added : DiffLine::Op::Removed});
        }
    }
    return rows;
}

QString LineDiff::unifiedText(const QList<DiffLine> &lines)
{
    QString out;
    for (const DiffLine &line : lines) {
        switch (line.op) {
        case DiffLine::Op::Equal:
            out += u' ';
            break;
        case DiffLine::Op::Removed:
            out += u'-';
            break;
        case DiffLine::Op::Added:
            out += u'+';
            break;
        case DiffLine::Op::Skipped:
            out += u'@';
            break;
        }
        out += line.text + u'\n';
    }
    return out;
}

} // namespace informant
