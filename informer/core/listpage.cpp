#include "informer/core/listpage.h"

#include "informer/core/domwriter.h"
#include "informer/core/kubeobjectdata.h"

namespace informant {

namespace {

QString stringAt(simdjson::dom::object object, std::string_view key)
{
    std::string_view text;
    if (object.at_key(key).get(text) != simdjson::SUCCESS)
        return QString();
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace

Result<ListPage> decodeListPage(QByteArrayView json, const DecodeOptions &options)
{
    simdjson::dom::element root;
    const auto error =
        detail::threadParser().parse(json.data(), size_t(json.size())).get(root);
    if (error != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid list JSON: %1")
                             .arg(QLatin1String(simdjson::error_message(error))));
    simdjson::dom::object object;
    if (root.get(object) != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid list: expected a JSON object"));

    ListPage page;
    page.kind = stringAt(object, "kind");
    page.apiVersion = stringAt(object, "apiVersion");
    if (page.kind == QLatin1String("Status"))
        return makeError(QStringLiteral("expected a list, got a Status object"));

    simdjson::dom::object metadata;
    if (object.at_key("metadata").get(metadata) == simdjson::SUCCESS) {
        page.resourceVersion = stringAt(metadata, "resourceVersion");
        page.continueToken = stringAt(metadata, "continue");
        int64_t remaining = 0;
        if (metadata.at_key("remainingItemCount").get(remaining) == simdjson::SUCCESS)
            page.remainingItemCount = remaining;
    }

    simdjson::dom::element itemsValue;
    if (object.at_key("items").get(itemsValue) != simdjson::SUCCESS || itemsValue.is_null())
        return page;
    simdjson::dom::array items;
    if (itemsValue.get(items) != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid list: items: expected an array"));
    page.items.reserve(qsizetype(items.size()));
    qsizetype index = 0;
    for (auto item : items) {
        const QByteArray what = "items[" + QByteArray::number(index) + "]";
        auto decoded = detail::kubeObjectFromElement(item, options, what.constData());
        if (!decoded.ok())
            return decoded.error();
        page.items.append(std::move(decoded).value());
        ++index;
    }
    return page;
}

} // namespace informant
