#include "sim/tableresponse.h"

#include "informer/core/kubeobject.h"
#include "informer/printers/duration.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

QByteArray quoted(const QString &text)
{
    return QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
}

// Evaluates the simple JSONPath of an additionalPrinterColumn (".spec.replicas").
QJsonValue evaluatePath(const QJsonObject &root, const QString &jsonPath)
{
    QJsonValue value = root;
    for (const QString &part : jsonPath.split(QLatin1Char('.'), Qt::SkipEmptyParts)) {
        QString name = part;
        int index = -1;
        const qsizetype bracket = part.indexOf(QLatin1Char('['));
        if (bracket >= 0) {
            name = part.left(bracket);
            index = part.mid(bracket + 1).chopped(1).toInt();
        }
        value = value.toObject().value(name);
        if (index >= 0)
            value = value.toArray().at(index);
        if (value.isUndefined())
            return QJsonValue::Null;
    }
    return value;
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

TableRenderer::TableRenderer(const ResourceType &type, const QByteArray &metaVersion,
                             IncludeObject include, qint64 nowMs)
    : m_type(type)
    , m_apiVersion("meta.k8s.io/" + metaVersion)
    , m_include(include)
    , m_nowMs(nowMs)
{
}

QByteArray TableRenderer::columnDefinitions() const
{
    QJsonArray columns;
    columns.append(QJsonObject{{"name", "Name"},
                               {"type", "string"},
                               {"format", "name"},
                               {"description", "Name must be unique within a namespace."},
                               {"priority", 0}});
    for (const QJsonValue &value : m_type.additionalPrinterColumns) {
        const QJsonObject column = value.toObject();
        columns.append(
            QJsonObject{{"name", column.value(QLatin1String("name"))},
                        {"type", column.value(QLatin1String("type")).toString("string")},
                        {"format", column.value(QLatin1String("format")).toString()},
                        {"description", column.value(QLatin1String("description")).toString()},
                        {"priority", column.value(QLatin1String("priority")).toInt()}});
    }
    if (m_type.additionalPrinterColumns.isEmpty()) {
        columns.append(QJsonObject{{"name", "Age"},
                                   {"type", "string"},
                                   {"format", ""},
                                   {"description", "CreationTimestamp is a timestamp representing "
                                                   "the server time when this object was created."},
                                   {"priority", 0}});
    }
    return QJsonDocument(columns).toJson(QJsonDocument::Compact);
}

QByteArray TableRenderer::cells(const StoredObject &object, const QByteArray &objectJson) const
{
    QByteArray out = '[' + quoted(object.name);
    if (m_type.additionalPrinterColumns.isEmpty()) {
        const QByteArray created = jsonMember(objectJson, {"metadata", "creationTimestamp"});
        const qint64 createdMs =
            created.size() > 2
                ? parseKubeTimestampMs(QByteArrayView(created).sliced(1, created.size() - 2))
                : -1;
        out += ',' + quoted(formatAge(createdMs, m_nowMs)) + ']';
        return out;
    }
    const QJsonObject root = QJsonDocument::fromJson(objectJson).object();
    for (const QJsonValue &value : m_type.additionalPrinterColumns) {
        const QJsonObject column = value.toObject();
        QJsonValue cell = evaluatePath(root, column.value(QLatin1String("jsonPath")).toString());
        if (column.value(QLatin1String("type")).toString() == QLatin1String("date") &&
            cell.isString())
            cell = formatAge(parseKubeTimestampMs(cell.toString().toUtf8()), m_nowMs);
        out +=
            ',' + QJsonDocument(QJsonArray{cell}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
    }
    return out + ']';
}

QByteArray TableRenderer::row(const StoredObject &object, const QByteArray &objectJson) const
{
    QByteArray out = "{\"cells\":" + cells(object, objectJson);
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
