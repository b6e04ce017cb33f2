#pragma once

// Incremental HTTP/1.1 request parser: request line, headers, Content-Length
// and chunked request bodies. Feed it bytes as they arrive; it yields complete
// requests in order (pipelining works). Malformed or oversized input puts it
// in an error state with a status code to answer before closing.
// Not thread-safe; one per connection.

#include "sim/httprequest.h"

#include <optional>

namespace informant::sim {

class HttpParser
{
public:
    static constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
    static constexpr qsizetype kMaxBodyBytes = 64 * 1024 * 1024;

    void feed(QByteArrayView bytes) { m_buffer.append(bytes.data(), bytes.size()); }
    // The next complete request, if one is buffered.
    std::optional<HttpRequest> next();

    bool hasError() const { return m_errorCode != 0; }
    int errorCode() const { return m_errorCode; }
    QString errorMessage() const { return m_errorMessage; }

private:
    bool parseHead(qsizetype headEnd);
    bool takeChunkedBody(QByteArray &body, qsizetype &consumed) const;
    void fail(int code, const QString &message);

    QByteArray m_buffer;
    std::optional<HttpRequest> m_pending; // head parsed, body incomplete
    qsizetype m_contentLength = 0;
    bool m_chunked = false;
    int m_errorCode = 0;
    QString m_errorMessage;
};

} // namespace informant::sim
