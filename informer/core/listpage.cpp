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

bool readListMeta(od::value value, ListPage &page)
{
    od::object metadata;
    if (value.get_object().get(metadata) != SUCCESS)
        return false;
    for (auto field : metadata) {
        std::string_view key, text;
        if (field.unescaped_key().get(key) != SUCCESS)
            return false;
        if (key == "resourceVersion" && field.value().get_string().get(text) == SUCCESS)
            page.resourceVersion = detail::toQString(text);
        else if (key == "continue" && field.value().get_string().get(text) == SUCCESS)
            page.continueToken = detail::toQString(text);
        else if (key == "remainingItemCount") {
            int64_t remaining = 0;
            if (field.value().get_int64().get(remaining) == SUCCESS)
                page.remainingItemCount = remaining;
        }
    }
    return true;
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
            if (!readListMeta(field.value(), page))
                return makeError(QStringLiteral("invalid list: metadata: expected an object"));
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
                auto decoded = detail::decodeObject(itemValue, options, {"items", index});
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
    return page;
}

} // namespace informant
