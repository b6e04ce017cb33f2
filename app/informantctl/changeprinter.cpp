#include "changeprinter.h"

#include "informerrunner.h"
#include "jsontext.h"
#include "listdocument.h"
#include "objectname.h"

#include "informer/printers/yamlwriter.h"

#include <QDateTime>
#include <QJsonDocument>

using namespace informant;

namespace informantctl {

ChangePrinter::ChangePrinter(const InformerRunner &runner, const WatchFormat &format)
    : m_format(format)
    , m_resource(runner.resource())
    , m_table(runner.printer(), runner.resource(), format.table)
{
}

QByteArray ChangePrinter::render(const QList<WatchChange> &changes)
{
    if (changes.isEmpty())
        return {};
    if (m_format.output == WatchOutput::Table)
        return renderTable(changes);
    if (m_format.output == WatchOutput::CustomColumns)
        return renderCustomColumns(changes);
    QByteArray text;
    for (const WatchChange &change : changes)
        text += renderOne(change);
    return text;
}

QByteArray ChangePrinter::renderTable(const QList<WatchChange> &changes)
{
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    QList<QStringList> rows;
    if (!m_headerWritten && !m_format.table.noHeaders) {
        rows.append(m_table.header());
        if (m_format.events)
            rows.last().prepend(QStringLiteral("EVENT"));
    }
    m_headerWritten = true;
    for (const WatchChange &change : changes) {
        rows.append(m_table.row(change.object, nowMs));
        // kubectl's formatEventType pads the known types to one width
        // ("ADDED   "), so the column is as wide from the first row on.
        if (m_format.events)
            rows.last().prepend(QString::fromLatin1(change.type).leftJustified(8));
    }
    return m_tabWriter.format(rows).toUtf8();
}

// kubectl's custom-columns printer writes into get -w's tab writer: its
// header once, its rows aligned with the ones before them.
QByteArray ChangePrinter::renderCustomColumns(const QList<WatchChange> &changes)
{
    QList<QStringList> rows;
    if (!m_headerWritten && !m_format.table.noHeaders)
        rows.append(m_format.columns->header());
    m_headerWritten = true;
    for (const WatchChange &change : changes)
        rows.append(
            m_format.columns->row(QJsonDocument(document(change)).toJson(QJsonDocument::Compact)));
    return m_tabWriter.format(rows).toUtf8();
}

QByteArray ChangePrinter::renderOne(const WatchChange &change)
{
    switch (m_format.output) {
    case WatchOutput::Table:
    case WatchOutput::CustomColumns:
        break; // rendered in blocks
    case WatchOutput::Name:
        // kubectl's name printer names the object inside an event too.
        return (objectNamePrefix(m_resource) + change.object.name()).toUtf8() + '\n';
    case WatchOutput::Json:
        // An event is written as json.Marshal writes a metav1.WatchEvent:
        // on one line, "type" before "object".
        if (m_format.events)
            return QByteArray("{\"type\":") + toCompactJson(QString::fromLatin1(change.type)) +
                   ",\"object\":" + toCompactJson(typedObject(change.object, m_resource)) + "}\n";
        return toIndentedJson(typedObject(change.object, m_resource));
    case WatchOutput::Yaml:
        return (m_documentsWritten++ > 0 ? QByteArray("---\n") : QByteArray()) +
               toYaml(document(change), YamlFolding::AsKubectl).toUtf8();
    case WatchOutput::JsonPath:
        return m_format.jsonPath
            ->execute(QJsonDocument(document(change)).toJson(QJsonDocument::Compact))
            .toUtf8();
    case WatchOutput::JsonPathAsJson:
        return m_format.jsonPath->executeAsJson(
            QJsonDocument(document(change)).toJson(QJsonDocument::Compact));
    case WatchOutput::JsonEvents:
        return QByteArray("{\"type\":\"") + change.type + "\",\"object\":" +
               (change.object.isMetadataOnly() // as the server sent it, as get prints it
                    ? toCompactJson(typedObject(change.object, m_resource))
                    : change.object.json()) +
               "}\n";
    }
    return {};
}

QJsonObject ChangePrinter::document(const WatchChange &change) const
{
    QJsonObject object = typedObject(change.object, m_resource);
    if (!m_format.events)
        return object;
    return QJsonObject{{QStringLiteral("type"), QString::fromLatin1(change.type)},
                       {QStringLiteral("object"), object}};
}

} // namespace informantctl
