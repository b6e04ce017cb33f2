#pragma once

// ResourceTable: the header and rows `kubectl get` prints for one kind, for
// `get` and for `watch` alike: the printer's columns (its wide ones too with
// -o wide), NAMESPACE first when listing across namespaces, the NAME cell
// prefixed with "kind.group/" when several kinds print together, with -L KEY
// a column per label key (headed by the key's name upper-cased; the value or
// empty), and with --show-labels a last LABELS column ("k=v,k2=v2",
// "<none>").

#include "informer/core/kubeobject.h"
#include "informer/kube/apiresource.h"
#include "informer/printers/resourceprinter.h"

#include <QStringList>

namespace informantctl {

struct TableOptions
{
    bool wide = false;          // -o wide
    bool noHeaders = false;     // --no-headers
    bool showLabels = false;    // --show-labels
    bool withNamespace = false; // -A: a NAMESPACE column first
    bool withKind = false;      // several kinds, or --show-kind: NAME is "kind.group/name"
    QStringList labelColumns;   // -L / --label-columns keys, in order
};

class ResourceTable
{
public:
    // `printer` must outlive the table.
    ResourceTable(const informant::ResourcePrinter &printer, const informant::ApiResource &resource,
                  TableOptions options);

    const TableOptions &options() const { return m_options; }
    QStringList header() const;
    QStringList row(const informant::KubeObject &object, qint64 nowMs) const;
    // The header (unless --no-headers) and a row per object, for a TabWriter.
    QList<QStringList> rows(const QList<informant::KubeObject> &objects, qint64 nowMs) const;

private:
    bool shown(qsizetype column) const;

    const informant::ResourcePrinter &m_printer;
    QList<informant::PrintColumn> m_columns;
    QString m_namePrefix; // "" unless withKind
    TableOptions m_options;
};

} // namespace informantctl
