#include "informer/recording/recording.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <simdjson.h>

#include <string>

namespace informant {

namespace {

namespace dom = simdjson::dom;

QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

Error lineError(qsizetype line, const QString &message)
{
    return makeError(QStringLiteral("line %1: %2").arg(line).arg(message));
}

// An optional string member: "" when absent, an error when of another type.
Result<QString> optionalString(const dom::object &object, std::string_view name)
{
    const auto member = object[name];
    if (member.error() == simdjson::NO_SUCH_FIELD)
        return QString();
    std::string_view text;
    if (member.get_string().get(text) != simdjson::SUCCESS)
        return makeError(QStringLiteral("\"%1\" must be a string").arg(fromUtf8(name)));
    return fromUtf8(text);
}

Result<QString> requiredString(const dom::object &object, std::string_view name)
{
    if (object[name].error() == simdjson::NO_SUCH_FIELD)
        return makeError(QStringLiteral("\"%1\" is missing").arg(fromUtf8(name)));
    return optionalString(object, name);
}

Result<RecordedResource> parseResource(const dom::element &element)
{
    dom::object object;
    if (element.get_object().get(object) != simdjson::SUCCESS)
        return makeError(QStringLiteral("not a JSON object"));
    RecordedResource resource;
    const auto group = optionalString(object, "group");
    const auto version = requiredString(object, "version");
    const auto plural = requiredString(object, "resource");
    const auto kind = requiredString(object, "kind");
    for (const Result<QString> *field : {&group, &version, &plural, &kind}) {
        if (!field->ok())
            return field->error();
    }
    resource.group = *group;
    resource.version = *version;
    resource.resource = *plural;
    resource.kind = *kind;
    if (resource.version.isEmpty() || resource.resource.isEmpty() || resource.kind.isEmpty())
        return makeError(
            QStringLiteral("\"version\", \"resource\" and \"kind\" must not be empty"));
    const auto namespaced = object["namespaced"];
    if (namespaced.error() != simdjson::NO_SUCH_FIELD &&
        namespaced.get_bool().get(resource.namespaced) != simdjson::SUCCESS)
        return makeError(QStringLiteral("\"namespaced\" must be true or false"));
    return resource;
}

Result<RecordingHeader> parseHeader(const dom::element &element)
{
    dom::object object;
    if (element.get_object().get(object) != simdjson::SUCCESS)
        return makeError(QStringLiteral("not an Informant recording (the first line is not a "
                                        "JSON object)"));
    const auto version = object["informantRecording"];
    if (version.error() == simdjson::NO_SUCH_FIELD)
        return makeError(QStringLiteral("not an Informant recording (the first line has no "
                                        "\"informantRecording\" format version)"));
    int64_t number = 0;
    if (version.get_int64().get(number) != simdjson::SUCCESS || number < 1)
        return makeError(QStringLiteral("\"informantRecording\" must be a format version "
                                        "number (1 or more)"));
    if (number > kRecordingFormatVersion)
        return makeError(QStringLiteral("recording format version %1 is newer than this program "
                                        "reads (version %2); use a newer Informant")
                             .arg(number)
                             .arg(kRecordingFormatVersion));
    RecordingHeader header;
    header.formatVersion = int(number);
    const std::pair<std::string_view, QString *> strings[] = {
        {"recordedAt", &header.recordedAt},
        {"server", &header.server},
        {"namespace", &header.namespaceName},
        {"labelSelector", &header.labelSelector},
        {"fieldSelector", &header.fieldSelector}};
    for (const auto &[name, target] : strings) {
        const auto value = optionalString(object, name);
        if (!value.ok())
            return value.error();
        *target = *value;
    }
    dom::array resources;
    if (object["resources"].get_array().get(resources) != simdjson::SUCCESS)
        return makeError(QStringLiteral("\"resources\" must be an array of resources"));
    for (const dom::element item : resources) {
        auto resource = parseResource(item);
        if (!resource.ok())
            return makeError(QStringLiteral("resources[%1]: %2")
                                 .arg(header.resources.size())
                                 .arg(resource.errorMessage()));
        for (const RecordedResource &seen : std::as_const(header.resources)) {
            if (seen.qualifiedName() == resource->qualifiedName())
                return makeError(
                    QStringLiteral("resource %1 is declared twice").arg(resource->qualifiedName()));
        }
        header.resources.append(*resource);
    }
    return header;
}

std::optional<RecordType> recordTypeFromName(std::string_view name)
{
    if (name == "ADDED")
        return RecordType::Added;
    if (name == "MODIFIED")
        return RecordType::Modified;
    if (name == "DELETED")
        return RecordType::Deleted;
    return std::nullopt;
}

// Reads the records after the header, checking each against it.
class RecordParser
{
public:
    explicit RecordParser(Recording &recording)
        : m_recording(recording)
    {
        const QList<RecordedResource> &resources = recording.header.resources;
        for (qsizetype i = 0; i < resources.size(); ++i)
            m_resourceIndex.insert(resources[i].qualifiedName(), int(i));
    }

