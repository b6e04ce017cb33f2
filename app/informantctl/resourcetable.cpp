#include "resourcetable.h"

#include "objectname.h"

#include <algorithm>

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

// A label's value, or "" for a label the object lacks (kubectl prints an
// empty cell there, not "<none>").
QString labelValue(const KubeObject &object, const QString &key)
{
    for (const Label &label : object.labels()) {
        if (label.key == key)
            return label.value;
    }
    return QString();
}

// As kubectl's table printer does to every text cell (the ones it adds,
// namespace and labels, as the server's): only what comes before the first
// line break prints, followed by "...".
QString firstLine(const QString &cell)
{
    const auto cut = std::find_if(cell.cbegin(), cell.cend(),
                                  [](QChar c) { return c == u'\n' || c == u'\r' || c == u'\f'; });
    return cut == cell.cend() ? cell : cell.left(cut - cell.cbegin()) + QStringLiteral("...");
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
    // As kubectl's: the label columns after the printer's (wide ones
    // included), before LABELS, headed by the key's name without its
    // prefix ("app.kubernetes.io/name" is NAME).
    for (const QString &key : m_options.labelColumns)
        header.append(key.section(u'/', -1).toUpper());
    if (m_options.showLabels)
        header.append(QStringLiteral("LABELS"));
    return header;
}

QStringList ResourceTable::row(const KubeObject &object, qint64 nowMs) const
{
    const QStringList cells = m_printer.cells(object, nowMs, m_options.wide);
    QStringList row;
    if (m_options.withNamespace)
        row.append(firstLine(object.namespaceName()));
    for (qsizetype i = 0; i < m_columns.size() && i < cells.size(); ++i) {
        if (shown(i))
            row.append(i == 0 ? m_namePrefix + cells.at(i) : cells.at(i));
    }
    for (const QString &key : m_options.labelColumns)
        row.append(firstLine(labelValue(object, key)));
    if (m_options.showLabels)
        row.append(firstLine(labelsCell(object)));
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
