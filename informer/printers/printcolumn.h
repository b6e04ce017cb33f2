#pragma once

// PrintColumn and PrintCell: one column of a kubectl table and one cell of a
// row, as `kubectl get` prints them.

#include <QString>

#include <optional>

namespace informant {

struct PrintColumn
{
    // The header exactly as kubectl prints it: the Table column name
    // upper-cased ("NAME", "UP-TO-DATE", "NOMINATED NODE").
    QString name;
    // The Table column type: "string", "integer", "number", "boolean", "date".
    QString type = QStringLiteral("string");
    // The Table column format ("name" for the NAME column, or a CRD column's format).
    QString format;
    // 0: always shown; 1 and above: only with -o wide.
    int priority = 0;
    QString description;
    // The column name as the API server's Table response carries it
    // ("Up-to-date", "Nominated Node"), for the simulator's Table output.
    QString tableName;

    friend bool operator==(const PrintColumn &, const PrintColumn &) = default;
};

struct PrintCell
{
    // What kubectl prints (already cut at the first line break, with "...").
    QString text;
    // A key to sort by when text does not sort naturally: counts, restarts,
    // and for time columns the negated timestamp in ms (so ascending order is
    // youngest first, like ascending AGE, and does not depend on the clock).
    // Unset: sort by text. In "integer" and "number" columns it is the
    // cell's value (exact for every integer below 2^53).
    std::optional<double> sortNumber;

    friend bool operator==(const PrintCell &, const PrintCell &) = default;
};

// Orders two cells of the same column: numbers before text, numbers by
// value, text case-sensitively. Returns <0, 0 or >0.
int comparePrintCells(const PrintCell &a, const PrintCell &b);

} // namespace informant
