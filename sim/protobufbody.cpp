#include "sim/protobufbody.h"

#include <QDateTime>
#include <QJsonArray>

#include <algorithm>
#include <span>

namespace informant::sim {

namespace {

// ------------------------------------------------------------ the field table

enum class Type {
    String,
    Int,
    Bool,
    Message,
    StringMap,
    BytesMap,    // values base64 in JSON, as Go writes []byte
    QuantityMap, // map<string, resource.Quantity>
    Time,        // metav1.Time {seconds, nanos} as RFC 3339
    IntOrString, // intstr.IntOrString {type, intVal, strVal}
    Ignored,     // status: the server's to write
};

struct Message;

struct Field
{
    int number;
    const char *name;
    Type type;
    const Message *message = nullptr; // Type::Message
    bool repeated = false;
    bool optional = false; // a Go pointer: written only when set, zero kept
};

struct Message
{
    const char *name;
    std::span<const Field> fields;
};

constexpr bool kRepeated = true;
constexpr bool kOptional = true;

// From the leaves up, numbered as in k8s.io/api's generated.proto files.
const Field kObjectMetaFields[] = {
    {1, "name", Type::String},
    {2, "generateName", Type::String},
    {3, "namespace", Type::String},
    {4, "selfLink", Type::String},
    {5, "uid", Type::String},
    {6, "resourceVersion", Type::String},
    {7, "generation", Type::Int},
    {8, "creationTimestamp", Type::Time},
    {9, "deletionTimestamp", Type::Time},
    {10, "deletionGracePeriodSeconds", Type::Int, nullptr, false, kOptional},
    {11, "labels", Type::StringMap},
    {12, "annotations", Type::StringMap},
    {14, "finalizers", Type::String, nullptr, kRepeated},
};
const Message kObjectMeta{"ObjectMeta", kObjectMetaFields};

const Field kRequirementFields[] = {
    {1, "key", Type::String},
    {2, "operator", Type::String},
    {3, "values", Type::String, nullptr, kRepeated},
};
const Message kRequirement{"LabelSelectorRequirement", kRequirementFields};

const Field kLabelSelectorFields[] = {
    {1, "matchLabels", Type::StringMap},
    {2, "matchExpressions", Type::Message, &kRequirement, kRepeated},
};
const Message kLabelSelector{"LabelSelector", kLabelSelectorFields};

const Field kContainerPortFields[] = {
    {1, "name", Type::String},     {2, "hostPort", Type::Int},  {3, "containerPort", Type::Int},
    {4, "protocol", Type::String}, {5, "hostIP", Type::String},
};
const Message kContainerPort{"ContainerPort", kContainerPortFields};

const Field kEnvVarFields[] = {
    {1, "name", Type::String},
    {2, "value", Type::String},
};
const Message kEnvVar{"EnvVar", kEnvVarFields};

const Field kResourcesFields[] = {
    {1, "limits", Type::QuantityMap},
    {2, "requests", Type::QuantityMap},
};
const Message kResources{"ResourceRequirements", kResourcesFields};

const Field kContainerFields[] = {
    {1, "name", Type::String},
    {2, "image", Type::String},
    {3, "command", Type::String, nullptr, kRepeated},
    {4, "args", Type::String, nullptr, kRepeated},
    {5, "workingDir", Type::String},
    {6, "ports", Type::Message, &kContainerPort, kRepeated},
    {7, "env", Type::Message, &kEnvVar, kRepeated},
    {8, "resources", Type::Message, &kResources},
    {13, "terminationMessagePath", Type::String},
    {14, "imagePullPolicy", Type::String},
    {16, "stdin", Type::Bool},
    {17, "stdinOnce", Type::Bool},
    {18, "tty", Type::Bool},
    {20, "terminationMessagePolicy", Type::String},
};
const Message kContainer{"Container", kContainerFields};

const Field kLocalObjectReferenceFields[] = {{1, "name", Type::String}};
const Message kLocalObjectReference{"LocalObjectReference", kLocalObjectReferenceFields};

const Field kPodSpecFields[] = {
    {2, "containers", Type::Message, &kContainer, kRepeated},
    {3, "restartPolicy", Type::String},
    {4, "terminationGracePeriodSeconds", Type::Int, nullptr, false, kOptional},
    {5, "activeDeadlineSeconds", Type::Int, nullptr, false, kOptional},
    {6, "dnsPolicy", Type::String},
    {7, "nodeSelector", Type::StringMap},
    {8, "serviceAccountName", Type::String},
    {9, "serviceAccount", Type::String},
    {10, "nodeName", Type::String},
    {11, "hostNetwork", Type::Bool},
    {12, "hostPID", Type::Bool},
    {13, "hostIPC", Type::Bool},
    {15, "imagePullSecrets", Type::Message, &kLocalObjectReference, kRepeated},
    {16, "hostname", Type::String},
    {17, "subdomain", Type::String},
    {19, "schedulerName", Type::String},
    {20, "initContainers", Type::Message, &kContainer, kRepeated},
    {24, "priorityClassName", Type::String},
};
const Message kPodSpec{"PodSpec", kPodSpecFields};

const Field kPodTemplateSpecFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kPodSpec},
};
const Message kPodTemplateSpec{"PodTemplateSpec", kPodTemplateSpecFields};

