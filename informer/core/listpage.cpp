#include "informer/core/listpage.h"

#include "informer/core/jsonutil.h"
#include "informer/core/objectdecoder.h"

namespace informant {

namespace {

namespace od = simdjson::ondemand;
using simdjson::SUCCESS;

Error jsonError(simdjson::error_code code)
{
    return makeError(
        QStringLiteral("invalid list JSON: %1").arg(QLatin1String(simdjson::error_message(code))));
}

// Reads a string field of the list's metadata; null counts as absent. A
// mistyped resourceVersion or continue must fail the page: taken as empty,
// the reflector would lose its resourceVersion or stop paging early.
bool readMetaString(od::value value, QString &out)
{
    bool null = false;
    if (value.is_null().get(null) == SUCCESS && null)
        return true;
    std::string_view text;
    if (value.get_string().get(text) != SUCCESS)
        return false;
    out = detail::toQString(text);
    return true;
}

// The list's metadata, or the name of the field that has the wrong type.
Result<void> readListMeta(od::value value, ListPage &page)
{
    const auto invalid = [](const char *field, const char *expected) {
        return makeError(QStringLiteral("invalid list: metadata%1: expected %2")
                             .arg(QLatin1String(field), QLatin1String(expected)));
    };
    od::object metadata;
    if (value.get_object().get(metadata) != SUCCESS)
        return invalid("", "an object");
    for (auto field : metadata) {
        std::string_view key;
        if (field.unescaped_key().get(key) != SUCCESS)
            return invalid("", "an object");
        if (key == "resourceVersion") {
            if (!readMetaString(field.value(), page.resourceVersion))
                return invalid(".resourceVersion", "a string");
        } else if (key == "continue") {
            if (!readMetaString(field.value(), page.continueToken))
                return invalid(".continue", "a string");
        } else if (key == "remainingItemCount") {
            int64_t remaining = 0;
            if (field.value().get_int64().get(remaining) == SUCCESS)
                page.remainingItemCount = remaining;
        }
    }
    return {};
}

} // namespace

Result<ListPage> decodeListPage(QByteArrayView json, const DecodeOptions &options)
{
    const detail::PaddedInput input(json);
    od::document document;
    auto error = detail::threadOndemandParser().iterate(input.view()).get(document);
    od::object object;
    if (error == SUCCESS)
        error = document.get_object().get(object);
    if (error == simdjson::INCORRECT_TYPE)
        return makeError(QStringLiteral("invalid list: expected a JSON object"));
    if (error != SUCCESS)
        return jsonError(error);

    ListPage page;
    DecodeOptions itemOptions = options;
    itemOptions.roomForTypeMeta = true; // completed with the list's kind at the end
    for (auto field : object) {
        std::string_view key, text;
        if ((error = field.unescaped_key().get(key)) != SUCCESS)
            return jsonError(error);
        if (key == "kind" || key == "apiVersion") {
            if (field.value().get_string().get(text) != SUCCESS)
                return makeError(QStringLiteral("invalid list: %1: expected a string")
                                     .arg(detail::toQString(key)));
            (key == "kind" ? page.kind : page.apiVersion) = detail::toQString(text);
            if (page.kind == QLatin1String("Status"))
                return makeError(QStringLiteral("expected a list, got a Status object"));
        } else if (key == "metadata") {
            if (auto meta = readListMeta(field.value(), page); !meta.ok())
                return meta.error();
        } else if (key == "items") {
            od::value itemsValue = field.value();
            bool null = false;
            if (itemsValue.is_null().get(null) == SUCCESS && null)
                continue;
            od::array items;
            if (itemsValue.get_array().get(items) != SUCCESS)
                return makeError(QStringLiteral("invalid list: items: expected an array"));
            qsizetype index = 0;
            for (auto item : items) {
                od::value itemValue;
                if ((error = item.get(itemValue)) != SUCCESS)
                    return jsonError(error);
                auto decoded = detail::decodeObject(itemValue, itemOptions, {"items", index});
                if (!decoded.ok())
                    return decoded.error();
                page.items.append(std::move(decoded).value());
                ++index;
            }
        }
    }
    const char *trailing = nullptr;
    if (document.current_location().get(trailing) == SUCCESS)
        return makeError(QStringLiteral("invalid list JSON: trailing content"));
    completeItemTypeMeta(page.items, page.kind, page.apiVersion);
    return page;
}

} // namespace informant
