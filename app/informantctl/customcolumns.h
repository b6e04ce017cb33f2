#pragma once

// CustomColumns: kubectl's `-o custom-columns=HEADER:PATH[,HEADER:PATH...]`.
// Each PATH runs on each object (with its kind and apiVersion) as kubectl's
// relaxed JSONPath ("metadata.name", ".metadata.name" and "{.metadata.name}"
// alike); a cell is its results in Go's "%v" form joined by commas, or
// "<none>" when there are none. One table for every object printed, of
// whatever kinds, with no NAMESPACE column (kubectl adds none).
//
// Immutable value type; thread-safe.

#include "informer/core/result.h"
#include "informer/printers/jsonpath.h"

#include <QList>
#include <QStringList>

namespace informantctl {

class CustomColumns
{
public:
    // kubectl's errors for a spec it cannot read.
    static informant::Result<CustomColumns> parse(const QString &spec);

    QStringList header() const;
    QStringList row(const QByteArray &objectJson) const;

private:
    struct Column
    {
        QString header;
        informant::JsonPath path;
    };
    QList<Column> m_columns;
};

} // namespace informantctl