const Field kPodFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kPodSpec},
    {3, "status", Type::Ignored},
};

const Field kStrategyFields[] = {{1, "type", Type::String}};
const Message kStrategy{"DeploymentStrategy", kStrategyFields};

const Field kDeploymentSpecFields[] = {
    {1, "replicas", Type::Int, nullptr, false, kOptional},
    {2, "selector", Type::Message, &kLabelSelector},
    {3, "template", Type::Message, &kPodTemplateSpec},
    {4, "strategy", Type::Message, &kStrategy},
    {5, "minReadySeconds", Type::Int},
    {6, "revisionHistoryLimit", Type::Int, nullptr, false, kOptional},
    {7, "paused", Type::Bool},
    {9, "progressDeadlineSeconds", Type::Int, nullptr, false, kOptional},
};
const Message kDeploymentSpec{"DeploymentSpec", kDeploymentSpecFields};

const Field kDeploymentFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kDeploymentSpec},
    {3, "status", Type::Ignored},
};

const Field kJobSpecFields[] = {
    {1, "parallelism", Type::Int, nullptr, false, kOptional},
    {2, "completions", Type::Int, nullptr, false, kOptional},
    {3, "activeDeadlineSeconds", Type::Int, nullptr, false, kOptional},
    {4, "selector", Type::Message, &kLabelSelector},
    {5, "manualSelector", Type::Bool, nullptr, false, kOptional},
    {6, "template", Type::Message, &kPodTemplateSpec},
    {7, "backoffLimit", Type::Int, nullptr, false, kOptional},
    {8, "ttlSecondsAfterFinished", Type::Int, nullptr, false, kOptional},
};
const Message kJobSpec{"JobSpec", kJobSpecFields};

const Field kJobFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kJobSpec},
    {3, "status", Type::Ignored},
};

const Field kJobTemplateSpecFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kJobSpec},
};
const Message kJobTemplateSpec{"JobTemplateSpec", kJobTemplateSpecFields};

const Field kCronJobSpecFields[] = {
    {1, "schedule", Type::String},
    {2, "startingDeadlineSeconds", Type::Int, nullptr, false, kOptional},
    {3, "concurrencyPolicy", Type::String},
    {4, "suspend", Type::Bool, nullptr, false, kOptional},
    {5, "jobTemplate", Type::Message, &kJobTemplateSpec},
    {6, "successfulJobsHistoryLimit", Type::Int, nullptr, false, kOptional},
    {7, "failedJobsHistoryLimit", Type::Int, nullptr, false, kOptional},
    {8, "timeZone", Type::String, nullptr, false, kOptional},
};
const Message kCronJobSpec{"CronJobSpec", kCronJobSpecFields};

const Field kCronJobFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kCronJobSpec},
    {3, "status", Type::Ignored},
};

const Field kServicePortFields[] = {
    {1, "name", Type::String},  {2, "protocol", Type::String},
    {3, "port", Type::Int},     {4, "targetPort", Type::IntOrString},
    {5, "nodePort", Type::Int}, {6, "appProtocol", Type::String, nullptr, false, kOptional},
};
const Message kServicePort{"ServicePort", kServicePortFields};

