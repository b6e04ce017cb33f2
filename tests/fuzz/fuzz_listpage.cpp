// Fuzz target: the List response decoder, with and without the managedFields cut.

#include "informer/core/listpage.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView body(reinterpret_cast<const char *>(data), qsizetype(size));
    for (bool drop : {false, true}) {
        auto page = informant::decodeListPage(body, informant::DecodeOptions{drop});
        if (!page.ok())
            continue;
        for (const auto &item : page->items) {
            // Stored bytes must decode again to the same hot fields.
            auto again = informant::KubeObject::fromJson(item.json());
            if (again.ok() && again->key() != item.key())
                __builtin_trap();
        }
    }
    return 0;
}
