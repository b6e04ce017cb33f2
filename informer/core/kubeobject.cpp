#include "informer/core/kubeobject.h"

#include "informer/core/jsonutil.h"
#include "informer/core/kubeobjectdata.h"
#include "informer/core/objectdecoder.h"

#include <algorithm>

namespace informant {

namespace {

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

std::optional<qint64> parseKubeTimestamp(QByteArrayView text)
{
    qsizetype pos = 0;
    int year, month, day, hour, minute, second;
    if (!readDigits(text, pos, 4, year) || !expect(text, pos, '-') ||
        !readDigits(text, pos, 2, month) || !expect(text, pos, '-') ||
        !readDigits(text, pos, 2, day) || !expect(text, pos, 'T') ||
        !readDigits(text, pos, 2, hour) || !expect(text, pos, ':') ||
        !readDigits(text, pos, 2, minute) || !expect(text, pos, ':') ||
        !readDigits(text, pos, 2, second))
        return std::nullopt;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return std::nullopt;
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
            return std::nullopt;
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
        if (!readDigits(text, pos, 2, offsetHour) || !expect(text, pos, ':') ||
            !readDigits(text, pos, 2, offsetMinute))
            return std::nullopt;
        offsetMinutes = sign * (offsetHour * 60 + offsetMinute);
    } else {
        return std::nullopt;
    }
    if (pos != text.size())
        return std::nullopt;
    const qint64 days = daysFromCivil(year, unsigned(month), unsigned(day));
    const qint64 seconds = days * 86400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60;
    return seconds * 1000 + millis;
}

qint64 parseKubeTimestampMs(QByteArrayView text)
{
    const std::optional<qint64> ms = parseKubeTimestamp(text);
    return ms && *ms >= 0 ? *ms : -1;
}

// Gives `data` the kind and apiVersion it lacks, in its fields and first in
// its JSON. The JSON is rewritten in place: a list item's, unshared, has room
// before its '{' (DecodeOptions::roomForTypeMeta), so the members are
// prepended without copying the object.
void KubeObject::addTypeMeta(Data &data, const QString &kind, const QString &apiVersion)
{
    QByteArray members = "{";
    const auto add = [&](const char *name, const QString &value, QString &field) {
        if (!field.isEmpty() || value.isEmpty())
            return;
        if (members.size() > 1)
            members += ',';
        members += name;
        const QByteArray text = value.toUtf8();
        detail::appendJsonString(std::string_view(text.constData(), size_t(text.size())), members);
        field = value;
    };
    add("\"kind\":", kind, data.kind);
    add("\"apiVersion\":", apiVersion, data.apiVersion);
    if (members.size() == 1)
        return;
    QByteArray &json = data.json;
    if (QByteArrayView(json).sliced(1).trimmed() == "}") { // no member follows
        json = members + '}';
        return;
    }
    json[0] = ','; // the object's '{' now separates the added members from its own
    json.prepend(members);
}

KubeObject KubeObject::withTypeMeta(const QString &kind, const QString &apiVersion) const &
{
    if (!d)
        return *this;
    const bool addsKind = d->kind.isEmpty() && !kind.isEmpty();
    const bool addsApiVersion = d->apiVersion.isEmpty() && !apiVersion.isEmpty();
    if (!addsKind && !addsApiVersion)
        return *this;
    auto *data = new Data(*d);
    addTypeMeta(*data, kind, apiVersion);
    return KubeObject(data);
}

KubeObject KubeObject::withTypeMeta(const QString &kind, const QString &apiVersion) &&
{
    if (!d || d->ref.loadRelaxed() != 1)
        return std::as_const(*this).withTypeMeta(kind, apiVersion);
    addTypeMeta(*d, kind, apiVersion); // no one else sees this block
    return std::move(*this);
}

void completeItemTypeMeta(QList<KubeObject> &items, const QString &listKind,
                          const QString &listApiVersion)
{
    if (!listKind.endsWith(QLatin1String("List")))
        return;
    const QString kind = listKind.chopped(4);
    for (KubeObject &item : items) {
        if (item.kind().isEmpty() || item.apiVersion().isEmpty())
            item = std::move(item).withTypeMeta(kind, listApiVersion);
    }
}

bool isMetaTable(QStringView kind, QStringView apiVersion)
{
    return kind == u"Table" &&
           (apiVersion == u"meta.k8s.io/v1" || apiVersion == u"meta.k8s.io/v1beta1");
}

KubeObject::KubeObject() = default;
KubeObject::~KubeObject() = default;
KubeObject::KubeObject(const KubeObject &) = default;
KubeObject &KubeObject::operator=(const KubeObject &) = default;
KubeObject::KubeObject(KubeObject &&) noexcept = default;
KubeObject &KubeObject::operator=(KubeObject &&) noexcept = default;
KubeObject::KubeObject(Data *data)
    : d(data)
{
}

KubeObject KubeObject::adopt(Data *data)
{
    return KubeObject(data);
}

Result<KubeObject> KubeObject::fromJson(QByteArrayView json, const DecodeOptions &options)
{
    const detail::PaddedInput input(json);
    simdjson::ondemand::document document;
    auto error = detail::threadOndemandParser().iterate(input.view()).get(document);
    simdjson::ondemand::value value;
    if (error == simdjson::SUCCESS)
        error = document.get_value().get(value);
    if (error != simdjson::SUCCESS)
        return makeError(
            QStringLiteral("invalid JSON: %1").arg(QLatin1String(simdjson::error_message(error))));
    auto decoded = detail::decodeObject(value, options, {"object"});
    const char *trailing = nullptr;
    if (decoded.ok() && document.current_location().get(trailing) == simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid JSON: trailing content after the object"));
    return decoded;
}

void KubeObject::prefetchBlock() const
{
    if (d) {
        __builtin_prefetch(d.data());
        __builtin_prefetch(&d->hasManagedFields); // the last of the first members
    }
}

void KubeObject::prefetchKey() const
{
    if (d)
        __builtin_prefetch(d->key.constData());
}

static const QList<Label> kNoLabels;
static const QList<QString> kNoKeys;
static const QList<OwnerReference> kNoOwners;

QByteArray KubeObject::json() const
{
    return d ? d->json : QByteArray();
}
qsizetype KubeObject::jsonSize() const
{
    return d ? d->json.size() : 0;
}
QString KubeObject::apiVersion() const
{
    return d ? d->apiVersion : QString();
}
QString KubeObject::kind() const
{
    return d ? d->kind : QString();
}
QString KubeObject::namespaceName() const
{
    return d ? d->namespaceName : QString();
}
QString KubeObject::name() const
{
    return d ? d->name : QString();
}
QString KubeObject::uid() const
{
    return d ? d->uid : QString();
}
QString KubeObject::resourceVersion() const
{
    return d ? d->resourceVersion : QString();
}
qint64 KubeObject::generation() const
{
    return d ? d->generation : 0;
}
qint64 KubeObject::creationTimestampMs() const
{
    return d ? d->creationTimestampMs : -1;
}
qint64 KubeObject::deletionTimestampMs() const
{
    return d ? d->deletionTimestampMs : -1;
}
const QList<Label> &KubeObject::labels() const
{
    return d ? d->labels : kNoLabels;
}
const QList<QString> &KubeObject::annotationKeys() const
{
    return d ? d->annotationKeys : kNoKeys;
}
const QList<OwnerReference> &KubeObject::ownerReferences() const
{
    return d ? d->ownerReferences : kNoOwners;
}
bool KubeObject::hasManagedFields() const
{
    return d && d->hasManagedFields;
}
bool KubeObject::isMetadataOnly() const
{
    return d && d->metadataOnly;
}

KubeObject KubeObject::markedMetadataOnly() &&
{
    if (!d || d->metadataOnly)
        return std::move(*this);
    d.detach();
    d->metadataOnly = true;
    return std::move(*this);
}

std::optional<QString> KubeObject::label(const QString &key) const
{
    const auto &all = labels();
    const auto it =
        std::lower_bound(all.begin(), all.end(), key,
                         [](const Label &label, const QString &k) { return label.key < k; });
    if (it == all.end() || it->key != key)
        return std::nullopt;
    return it->value;
}

QString KubeObject::key() const
{
    return d ? d->key : QString();
}

KubeObject withoutManagedFields(const KubeObject &object)
{
    if (!object.hasManagedFields())
        return object;
    auto stripped = KubeObject::fromJson(object.json(), DecodeOptions{true});
    if (!stripped.ok())
        return object;
    if (object.isMetadataOnly())
        return std::move(stripped).value().markedMetadataOnly();
    return std::move(stripped).value();
}

} // namespace informant
