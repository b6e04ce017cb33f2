// Fuzz target: the List response decoders, with and without the managedFields
// cut. decodeListPage takes a whole body; ListBodyDecoder the same body as it
// arrives, in chunks split anywhere (two chunk sizes from the input's
// length: over many inputs every split position is tried). ListBodyDecoder
// must give the same page or the same error (message included) however the
// body is chunked, for any input. For valid JSON decodeListPage must agree.
// Malformed JSON only must not crash there: simdjson's On Demand API
// validates what it reads, not what it skips, and the two read different
// parts (the whole body's iteration can lose its place after a malformed
// member and end the object early; the item scanner does not).

#include "informer/core/listbodydecoder.h"
#include "informer/core/listpage.h"

#include <simdjson.h>

#include <cstdint>

namespace {

QByteArray describe(const informant::Result<informant::ListPage> &page, bool withMessage = false)
{
    if (!page.ok())
        return withMessage ? "error: " + page.errorMessage().toUtf8() : QByteArray("error");
    QByteArray out = page->kind.toUtf8() + ' ' + page->apiVersion.toUtf8() + ' ' +
                     page->resourceVersion.toUtf8() + ' ' + page->continueToken.toUtf8() + ' ' +
                     QByteArray::number(page->remainingItemCount.value_or(-1)) + '\n';
    for (const auto &item : page->items)
        out +=
            item.key().toUtf8() + ' ' + item.resourceVersion().toUtf8() + ' ' + item.json() + '\n';
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView body(reinterpret_cast<const char *>(data), qsizetype(size));
    static simdjson::dom::parser validator;
    const bool valid =
        validator.parse(reinterpret_cast<const char *>(data), size).error() == simdjson::SUCCESS;
    for (bool drop : {false, true}) {
        const informant::DecodeOptions options{drop};
        const auto page = informant::decodeListPage(body, options);
        if (page.ok()) {
            for (const auto &item : page->items) {
                // Stored bytes must decode again to the same hot fields.
                auto again = informant::KubeObject::fromJson(item.json());
                if (again.ok() && again->key() != item.key())
                    __builtin_trap();
            }
        }
        const QByteArray expected = describe(page);
        QByteArray whole; // ListBodyDecoder's result for the body in one chunk
        for (const qsizetype chunk :
             {body.size(), qsizetype(1 + size % 7), qsizetype(8 + size % 97)}) {
            informant::ListBodyDecoder decoder(options);
            for (qsizetype i = 0; i < body.size(); i += chunk)
                decoder.feed(body.sliced(i, qMin(chunk, body.size() - i)));
            const auto split = decoder.finish();
            if (valid && describe(split) != expected)
                __builtin_trap();
            const QByteArray exact = describe(split, true);
            if (chunk == body.size())
                whole = exact;
            else if (exact != whole)
                __builtin_trap();
        }
    }
    return 0;
}