const Field kServiceSpecFields[] = {
    {1, "ports", Type::Message, &kServicePort, kRepeated},
    {2, "selector", Type::StringMap},
    {3, "clusterIP", Type::String},
    {4, "type", Type::String},
    {5, "externalIPs", Type::String, nullptr, kRepeated},
    {7, "sessionAffinity", Type::String},
    {8, "loadBalancerIP", Type::String},
    {10, "externalName", Type::String},
    {11, "externalTrafficPolicy", Type::String},
    {12, "healthCheckNodePort", Type::Int},
    {13, "publishNotReadyAddresses", Type::Bool},
};
const Message kServiceSpec{"ServiceSpec", kServiceSpecFields};

const Field kServiceFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kServiceSpec},
    {3, "status", Type::Ignored},
};

const Field kNamespaceSpecFields[] = {{1, "finalizers", Type::String, nullptr, kRepeated}};
const Message kNamespaceSpec{"NamespaceSpec", kNamespaceSpecFields};

const Field kNamespaceFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kNamespaceSpec},
    {3, "status", Type::Ignored},
};

const Field kConfigMapFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "data", Type::StringMap},
    {3, "binaryData", Type::BytesMap},
    {4, "immutable", Type::Bool, nullptr, false, kOptional},
};

const Field kSecretFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "data", Type::BytesMap},
    {3, "type", Type::String},
    {4, "stringData", Type::StringMap},
    {5, "immutable", Type::Bool, nullptr, false, kOptional},
};

const Field kServiceAccountFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {3, "imagePullSecrets", Type::Message, &kLocalObjectReference, kRepeated},
    {4, "automountServiceAccountToken", Type::Bool, nullptr, false, kOptional},
};

// kubectl auth can-i's questions (k8s.io/api/authorization/v1).
const Field kResourceAttributesFields[] = {
    {1, "namespace", Type::String}, {2, "verb", Type::String},     {3, "group", Type::String},
    {4, "version", Type::String},   {5, "resource", Type::String}, {6, "subresource", Type::String},
    {7, "name", Type::String},
};
const Message kResourceAttributes{"ResourceAttributes", kResourceAttributesFields};

const Field kNonResourceAttributesFields[] = {
    {1, "path", Type::String},
    {2, "verb", Type::String},
};
const Message kNonResourceAttributes{"NonResourceAttributes", kNonResourceAttributesFields};

const Field kSelfSubjectAccessReviewSpecFields[] = {
    {1, "resourceAttributes", Type::Message, &kResourceAttributes},
    {2, "nonResourceAttributes", Type::Message, &kNonResourceAttributes},
};
const Message kSelfSubjectAccessReviewSpec{"SelfSubjectAccessReviewSpec",
                                           kSelfSubjectAccessReviewSpecFields};

const Field kSelfSubjectAccessReviewFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kSelfSubjectAccessReviewSpec},
    {3, "status", Type::Ignored},
};

const Field kSelfSubjectRulesReviewSpecFields[] = {{1, "namespace", Type::String}};
const Message kSelfSubjectRulesReviewSpec{"SelfSubjectRulesReviewSpec",
                                          kSelfSubjectRulesReviewSpecFields};

const Field kSelfSubjectRulesReviewFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "spec", Type::Message, &kSelfSubjectRulesReviewSpec},
    {3, "status", Type::Ignored},
};

// kubectl auth whoami's question (k8s.io/api/authentication/v1): nothing asked.
const Field kSelfSubjectReviewFields[] = {
    {1, "metadata", Type::Message, &kObjectMeta},
    {2, "status", Type::Ignored},
};

// The kinds kubectl's imperative commands and auth can-i and whoami send as
// protobuf.
const Message kObjects[] = {
    {"Pod", kPodFields},
    {"Deployment", kDeploymentFields},
    {"Job", kJobFields},
    {"CronJob", kCronJobFields},
    {"Service", kServiceFields},
    {"Namespace", kNamespaceFields},
    {"ConfigMap", kConfigMapFields},
    {"Secret", kSecretFields},
    {"ServiceAccount", kServiceAccountFields},
    {"SelfSubjectAccessReview", kSelfSubjectAccessReviewFields},
    {"SelfSubjectRulesReview", kSelfSubjectRulesReviewFields},
    {"SelfSubjectReview", kSelfSubjectReviewFields},
};

