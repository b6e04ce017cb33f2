#include "resourcetable.h"

#include "objectname.h"

using namespace informant;

namespace informantctl {

namespace {

// kubectl's labels.FormatLabels: key=value pairs sorted by key.
QString labelsCell(const KubeObject &object)
{
    const QList<Label> &labels = object.labels(); // sorted by key
    if (labels.isEmpty())
        return QStringLiteral("<none>");
    QStringList pairs;
    pairs.reserve(labels.size());
    for (const Label &label : labels)
        pairs.append(label.key + QLatin1Char('=') + label.value);
    return pairs.join(QLatin1Char(','));
}

} // namespace

ResourceTable::ResourceTable(const ResourcePrinter &printer, const ApiResource &resource,
                             TableOptions options)
    : m_printer(printer)
    , m_columns(printer.columns())
    , m_namePrefix(options.withKind ? objectNamePrefix(resource) : QString())
    , m_options(options)
{
}

bool ResourceTable::shown(qsizetype column) const
{
    return m_options.wide || m_columns.at(column).priority == 0;
}

QStringList ResourceTable::header() const
{
    QStringList header;
    if (m_options.withNamespace)
        header.append(QStringLiteral("NAMESPACE"));
    for (qsizetype i = 0; i < m_columns.size(); ++i)
        if (shown(i))
            header.append(m_columns.at(i).name);
    if (m_options.showLabels)
        header.append(QStringLiteral("LABELS"));
    return header;
}

QStringList ResourceTable::row(const KubeObject &object, qint64 nowMs) const
{
    const QStringList cells = m_printer.cells(object, nowMs, m_options.wide);
    QStringList row;
    if (m_options.withNamespace)
        row.append(object.namespaceName());
    for (qsizetype i = 0; i < m_columns.size() && i < cells.size(); ++i) {
        if (shown(i))
            row.append(i == 0 ? m_namePrefix + cells.at(i) : cells.at(i));
    }
    if (m_options.showLabels)
        row.append(labelsCell(object));
    return row;
}

QList<QStringList> ResourceTable::rows(const QList<KubeObject> &objects, qint64 nowMs) const
{
    QList<QStringList> rows;
    rows.reserve(objects.size() + 1);
    if (!m_options.noHeaders)
        rows.append(header());
    for (const KubeObject &object : objects)
        rows.append(row(object, nowMs));
    return rows;
}

} // namespace informantctl
