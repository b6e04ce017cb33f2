#include "sim/storedobject.h"

#include <simdjson.h>

#include <optional>

namespace informant::sim {

namespace {

simdjson::dom::parser &parser()
{
    thread_local simdjson::dom::parser instance;
    return instance;
}

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString scalarText(simdjson::dom::element element)
{
    switch (element.type()) {
    case simdjson::dom::element_type::STRING:
        return toQString(element.get_string().value());
    case simdjson::dom::element_type::BOOL:
        return element.get_bool().value() ? QStringLiteral("true") : QStringLiteral("false");
    case simdjson::dom::element_type::INT64:
        return QString::number(element.get_int64().value());
    case simdjson::dom::element_type::UINT64:
        return QString::number(element.get_uint64().value());
    case simdjson::dom::element_type::DOUBLE:
        return QString::number(element.get_double().value());
    default:
        return QString();
    }
}

// Skips one JSON value starting at `pos` (after whitespace); returns the end.
qsizetype skipValue(const QByteArray &s, qsizetype pos)
{
    int depth = 0;
    bool inString = false;
    for (; pos < s.size(); ++pos) {
        const char c = s[pos];
        if (inString) {
            if (c == '\\')
                ++pos;
            else if (c == '"') {
                inString = false;
                if (depth == 0)
                    return pos + 1;
            }
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '{':
        case '[':
            ++depth;
            break;
        case '}':
        case ']':
            if (depth == 0)
                return pos;
            if (--depth == 0)
                return pos + 1;
            break;
        case ',':
            if (depth == 0)
                return pos;
            break;
        default:
            break;
        }
    }
    return pos;
}

struct Member
{
    qsizetype valueStart;
    qsizetype valueEnd;
};

// Finds the member `key` of the object that opens at `open` ('{'). Without
// `needEnd` the member's value is not scanned (valueEnd is -1): finding where
// a 2 KiB metadata object ends is most of the cost of a lookup.
std::optional<Member> findMember(const QByteArray &s, qsizetype open, QByteArrayView key,
                                 bool needEnd = true)
{
    qsizetype pos = open + 1;
    while (pos < s.size()) {
        while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\n' || s[pos] == ',' ||
                                  s[pos] == '\t' || s[pos] == '\r'))
            ++pos;
        if (pos >= s.size() || s[pos] != '"')
            return std::nullopt;
        const qsizetype keyEnd = skipValue(s, pos);
        const QByteArrayView name(s.constData() + pos + 1, keyEnd - pos - 2);
        pos = s.indexOf(':', keyEnd) + 1;
        if (pos <= 0)
            return std::nullopt;
        while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\n'))
            ++pos;
        if (name == key && !needEnd)
            return Member{pos, -1};
        const qsizetype end = skipValue(s, pos);
        if (name == key)
            return Member{pos, end};
        pos = end;
    }
    return std::nullopt;
}

} // namespace

Result<ObjectPtr> StoredObject::fromJson(QByteArray json, const QStringList &fieldPaths)
{
    simdjson::dom::element root;
    if (parser().parse(json.constData(), size_t(json.size())).get(root) != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid JSON object"));
    simdjson::dom::object metadata;
    if (root["metadata"].get(metadata) != simdjson::SUCCESS)
        return makeError(QStringLiteral("metadata is required"));
    auto object = std::make_shared<StoredObject>();
    std::string_view text;
    if (metadata["name"].get(text) == simdjson::SUCCESS)
        object->name = toQString(text);
    if (metadata["namespace"].get(text) == simdjson::SUCCESS)
        object->namespaceName = toQString(text);
    if (metadata["uid"].get(text) == simdjson::SUCCESS)
        object->uid = toQString(text);
    if (metadata["resourceVersion"].get(text) == simdjson::SUCCESS)
        object->resourceVersion = QByteArrayView(text.data(), qsizetype(text.size())).toULongLong();
    simdjson::dom::object labels;
    if (metadata["labels"].get(labels) == simdjson::SUCCESS) {
        for (auto [key, value] : labels)
            object->labels.append(Label{toQString(key), scalarText(value)});
        std::sort(object->labels.begin(), object->labels.end(),
                  [](const Label &a, const Label &b) { return a.key < b.key; });
    }
    simdjson::dom::array finalizers;
    object->hasFinalizers =
        metadata["finalizers"].get(finalizers) == simdjson::SUCCESS && finalizers.size() > 0;
    simdjson::dom::array owners;
    if (metadata["ownerReferences"].get(owners) == simdjson::SUCCESS) {
        for (auto owner : owners) {
            if (owner["uid"].get(text) == simdjson::SUCCESS)
                object->ownerUids.append(toQString(text));
        }
    }
    object->beingDeleted = metadata["deletionTimestamp"].get(text) == simdjson::SUCCESS;
    for (const QString &path : fieldPaths) {
        std::string pointer = '/' + path.toStdString();
        std::replace(pointer.begin(), pointer.end(), '.', '/');
        if (path == QLatin1String("source"))
            pointer = "/source/component";
        simdjson::dom::element value;
        const bool found = root.at_pointer(pointer).get(value) == simdjson::SUCCESS;
        object->fields.append({path, found ? scalarText(value) : QString()});
    }
    object->key =
        object->namespaceName.isEmpty() ? object->name : object->namespaceName + '/' + object->name;
    object->json = std::move(json);
    return ObjectPtr(std::move(object));
}

QString StoredObject::field(const QString &path) const
{
    if (path == QLatin1String("metadata.name"))
        return name;
    if (path == QLatin1String("metadata.namespace"))
        return namespaceName;
    for (const auto &[fieldPath, value] : fields) {
        if (fieldPath == path)
            return value;
    }
    return QString();
}

QByteArray withResourceVersion(const QByteArray &json, quint64 rv)
{
    const QByteArray quoted = '"' + QByteArray::number(rv) + '"';
    const qsizetype open = json.indexOf('{');
    const auto metadata = open < 0 ? std::nullopt : findMember(json, open, "metadata", false);
    if (!metadata || json[metadata->valueStart] != '{')
        return json;
    QByteArray out = json;
    if (const auto member = findMember(json, metadata->valueStart, "resourceVersion"))
        return out.replace(member->valueStart, member->valueEnd - member->valueStart, quoted);
    const bool empty = json.indexOf('}', metadata->valueStart + 1) == metadata->valueStart + 1;
    return out.insert(metadata->valueStart + 1,
                      "\"resourceVersion\":" + quoted + (empty ? "" : ","));
}

} // namespace informant::sim

namespace informant::sim {

QByteArray jsonMember(const QByteArray &objectJson, const QList<QByteArrayView> &path)
{
    qsizetype open = objectJson.indexOf('{');
    qsizetype start = -1;
    qsizetype end = -1;
    for (const QByteArrayView key : path) {
        if (open < 0 || open >= objectJson.size() || objectJson[open] != '{')
            return QByteArray();
        const auto member = findMember(objectJson, open, key);
        if (!member)
            return QByteArray();
        start = member->valueStart;
        end = member->valueEnd;
        open = start;
    }
    return start < 0 ? QByteArray() : objectJson.mid(start, end - start);
}

} // namespace informant::sim