// ------------------------------------------------------------ the wire format

enum WireType { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

// One field as it is on the wire: its number, its wire type and its value
// (a varint's number, or the bytes of any other).
struct WireField
{
    int number = 0;
    int wireType = 0;
    quint64 varint = 0;
    QByteArrayView bytes;

    bool isZero() const
    {
        if (wireType == kVarint)
            return varint == 0;
        if (wireType == kLengthDelimited)
            return bytes.isEmpty();
        return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; });
    }
};

class WireReader
{
public:
    explicit WireReader(QByteArrayView bytes)
        : m_bytes(bytes)
    {
    }
    bool atEnd() const { return m_at >= m_bytes.size(); }

    // The next field, or an error for truncated or malformed input.
    Result<WireField> next()
    {
        WireField field;
        quint64 key = 0;
        if (!readVarint(key) || key >> 3 == 0 || key >> 3 > 536870911)
            return makeError(QStringLiteral("malformed protobuf"));
        field.number = int(key >> 3);
        field.wireType = int(key & 7);
        switch (field.wireType) {
        case kVarint:
            if (!readVarint(field.varint))
                return makeError(QStringLiteral("malformed protobuf"));
            return field;
        case kFixed64:
        case kFixed32: {
            const qsizetype size = field.wireType == kFixed64 ? 8 : 4;
            if (m_bytes.size() - m_at < size)
                return makeError(QStringLiteral("truncated protobuf"));
            field.bytes = m_bytes.sliced(m_at, size);
            m_at += size;
            return field;
        }
        case kLengthDelimited: {
            quint64 size = 0;
            if (!readVarint(size) || size > quint64(m_bytes.size() - m_at))
                return makeError(QStringLiteral("truncated protobuf"));
            field.bytes = m_bytes.sliced(m_at, qsizetype(size));
            m_at += qsizetype(size);
            return field;
        }
        default:
            return makeError(
                QStringLiteral("unsupported protobuf wire type %1").arg(field.wireType));
        }
    }

private:
    bool readVarint(quint64 &value)
    {
        value = 0;
        for (int shift = 0; shift < 64 && m_at < m_bytes.size(); shift += 7) {
            const auto byte = quint8(m_bytes[m_at++]);
            value |= quint64(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return true;
        }
        return false;
    }

    QByteArrayView m_bytes;
    qsizetype m_at = 0;
};

// ------------------------------------------------------------ decoding

constexpr int kMaxDepth = 32; // deeper than any object of the table

// True if `bytes`, read as a message, holds nothing but zero values: what Go
// writes for a struct of unset fields.
bool holdsOnlyZeros(QByteArrayView bytes, int depth)
{
    if (depth > kMaxDepth)
        return false;
    WireReader reader(bytes);
    while (!reader.atEnd()) {
        const Result<WireField> field = reader.next();
        if (!field.ok())
            return false;
        if (!field->isZero() &&
            !(field->wireType == kLengthDelimited && holdsOnlyZeros(field->bytes, depth + 1)))
            return false;
    }
    return true;
}

QString text(QByteArrayView bytes)
{
    return QString::fromUtf8(bytes);
}

QJsonValue base64(QByteArrayView bytes)
{
    return QString::fromLatin1(bytes.toByteArray().toBase64());
}

Result<QJsonObject> decodeMessage(QByteArrayView bytes, const Message &message, int depth);

// A map entry {1: key, 2: value}.
Result<std::pair<QString, QByteArrayView>> mapEntry(QByteArrayView bytes)
{
    WireReader reader(bytes);
    QString key;
    QByteArrayView value;
    while (!reader.atEnd()) {
        const Result<WireField> field = reader.next();
        if (!field.ok())
            return field.error();
        if (field->wireType != kLengthDelimited)
            return makeError(QStringLiteral("malformed map entry"));
        if (field->number == 1)
            key = text(field->bytes);
        else if (field->number == 2)
            value = field->bytes;
    }
    return std::pair{key, value};
}

Result<QJsonValue> quantity(QByteArrayView bytes)
{
    WireReader reader(bytes);
    QString value;
    while (!reader.atEnd()) {
        const Result<WireField> field = reader.next();
        if (!field.ok())
            return field.error();
        if (field->number == 1 && field->wireType == kLengthDelimited)
            value = text(field->bytes);
    }
    return QJsonValue(value);
}

// metav1.Time: seconds and nanoseconds since the epoch; JSON keeps seconds.
Result<QJsonValue> timestamp(QByteArrayView bytes)
{
    WireReader reader(bytes);
    qint64 seconds = 0;
    while (!reader.atEnd()) {
        const Result<WireField> field = reader.next();
        if (!field.ok())
            return field.error();
        if (field->number == 1 && field->wireType == kVarint)
            seconds = qint64(field->varint);
    }
    if (seconds == 0)
        return QJsonValue(QJsonValue::Undefined);
    return QJsonValue(QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC).toString(Qt::ISODate));
}

