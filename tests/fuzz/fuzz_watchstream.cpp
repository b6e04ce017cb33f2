// Fuzz target: the incremental watch stream decoder. The first byte picks a
// chunk size, so frame boundaries land at every possible split. For a stream
// of valid JSON documents the events (and the error, if any) must be the same
// as for the whole stream in one read: a decoder whose result depends on how
// the socket split the bytes would see a different cluster on every
// connection. Malformed streams only must not crash: a line that simdjson's
// On Demand API decodes without reading all of it (it validates what it
// reads) is taken as a frame by the newline fast path, where the byte scanner
// may have framed the same bytes differently.

#include "informer/core/watchstreamdecoder.h"

#include <simdjson.h>

#include <cstdint>

namespace {

// What a consumer can tell apart.
QByteArray describe(const QList<informant::WatchEvent> &events, const QString &error)
{
    QByteArray out;
    for (const auto &event : events) {
        out += informant::WatchEvent::typeName(event.type).toUtf8() + ' ' +
               event.object.key().toUtf8() + ' ' + event.object.resourceVersion().toUtf8() + ' ' +
               event.object.json() + ' ' + event.status.describe().toUtf8() + '\n';
        (void)event.isInitialEventsEnd();
    }
    return out + error.toUtf8();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const qsizetype chunk = 1 + data[0] % 64;
    const QByteArrayView stream(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    bool valid = true;
    {
        static simdjson::dom::parser validator;
        const simdjson::padded_string padded(stream.data(), size_t(stream.size()));
        simdjson::dom::document_stream documents;
        if (validator.parse_many(padded).get(documents) != simdjson::SUCCESS)
            valid = false;
        for (auto document : documents) {
            if (document.error() != simdjson::SUCCESS) {
                valid = false;
                break;
            }
        }
    }
    for (bool drop : {false, true}) {
        const informant::DecodeOptions options{drop};
        informant::WatchStreamDecoder whole(options);
        QList<informant::WatchEvent> wholeEvents;
        whole.feed(stream, wholeEvents);

        informant::WatchStreamDecoder split(options);
        QList<informant::WatchEvent> splitEvents;
        for (qsizetype i = 0; i < stream.size(); i += chunk)
            split.feed(stream.sliced(i, qMin(chunk, stream.size() - i)), splitEvents);

        if (valid &&
            (describe(wholeEvents, whole.errorMessage()) !=
                 describe(splitEvents, split.errorMessage()) ||
             whole.failed() != split.failed() || whole.pendingBytes() != split.pendingBytes()))
            __builtin_trap();
    }
    return 0;
}
