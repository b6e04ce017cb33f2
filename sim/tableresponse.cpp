#include "sim/tableresponse.h"

#include "sim/storage.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

QByteArray jsonValue(const QJsonValue &value)
{
    return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
}

// kubectl upper-cases Table column names itself; the server sends them in
// title case ("Nominated Node").
QString titleCase(const QString &upper)
{
    QString out = upper.toLower();
    bool start = true;
    for (QChar &c : out) {
        if (start && c.isLetter())
            c = c.toUpper();
        start = c == QLatin1Char(' ') || c == QLatin1Char('-');
    }
    return out;
}

} // namespace

std::optional<TableRenderer::IncludeObject> TableRenderer::parseIncludeObject(const QString &value)
{
    if (value.isEmpty() || value == QLatin1String("Metadata"))
        return IncludeObject::Metadata;
    if (value == QLatin1String("Object"))
        return IncludeObject::Object;
    if (value == QLatin1String("None"))
        return IncludeObject::None;
    return std::nullopt;
}

TableRenderer::TableRenderer(Storage &storage, const ResourceType &type,
                             const QByteArray &metaVersion, IncludeObject include, qint64 nowMs)
    : m_type(type)
    , m_apiVersion("meta.k8s.io/" + metaVersion)
    , m_include(include)
    , m_nowMs(nowMs)
{
    if (type.custom) {
        const ObjectPtr crd =
            storage.store(QStringLiteral("apiextensions.k8s.io/customresourcedefinitions"))
                .get(type.resource + '.' + type.group);
        if (crd) {
            const Result<KubeObject> object = KubeObject::fromJson(crd->json);
            if (object.ok())
                m_ownedPrinter = printerFromCrd(object.value(), type.version);
        }
        m_printer = m_ownedPrinter ? m_ownedPrinter.get() : &defaultPrinter();
    } else {
        m_printer = &printerFor(type.group, type.kind);
    }
    m_columns = m_printer->columns();
}

QByteArray TableRenderer::columnDefinitions() const
{
    QJsonArray columns;
    for (const PrintColumn &column : m_columns) {
        columns.append(QJsonObject{{"name", titleCase(column.name)},
                                   {"type", column.type},
                                   {"format", column.format},
                                   {"description", column.description},
                                   {"priority", column.priority}});
    }
    return QJsonDocument(columns).toJson(QJsonDocument::Compact);
}

QByteArray TableRenderer::row(const StoredObject &object, const QByteArray &objectJson) const
{
    QByteArray out = "{\"cells\":[";
    const Result<KubeObject> decoded = KubeObject::fromJson(objectJson);
    const QList<PrintCell> cells =
        decoded.ok() ? m_printer->row(decoded.value(),
                                      m_nowMs > 0 ? m_nowMs : QDateTime::currentMSecsSinceEpoch())
                     : QList<PrintCell>();
    for (qsizetype i = 0; i < m_columns.size(); ++i) {
        if (i)
            out += ',';
        const QString text = i < cells.size() ? cells[i].text : (i == 0 ? object.name : QString());
        const QString &type = m_columns[i].type;
        bool isNumber = false;
        const qint64 number = text.toLongLong(&isNumber);
        if (isNumber && (type == QLatin1String("integer") || type == QLatin1String("number")))
            out += QByteArray::number(number);
        else
            out += jsonValue(text);
    }
    out += ']';
    switch (m_include) {
    case IncludeObject::Object:
        out += ",\"object\":" + objectJson;
        break;
    case IncludeObject::Metadata:
        out += ",\"object\":{\"kind\":\"PartialObjectMetadata\",\"apiVersion\":\"" + m_apiVersion +
               "\",\"metadata\":" + jsonMember(objectJson, {"metadata"}) + '}';
        break;
    case IncludeObject::None:
        break;
    }
    return out + '}';
}

QByteArray TableRenderer::table(const std::vector<ObjectPtr> &objects,
                                const QByteArray &listMetadata) const
{
    QByteArray out = "{\"kind\":\"Table\",\"apiVersion\":\"" + m_apiVersion +
                     "\",\"metadata\":" + listMetadata +
                     ",\"columnDefinitions\":" + columnDefinitions() + ",\"rows\":[";
    bool first = true;
    for (const ObjectPtr &object : objects) {
        if (!first)
            out += ',';
        first = false;
        out += row(*object, objectBytes(*object, m_type.view));
    }
    return out + "]}";
}

QByteArray TableRenderer::singleRowTable(const StoredObject &object, const QByteArray &objectJson,
                                         bool withColumns) const
{
    QByteArray out = "{\"kind\":\"Table\",\"apiVersion\":\"" + m_apiVersion +
                     "\",\"metadata\":{\"resourceVersion\":\"" +
                     QByteArray::number(object.resourceVersion) + "\"}";
    out += ",\"columnDefinitions\":" + (withColumns ? columnDefinitions() : QByteArray("null"));
    return out + ",\"rows\":[" + row(object, objectJson) + "]}";
}

} // namespace informant::sim
