#include "informer/core/kubeobject.h"

#include "informer/core/domwriter.h"
#include "informer/core/kubeobjectdata.h"

#include <algorithm>

namespace informant {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// Reads an optional string field; a present field of another type (other than
// null) is an error naming its path.
bool readString(simdjson::dom::object object, std::string_view field, QString &target,
                QString &error, const char *path)
{
    element value;
    if (object.at_key(field).get(value) != simdjson::SUCCESS || value.is_null())
        return true;
    std::string_view text;
    if (value.get(text) != simdjson::SUCCESS) {
        error = QStringLiteral("%1: expected a string").arg(QLatin1String(path));
        return false;
    }
    target = toQString(text);
    return true;
}

bool readTimestamp(simdjson::dom::object object, std::string_view field, qint64 &target,
                   QString &error, const char *path)
{
    QString text;
    if (!readString(object, field, text, error, path))
        return false;
    if (text.isEmpty())
        return true;
    const QByteArray utf8 = text.toUtf8();
    target = parseKubeTimestampMs(utf8);
    if (target < 0) {
        error = QStringLiteral("%1: invalid timestamp \"%2\"").arg(QLatin1String(path), text);
        return false;
    }
    return true;
}

bool readMetadata(simdjson::dom::object metadata, KubeObject::Data &data, QString &error)
{
    if (!readString(metadata, "namespace", data.namespaceName, error, "metadata.namespace")
        || !readString(metadata, "name", data.name, error, "metadata.name")
        || !readString(metadata, "uid", data.uid, error, "metadata.uid")
        || !readString(metadata, "resourceVersion", data.resourceVersion, error,
                       "metadata.resourceVersion")
        || !readTimestamp(metadata, "creationTimestamp", data.creationTimestampMs, error,
                          "metadata.creationTimestamp")
        || !readTimestamp(metadata, "deletionTimestamp", data.deletionTimestampMs, error,
                          "metadata.deletionTimestamp"))
        return false;

    element value;
    if (metadata.at_key("generation").get(value) == simdjson::SUCCESS && !value.is_null()) {
        int64_t generation = 0;
        if (value.get(generation) != simdjson::SUCCESS) {
            error = QStringLiteral("metadata.generation: expected an integer");
            return false;
        }
        data.generation = generation;
    }
    if (metadata.at_key("labels").get(value) == simdjson::SUCCESS && !value.is_null()) {
        simdjson::dom::object labels;
        if (value.get(labels) != simdjson::SUCCESS) {
            error = QStringLiteral("metadata.labels: expected an object");
            return false;
        }
        data.labels.reserve(qsizetype(labels.size()));
        for (auto field : labels) {
            std::string_view text;
            if (field.value.get(text) != simdjson::SUCCESS) {
                error = QStringLiteral("metadata.labels.%1: expected a string")
                            .arg(toQString(field.key));
                return false;
            }
            data.labels.append(Label{toQString(field.key), toQString(text)});
        }
        std::sort(data.labels.begin(), data.labels.end(),
                  [](const Label &a, const Label &b) { return a.key < b.key; });
    }
    if (metadata.at_key("annotations").get(value) == simdjson::SUCCESS && !value.is_null()) {
        simdjson::dom::object annotations;
        if (value.get(annotations) != simdjson::SUCCESS) {
            error = QStringLiteral("metadata.annotations: expected an object");
            return false;
        }
        for (auto field : annotations) {
            if (!field.value.is_string()) {
                error = QStringLiteral("metadata.annotations.%1: expected a string")
                            .arg(toQString(field.key));
                return false;
            }
            data.annotationKeys.append(toQString(field.key));
        }
        std::sort(data.annotationKeys.begin(), data.annotationKeys.end());
    }
    if (metadata.at_key("ownerReferences").get(value) == simdjson::SUCCESS && !value.is_null()) {
        simdjson::dom::array owners;
        if (value.get(owners) != simdjson::SUCCESS) {
            error = QStringLiteral("metadata.ownerReferences: expected an array");
            return false;
        }
        for (element owner : owners) {
            simdjson::dom::object ownerObject;
            if (owner.get(ownerObject) != simdjson::SUCCESS) {
                error = QStringLiteral("metadata.ownerReferences: expected objects");
                return false;
            }
            OwnerReference reference;
            if (!readString(ownerObject, "apiVersion", reference.apiVersion, error,
                            "metadata.ownerReferences[].apiVersion")
                || !readString(ownerObject, "kind", reference.kind, error,
                               "metadata.ownerReferences[].kind")
                || !readString(ownerObject, "name", reference.name, error,
                               "metadata.ownerReferences[].name")
                || !readString(ownerObject, "uid", reference.uid, error,
                               "metadata.ownerReferences[].uid"))
                return false;
            bool controller = false;
            if (ownerObject.at_key("controller").get(controller) == simdjson::SUCCESS)
                reference.controller = controller;
            data.ownerReferences.append(std::move(reference));
        }
    }
    data.hasManagedFields = metadata.at_key("managedFields").error() == simdjson::SUCCESS;
    return true;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
qint64 daysFromCivil(int year, unsigned month, unsigned day)
{
    year -= month <= 2;
    const qint64 era = (year >= 0 ? year : year - 399) / 400;
    const unsigned yearOfEra = unsigned(year - era * 400);
    const unsigned dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const unsigned dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + qint64(dayOfEra) - 719468;
}

bool readDigits(QByteArrayView text, qsizetype &pos, int count, int &value)
{
    value = 0;
    for (int i = 0; i < count; ++i, ++pos) {
        if (pos >= text.size() || text[pos] < '0' || text[pos] > '9')
            return false;
        value = value * 10 + (text[pos] - '0');
    }
    return true;
}

bool expect(QByteArrayView text, qsizetype &pos, char c)
{
    if (pos >= text.size() || (text[pos] != c && !(c == 'T' && text[pos] == 't')))
        return false;
    ++pos;
    return true;
}

} // namespace

qint64 parseKubeTimestampMs(QByteArrayView text)
{
    qsizetype pos = 0;
    int year, month, day, hour, minute, second;
    if (!readDigits(text, pos, 4, year) || !expect(text, pos, '-')
        || !readDigits(text, pos, 2, month) || !expect(text, pos, '-')
        || !readDigits(text, pos, 2, day) || !expect(text, pos, 'T')
        || !readDigits(text, pos, 2, hour) || !expect(text, pos, ':')
        || !readDigits(text, pos, 2, minute) || !expect(text, pos, ':')
        || !readDigits(text, pos, 2, second))
        return -1;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return -1;
    int millis = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        int digits = 0;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            if (digits < 3)
                millis = millis * 10 + (text[pos] - '0');
            ++digits;
            ++pos;
        }
        if (digits == 0)
            return -1;
        for (; digits < 3; ++digits)
            millis *= 10;
    }
    qint64 offsetMinutes = 0;
    if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
        ++pos;
    } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        const int sign = text[pos] == '-' ? -1 : 1;
        ++pos;
        int offsetHour, offsetMinute;
        if (!readDigits(text, pos, 2, offsetHour) || !expect(text, pos, ':')
            || !readDigits(text, pos, 2, offsetMinute))
            return -1;
        offsetMinutes = sign * (offsetHour * 60 + offsetMinute);
    } else {
        return -1;
    }
    if (pos != text.size())
        return -1;
    const qint64 days = daysFromCivil(year, unsigned(month), unsigned(day));
    const qint64 seconds = days * 86400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60;
    if (seconds < 0)
        return -1;
    return seconds * 1000 + millis;
}

