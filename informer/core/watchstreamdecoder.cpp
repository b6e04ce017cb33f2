#include "informer/core/watchstreamdecoder.h"

#include "informer/core/decodethreads.h"
#include "informer/core/jsonutil.h"
#include "informer/core/objectdecoder.h"

#include <cstring>
#include <optional>
#include <vector>

namespace informant {

namespace {

constexpr qsizetype kMaxFrameBytes = 256 * 1024 * 1024; // larger than any etcd object

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

} // namespace

// client-go turns an undecodable frame into an ERROR event carrying this
// InternalError Status (rest/watch/decoder.go, reference §2.11).
ApiStatus decodeFailureStatus(const QString &detail)
{
    ApiStatus status = ApiStatus::failure(
        500, QStringLiteral("InternalError"),
        QStringLiteral("an error on the server (\"unable to decode an event from the watch "
                       "stream: %1\") has prevented the request from succeeding")
            .arg(detail));
    status.causes = {StatusCause{QStringLiteral("UnexpectedServerResponse"), detail, {}},
                     StatusCause{QStringLiteral("ClientWatchDecoding"), detail, {}}};
    return status;
}

namespace {

// Decodes the event in `object`, the top-level object of a frame (or of its
// prefix's copy). `frameEnd`: the end of the frame, which is read no further
// once the object is decoded.
Result<WatchEvent> decodeEvent(simdjson::ondemand::object object, const DecodeOptions &options,
                               const char *frameEnd, const detail::FramePrefix *prefix,
                               const detail::FrameValueEnds *valueEnds)
{
    namespace od = simdjson::ondemand;
    std::string_view type;
    if (object.find_field_unordered("type").get_string().get(type) != simdjson::SUCCESS)
        return makeError(QStringLiteral("a watch event needs a string \"type\""));

    WatchEvent event;
    if (type == "ADDED")
        event.type = WatchEvent::Type::Added;
    else if (type == "MODIFIED")
        event.type = WatchEvent::Type::Modified;
    else if (type == "DELETED")
        event.type = WatchEvent::Type::Deleted;
    else if (type == "BOOKMARK")
        event.type = WatchEvent::Type::Bookmark;
    else if (type == "ERROR")
        event.type = WatchEvent::Type::Error;
    else
        return makeError(
            QStringLiteral("unknown watch event type \"%1\"").arg(detail::toQString(type)));

    od::value eventObject;
    if (object.find_field_unordered("object").get(eventObject) != simdjson::SUCCESS ||
        eventObject.type().value_unsafe() != od::json_type::object)
        return makeError(QStringLiteral("a watch event needs an \"object\""));

    if (event.type == WatchEvent::Type::Error) {
        if (prefix) // a Status is read whole
            return makeError(QStringLiteral("ERROR event: cut"));
        od::object statusObject;
        std::string_view raw;
        if (eventObject.get_object().get(statusObject) != simdjson::SUCCESS ||
            statusObject.raw_json().get(raw) != simdjson::SUCCESS)
            return makeError(QStringLiteral("ERROR event: invalid JSON"));
        auto status = ApiStatus::fromJson(QByteArrayView(raw.data(), qsizetype(raw.size())));
        if (!status.ok())
            return makeError(QStringLiteral("ERROR event: %1").arg(status.errorMessage()));
        event.status = std::move(status).value();
        return event;
    }
    const DecodeOptions *objectOptions = &options;
    DecodeOptions asSent;
    if (event.type == WatchEvent::Type::Bookmark && !options.metadataOnlyKind.isEmpty()) {
        // Only its resourceVersion counts, in whatever type the server wrote
        // it: no object of the watched kind to check.
        asSent = options;
        asSent.metadataOnlyKind.clear();
        asSent.metadataOnlyApiVersion.clear();
        objectOptions = &asSent;
    }
    auto decoded = detail::decodeObject(eventObject, *objectOptions, {"watch event object"},
                                        frameEnd, prefix, valueEnds);
    if (!decoded.ok())
        return decoded.error();
    event.object = std::move(decoded).value();
    return event;
}

// Decodes `document`: the frame ending at `frameEnd`, or its `prefix`'s copy.
Result<WatchEvent> decodeDocument(simdjson::padded_string_view document,
                                  const DecodeOptions &options, const char *frameEnd,
                                  const detail::FramePrefix *prefix,
                                  const detail::FrameValueEnds *valueEnds)
{
    simdjson::ondemand::document parsed;
    auto error = detail::threadOndemandParser().iterate(document).get(parsed);
    simdjson::ondemand::object object;
    if (error == simdjson::SUCCESS)
        error = parsed.get_object().get(object);
    if (error == simdjson::INCORRECT_TYPE)
        return makeError(QStringLiteral("a watch event must be a JSON object"));
    if (error != simdjson::SUCCESS)
        return makeError(
            QStringLiteral("invalid JSON: %1").arg(QLatin1String(simdjson::error_message(error))));
    return decodeEvent(object, options, frameEnd, prefix, valueEnds);
}

// What cutting a frame found out about it.
struct FrameScan
{
    // A backslash outside a string: simdjson's stage 1 takes it for an
    // escape and finds other strings than the bracket count; wherever it is,
    // even after the event's object, only a decode of the whole frame says
    // what simdjson makes of it.
    bool strayBackslash = false;
    const detail::ValueEnds *ends = nullptr; // where its shallow values end, if recorded
};

// A frame that decodes from its prefix (frameprefix.h) decodes to the same
// event whole; any other is decoded whole, so its errors are the frame's.
Result<WatchEvent> decodePadded(simdjson::padded_string_view frame, const DecodeOptions &options,
                                const FrameScan &scan)
{
    const char *frameEnd = frame.data() + frame.size();
    // The event's object is the frame's member: the count inside it is 2.
    std::optional<detail::FrameValueEnds> valueEnds;
    if (scan.ends && !scan.strayBackslash)
        valueEnds.emplace(frame.data(), *scan.ends, 2);
    const detail::FrameValueEnds *known = valueEnds ? &*valueEnds : nullptr;
    if (const auto prefix = scan.strayBackslash ? std::nullopt : detail::FramePrefix::cut(frame)) {
        auto event = decodeDocument(prefix->copy(), options, frameEnd, &*prefix, known);
        if (event.ok())
            return event;
    }
    return decodeDocument(frame, options, frameEnd, nullptr, known);
}

// simdjson may read SIMDJSON_PADDING bytes past the end: a frame followed by
// that many bytes of the same chunk is parsed where it is, without the copy
// into a padded buffer. Valid JSON decodes the same whatever those bytes
// are; malformed JSON may not, so a failure is decided again on a
// zero-padded copy: the same stream then fails with the same error however
// the socket split it. A success must not depend on them either: in
// malformed JSON On Demand can pair brackets otherwise than their count and
// read one token past the frame's last bracket: the byte after the frame
// (the next frame's, in place; a zero, copied). A closing bracket there
// closes what simdjson saw left open, so such a frame is copied too. (A list
// item is read to its end and checked instead: see decodeItemPadded.)
template<typename Decode>
auto decodeInPlace(const char *frame, qsizetype length, qsizetype readable, Decode decode)
{
    const auto decodeCopy = [&] {
        const detail::PaddedInput input(QByteArrayView(frame, length));
        return decode(input.view());
    };
    if (readable - length < qsizetype(simdjson::SIMDJSON_PADDING) || frame[length] == '}' ||
        frame[length] == ']')
        return decodeCopy();
    auto event = decode(simdjson::padded_string_view(frame, size_t(length), size_t(readable)));
    detail::releaseLargeScratch();
    if (!event.ok())
        return decodeCopy();
    return event;
}

// Splits `chunk` into up to `count` parts of at least `minPart` bytes, each
// but the last ending just after a newline (where frames end when servers
// write them one per line). One part when no such split exists.
QList<QByteArrayView> splitAtNewlines(QByteArrayView chunk, int count, qsizetype minPart)
{
    const qsizetype size = chunk.size();
    count = int(qMin<qsizetype>(count, size / minPart));
    QList<QByteArrayView> parts;
    qsizetype begin = 0;
    for (int i = 1; i < count; ++i) {
        const qsizetype target = qMax(size * i / count, begin + minPart);
        if (target >= size)
            break;
        const auto *newline =
            static_cast<const char *>(memchr(chunk.data() + target, '\n', size_t(size - target)));
        if (!newline)
            break;
        const qsizetype end = newline - chunk.data() + 1;
        parts.append(chunk.sliced(begin, end - begin));
        begin = end;
    }
    if (begin < size || parts.isEmpty()) // no empty last part for a thread
        parts.append(chunk.sliced(begin));
    return parts;
}

} // namespace

// A part decoded on another thread by a decoder of its own, which starts
// between frames.
struct WatchStreamDecoder::Part
{
    QByteArrayView bytes;
    WatchStreamDecoder decoder;
    QList<WatchEvent> events;
};

WatchStreamDecoder::WatchStreamDecoder(DecodeOptions options, int threads)
    : m_options(options)
    , m_threads(qMax(1, threads))
{
}

bool WatchStreamDecoder::betweenFrames() const
{
    return m_scanner.atTopLevel() && m_pending.isEmpty() && !m_failed;
}

Result<WatchEvent> WatchStreamDecoder::decodeFrame(QByteArrayView frame,
                                                   const DecodeOptions &options)
{
    detail::BracketScanner scanner;
    scanner.findEnd(frame.data(), 0, frame.size());
    const detail::PaddedInput input(frame);
    return decodePadded(input.view(), options, {scanner.sawBackslashOutsideString(), nullptr});
}

void WatchStreamDecoder::fail(const QString &message, QList<WatchEvent> &out)
{
    m_failed = true;
    m_error = message;
    m_pending.clear();
    WatchEvent event;
    event.type = WatchEvent::Type::Error;
    event.status = decodeFailureStatus(message);
    out.append(std::move(event));
}

void WatchStreamDecoder::feed(QByteArrayView chunk, QList<WatchEvent> &out)
{
    if (m_threads > 1 && chunk.size() >= 2 * kMinPartBytes && !m_failed) {
        // A chunk mostly starts inside a frame the last one cut: that frame's
        // rest, up to its line's end, is decoded first.
        if (!betweenFrames()) {
            const auto *newline =
                static_cast<const char *>(memchr(chunk.data(), '\n', size_t(chunk.size())));
            const qsizetype restOfLine = newline ? newline - chunk.data() + 1 : chunk.size();
            feedSequential(chunk.first(restOfLine), out);
            chunk = chunk.sliced(restOfLine);
        }
        const QList<QByteArrayView> parts = betweenFrames()
                                                ? splitAtNewlines(chunk, m_threads, kMinPartBytes)
                                                : QList<QByteArrayView>{chunk};
        if (parts.size() > 1) {
            feedParallel(parts, out);
            return;
        }
    }
    feedSequential(chunk, out);
}

void WatchStreamDecoder::feedParallel(const QList<QByteArrayView> &parts, QList<WatchEvent> &out)
{
    std::vector<Part> others;
    others.reserve(size_t(parts.size() - 1));
    for (qsizetype i = 1; i < parts.size(); ++i)
        others.push_back(Part{parts.at(i), WatchStreamDecoder(m_options), {}});
    DecodeThreads::runParts(int(parts.size()), [&](int i) {
        if (i == 0) {
            feedSequential(parts.first(), out);
            return;
        }
        Part &part = others[size_t(i - 1)];
        part.decoder.feedSequential(part.bytes, part.events);
    });

    for (Part &part : others) {
        if (!betweenFrames()) { // the part did not start where it was assumed to
            feedSequential(part.bytes, out);
            continue;
        }
        out.append(std::move(part.events));
        ++m_partsDecodedInParallel;
        WatchStreamDecoder &decoded = part.decoder;
        m_pending = std::move(decoded.m_pending);
        m_scanner = decoded.m_scanner;
        m_valueEnds = std::move(decoded.m_valueEnds);
        m_failed = decoded.m_failed;
        m_error = std::move(decoded.m_error);
    }
}

void WatchStreamDecoder::feedSequential(QByteArrayView chunk, QList<WatchEvent> &out)
{
    qsizetype i = 0;
    while (i < chunk.size() && !m_failed)
        i = scanFrame(chunk.data(), i, chunk.size(), out);
}

qsizetype WatchStreamDecoder::scanFrame(const char *data, qsizetype from, qsizetype size,
                                        QList<WatchEvent> &out)
{
    qsizetype frameStart = from;  // start of the current frame's bytes within this chunk
    if (m_scanner.atTopLevel()) { // between frames: whitespace, then a frame's '{'
        while (frameStart < size && isJsonSpace(data[frameStart]))
            ++frameStart;
        if (frameStart == size)
            return size;
        if (data[frameStart] != '{') {
            fail(QStringLiteral("unexpected byte '%1' between watch frames")
                     .arg(QChar::fromLatin1(data[frameStart])),
                 out);
            return size;
        }
    }
    if (m_pending.isEmpty()) { // a new frame
        m_scanner = detail::BracketScanner();
        m_valueEnds.clear();
    }
    const qsizetype end =
        m_scanner.findEnd(data, frameStart, size, &m_valueEnds, m_pending.size() - frameStart);
    if (end < 0) {
        m_pending.append(data + frameStart, size - frameStart);
        if (m_pending.size() > kMaxFrameBytes)
            fail(QStringLiteral("watch frame larger than %1 bytes").arg(kMaxFrameBytes), out);
        return size;
    }
    const char *start = data + frameStart;
    const qsizetype length = end - frameStart;
    const FrameScan scan{m_scanner.sawBackslashOutsideString(),
                         detail::ValueEnds::enabled() ? &m_valueEnds : nullptr};
    Result<WatchEvent> event = [&] {
        if (m_pending.isEmpty())
            return decodeInPlace(start, length, size - frameStart,
                                 [&](auto frame) { return decodePadded(frame, m_options, scan); });
        m_pending.append(start, length);
        const detail::PaddedInput input(m_pending);
        auto decoded = decodePadded(input.view(), m_options, scan);
        m_pending.clear();
        return decoded;
    }();
    if (!event.ok()) {
        fail(event.errorMessage(), out);
        return size;
    }
    out.append(std::move(event).value());
    return end;
}

} // namespace informant
