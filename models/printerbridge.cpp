// RowFormatter::forKind: the bridge from the shared kubectl printers
// (informer/printers) to the table model's columns.

#include "informer/printers/resourceprinter.h"
#include "models/rowformatter.h"

namespace informant {

std::shared_ptr<const RowFormatter> RowFormatter::forKind(const QString &group, const QString &kind,
                                                          bool namespaced)
{
    // printerFor() returns a registry entry that lives for the whole program.
    const ResourcePrinter *printer = &printerFor(group, kind);
    QList<Column> columns;
    for (const PrintColumn &column : printer->columns())
        columns.append(Column{column.name, column.priority});
    auto cells = [printer](const KubeObject &object, qint64 nowMs) {
        return printer->row(object, nowMs, false);
    };
    return std::make_shared<const RowFormatter>(namespaced, columns, cells);
}

std::shared_ptr<const RowFormatter>
RowFormatter::forCustomResource(const KubeObject &crd, const QString &version, bool namespaced)
{
    std::shared_ptr<const ResourcePrinter> printer = printerFromCrd(crd, version);
    QList<Column> columns;
    for (const PrintColumn &column : printer->columns())
        columns.append(Column{column.name, column.priority});
    auto cells = [printer](const KubeObject &object, qint64 nowMs) {
        return printer->row(object, nowMs, false);
    };
    return std::make_shared<const RowFormatter>(namespaced, columns, cells);
}

} // namespace informant
