#include "sim/httpconnection.h"

#include <QSslSocket>
#include <QTcpSocket>

#include <QTimer>
#include <sys/socket.h>
#include <sys/uio.h>

namespace informant::sim {

HttpConnection::HttpConnection(QTcpSocket *socket, RequestHandler handler, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_handler(std::move(handler))
    , m_tls(qobject_cast<QSslSocket *>(socket) != nullptr)
{
    m_socket->setParent(this);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &HttpConnection::pump);
    connect(m_socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    if (m_socket->bytesAvailable() > 0)
        QTimer::singleShot(0, this, &HttpConnection::onReadyRead);
}

HttpConnection::~HttpConnection()
{
    m_producer = nullptr;
}

QByteArray HttpConnection::reasonPhrase(int code)
{
    switch (code) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 202:
        return "Accepted";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 406:
        return "Not Acceptable";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 413:
        return "Request Entity Too Large";
    case 415:
        return "Unsupported Media Type";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "Status";
    }
}

void HttpConnection::onReadyRead()
{
    m_parser.feed(m_socket->readAll());
    dispatchNext();
}

void HttpConnection::dispatchNext()
{
    if (m_busy || m_closeAfter)
        return;
    std::optional<HttpRequest> request = m_parser.next();
    if (!request) {
        if (m_parser.hasError()) {
            m_closeAfter = true;
            m_busy = true;
            const QByteArray body = m_parser.errorMessage().toUtf8();
            sendResponse(m_parser.errorCode(), "text/plain", body);
        }
        return;
    }
    m_busy = true;
    m_closeAfter = !request->keepAlive();
    m_handler(this, *request);
}

void HttpConnection::writeHead(int code, const QByteArray &contentType,
                               const HeaderList &extraHeaders, const QByteArray &lengthHeader)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(code) + ' ' + reasonPhrase(code) + "\r\n";
    if (!contentType.isEmpty())
        head += "Content-Type: " + contentType + "\r\n";
    head += "Cache-Control: no-cache, private\r\n";
    for (const auto &[name, value] : extraHeaders)
        head += name + ": " + value + "\r\n";
    head += lengthHeader;
    if (m_closeAfter)
        head += "Connection: close\r\n";
    head += "\r\n";
    if (!m_aborted)
        m_socket->write(head);
}

void HttpConnection::sendResponse(int code, const QByteArray &contentType, const QByteArray &body,
                                  const HeaderList &extraHeaders)
{
    if (!m_busy || m_streaming)
        return; // a response was already sent for this request
    writeHead(code, contentType, extraHeaders,
              "Content-Length: " + QByteArray::number(body.size()) + "\r\n");
    if (!m_aborted)
        m_socket->write(body);
    finishResponse();
}

void HttpConnection::startChunked(int code, const QByteArray &contentType,
                                  const HeaderList &extraHeaders)
{
    if (!m_busy || m_streaming)
        return;
    writeHead(code, contentType, extraHeaders, "Transfer-Encoding: chunked\r\n");
    m_streaming = true;
    // No SO_SNDBUF here: a fixed 4 MiB buffer (which turns off the kernel's
    // autotuning) made a 137 MB list 20-30 % slower to curl.
    m_socket->flush();
}

void HttpConnection::writeChunk(const QByteArray &data)
{
    if (!m_streaming || data.isEmpty())
        return;
    const QByteArray head = QByteArray::number(data.size(), 16) + "\r\n";
    writeVectored({head, data, "\r\n"});
}

void HttpConnection::writeChunkParts(const QList<QByteArrayView> &parts)
{
    qsizetype size = 0;
    for (const QByteArrayView part : parts)
        size += part.size();
    if (!m_streaming || size == 0)
        return;
    const QByteArray head = QByteArray::number(size, 16) + "\r\n";
    QList<QByteArrayView> all;
    all.reserve(parts.size() + 2);
    all.append(head);
    all.append(parts);
    all.append("\r\n");
    writeVectored(all);
}

