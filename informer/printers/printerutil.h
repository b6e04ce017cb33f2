#pragma once

// Internal to informer-printers: the table-printer plumbing and kubectl's
// shared formatting helpers (pkg/printers/internalversion, metav1 helpers).

#include "informer/printers/jsonview.h"
#include "informer/printers/resourceprinter.h"

#include <initializer_list>

namespace informant::printers_detail {

struct RowContext
{
    const KubeObject &object;
    JsonView root;
    qint64 nowMs;
    bool wide;

    JsonView spec() const { return root["spec"]; }
    JsonView status() const { return root["status"]; }
    JsonView metadata() const { return root["metadata"]; }
};

using RowFunction = QList<PrintCell> (*)(const RowContext &);

// A printer made of a fixed column list and a row function over the parsed
// object. Cell texts are cut at the first line break with "..." as kubectl's
// table writer does.
class TablePrinter final : public ResourcePrinter
{
public:
    TablePrinter(QList<PrintColumn> columns, RowFunction function)
        : m_columns(std::move(columns))
        , m_function(function)
    {
    }
    QList<PrintColumn> columns() const override { return m_columns; }

protected:
    QList<PrintCell> makeRow(const KubeObject &object, qint64 nowMs, bool wide) const override;

private:
    QList<PrintColumn> m_columns;
    RowFunction m_function;
};

// Column constructors. `name` is the Table column name ("Up-to-date"); the
// header is its upper-case form.
PrintColumn column(const char *name, const char *type = "string", int priority = 0,
                   const char *description = "");
PrintColumn nameColumn();
PrintColumn ageColumn();

PrintCell textCell(const QString &text);
PrintCell countCell(qint64 value); // text is the number; sorts numerically
PrintCell ageCell(qint64 timestampMs, qint64 nowMs);
PrintCell boolCell(bool value); // Go's %v: "true"/"false"

QString orNone(const QString &text);  // "<none>" for empty
QString orUnset(const QString &text); // "<unset>" for empty

// labels.FormatLabels on a JSON map: sorted "k=v" joined by ',', or "<none>".
QString formatLabels(JsonView map);
// metav1.FormatLabelSelector: "<none>" for a null/empty selector, "<error>"
// for an invalid one, otherwise the canonical selector string.
QString formatLabelSelector(JsonView selector);
// The same selector without the "<none>" substitution ("" when empty) and
// "<invalid>" on error, as the Deployment printer shows it.
QString labelSelectorString(JsonView selector, const QString &onError);
// layoutContainerCells: names and images joined by ','.
std::pair<QString, QString> containerCells(JsonView containers);
// helper.GetAccessModesAsString: RWO,ROX,RWX,RWOP in that order.
QString accessModes(JsonView modes);
// listWithMoreString: "a,b,c + 2 more..." or "<unset>" when empty.
QString listWithMore(const QStringList &list, bool more, qsizetype count, qsizetype max);
// An annotation's value ("" if absent).
QString annotation(const RowContext &row, const char *key);
bool conditionTrue(JsonView conditions, const char *type); // first of type is "True"
// A resource.Quantity as its String() prints it; `absent` when missing.
QString quantity(JsonView value, const QString &absent);
// Load-balancer ingress IPs/hostnames, sorted and unique, cut to 16
// characters ("...") unless wide.
QString loadBalancerAddresses(JsonView ingress, bool wide);

} // namespace informant::printers_detail