namespace detail {

Result<KubeObject> kubeObjectFromElement(simdjson::dom::element root,
                                         const DecodeOptions &options, const char *what)
{
    simdjson::dom::object object;
    if (root.get(object) != simdjson::SUCCESS)
        return makeError(QStringLiteral("%1: expected a JSON object").arg(QLatin1String(what)));

    auto *data = new KubeObject::Data;
    KubeObject result = KubeObject::adopt(data);
    QString error;
    if (!readString(object, "apiVersion", data->apiVersion, error, "apiVersion")
        || !readString(object, "kind", data->kind, error, "kind"))
        return makeError(QStringLiteral("%1: %2").arg(QLatin1String(what), error));

    element metadataValue;
    if (object.at_key("metadata").get(metadataValue) == simdjson::SUCCESS
        && !metadataValue.is_null()) {
        simdjson::dom::object metadata;
        if (metadataValue.get(metadata) != simdjson::SUCCESS)
            return makeError(
                QStringLiteral("%1: metadata: expected an object").arg(QLatin1String(what)));
        if (!readMetadata(metadata, *data, error))
            return makeError(QStringLiteral("%1: %2").arg(QLatin1String(what), error));
    }

    if (options.dropManagedFields && data->hasManagedFields) {
        writeObjectWithoutManagedFields(object, data->json);
        data->hasManagedFields = false;
    } else {
        writeMinifiedJson(root, data->json);
    }
    data->json.squeeze();
    return result;
}

} // namespace detail

