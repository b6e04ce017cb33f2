#pragma once

// Renders objects as a meta.k8s.io Table (reference §8.3) with the shared
// kubectl printers (informer/printers): column definitions, one row of cells
// per object and rows[].object as PartialObjectMetadata (includeObject=Metadata,
// the default), the full object (Object) or nothing (None). Custom resources
// use their CRD's additionalPrinterColumns (printerFromCrd).

#include "sim/resourcetype.h"
#include "sim/storedevent.h"

#include "informer/printers/resourceprinter.h"

#include <memory>
#include <optional>
#include <vector>

namespace informant::sim {

class Storage;

class TableRenderer
{
public:
    enum class IncludeObject { Metadata, Object, None };

    // nullopt for an unknown includeObject value (400 "unrecognized includeObject value").
    static std::optional<IncludeObject> parseIncludeObject(const QString &value);

    // `storage` is read for the CRD of a custom resource type. `nowMs` 0: the
    // time of each row's rendering (long-lived watches).
    TableRenderer(Storage &storage, const ResourceType &type, const QByteArray &metaVersion,
                  IncludeObject include, qint64 nowMs);

    // A whole Table. `listMetadata` is the ListMeta JSON object ({"resourceVersion":...}).
    QByteArray table(const std::vector<ObjectPtr> &objects, const QByteArray &listMetadata) const;
    // A Table with one row, for a watch event; headers only when asked (the first event).
    QByteArray singleRowTable(const StoredObject &object, const QByteArray &objectJson,
                              bool withColumns) const;

private:
    QByteArray columnDefinitions() const;
    QByteArray row(const StoredObject &object, const QByteArray &objectJson) const;

    ResourceType m_type;
    QByteArray m_apiVersion; // "meta.k8s.io/v1"
    IncludeObject m_include;
    qint64 m_nowMs;
    std::shared_ptr<const ResourcePrinter> m_ownedPrinter;
    const ResourcePrinter *m_printer = nullptr;
    QList<PrintColumn> m_columns;
};

} // namespace informant::sim