    Result<void> parse(const dom::element &element, qsizetype line);

private:
    Result<RecordedChange> change(const dom::object &object);

    Recording &m_recording;
    QHash<QString, int> m_resourceIndex;
    QHash<QString, qsizetype> m_initialKeys; // "index/key" -> line
    qint64 m_lastOffsetMs = 0;
};

Result<RecordedChange> RecordParser::change(const dom::object &object)
{
    RecordedChange change;
    int64_t offset = 0;
    if (object["t"].get_int64().get(offset) != simdjson::SUCCESS || offset < 0)
        return makeError(QStringLiteral("\"t\" must be a non-negative integer (milliseconds)"));
    change.offsetMs = offset;
    const auto plural = requiredString(object, "resource");
    const auto group = optionalString(object, "group");
    if (!plural.ok())
        return plural.error();
    if (!group.ok())
        return group.error();
    const QString qualified = group->isEmpty() ? *plural : *plural + QLatin1Char('.') + *group;
    const auto index = m_resourceIndex.constFind(qualified);
    if (index == m_resourceIndex.constEnd())
        return makeError(
            QStringLiteral("unknown resource \"%1\" (not declared in the header)").arg(qualified));
    change.resource = *index;
    std::string_view typeName;
    if (object["type"].get_string().get(typeName) != simdjson::SUCCESS)
        return makeError(QStringLiteral("\"type\" must be a string"));
    const auto type = recordTypeFromName(typeName);
    if (!type)
        return makeError(QStringLiteral("unknown type \"%1\" (expected ADDED, MODIFIED or DELETED)")
                             .arg(fromUtf8(typeName)));
    change.type = *type;
    dom::object body;
    if (object["object"].get_object().get(body) != simdjson::SUCCESS)
        return makeError(QStringLiteral("\"object\" must be a JSON object"));
    const std::string minified = simdjson::to_string(body);
    auto decoded =
        KubeObject::fromJson(QByteArrayView(minified.data(), qsizetype(minified.size())));
    if (!decoded.ok())
        return makeError(QStringLiteral("object: %1").arg(decoded.errorMessage()));
    if (decoded->name().isEmpty())
        return makeError(QStringLiteral("the object has no metadata.name"));
    const RecordedResource &resource = m_recording.header.resources.at(change.resource);
    // Hand-written recordings may leave kind and apiVersion out, as list
    // items do: they are the resource's.
    change.object = decoded->withTypeMeta(resource.kind, resource.apiVersion());
    if (change.object.kind() != resource.kind)
        return makeError(QStringLiteral("a %1 recorded under %2, whose kind is %3")
                             .arg(change.object.kind(), qualified, resource.kind));
    return change;
}

Result<void> RecordParser::parse(const dom::element &element, qsizetype line)
{
    dom::object object;
    if (element.get_object().get(object) != simdjson::SUCCESS)
        return lineError(line, QStringLiteral("a record must be a JSON object"));
    auto parsed = change(object);
    if (!parsed.ok())
        return lineError(line, parsed.errorMessage());
    RecordedChange record = std::move(parsed).value();
    if (record.offsetMs < m_lastOffsetMs)
        return lineError(line, QStringLiteral("t=%1 goes back in time (an earlier record has t=%2)")
                                   .arg(record.offsetMs)
                                   .arg(m_lastOffsetMs));
    m_lastOffsetMs = record.offsetMs;
    if (record.offsetMs > 0) {
        m_recording.changes.push_back(std::move(record));
        return {};
    }
    if (record.type != RecordType::Added)
        return lineError(line, QStringLiteral("records at t=0 are the initial state and must be "
                                              "ADDED (changes have t >= 1)"));
    const QString key = QString::number(record.resource) + QLatin1Char('/') + record.object.key();
    if (const auto seen = m_initialKeys.constFind(key); seen != m_initialKeys.constEnd())
        return lineError(line,
                         QStringLiteral("%1 %2 is already in the initial state (line %3)")
                             .arg(m_recording.header.resources[record.resource].qualifiedName(),
                                  record.object.key())
                             .arg(*seen));
    m_initialKeys.insert(key, line);
    m_recording.initialState.push_back(std::move(record));
    return {};
}

bool isBlank(QByteArrayView line)
{
    for (const char c : line) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return false;
    }
    return true;
}

} // namespace