KubeObject::KubeObject() = default;
KubeObject::~KubeObject() = default;
KubeObject::KubeObject(const KubeObject &) = default;
KubeObject &KubeObject::operator=(const KubeObject &) = default;
KubeObject::KubeObject(KubeObject &&) noexcept = default;
KubeObject &KubeObject::operator=(KubeObject &&) noexcept = default;
KubeObject::KubeObject(Data *data) : d(data) {}

KubeObject KubeObject::adopt(Data *data)
{
    return KubeObject(data);
}

Result<KubeObject> KubeObject::fromJson(QByteArrayView json, const DecodeOptions &options)
{
    simdjson::dom::element element;
    const auto error =
        detail::threadParser().parse(json.data(), size_t(json.size())).get(element);
    if (error != simdjson::SUCCESS)
        return makeError(
            QStringLiteral("invalid JSON: %1").arg(QLatin1String(simdjson::error_message(error))));
    return detail::kubeObjectFromElement(element, options, "object");
}

static const QList<Label> kNoLabels;
static const QList<QString> kNoKeys;
static const QList<OwnerReference> kNoOwners;

QByteArray KubeObject::json() const { return d ? d->json : QByteArray(); }
qsizetype KubeObject::jsonSize() const { return d ? d->json.size() : 0; }
QString KubeObject::apiVersion() const { return d ? d->apiVersion : QString(); }
QString KubeObject::kind() const { return d ? d->kind : QString(); }
QString KubeObject::namespaceName() const { return d ? d->namespaceName : QString(); }
QString KubeObject::name() const { return d ? d->name : QString(); }
QString KubeObject::uid() const { return d ? d->uid : QString(); }
QString KubeObject::resourceVersion() const { return d ? d->resourceVersion : QString(); }
qint64 KubeObject::generation() const { return d ? d->generation : 0; }
qint64 KubeObject::creationTimestampMs() const { return d ? d->creationTimestampMs : -1; }
qint64 KubeObject::deletionTimestampMs() const { return d ? d->deletionTimestampMs : -1; }
const QList<Label> &KubeObject::labels() const { return d ? d->labels : kNoLabels; }
const QList<QString> &KubeObject::annotationKeys() const
{
    return d ? d->annotationKeys : kNoKeys;
}
const QList<OwnerReference> &KubeObject::ownerReferences() const
{
    return d ? d->ownerReferences : kNoOwners;
}
bool KubeObject::hasManagedFields() const { return d && d->hasManagedFields; }

std::optional<QString> KubeObject::label(const QString &key) const
{
    const auto &all = labels();
    const auto it = std::lower_bound(all.begin(), all.end(), key,
                                     [](const Label &label, const QString &k) { return label.key < k; });
    if (it == all.end() || it->key != key)
        return std::nullopt;
    return it->value;
}

QString KubeObject::key() const
{
    if (!d)
        return QString();
    if (d->namespaceName.isEmpty())
        return d->name;
    return d->namespaceName + QLatin1Char('/') + d->name;
}

KubeObject withoutManagedFields(const KubeObject &object)
{
    if (!object.hasManagedFields())
        return object;
    auto stripped = KubeObject::fromJson(object.json(), DecodeOptions{true});
    return stripped.ok() ? stripped.value() : object;
}

} // namespace informant
