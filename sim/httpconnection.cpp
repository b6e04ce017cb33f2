#include "sim/httpconnection.h"

#include <QTcpSocket>
#include <QTimer>

namespace informant::sim {

HttpConnection::HttpConnection(QTcpSocket *socket, RequestHandler handler, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_handler(std::move(handler))
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
    m_socket->write(head);
}

void HttpConnection::sendResponse(int code, const QByteArray &contentType, const QByteArray &body,
                                  const HeaderList &extraHeaders)
{
    if (!m_busy || m_streaming)
        return; // a response was already sent for this request
    writeHead(code, contentType, extraHeaders,
              "Content-Length: " + QByteArray::number(body.size()) + "\r\n");
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
    m_socket->flush();
}

void HttpConnection::writeChunk(const QByteArray &data)
{
    if (!m_streaming || data.isEmpty())
        return;
    m_socket->write(QByteArray::number(data.size(), 16) + "\r\n");
    m_socket->write(data);
    m_socket->write("\r\n", 2);
}

void HttpConnection::writeChunkParts(const QList<QByteArrayView> &parts)
{
    qsizetype size = 0;
    for (const QByteArrayView part : parts)
        size += part.size();
    if (!m_streaming || size == 0)
        return;
    m_socket->write(QByteArray::number(size, 16) + "\r\n");
    for (const QByteArrayView part : parts)
        m_socket->write(part.data(), part.size());
    m_socket->write("\r\n", 2);
}

void HttpConnection::writeRaw(const QByteArray &data)
{
    m_socket->write(data);
}

void HttpConnection::endChunked()
{
    if (!m_streaming)
        return;
    m_producer = nullptr;
    m_producerDone = nullptr;
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
    while (m_producer && m_socket->bytesToWrite() < kLowWaterBytes) {
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
    if (m_closeAfter) {
        m_socket->disconnectFromHost();
        return;
    }
    // Answer pipelined requests after this event-loop turn (keeps stacks shallow).
    QTimer::singleShot(0, this, &HttpConnection::dispatchNext);
}

void HttpConnection::abort()
{
    m_producer = nullptr;
    m_producerDone = nullptr;
    m_socket->abort();
    deleteLater();
}

} // namespace informant::sim
