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

// Decodes the event in `object`, the top-level object of a frame.
Result<WatchEvent> decodeEvent(simdjson::ondemand::object object, const DecodeOptions &options)
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
    auto decoded = detail::decodeObject(eventObject, options, {"watch event object"});
    if (!decoded.ok())
        return decoded.error();
    event.object = std::move(decoded).value();
    return event;
}

Result<WatchEvent> decodePadded(simdjson::padded_string_view frame, const DecodeOptions &options)
{
    simdjson::ondemand::document document;
    auto error = detail::threadOndemandParser().iterate(frame).get(document);
    simdjson::ondemand::object object;
    if (error == simdjson::SUCCESS)
        error = document.get_object().get(object);
    if (error == simdjson::INCORRECT_TYPE)
        return makeError(QStringLiteral("a watch event must be a JSON object"));
    if (error != simdjson::SUCCESS)
        return makeError(
            QStringLiteral("invalid JSON: %1").arg(QLatin1String(simdjson::error_message(error))));
    return decodeEvent(object, options);
}

// True when the object starting at `line` begins with a key and a colon, or
// is empty. Only then does simdjson's skip over the object (raw_json) count
// brackets exactly as the scanner does: it takes the first token after an
// opening for the start of a value, so `{{}` or `{"x"}` would end elsewhere.
bool startsLikeAnObject(std::string_view line)
{
    size_t i = 1; // after the '{'
    while (i < line.size() && isJsonSpace(line[i]))
        ++i;
    if (i < line.size() && line[i] == '}')
        return true;
    if (i >= line.size() || line[i] != '"')
        return false;
    bool escaped = false, closed = false;
    i = size_t(detail::skipJsonString(line.data(), qsizetype(i + 1), qsizetype(line.size()),
                                      escaped, closed));
    if (!closed)
        return false;
    while (i < line.size() && isJsonSpace(line[i]))
        ++i;
    return i < line.size() && line[i] == ':';
}

// The fast path for a frame on a line of its own, as API servers write them:
// `line` (from a '{' up to, not including, a newline) is decoded when it is
// exactly one JSON object plus whitespace, which is when the exact scanner
// would find that object as the frame (both count brackets outside strings,
// a quote escaped by an odd run of backslashes). Anything else (a
// pretty-printed frame, two frames on a line, bad JSON) is nullopt and the
// caller scans exactly. So is a frame that fails to decode: its error comes
// from the exact path, and no result depends on the path taken.
std::optional<Result<WatchEvent>> decodeLine(simdjson::padded_string_view line,
                                             const DecodeOptions &options)
{
    if (!startsLikeAnObject(line))
        return std::nullopt;
    simdjson::ondemand::document document;
    simdjson::ondemand::object object;
    std::string_view raw;
    if (detail::threadOndemandParser().iterate(line).get(document) != simdjson::SUCCESS ||
        document.get_object().get(object) != simdjson::SUCCESS ||
        object.raw_json().get(raw) != simdjson::SUCCESS ||
        object.reset().error() != simdjson::SUCCESS)
        return std::nullopt;
    // raw_json() runs to the next token after the object: the end of the
    // line when nothing but whitespace follows it.
    if (raw.data() + raw.size() != line.data() + line.length())
        return std::nullopt;
    Result<WatchEvent> event = decodeEvent(object, options);
    if (!event.ok())
        return std::nullopt;
    return event;
}

bool isFailure(const Result<WatchEvent> &event)
{
    return !event.ok();
}

bool isFailure(const std::optional<Result<WatchEvent>> &event)
{
    return event && !event->ok();
}

// simdjson may read SIMDJSON_PADDING bytes past the end: a frame followed by
// that many bytes of the same chunk is parsed where it is, without the copy
// into a padded buffer. Valid JSON decodes the same whatever those bytes
// are; malformed JSON may not (simdjson reads past the end of an unclosed
// structure), so a failure is decided again on a zero-padded copy: the same
// stream then fails with the same error however the socket split it.
template<typename Decode>
auto decodeInPlace(const char *frame, qsizetype length, qsizetype readable, Decode decode)
{
    const auto decodeCopy = [&] {
        const detail::PaddedInput input(QByteArrayView(frame, length));
        return decode(input.view());
    };
    if (readable - length < qsizetype(simdjson::SIMDJSON_PADDING))
        return decodeCopy();
    auto event = decode(simdjson::padded_string_view(frame, size_t(length), size_t(readable)));
    detail::releaseLargeScratch();
    if (isFailure(event))
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
    return m_depth == 0 && !m_inString && !m_escaped && m_pending.isEmpty() && !m_failed;
}

