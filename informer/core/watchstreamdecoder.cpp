#include "informer/core/watchstreamdecoder.h"

#include "informer/core/jsonutil.h"
#include "informer/core/objectdecoder.h"

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

} // namespace

WatchStreamDecoder::WatchStreamDecoder(DecodeOptions options)
    : m_options(options)
{
}

Result<WatchEvent> WatchStreamDecoder::decodeFrame(QByteArrayView frame,
                                                   const DecodeOptions &options)
{
    namespace od = simdjson::ondemand;
    od::document document;
    auto error = detail::threadOndemandParser().iterate(detail::paddedCopy(frame)).get(document);
    od::object object;
    if (error == simdjson::SUCCESS)
        error = document.get_object().get(object);
    if (error == simdjson::INCORRECT_TYPE)
        return makeError(QStringLiteral("a watch event must be a JSON object"));
    if (error != simdjson::SUCCESS)
        return makeError(
            QStringLiteral("invalid JSON: %1").arg(QLatin1String(simdjson::error_message(error))));
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
    if (m_failed)
        return;
    const char *data = chunk.data();
    const qsizetype size = chunk.size();
    qsizetype frameStart = 0; // start of the current frame's bytes within this chunk
    for (qsizetype i = 0; i < size; ++i) {
        const char c = data[i];
        if (m_inString) {
            if (m_escaped)
                m_escaped = false;
            else if (c == '\\')
                m_escaped = true;
            else if (c == '"')
                m_inString = false;
            continue;
        }
        if (m_depth == 0) {
            if (isJsonSpace(c)) {
                frameStart = i + 1;
                continue;
            }
            if (c != '{') {
                fail(QStringLiteral("unexpected byte '%1' between watch frames")
                         .arg(QChar::fromLatin1(c)),
                     out);
                return;
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
                        return decodeFrame(QByteArrayView(start, length), m_options);
                    m_pending.append(start, length);
                    auto decoded = decodeFrame(m_pending, m_options);
                    m_pending.clear();
                    return decoded;
                }();
                if (!event.ok()) {
                    fail(event.errorMessage(), out);
                    return;
                }
                out.append(std::move(event).value());
                frameStart = i + 1;
            } else if (m_depth < 0) {
                fail(QStringLiteral("unbalanced JSON in watch stream"), out);
                return;
            }
        }
    }
    if (m_depth > 0 || m_inString) {
        m_pending.append(data + frameStart, size - frameStart);
        if (m_pending.size() > kMaxFrameBytes)
            fail(QStringLiteral("watch frame larger than %1 bytes").arg(kMaxFrameBytes), out);
    }
}

} // namespace informant