Result<QJsonValue> intOrString(QByteArrayView bytes)
{
    WireReader reader(bytes);
    quint64 type = 0;
    qint64 number = 0;
    QString string;
    while (!reader.atEnd()) {
        const Result<WireField> field = reader.next();
        if (!field.ok())
            return field.error();
        if (field->number == 1 && field->wireType == kVarint)
            type = field->varint;
        else if (field->number == 2 && field->wireType == kVarint)
            number = qint64(qint32(field->varint));
        else if (field->number == 3 && field->wireType == kLengthDelimited)
            string = text(field->bytes);
    }
    if (type == 1)
        return string.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(string);
    return number == 0 ? QJsonValue(QJsonValue::Undefined) : QJsonValue(number);
}

// One field's value as JSON; Undefined for an unset one.
Result<QJsonValue> value(const WireField &wire, const Field &field, int depth)
{
    const auto wrongType = [&] {
        return makeError(QStringLiteral("protobuf field %1 (%2) has the wrong wire type")
                             .arg(wire.number)
                             .arg(QLatin1String(field.name)));
    };
    const bool keepZero = field.optional || field.repeated;
    switch (field.type) {
    case Type::String:
        if (wire.wireType != kLengthDelimited)
            return wrongType();
        if (wire.bytes.isEmpty() && !keepZero)
            return QJsonValue(QJsonValue::Undefined);
        return QJsonValue(text(wire.bytes));
    case Type::Int:
        if (wire.wireType != kVarint)
            return wrongType();
        if (wire.varint == 0 && !keepZero)
            return QJsonValue(QJsonValue::Undefined);
        return QJsonValue(qint64(wire.varint));
    case Type::Bool:
        if (wire.wireType != kVarint)
            return wrongType();
        if (wire.varint == 0 && !keepZero)
            return QJsonValue(QJsonValue::Undefined);
        return QJsonValue(wire.varint != 0);
    case Type::Message: {
        if (wire.wireType != kLengthDelimited)
            return wrongType();
        Result<QJsonObject> object = decodeMessage(wire.bytes, *field.message, depth + 1);
        if (!object.ok())
            return object.error();
        if (object->isEmpty() && !keepZero)
            return QJsonValue(QJsonValue::Undefined);
        return QJsonValue(*object);
    }
    case Type::Time:
        if (wire.wireType != kLengthDelimited)
            return wrongType();
        return timestamp(wire.bytes);
    case Type::IntOrString:
        if (wire.wireType != kLengthDelimited)
            return wrongType();
        return intOrString(wire.bytes);
    case Type::StringMap:
    case Type::BytesMap:
    case Type::QuantityMap:
    case Type::Ignored:
        break; // handled by the caller
    }
    return QJsonValue(QJsonValue::Undefined);
}