const char *recordTypeName(RecordType type)
{
    switch (type) {
    case RecordType::Added:
        return "ADDED";
    case RecordType::Modified:
        return "MODIFIED";
    case RecordType::Deleted:
        return "DELETED";
    }
    return "ADDED";
}

Result<Recording> parseRecording(QByteArrayView bytes)
{
    if (isBlank(bytes))
        return lineError(1, QStringLiteral("empty file, not an Informant recording"));
    Recording recording;
    std::optional<RecordParser> records;
    dom::parser parser;
    qsizetype line = 0;
    for (qsizetype from = 0; from < bytes.size();) {
        ++line;
        const qsizetype newline = bytes.indexOf('\n', from);
        const bool lastWithoutNewline = newline < 0;
        const qsizetype end = lastWithoutNewline ? bytes.size() : newline;
        const QByteArrayView text = bytes.sliced(from, end - from);
        from = end + 1;
        if (line > 1 && isBlank(text))
            continue;
        dom::element element;
        const auto error = parser.parse(text.data(), size_t(text.size()), true).get(element);
        if (error != simdjson::SUCCESS) {
            // A first line that is not JSON: some other file, not a recording cut off.
            if (!records)
                return lineError(line, QStringLiteral("not an Informant recording (the first "
                                                      "line is not JSON)"));
            if (lastWithoutNewline)
                return lineError(line, QStringLiteral("truncated: the file ends inside this "
                                                      "line (was the recording cut off?)"));
            return lineError(line, QStringLiteral("malformed JSON (%1)")
                                       .arg(QString::fromUtf8(simdjson::error_message(error))));
        }
        if (!records) {
            auto header = parseHeader(element);
            if (!header.ok())
                return lineError(line, header.errorMessage());
            recording.header = std::move(header).value();
            records.emplace(recording);
            continue;
        }
        if (const Result<void> parsed = records->parse(element, line); !parsed.ok())
            return parsed.error();
    }
    return recording;
}

Result<Recording> readRecording(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    // Mapped rather than read: a recording of a large cluster is hundreds of MB.
    const qint64 size = file.size();
    QByteArray copy;
    QByteArrayView bytes;
    if (uchar *mapped = size > 0 ? file.map(0, size) : nullptr) {
        bytes = QByteArrayView(reinterpret_cast<const char *>(mapped), size);
    } else {
        copy = file.readAll();
        bytes = copy;
    }
    auto recording = parseRecording(bytes);
    if (!recording.ok())
        return makeError(path + QStringLiteral(": ") + recording.errorMessage());
    return recording;
}

