#pragma once

// SortKey: the value a table row is ordered by for the active sort column.
// Either a number (timestamps, counts) or text compared "naturally" (digit runs
// by value, so "pod-9" < "pod-10" and "2/3" < "10/10"). Rows with equal keys are
// ordered by their object key, which makes the order total and therefore
// stable under updates. Plain value type, safe to copy across threads.

#include <QString>

namespace informant {

struct SortKey
{
    bool numeric = false;
    // Timestamps in ms and counts are exact in a double (below 2^53), and a
    // custom resource's "number" column needs fractions.
    double number = 0;
    QString text;

    static SortKey fromNumber(double value) { return SortKey{true, value, {}}; }
    static SortKey fromText(QString value) { return SortKey{false, 0, std::move(value)}; }
};

// Natural, case-insensitive comparison of two texts: <0, 0 or >0.
int naturalCompare(const QString &a, const QString &b);

// Numbers before texts; numbers by value; texts with naturalCompare.
int compareSortKeys(const SortKey &a, const SortKey &b);

} // namespace informant
