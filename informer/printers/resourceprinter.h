#pragma once

// ResourcePrinter: the columns and cells `kubectl get` prints for one kind,
// and the registry that picks the printer for a (group, kind).
//
// Built-in printers mirror kubectl's server-side printers
// (pkg/printers/internalversion) column for column: names, order, wide
// (priority 1) columns and value formats. Kinds the API server serves with
// its default table (Role, ClusterRole, LimitRange, CustomResourceDefinition)
// get NAME, CREATED AT. Custom resources use the CRD's
// additionalPrinterColumns; anything else gets NAME and AGE. The NAMESPACE
// column is never included: callers prepend it for -A.
//
// Printers are immutable and thread-safe; the clock is passed in (nowMs,
// milliseconds since the epoch) so output is deterministic in tests.

#include "informer/core/kubeobject.h"
#include "informer/printers/printcolumn.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace informant {

class ResourcePrinter
{
public:
    virtual ~ResourcePrinter();

    // All columns, wide ones included (filter on priority for normal output).
    virtual QList<PrintColumn> columns() const = 0;
    // One cell per column (wide ones included), in column order. Never
    // fails: missing or malformed fields print the way kubectl prints zero
    // values. `wide` is -o wide; it only lifts kubectl's 16-character cut of
    // load-balancer addresses (Service EXTERNAL-IP, Ingress ADDRESS).
    QList<PrintCell> row(const KubeObject &object, qint64 nowMs, bool wide = false) const
    {
        return makeRow(object, nowMs, wide);
    }

    // The texts of row(): one string per column.
    QStringList cells(const KubeObject &object, qint64 nowMs, bool wide = false) const;

protected:
    virtual QList<PrintCell> makeRow(const KubeObject &object, qint64 nowMs, bool wide) const = 0;
};

// The built-in printer for a group ("" for core) and kind, or the default
// NAME/AGE printer. Events of "" and "events.k8s.io" are both handled. The
// returned printers live for the whole program.
const ResourcePrinter &printerFor(const QString &group, const QString &kind);

// The same for an object, its group taken from apiVersion ("apps/v1" ->
// "apps", "v1" -> ""). For custom resources use printerFromCrd().
const ResourcePrinter &printerFor(const KubeObject &object);

// True when printerFor() has a dedicated (non-default) printer for the kind.
bool hasBuiltinPrinter(const QString &group, const QString &kind);

// The default printer: NAME, AGE.
const ResourcePrinter &defaultPrinter();

// A printer for custom resources of `crd` (a CustomResourceDefinition object)
// served at `version`: NAME then the version's additionalPrinterColumns
// (falling back to the CRD-level apiextensions/v1beta1 list), or NAME, AGE
// when none are defined — as the apiextensions-apiserver does. Columns whose
// JSONPath cannot be parsed are dropped. An empty `version` picks the
// storage version.
std::unique_ptr<ResourcePrinter> printerFromCrd(const KubeObject &crd, const QString &version);

// Helpers with kubectl's exact formatting, shared by printers and callers.
QString formatLabelMap(const QList<Label> &labels); // "a=b,c=d" or "<none>"

} // namespace informant
