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

// The all-digit end of `name` ("10" of "db-10"); empty when it ends otherwise.
QStringView trailingDigits(QStringView name)
{
    qsizetype start = name.size();
    while (start > 0 && isAsciiDigit(name.at(start - 1)))
        --start;
    return name.sliced(start);
}

QStringView withoutLeadingZeros(QStringView digits)
{
    qsizetype start = 0;
    while (start < digits.size() - 1 && digits.at(start) == u'0')
        ++start;
    return digits.sliced(start);
}

// The end of the name starting at `i` in a Names key's text.
qsizetype endOfName(QStringView names, qsizetype i)
{
    const qsizetype end = names.indexOf(SortKey::kNameSeparator, i);
    return end < 0 ? names.size() : end;
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

int compareNames(QStringView a, QStringView b)
{
    const QStringView aDigits = trailingDigits(a);
    const QStringView bDigits = trailingDigits(b);
    const QStringView aStem = a.chopped(aDigits.size());
    const QStringView bStem = b.chopped(bDigits.size());
    if (const int byStem = aStem.compare(bStem); byStem != 0)
        return byStem < 0 ? -1 : 1;
    if (aDigits.isEmpty() != bDigits.isEmpty())
        return aDigits.isEmpty() ? -1 : 1;
    const QStringView aValue = withoutLeadingZeros(aDigits);
    const QStringView bValue = withoutLeadingZeros(bDigits);
    // A longer run of significant digits is the bigger number.
    if (aValue.size() != bValue.size())
        return aValue.size() < bValue.size() ? -1 : 1;
    if (const int byValue = aValue.compare(bValue); byValue != 0)
        return byValue < 0 ? -1 : 1;
    // Equal values ("01", "1"): distinct names never compare equal.
    const int byDigits = aDigits.compare(bDigits);
    return byDigits < 0 ? -1 : (byDigits > 0 ? 1 : 0);
}

int compareSortKeys(const SortKey &a, const SortKey &b)
{
    if (a.type != b.type)
        return a.type < b.type ? -1 : 1;
    switch (a.type) {
    case SortKey::Type::Number:
        return a.number < b.number ? -1 : (a.number > b.number ? 1 : 0);
    case SortKey::Type::Text:
        return naturalCompare(a.text, b.text);
    case SortKey::Type::Names:
        break;
    }
    // Name by name: a shorter list of equal names first.
    const QStringView aNames = a.text;
    const QStringView bNames = b.text;
    qsizetype i = 0;
    qsizetype j = 0;
    while (true) {
        const qsizetype aEnd = endOfName(aNames, i);
        const qsizetype bEnd = endOfName(bNames, j);
        if (const int c = compareNames(aNames.sliced(i, aEnd - i), bNames.sliced(j, bEnd - j));
            c != 0)
            return c;
        const bool aMore = aEnd < aNames.size();
        const bool bMore = bEnd < bNames.size();
        if (!aMore || !bMore)
            return aMore == bMore ? 0 : (aMore ? 1 : -1);
        i = aEnd + 1;
        j = bEnd + 1;
    }
}

} // namespace informant
