#pragma once

// RowFormatter: the columns of one resource kind's table and the text of each
// cell, as `kubectl get -A` prints them (NAMESPACE first for namespaced kinds,
// then the kind's printer columns), plus the sort key of any column.
//
// Immutable after construction and safe to use from any thread: the row
// preparer calls it on its worker thread, the table model on the GUI thread
// (for visible rows only).

#include "informer/core/kubeobject.h"
#include "informer/printers/printcolumn.h"
#include "models/sortkey.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace informant {

class RowFormatter
{
public:
    struct Column
    {
        QString name;     // "NAME", "READY", ...
        int priority = 0; // 0: shown by default; >0: `-o wide` only
    };
    // Printer cells for the columns after NAMESPACE, for one object at nowMs
    // (a cell's sortNumber, when set, is its sort key).
    using CellFunction = std::function<QList<PrintCell>(const KubeObject &, qint64 nowMs)>;

    // Uses the shared kubectl printers for (group, kind); kinds without one get
    // NAME and AGE.
    static std::shared_ptr<const RowFormatter> forKind(const QString &group, const QString &kind,
                                                       bool namespaced);
    // Custom resources: the CRD's additionalPrinterColumns for `version`.
    static std::shared_ptr<const RowFormatter>
    forCustomResource(const KubeObject &crd, const QString &version, bool namespaced);
    // For tests and custom kinds: explicit printer columns and cell function.
    RowFormatter(bool namespaced, QList<Column> printerColumns, CellFunction cells);
    // `base` with a CLUSTER column first, for a table of several clusters'
    // rows: its text is the cluster the row's key names (models/clusterrowkey.h),
    // and the table's own order is by cluster, then namespace and name.
    static std::shared_ptr<const RowFormatter> withClusterColumn(const RowFormatter &base);

    const QList<Column> &columns() const { return m_columns; }
    int columnCount() const { return int(m_columns.size()); }
    int columnOf(const QString &name) const; // -1 if absent
    int nameColumn() const { return m_nameColumn; }
    int ageColumn() const { return m_ageColumn; }
    int clusterColumn() const { return m_clusterColumn ? 0 : -1; }
    int namespaceColumn() const { return m_namespaced ? clusterColumn() + 1 : -1; }
    bool namespaced() const { return m_namespaced; }

    // `rowKey`: the key of the object's row, which names its cluster in a
    // table with a CLUSTER column (empty: none).
    // Every column's text (columnCount() entries, never fewer).
    QStringList cells(const KubeObject &object, qint64 nowMs, QStringView rowKey = {}) const;
    // Every column's printer cell (text and sort number).
    QList<PrintCell> printCells(const KubeObject &object, qint64 nowMs,
                                QStringView rowKey = {}) const;
    // True when `column`'s text comes from metadata (CLUSTER, NAMESPACE,
    // NAME, AGE): a metadata-only object (KubeObject::isMetadataOnly) has
    // text in those columns only; the others are empty, never a count of
    // nothing ("0" for the DATA of a Secret whose data was not read).
    bool columnIsFromMetadata(int column) const;
    // True when `column`'s sort key comes from hot fields only (no JSON parse).
    bool sortKeyIsCheap(int column) const;
    // Key for sorting by `column`; -1 and NAMESPACE: by namespace, then name
    // (-1 and CLUSTER: by cluster first).
    SortKey sortKey(const KubeObject &object, int column, qint64 nowMs,
                    QStringView rowKey = {}) const;

private:
    bool m_namespaced = false;
    bool m_clusterColumn = false;
    QList<Column> m_columns;
    CellFunction m_cells;
    int m_nameColumn = -1;
    int m_ageColumn = -1;
};

// kubectl's AGE text for a duration (HumanDuration): "5s", "3m20s", "5d3h", ...
QString humanAge(qint64 ageMs);

} // namespace informant
