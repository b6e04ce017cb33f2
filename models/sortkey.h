#pragma once

// SortKey: the value a table row is ordered by for the active sort column.
// Either a number (timestamps, counts), a cell's text compared "naturally"
// (digit runs by value, so "2/3" < "10/10" and "5 (3m ago)" < "12 (1m
// ago)"), or object names compared as names (compareNames: plain order but
// for a trailing number, so "pod-9" < "pod-10" while random suffixes such as
// "-24xdq" and "-9rt9p" stay in kubectl's order). Rows with equal keys are
// ordered by their object key, which makes the order total and therefore
// stable under updates. Plain value type, safe to copy across threads.

#include <QString>

namespace informant {

struct SortKey
{
    enum class Type : quint8 { Number, Text, Names };
    Type type = Type::Number;
    // Timestamps in ms and counts are exact in a double (below 2^53), and a
    // custom resource's "number" column needs fractions.
    double number = 0;
    // Names: the names joined by kNameSeparator.
    QString text;

    static constexpr QChar kNameSeparator = QChar(u'\x01'); // in no object's name

    static SortKey fromNumber(double value) { return SortKey{Type::Number, value, {}}; }
    static SortKey fromText(QString value) { return SortKey{Type::Text, 0, std::move(value)}; }
    // By `first`, then by `second`, each with compareNames.
    static SortKey fromNames(const QString &first, const QString &second)
    {
        return SortKey{Type::Names, 0, first + kNameSeparator + second};
    }
};

// Natural, case-insensitive comparison of two texts: <0, 0 or >0.
int naturalCompare(const QString &a, const QString &b);

// Two object names (or namespaces): plain (kubectl's) order, except that
// names differing only in a trailing all-digit part are ordered by its value
// (pod-2 < pod-10, a StatefulSet's db-2 < db-10). That is: by the name
// without its trailing digits, then no digits first, then by their value.
// <0, 0 or >0; total (0 only for equal names).
int compareNames(QStringView a, QStringView b);

// Numbers, then texts, then names; numbers by value; texts with
// naturalCompare; names with compareNames, name by name.
int compareSortKeys(const SortKey &a, const SortKey &b);

} // namespace informant