Result<std::unique_ptr<RecordingWriter>> RecordingWriter::create(const QString &path,
                                                                 const RecordingHeader &header)
{
    std::unique_ptr<RecordingWriter> writer(new RecordingWriter);
    writer->m_file.setFileName(path);
    // Owner only, as kubeconfigs are: a recording holds every object watched,
    // Secrets (and their last-applied annotation) included.
    if (!writer->m_file.open(QIODevice::WriteOnly | QIODevice::Truncate,
                             QFileDevice::ReadOwner | QFileDevice::WriteOwner) ||
        // open() sets them only on a file it creates; an old recording
        // written over keeps its own.
        !writer->m_file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return makeError(
            QStringLiteral("cannot write %1: %2").arg(path, writer->m_file.errorString()));
    QJsonArray resources;
    for (const RecordedResource &resource : header.resources) {
        resources.append(QJsonObject{{"group", resource.group},
                                     {"version", resource.version},
                                     {"resource", resource.resource},
                                     {"kind", resource.kind},
                                     {"namespaced", resource.namespaced}});
        const QByteArray fields =
            QJsonDocument(QJsonObject{{"resource", resource.resource}, {"group", resource.group}})
                .toJson(QJsonDocument::Compact);
        writer->m_resourceFields.append(fields.mid(1, fields.size() - 2));
    }
    QJsonObject rest{
        {"recordedAt", header.recordedAt}, {"server", header.server}, {"resources", resources}};
    if (!header.namespaceName.isEmpty())
        rest.insert(QLatin1String("namespace"), header.namespaceName);
    if (!header.labelSelector.isEmpty())
        rest.insert(QLatin1String("labelSelector"), header.labelSelector);
    if (!header.fieldSelector.isEmpty())
        rest.insert(QLatin1String("fieldSelector"), header.fieldSelector);
    // The version first, so `head -c 40` tells what a file is.
    const QByteArray line =
        "{\"informantRecording\":" + QByteArray::number(kRecordingFormatVersion) + ',' +
        QJsonDocument(rest).toJson(QJsonDocument::Compact).mid(1) + '\n';
    // On disk at once: a recording stopped before its first flush is still a
    // valid (empty) recording, not an empty file.
    if (const Result<void> written = writer->writeBytes(line); !written.ok())
        return written.error();
    if (const Result<void> flushed = writer->flush(); !flushed.ok())
        return flushed.error();
    return writer;
}

RecordingWriter::~RecordingWriter()
{
    (void)close();
}

Result<void> RecordingWriter::writeBytes(const QByteArray &bytes)
{
    if (!m_file.isOpen())
        return makeError(QStringLiteral("%1: the recording is closed").arg(m_file.fileName()));
    if (m_file.write(bytes) != bytes.size())
        return makeError(
            QStringLiteral("cannot write %1: %2").arg(m_file.fileName(), m_file.errorString()));
    return {};
}

Result<void> RecordingWriter::write(qint64 offsetMs, int resource, RecordType type,
                                    const KubeObject &object)
{
    if (resource < 0 || resource >= m_resourceFields.size())
        return makeError(QStringLiteral("no resource %1 in the recording's header").arg(resource));
    const QByteArray json = object.json();
    QByteArray line;
    line.reserve(json.size() + 96);
    line.append("{\"t\":")
        .append(QByteArray::number(offsetMs))
        .append(',')
        .append(m_resourceFields[resource])
        .append(",\"type\":\"")
        .append(recordTypeName(type))
        .append("\",\"object\":")
        .append(json)
        .append("}\n");
    return writeBytes(line);
}

Result<void> RecordingWriter::flush()
{
    if (m_file.isOpen() && !m_file.flush())
        return makeError(
            QStringLiteral("cannot write %1: %2").arg(m_file.fileName(), m_file.errorString()));
    return {};
}

Result<void> RecordingWriter::close()
{
    if (!m_file.isOpen())
        return {};
    const Result<void> flushed = flush();
    m_file.close();
    return flushed;
}

} // namespace informant