// Plain TCP with nothing queued: hand the pieces to the kernel in place
// (sendmsg), so big lists are not copied into Qt's write buffer first. What the
// kernel does not take goes through the socket's buffer as usual.
void HttpConnection::writeVectored(const QList<QByteArrayView> &parts)
{
    if (m_aborted || !m_socket->isOpen())
        return;
    qsizetype first = 0;
    qsizetype offset = 0; // into parts[first]
    const bool direct =
        !m_tls && m_socket->bytesToWrite() == 0 && m_socket->socketDescriptor() >= 0;
    while (direct && first < parts.size()) {
        iovec vectors[kMaxIoVectors];
        int count = 0;
        for (qsizetype i = first; i < parts.size() && count < kMaxIoVectors; ++i, ++count) {
            const qsizetype skip = i == first ? offset : 0;
            vectors[count].iov_base = const_cast<char *>(parts[i].data() + skip);
            vectors[count].iov_len = size_t(parts[i].size() - skip);
        }
        msghdr message{};
        message.msg_iov = vectors;
        message.msg_iovlen = size_t(count);
        // MSG_NOSIGNAL: a peer that went away must not raise SIGPIPE.
        const ssize_t written =
            ::sendmsg(int(m_socket->socketDescriptor()), &message, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (written <= 0)
            break; // EAGAIN or an error: the socket's own path reports it
        qsizetype left = written;
        while (first < parts.size() && left >= parts[first].size() - offset) {
            left -= parts[first].size() - offset;
            offset = 0;
            ++first;
        }
        offset += left;
    }
    for (qsizetype i = first; i < parts.size(); ++i) {
        const qsizetype skip = i == first ? offset : 0;
        m_socket->write(parts[i].data() + skip, parts[i].size() - skip);
    }
    // Qt sends one buffered block per event-loop turn; a busy loop (churn)
    // would cap a stream at a few MB/s. Push what the kernel takes now.
    if (first < parts.size())
        m_socket->flush();
}

void HttpConnection::writeRaw(const QByteArray &data)
{
    if (!m_aborted)
        m_socket->write(data);
}

void HttpConnection::endChunked()
{
    if (!m_streaming)
        return;
    m_producer = nullptr;
    m_producerDone = nullptr;
    if (!m_aborted)
        m_socket->write("0\r\n\r\n", 5);
    m_streaming = false;
    emit streamEnded();
    finishResponse();
}

void HttpConnection::setProducer(Producer producer, std::function<void()> onDone)
{
    m_producer = std::move(producer);
    m_producerDone = std::move(onDone);
    pump();
}

void HttpConnection::pump()
{
    if (!m_producer || m_pumping)
        return;
    m_pumping = true;
    // Plain TCP: produce only while nothing is queued, so pieces go to the
    // kernel without a copy (writeVectored); TLS: keep Qt's buffer topped up.
    const qint64 lowWater = m_tls ? kLowWaterBytes : 1;
    while (m_producer && m_socket->bytesToWrite() < lowWater) {
        const bool more = m_producer(*this);
        if (!more) {
            m_producer = nullptr;
            if (auto done = std::exchange(m_producerDone, nullptr))
                done();
            else
                endChunked();
        }
    }
    m_pumping = false;
}

void HttpConnection::finishResponse()
{
    m_busy = false;
    if (m_aborted)
        return;
    if (m_closeAfter) {
        m_socket->disconnectFromHost();
        return;
    }
    // Answer pipelined requests after this event-loop turn (keeps stacks shallow).
    QTimer::singleShot(0, this, &HttpConnection::dispatchNext);
}

void HttpConnection::abort()
{
    m_aborted = true;
    m_producer = nullptr;
    m_producerDone = nullptr;
    m_socket->abort();
    deleteLater();
}

} // namespace informant::sim
