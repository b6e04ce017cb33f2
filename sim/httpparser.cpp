#include "sim/httpparser.h"

namespace informant::sim {

bool HttpRequest::flag(const QString &name) const
{
    const QString value = query.value(name);
    return value == QLatin1String("true") || value == QLatin1String("1") ||
           value == QLatin1String("True") || value == QLatin1String("t");
}

bool HttpRequest::keepAlive() const
{
    return header("connection").toLower() != "close";
}

QHash<QString, QString> parseQueryString(QByteArrayView query)
{
    QHash<QString, QString> out;
    for (const QByteArray &pair : QByteArray(query.data(), query.size()).split('&')) {
        if (pair.isEmpty())
            continue;
        const qsizetype eq = pair.indexOf('=');
        QByteArray key = eq < 0 ? pair : pair.left(eq);
        QByteArray value = eq < 0 ? QByteArray() : pair.mid(eq + 1);
        key.replace('+', ' ');
        value.replace('+', ' ');
        out.insert(QString::fromUtf8(QByteArray::fromPercentEncoding(key)),
                   QString::fromUtf8(QByteArray::fromPercentEncoding(value)));
    }
    return out;
}

void HttpParser::fail(int code, const QString &message)
{
    m_errorCode = code;
    m_errorMessage = message;
    m_pending.reset();
}

bool HttpParser::parseHead(qsizetype headEnd)
{
    const QList<QByteArray> lines = m_buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
        fail(400, QStringLiteral("malformed request line"));
        return false;
    }
    HttpRequest request;
    request.method = requestLine[0];
    request.target = requestLine[1];
    const qsizetype question = request.target.indexOf('?');
    const QByteArray rawPath = question < 0 ? request.target : request.target.left(question);
    request.path = QString::fromUtf8(QByteArray::fromPercentEncoding(rawPath));
    if (question >= 0)
        request.query = parseQueryString(QByteArrayView(request.target).sliced(question + 1));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0) {
            fail(400, QStringLiteral("malformed header line"));
            return false;
        }
        request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
    }
    m_chunked = request.header("transfer-encoding").toLower().contains("chunked");
    bool ok = true;
    const QByteArray length = request.header("content-length");
    m_contentLength = length.isEmpty() ? 0 : length.toLongLong(&ok);
    if (!ok || m_contentLength < 0) {
        fail(400, QStringLiteral("invalid Content-Length"));
        return false;
    }
    if (m_contentLength > kMaxBodyBytes) {
        fail(413, QStringLiteral("request body too large"));
        return false;
    }
    m_pending = std::move(request);
    return true;
}

// Decodes a complete chunked body at the start of m_buffer, if all there.
bool HttpParser::takeChunkedBody(QByteArray &body, qsizetype &consumed) const
{
    qsizetype pos = 0;
    body.clear();
    for (;;) {
        const qsizetype lineEnd = m_buffer.indexOf("\r\n", pos);
        if (lineEnd < 0)
            return false;
        bool ok = false;
        const qsizetype size =
            m_buffer.mid(pos, lineEnd - pos).split(';').value(0).trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0)
            return false;
        pos = lineEnd + 2;
        if (size == 0) {
            const qsizetype end = m_buffer.indexOf("\r\n", pos);
            if (end < 0)
                return false;
            consumed = end + 2;
            return true;
        }
        if (m_buffer.size() < pos + size + 2)
            return false;
        body.append(m_buffer.constData() + pos, size);
        pos += size + 2;
    }
}

std::optional<HttpRequest> HttpParser::next()
{
    if (hasError())
        return std::nullopt;
    if (!m_pending) {
        const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            if (m_buffer.size() > kMaxHeaderBytes)
                fail(431, QStringLiteral("request header too large"));
            return std::nullopt;
        }
        if (!parseHead(headEnd))
            return std::nullopt;
        m_buffer.remove(0, headEnd + 4);
    }
    if (m_chunked) {
        QByteArray body;
        qsizetype consumed = 0;
        if (!takeChunkedBody(body, consumed)) {
            if (m_buffer.size() > kMaxBodyBytes)
                fail(413, QStringLiteral("request body too large"));
            return std::nullopt;
        }
        m_pending->body = std::move(body);
        m_buffer.remove(0, consumed);
    } else {
        if (m_buffer.size() < m_contentLength)
            return std::nullopt;
        m_pending->body = m_buffer.left(m_contentLength);
        m_buffer.remove(0, m_contentLength);
    }
    std::optional<HttpRequest> done = std::move(m_pending);
    m_pending.reset();
    return done;
}

} // namespace informant::sim
