// Fuzz target: the incremental watch stream decoder. The first byte picks a
// chunk size, so frame boundaries land at every possible split. For any
// stream, valid JSON or not, the events (and the error, if any) must be the
// same as for the whole stream in one read: a decoder whose result depends
// on how the socket split the bytes would see a different cluster on every
// connection. (Frames are cut by one bracket-counting rule, whatever the
// chunks; a line is no longer framed by what simdjson's On Demand API read
// of it.) Nor may they depend on whether a frame was decoded from its
// prefix (frameprefix.h) or whole, or on whether its cut recorded where its
// values end (valueends.h).

#include "informer/core/frameprefix.h"
#include "informer/core/valueends.h"
#include "informer/core/watchstreamdecoder.h"

#include <cstdint>

namespace {

// What a consumer can tell apart.
QByteArray describe(const QList<informant::WatchEvent> &events, const QString &error)
{
    QByteArray out;
    for (const auto &event : events) {
        QByteArray labels;
        for (const auto &label : event.object.labels())
            labels += label.key.toUtf8() + '=' + label.value.toUtf8() + ',';
        out += informant::WatchEvent::typeName(event.type).toUtf8() + ' ' +
               event.object.kind().toUtf8() + ' ' + labels + ' ' + event.object.key().toUtf8() +
               ' ' + event.object.resourceVersion().toUtf8() + ' ' + event.object.json() + ' ' +
               event.status.describe().toUtf8() + '\n';
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
    for (bool drop : {false, true}) {
        const informant::DecodeOptions options{drop};
        informant::WatchStreamDecoder whole(options);
        QList<informant::WatchEvent> wholeEvents;
        whole.feed(stream, wholeEvents);

        informant::WatchStreamDecoder split(options);
        QList<informant::WatchEvent> splitEvents;
        for (qsizetype i = 0; i < stream.size(); i += chunk)
            split.feed(stream.sliced(i, qMin(chunk, stream.size() - i)), splitEvents);

        informant::detail::FramePrefix::setEnabled(false);
        informant::WatchStreamDecoder uncut(options);
        QList<informant::WatchEvent> uncutEvents;
        uncut.feed(stream, uncutEvents);
        informant::detail::FramePrefix::setEnabled(true);

        informant::detail::ValueEnds::setEnabled(false);
        informant::WatchStreamDecoder scanned(options);
        QList<informant::WatchEvent> scannedEvents;
        scanned.feed(stream, scannedEvents);
        informant::detail::ValueEnds::setEnabled(true);

        const QByteArray expected = describe(wholeEvents, whole.errorMessage());
        if (expected != describe(splitEvents, split.errorMessage()) ||
            whole.failed() != split.failed() || whole.pendingBytes() != split.pendingBytes() ||
            expected != describe(uncutEvents, uncut.errorMessage()) ||
            expected != describe(scannedEvents, scanned.errorMessage()))
            __builtin_trap();
    }
    return 0;
}
