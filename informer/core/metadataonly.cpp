#include "informer/core/metadataonly.h"

#include "informer/core/jsonutil.h"

namespace informant {

namespace {

// The raw JSON of `json`'s "metadata" member; empty when absent, null or not
// an object.
QByteArray metadataMember(const QByteArray &json)
{
    namespace od = simdjson::ondemand;
    const detail::PaddedInput input(json);
    od::document document;
    od::object object;
    if (detail::threadOndemandParser().iterate(input.view()).get(document) != simdjson::SUCCESS ||
        document.get_object().get(object) != simdjson::SUCCESS)
        return {};
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key) != simdjson::SUCCESS)
            return {};
        if (key != "metadata")
            continue;
        od::value value = field.value();
        od::object metadata;
        std::string_view raw;
        if (value.get_object().get(metadata) != simdjson::SUCCESS ||
            metadata.raw_json().get(raw) != simdjson::SUCCESS)
            return {};
        return QByteArray(raw.data(), qsizetype(raw.size()));
    }
    return {};
}

} // namespace

bool isPartialObjectMetadata(QStringView kind, QStringView apiVersion)
{
    return kind == u"PartialObjectMetadata" &&
           (apiVersion == u"meta.k8s.io/v1" || apiVersion == u"meta.k8s.io/v1beta1");
}

Result<KubeObject> metadataOnlyObject(const KubeObject &object, const QString &kind,
                                      const QString &apiVersion, const DecodeOptions &options)
{
    if (object.isMetadataOnly() && object.kind() == kind && object.apiVersion() == apiVersion)
        return object;
    if (!object.kind().isEmpty() && object.kind() != kind &&
        !isPartialObjectMetadata(object.kind(), object.apiVersion()))
        return makeError(QStringLiteral("expected PartialObjectMetadata or %1, got %2 %3")
                             .arg(kind,
                                  object.apiVersion().isEmpty() ? QStringLiteral("(no apiVersion)")
                                                                : object.apiVersion(),
                                  object.kind()));
    const QByteArray metadata = metadataMember(object.json());
    if (metadata.isEmpty())
        return makeError(QStringLiteral("%1 without a metadata object")
                             .arg(object.kind().isEmpty() ? kind : object.kind()));
    QByteArray json = "{\"kind\":";
    const QByteArray kindText = kind.toUtf8();
    const QByteArray apiVersionText = apiVersion.toUtf8();
    detail::appendJsonString(std::string_view(kindText.constData(), size_t(kindText.size())), json);
    json += ",\"apiVersion\":";
    detail::appendJsonString(
        std::string_view(apiVersionText.constData(), size_t(apiVersionText.size())), json);
    json += ",\"metadata\":" + metadata + '}';
    DecodeOptions decode = options;
    decode.roomForTypeMeta = false; // it names both
    auto decoded = KubeObject::fromJson(json, decode);
    if (!decoded.ok())
        return decoded.error();
    return std::move(decoded).value().markedMetadataOnly();
}

} // namespace informant
