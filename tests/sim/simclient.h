#pragma once

// A small blocking HTTP/1.1 client for the simulator tests: one request per
// connection, chunked bodies decoded, and a watch reader that yields decoded
// events as they arrive. Test thread only; the simulator runs in its own.

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QTcpSocket>

namespace simtest {

struct Response
{
    int status = 0;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    bool complete = false; // the body ended normally (not cut)

    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

class Connection
{
public:
    explicit Connection(quint16 port) { m_socket.connectToHost(QStringLiteral("127.0.0.1"), port); }

    bool send(const QByteArray &method, const QByteArray &target,
              const QList<QPair<QByteArray, QByteArray>> &headers = {}, const QByteArray &body = {})
    {
        if (!m_socket.waitForConnected(5000))
            return false;
        QByteArray request = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        for (const auto &[name, value] : headers)
            request += name + ": " + value + "\r\n";
        if (!body.isEmpty() || method == "POST" || method == "PUT" || method == "PATCH")
            request += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        request += "\r\n" + body;
        m_socket.write(request);
        return m_socket.waitForBytesWritten(5000);
    }

    // Reads the status line and headers.
    bool readHead(Response &response, int timeoutMs = 10000)
    {
        QElapsedTimer clock;
        clock.start();
        while (!m_buffer.contains("\r\n\r\n")) {
            if (!fill(timeoutMs - int(clock.elapsed())))
                return false;
        }
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        const QList<QByteArray> lines = m_buffer.left(end).split('\n');
        m_buffer.remove(0, end + 4);
        response.status = lines.value(0).split(' ').value(1).toInt();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            response.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                    lines[i].mid(colon + 1).trimmed());
        }
        m_chunked = response.headers.value("transfer-encoding") == "chunked";
        m_remaining = response.headers.value("content-length").toLongLong();
        return true;
    }

    // Appends the next body data (de-chunked) to `out`; false at the end or on timeout.
    // `ended` tells whether the body ended properly.
    bool readBody(QByteArray &out, bool &ended, int timeoutMs)
    {
        ended = false;
        QElapsedTimer clock;
        clock.start();
        for (;;) {
            if (!m_chunked) {
                const qsizetype take = std::min<qsizetype>(m_remaining, m_buffer.size());
                out += m_buffer.left(take);
                m_buffer.remove(0, take);
                m_remaining -= take;
                if (m_remaining == 0) {
                    ended = true;
                    return false;
                }
            } else {
                const qsizetype lineEnd = m_buffer.indexOf("\r\n");
                if (lineEnd >= 0) {
                    const qsizetype size = m_buffer.left(lineEnd).toLongLong(nullptr, 16);
                    if (size == 0 && lineEnd > 0 && m_buffer.size() >= lineEnd + 4) {
                        // The last chunk and the empty trailer: what follows
                        // is the next (pipelined) response.
                        m_buffer.remove(0, lineEnd + 4);
                        ended = true;
                        return false;
                    }
                    if (m_buffer.size() >= lineEnd + 2 + size + 2) {
                        out += m_buffer.mid(lineEnd + 2, size);
                        m_buffer.remove(0, lineEnd + 2 + size + 2);
                        return true;
                    }
                }
            }
            if (!fill(timeoutMs - int(clock.elapsed())))
                return false;
        }
    }

    bool isOpen() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    QTcpSocket &socket() { return m_socket; }

private:
    bool fill(int timeoutMs)
    {
        if (m_socket.bytesAvailable() == 0 &&
            (timeoutMs <= 0 || !m_socket.waitForReadyRead(timeoutMs)))
            return false;
        m_buffer += m_socket.readAll();
        return true;
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    bool m_chunked = false;
    qint64 m_remaining = 0;
};

inline Response request(quint16 port, const QByteArray &method, const QByteArray &target,
                        const QList<QPair<QByteArray, QByteArray>> &headers = {},
                        const QByteArray &body = {})
{
    Response response;
    Connection connection(port);
    if (!connection.send(method, target, headers, body) || !connection.readHead(response))
        return response;
    bool ended = false;
    while (connection.readBody(response.body, ended, 10000)) {
    }
    response.complete = ended;
    return response;
}

inline Response get(quint16 port, const QByteArray &target,
                    const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    return request(port, "GET", target, headers);
}

// A watch stream: events decoded as newline-delimited JSON.
class Watch
{
public:
    Watch(quint16 port, const QByteArray &target,
          const QList<QPair<QByteArray, QByteArray>> &headers = {})
        : m_connection(port)
    {
        m_ok = m_connection.send("GET", target, headers) && m_connection.readHead(m_head);
    }

    bool ok() const { return m_ok; }
    int status() const { return m_head.status; }
    const QByteArray &headBody() const { return m_pending; }

    // Waits for `count` more events (or the end of the stream, or the timeout).
    QList<QJsonObject> next(int count, int timeoutMs = 10000)
    {
        QList<QJsonObject> events;
        QElapsedTimer clock;
        clock.start();
        while (events.size() < count) {
            qsizetype newline;
            while (events.size() < count && (newline = m_pending.indexOf('\n')) >= 0) {
                events.append(QJsonDocument::fromJson(m_pending.left(newline)).object());
                m_pending.remove(0, newline + 1);
            }
            if (events.size() >= count || m_ended || clock.elapsed() > timeoutMs)
                break;
            bool ended = false;
            if (!m_connection.readBody(m_pending, ended, timeoutMs - int(clock.elapsed())))
                m_ended = ended || !m_connection.isOpen();
        }
        return events;
    }
    // Reads until the stream ends; true if it ended (cleanly or not) in time.
    bool waitForEnd(int timeoutMs, bool *clean = nullptr)
    {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            bool ended = false;
            if (!m_connection.readBody(m_pending, ended, 200)) {
                if (ended || !m_connection.isOpen()) {
                    if (clean)
                        *clean = ended;
                    return true;
                }
            }
        }
        return false;
    }

private:
    Connection m_connection;
    Response m_head;
    QByteArray m_pending;
    bool m_ok = false;
    bool m_ended = false;
};

} // namespace simtest