Result<QJsonObject> decodeMessage(QByteArrayView bytes, const Message &message, int depth)
{
    if (depth > kMaxDepth)
        return makeError(QStringLiteral("protobuf nested too deeply"));
    QJsonObject object;
    WireReader reader(bytes);
    while (!reader.atEnd()) {
        const Result<WireField> wire = reader.next();
        if (!wire.ok())
            return wire.error();
        const Field *field = nullptr;
        for (const Field &candidate : message.fields) {
            if (candidate.number == wire->number)
                field = &candidate;
        }
        if (!field) {
            if (wire->isZero() ||
                (wire->wireType == kLengthDelimited && holdsOnlyZeros(wire->bytes, depth + 1)))
                continue;
            return makeError(QStringLiteral("informant-sim does not read field %1 of %2 in a "
                                            "protobuf body")
                                 .arg(wire->number)
                                 .arg(QLatin1String(message.name)));
        }
        const QString name = QLatin1String(field->name);
        if (field->type == Type::Ignored)
            continue;
        if (field->type == Type::StringMap || field->type == Type::BytesMap ||
            field->type == Type::QuantityMap) {
            if (wire->wireType != kLengthDelimited)
                return makeError(QStringLiteral("malformed protobuf map %1").arg(name));
            const auto entry = mapEntry(wire->bytes);
            if (!entry.ok())
                return entry.error();
            QJsonObject map = object.value(name).toObject();
            if (field->type == Type::StringMap) {
                map.insert(entry->first, text(entry->second));
            } else if (field->type == Type::BytesMap) {
                map.insert(entry->first, base64(entry->second));
            } else {
                const Result<QJsonValue> amount = quantity(entry->second);
                if (!amount.ok())
                    return amount.error();
                map.insert(entry->first, *amount);
            }
            object.insert(name, map);
            continue;
        }
        const Result<QJsonValue> decoded = value(*wire, *field, depth);
        if (!decoded.ok())
            return decoded.error();
        if (field->repeated) {
            QJsonArray array = object.value(name).toArray();
            array.append(*decoded);
            object.insert(name, array);
        } else if (!decoded->isUndefined()) {
            object.insert(name, *decoded);
        }
    }
    return object;
}

} // namespace

Result<QJsonObject> protobufBodyToJson(QByteArrayView body)
{
    static constexpr char kMagic[] = {'k', '8', 's', '\0'};
    if (!body.startsWith(QByteArrayView(kMagic, 4)))
        return makeError(QStringLiteral("a protobuf body must start with the k8s magic bytes"));
    // runtime.Unknown: {1: TypeMeta {1: apiVersion, 2: kind}, 2: raw,
    // 3: contentEncoding, 4: contentType}.
    WireReader envelope(body.sliced(4));
    QString apiVersion, kind, contentEncoding;
    QByteArrayView raw;
    while (!envelope.atEnd()) {
        const Result<WireField> field = envelope.next();
        if (!field.ok())
            return field.error();
        if (field->wireType != kLengthDelimited)
            continue;
        if (field->number == 1) {
            WireReader typeMeta(field->bytes);
            while (!typeMeta.atEnd()) {
                const Result<WireField> part = typeMeta.next();
                if (!part.ok())
                    return part.error();
                if (part->number == 1)
                    apiVersion = text(part->bytes);
                else if (part->number == 2)
                    kind = text(part->bytes);
            }
        } else if (field->number == 2) {
            raw = field->bytes;
        } else if (field->number == 3) {
            contentEncoding = text(field->bytes);
        }
    }
    if (!contentEncoding.isEmpty())
        return makeError(
            QStringLiteral("unsupported protobuf content encoding \"%1\"").arg(contentEncoding));
    const Message *schema = nullptr;
    QStringList kinds;
    for (const Message &candidate : kObjects) {
        kinds.append(QLatin1String(candidate.name));
        if (kind == QLatin1String(candidate.name))
            schema = &candidate;
    }
    if (!schema)
        return makeError(QStringLiteral("informant-sim reads protobuf bodies of %1 only, not %2: "
                                        "send it as JSON (kubectl create -f FILE)")
                             .arg(kinds.join(QStringLiteral(", ")), kind));
    Result<QJsonObject> object = decodeMessage(raw, *schema, 0);
    if (!object.ok())
        return makeError(QStringLiteral("%1: %2").arg(kind, object.errorMessage()));
    QJsonObject result = std::move(object).value();
    result.insert(QStringLiteral("apiVersion"), apiVersion);
    result.insert(QStringLiteral("kind"), kind);
    return result;
}

} // namespace informant::sim
