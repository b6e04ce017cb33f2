#include "sim/httpconnection.h"

#include <QSslSocket>
#include <QTcpSocket>

#include <QTimer>

#include <cerrno>
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
    connect(m_socket, &QTcpSocket::bytesWritten, this, &HttpConnection::onBytesWritten);
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
    enqueue(head);
}

void HttpConnection::sendResponse(int code, const QByteArray &contentType, const QByteArray &body,
                                  const HeaderList &extraHeaders)
{
    if (!m_busy || m_streaming)
        return; // a response was already sent for this request
    writeHead(code, contentType, extraHeaders,
              "Content-Length: " + QByteArray::number(body.size()) + "\r\n");
    enqueue(body);
    drain();
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
    drain();
}

void HttpConnection::writeChunk(const QByteArray &data)
{
    if (!m_streaming || data.isEmpty())
        return;
    enqueue(QByteArray::number(data.size(), 16) + "\r\n");
    enqueue(data);
    enqueue(QByteArrayLiteral("\r\n"));
    drain();
}

void HttpConnection::writeChunkParts(const QList<QByteArray> &parts)
{
    qsizetype size = 0;
    for (const QByteArray &part : parts)
        size += part.size();
    if (!m_streaming || size == 0)
        return;
    enqueue(QByteArray::number(size, 16) + "\r\n");
    for (const QByteArray &part : parts)
        enqueue(part);
    enqueue(QByteArrayLiteral("\r\n"));
    drain();
}

qint64 HttpConnection::queuedBytes() const
{
    return m_queuedBytes + m_socket->bytesToWrite();
}

// TLS encrypts in QSslSocket, so its bytes go through Qt's buffer; plain TCP
// queues a shared reference for drain().
void HttpConnection::enqueue(const QByteArray &bytes)
{
    if (m_aborted || bytes.isEmpty())
        return;
    if (m_tls || m_socket->socketDescriptor() < 0) {
        m_socket->write(bytes);
        return;
    }
    m_queue.push_back(bytes);
    m_queuedBytes += bytes.size();
}

// Hands the queue to the kernel in place (sendmsg) until it takes no more.
// Then a small piece goes to Qt's buffer: Qt watches the socket for it and
// its bytesWritten brings us back here. Never while Qt's buffer holds bytes,
// which must reach the peer first.
void HttpConnection::drain()
{
    if (m_tls) {
        // Qt sends one buffered block per event-loop turn; a busy loop (churn)
        // would cap a stream at a few MB/s. Push what the kernel takes now.
        if (m_socket->bytesToWrite() > 0)
            m_socket->flush();
        return;
    }
    if (m_aborted || m_queue.empty() || m_socket->bytesToWrite() > 0)
        return;
    const int fd = int(m_socket->socketDescriptor());
    while (!m_queue.empty() && fd >= 0) {
        iovec vectors[kMaxIoVectors];
        int count = 0;
        for (auto it = m_queue.begin(); it != m_queue.end() && count < kMaxIoVectors;
             ++it, ++count) {
            const qsizetype skip = count == 0 ? m_queueOffset : 0;
            vectors[count].iov_base = const_cast<char *>(it->constData() + skip);
            vectors[count].iov_len = size_t(it->size() - skip);
        }
        msghdr message{};
        message.msg_iov = vectors;
        message.msg_iovlen = size_t(count);
        // MSG_NOSIGNAL: a peer that went away must not raise SIGPIPE.
        const ssize_t written = ::sendmsg(fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            break; // EAGAIN, or an error the socket's own write reports below
        consumeQueued(written);
    }
    moveQueueToSocket(kArmBytes);
}

void HttpConnection::consumeQueued(qsizetype bytes)
{
    m_queuedBytes -= bytes;
    while (bytes > 0) {
        const qsizetype left = m_queue.front().size() - m_queueOffset;
        if (bytes < left) {
            m_queueOffset += bytes;
            return;
        }
        bytes -= left;
        m_queue.pop_front();
        m_queueOffset = 0;
    }
}

// Copies up to `maxBytes` from the front of the queue into Qt's buffer.
void HttpConnection::moveQueueToSocket(qsizetype maxBytes)
{
    qsizetype moved = 0;
    while (!m_queue.empty() && moved < maxBytes) {
        const QByteArray &front = m_queue.front();
        const qsizetype take = std::min(front.size() - m_queueOffset, maxBytes - moved);
        m_socket->write(front.constData() + m_queueOffset, take);
        moved += take;
        consumeQueued(take);
    }
}

void HttpConnection::onBytesWritten()
{
    drain();
    pump();
}

void HttpConnection::writeRaw(const QByteArray &data)
{
    enqueue(data);
    drain();
}

void HttpConnection::endChunked()
{
    if (!m_streaming)
        return;
    m_producer = nullptr;
    m_producerDone = nullptr;
    enqueue(QByteArrayLiteral("0\r\n\r\n"));
    drain();
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
    // Plain TCP: produce only once everything produced is with the kernel,
    // so a stream holds at most one piece; TLS: keep Qt's buffer topped up.
    const qint64 lowWater = m_tls ? kLowWaterBytes : 1;
    while (m_producer && queuedBytes() < lowWater) {
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
        // Qt sends its buffer before closing; the queue goes there first.
        moveQueueToSocket(m_queuedBytes);
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
    m_queue.clear();
    m_queueOffset = 0;
    m_queuedBytes = 0;
    m_socket->abort();
    deleteLater();
}

} // namespace informant::sim