Result<WatchEvent> WatchStreamDecoder::decodeFrame(QByteArrayView frame,
                                                   const DecodeOptions &options)
{
    const detail::PaddedInput input(frame);
    return decodePadded(input.view(), options);
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

qsizetype WatchStreamDecoder::skipString(const char *data, qsizetype from, qsizetype size)
{
    bool closed = false;
    const qsizetype end = detail::skipJsonString(data, from, size, m_escaped, closed);
    if (closed)
        m_inString = false;
    return end;
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
        m_depth = decoded.m_depth;
        m_inString = decoded.m_inString;
        m_escaped = decoded.m_escaped;
        m_failed = decoded.m_failed;
        m_error = std::move(decoded.m_error);
    }
}

void WatchStreamDecoder::feedSequential(QByteArrayView chunk, QList<WatchEvent> &out)
{
    const char *data = chunk.data();
    const qsizetype size = chunk.size();
    // Up to here the fast path has failed (or found no newline): the exact
    // scanner goes on, so no byte is offered to the fast path twice.
    qsizetype exactUntil = 0;
    qsizetype i = 0;
    while (i < size && !m_failed) {
        if (m_depth == 0 && !m_inString && i >= exactUntil) { // between frames
            while (i < size && isJsonSpace(data[i]))
                ++i;
            if (i == size)
                break;
            const auto *newline =
                data[i] == '{' ? static_cast<const char *>(memchr(data + i, '\n', size_t(size - i)))
                               : nullptr;
            if (newline) {
                const qsizetype length = newline - (data + i);
                auto event = decodeInPlace(data + i, length, size - i,
                                           [&](auto line) { return decodeLine(line, m_options); });
                if (event) {
                    if (!event->ok()) {
                        fail(event->errorMessage(), out);
                        return;
                    }
                    out.append(std::move(*event).value());
                    i += length + 1;
                    continue;
                }
            }
            exactUntil = newline ? newline - data : size;
        }
        i = scanFrame(data, i, size, out);
    }
}

qsizetype WatchStreamDecoder::scanFrame(const char *data, qsizetype from, qsizetype size,
                                        QList<WatchEvent> &out)
{
    qsizetype frameStart = from; // start of the current frame's bytes within this chunk
    for (qsizetype i = from; i < size; ++i) {
        if (m_inString) {
            i = skipString(data, i, size) - 1; // at the closing quote (or the end)
            continue;
        }
        const char c = data[i];
        if (m_depth == 0) {
            if (isJsonSpace(c)) {
                frameStart = i + 1;
                continue;
            }
            if (c != '{') {
                fail(QStringLiteral("unexpected byte '%1' between watch frames")
                         .arg(QChar::fromLatin1(c)),
                     out);
                return size;
            }
        }
        if (c == '"') {
            m_inString = true;
        } else if (c == '{' || c == '[') {
            ++m_depth;
        } else if (c == '}' || c == ']') {
            if (--m_depth == 0) {
                const char *start = data + frameStart;
                const qsizetype length = i + 1 - frameStart;
                Result<WatchEvent> event = [&] {
                    if (m_pending.isEmpty())
                        return decodeInPlace(start, length, size - frameStart, [&](auto frame) {
                            return decodePadded(frame, m_options);
                        });
                    m_pending.append(start, length);
                    auto decoded = decodeFrame(m_pending, m_options);
                    m_pending.clear();
                    return decoded;
                }();
                if (!event.ok()) {
                    fail(event.errorMessage(), out);
                    return size;
                }
                out.append(std::move(event).value());
                return i + 1;
            } else if (m_depth < 0) {
                fail(QStringLiteral("unbalanced JSON in watch stream"), out);
                return size;
            }
        }
    }
    if (m_depth > 0 || m_inString) {
        m_pending.append(data + frameStart, size - frameStart);
        if (m_pending.size() > kMaxFrameBytes)
            fail(QStringLiteral("watch frame larger than %1 bytes").arg(kMaxFrameBytes), out);
    }
    return size;
}

} // namespace informant
