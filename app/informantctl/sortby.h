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

    // The field as kubectl names it in its errors: "{.metadata.name}".
    QString field() const { return m_field; }

    // The positions of `objects` (each one's JSON) in sorted order, or
    // kubectl's error when no object has the field or a value cannot be
    // compared (an object or an array).
    informant::Result<QList<qsizetype>> order(const QList<QByteArray> &objects) const;

private:
    QString m_field;
    informant::JsonPath m_path;
};

} // namespace informantctl
