// Fuzz target: the incremental watch stream decoder. The first byte picks a
// chunk size, so frame boundaries land at every possible split.

#include "informer/core/watchstreamdecoder.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const qsizetype chunk = 1 + data[0] % 64;
    const QByteArrayView stream(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    for (bool drop : {false, true}) {
        informant::WatchStreamDecoder decoder(informant::DecodeOptions{drop});
        QList<informant::WatchEvent> events;
        for (qsizetype i = 0; i < stream.size(); i += chunk)
            decoder.feed(stream.sliced(i, qMin(chunk, stream.size() - i)), events);
        for (const auto &event : events) {
            // Everything a consumer reads must be safe to read.
            (void)event.object.key();
            (void)event.object.json().size();
            (void)event.isInitialEventsEnd();
            (void)event.status.describe();
        }
    }
    return 0;
}
