#include "models/rowformatter.h"

#include "models/clusterrowkey.h"

#include <QDateTime>

namespace informant {

RowFormatter::RowFormatter(bool namespaced, QList<Column> printerColumns, CellFunction cells)
    : m_namespaced(namespaced)
    , m_cells(std::move(cells))
{
    if (namespaced)
        m_columns.append(Column{QStringLiteral("NAMESPACE"), 0});
    m_columns.append(printerColumns);
    m_nameColumn = columnOf(QStringLiteral("NAME"));
    m_ageColumn = columnOf(QStringLiteral("AGE"));
}

std::shared_ptr<const RowFormatter> RowFormatter::withClusterColumn(const RowFormatter &base)
{
    auto out = std::make_shared<RowFormatter>(base);
    if (out->m_clusterColumn)
        return out;
    out->m_clusterColumn = true;
    out->m_columns.prepend(Column{QStringLiteral("CLUSTER"), 0});
    out->m_nameColumn = out->columnOf(QStringLiteral("NAME"));
    out->m_ageColumn = out->columnOf(QStringLiteral("AGE"));
    return out;
}

int RowFormatter::columnOf(const QString &name) const
{
    for (int i = 0; i < m_columns.size(); ++i) {
        if (m_columns.at(i).name == name)
            return i;
    }
    return -1;
}

QList<PrintCell> RowFormatter::printCells(const KubeObject &object, qint64 nowMs,
                                          QStringView rowKey) const
{
    QList<PrintCell> out;
    out.reserve(m_columns.size());
    if (m_clusterColumn)
        out.append(PrintCell{clusterOfRowKey(rowKey).toString(), std::nullopt});
    if (m_namespaced)
        out.append(PrintCell{object.namespaceName(), std::nullopt});
    if (m_cells)
        out.append(m_cells(object, nowMs));
    out.resize(m_columns.size());
    if (object.isMetadataOnly()) {
        for (int column = 0; column < int(out.size()); ++column) {
            if (!columnIsFromMetadata(column))
                out[column] = PrintCell{};
        }
    }
    return out;
}

bool RowFormatter::columnIsFromMetadata(int column) const
{
    return column == clusterColumn() || column == namespaceColumn() || column == m_nameColumn ||
           column == m_ageColumn;
}

QStringList RowFormatter::cells(const KubeObject &object, qint64 nowMs, QStringView rowKey) const
{
    const QList<PrintCell> printed = printCells(object, nowMs, rowKey);
    QStringList out;
    out.reserve(printed.size());
    for (const PrintCell &cell : printed)
        out.append(cell.text);
    return out;
}

bool RowFormatter::sortKeyIsCheap(int column) const
{
    return column < 0 || column == clusterColumn() || column == namespaceColumn() ||
           column == m_nameColumn || column == m_ageColumn;
}

SortKey RowFormatter::sortKey(const KubeObject &object, int column, qint64 nowMs,
                              QStringView rowKey) const
{
    // Each cluster's rows together, in kubectl's order within it.
    if (m_clusterColumn && (column < 0 || column == clusterColumn())) {
        SortKey key = SortKey::fromNames(object.namespaceName(), object.name());
        key.text.prepend(clusterOfRowKey(rowKey).toString() + SortKey::kNameSeparator);
        return key;
    }
    // No sort column: kubectl's order, by namespace then name; a trailing
    // number by value (pod-2 before pod-10) as in every order of names in
    // the GUI (compareNames), and "ns" before "ns-b" as the namespace facet
    // lists them (the object key "ns/..." came after "ns-b/...": '/' > '-').
    if (column < 0 || column == namespaceColumn())
        return SortKey::fromNames(object.namespaceName(), object.name());
    // Equal names (in different namespaces) by namespace, not by object
    // key (the row tie-breaker, byte-wise).
    if (column == m_nameColumn)
        return SortKey::fromNames(object.name(), object.namespaceName());
    if (column == m_ageColumn) {
        // Youngest first when ascending, like the AGE values (and the
        // printers' sortNumber for time columns).
        const qint64 created = object.creationTimestampMs();
        return SortKey::fromNumber(created < 0 ? 0 : -created);
    }
    const PrintCell cell = printCells(object, nowMs, rowKey).value(column);
    return cell.sortNumber ? SortKey::fromNumber(*cell.sortNumber) : SortKey::fromText(cell.text);
}

QString humanAge(qint64 ageMs)
{
    // apimachinery's duration.HumanDuration.
    const qint64 seconds = ageMs < 0 ? 0 : ageMs / 1000;
    if (seconds < 60 * 2)
        return QStringLiteral("%1s").arg(seconds);
    const qint64 minutes = seconds / 60;
    if (minutes < 10) {
        const qint64 s = seconds % 60;
        return s == 0 ? QStringLiteral("%1m").arg(minutes)
                      : QStringLiteral("%1m%2s").arg(minutes).arg(s);
    }
    if (minutes < 60 * 3)
        return QStringLiteral("%1m").arg(minutes);
    const qint64 hours = minutes / 60;
    if (hours < 8) {
        const qint64 m = minutes % 60;
        return m == 0 ? QStringLiteral("%1h").arg(hours)
                      : QStringLiteral("%1h%2m").arg(hours).arg(m);
    }
    if (hours < 48)
        return QStringLiteral("%1h").arg(hours);
    if (hours < 24 * 8) {
        const qint64 h = hours % 24;
        return h == 0 ? QStringLiteral("%1d").arg(hours / 24)
                      : QStringLiteral("%1d%2h").arg(hours / 24).arg(h);
    }
    if (hours < 24 * 365 * 2)
        return QStringLiteral("%1d").arg(hours / 24);
    if (hours < 24 * 365 * 8) {
        const qint64 dy = (hours / 24) % 365;
        return dy == 0 ? QStringLiteral("%1y").arg(hours / 24 / 365)
                       : QStringLiteral("%1y%2d").arg(hours / 24 / 365).arg(dy);
    }
    return QStringLiteral("%1y").arg(hours / 24 / 365);
}

} // namespace informant
