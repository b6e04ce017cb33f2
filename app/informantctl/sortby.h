#pragma once

// SortBy: kubectl get --sort-by=PATH. Objects order by the first result of
// the path (kubectl's relaxed JSONPath: "{.a}", ".a" and "a" alike) as
// kubectl's RuntimeSort compares them: numbers numerically, strings as
// quantities when both are ("2" < "512Mi" < "1Gi"), else byte by byte,
// false before true; an object without the field sorts before those
// with it. kubectl's sort is not stable, so it leaves ties in no promised
// order; here they keep the list's order (namespace, then name).
//
// Immutable value type; thread-safe.

#include "informer/core/result.h"
#include "informer/printers/jsonpath.h"

#include <QByteArray>
#include <QList>

namespace informantctl {

class SortBy
{
public:
    static informant::Result<SortBy> parse(const QString &field);
    // A path that did not parse, as kubectl meets it: only when it sorts
    // (never for one object alone; tablesort.h for tables), order() fails
    // with `error` and foundIn() finds nothing.
    static SortBy unparsable(const QString &field, const QString &error);

    // The field as kubectl names it in its errors: "{.metadata.name}".
    QString field() const { return m_field; }

    // The positions of `objects` (each one's JSON) in sorted order, or
    // kubectl's error when no object has the field or a value cannot be
    // compared (an object or an array).
    informant::Result<QList<qsizetype>> order(const QList<QByteArray> &objects) const;
    // Whether the path has a value in one of `objects` at least (when
    // order() fails: no field, or one that cannot be compared).
    bool foundIn(const QList<QByteArray> &objects) const;

private:
    QString m_field;
    informant::JsonPath m_path;
    QString m_error; // unparsable()
};

} // namespace informantctl
