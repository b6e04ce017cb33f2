#include "models/sortkey.h"

namespace informant {

namespace {

// Only '0'..'9' make numbers. They are contiguous, so a digit compares with
// any other character the same way whatever its value, which keeps the order
// transitive; QChar::isDigit() also takes Arabic-Indic or fullwidth digits,
// and "55" < "z" < "٣" < "55" would be a cycle (std::sort's undefined
// behaviour, a row found nowhere by binary search).
bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

// Returns the end of the digit run starting at `i`.
qsizetype digitRunEnd(const QString &s, qsizetype i)
{
    while (i < s.size() && isAsciiDigit(s.at(i)))
        ++i;
    return i;
}

int compareDigitRuns(const QString &a, qsizetype &i, const QString &b, qsizetype &j)
{
    qsizetype ai = i;
    qsizetype bj = j;
    const qsizetype aEnd = digitRunEnd(a, i);
    const qsizetype bEnd = digitRunEnd(b, j);
    while (ai < aEnd - 1 && a.at(ai) == u'0')
        ++ai;
    while (bj < bEnd - 1 && b.at(bj) == u'0')
        ++bj;
    // A longer run of significant digits is the bigger number.
    if (aEnd - ai != bEnd - bj)
        return (aEnd - ai) < (bEnd - bj) ? -1 : 1;
    for (; ai < aEnd; ++ai, ++bj) {
        if (a.at(ai) != b.at(bj))
            return a.at(ai) < b.at(bj) ? -1 : 1;
    }
    i = aEnd;
    j = bEnd;
    return 0;
}

} // namespace

int naturalCompare(const QString &a, const QString &b)
{
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        const QChar ca = a.at(i);
        const QChar cb = b.at(j);
        if (isAsciiDigit(ca) && isAsciiDigit(cb)) {
            const int c = compareDigitRuns(a, i, b, j);
            if (c != 0)
                return c;
            continue;
        }
        const QChar la = ca.toLower();
        const QChar lb = cb.toLower();
        if (la != lb)
            return la < lb ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size())
        return 1;
    if (j < b.size())
        return -1;
    // Equal ignoring case and leading zeros: fall back to exact order so that
    // distinct texts never compare equal.
    return QString::compare(a, b);
}

int compareSortKeys(const SortKey &a, const SortKey &b)
{
    if (a.numeric != b.numeric)
        return a.numeric ? -1 : 1;
    if (a.numeric)
        return a.number < b.number ? -1 : (a.number > b.number ? 1 : 0);
    return naturalCompare(a.text, b.text);
}

} // namespace informant
