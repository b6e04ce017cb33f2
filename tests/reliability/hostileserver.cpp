#include "hostileserver.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace reliability {

HostileServer::HostileServer(Handler handler)
    : m_handler(std::move(handler))
{
    moveToThread(&m_thread);
    m_thread.start();
    // Listen from the server thread, so the server and its sockets live there.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_server = new QTcpServer(this);
            connect(m_server, &QTcpServer::newConnection, this, &HostileServer::accept);
            if (m_server->listen(QHostAddress::LocalHost, 0))
                m_url = QStringLiteral("http://127.0.0.1:%1").arg(m_server->serverPort());
        },
        Qt::BlockingQueuedConnection);
}

HostileServer::~HostileServer()
{
    // Children (server, sockets, timers) are deleted in their own thread.
    QMetaObject::invokeMethod(
        this,
        [this] {
            for (QObject *child : children())
                delete child;
            moveToThread(nullptr);
        },
        Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void HostileServer::setHandler(Handler handler)
{
    QMutexLocker lock(&m_mutex);
    m_handler = std::move(handler);
}

QList<HostileRequest> HostileServer::requests() const
{
    QMutexLocker lock(&m_mutex);
    return m_requests;
}

void HostileServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readRequest(socket); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }
}

void HostileServer::readRequest(QTcpSocket *socket)
{
    // One request per connection is all the clients under test need here;
    // a second request on a kept-alive connection is answered the same way.
    QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0) {
        socket->setProperty("buffer", buffer);
        return;
    }
    socket->setProperty("buffer", buffer.mid(end + 4));
    const QList<QByteArray> words = buffer.left(buffer.indexOf("\r\n")).split(' ');
    HostileRequest request;
    request.method = words.value(0);
    request.target = words.value(1);
    Handler handler;
    {
        QMutexLocker lock(&m_mutex);
        request.index = int(m_requests.size());
        m_requests.append(request);
        handler = m_handler;
    }
    send(socket, handler(request));
}

void HostileServer::send(QTcpSocket *socket, const HostilePlan &plan)
{
    if (!plan.answer)
        return;
    QByteArray head = "HTTP/1.1 " + QByteArray::number(plan.status) + " Hostile\r\n" +
                      "Content-Type: " + plan.contentType + "\r\n";
    if (plan.streaming)
        head += "Connection: close\r\n";
    else
        head +=
            "Content-Length: " + QByteArray::number(plan.contentLength.value_or(plan.body.size())) +
            "\r\n";
    head += "\r\n";
    if (plan.trickleMs > 0) {
        socket->write(head);
        trickle(socket, plan.body, plan.trickleMs, plan.close);
        return;
    }
    socket->write(head + plan.body);
    if (plan.close)
        socket->disconnectFromHost();
}

void HostileServer::trickle(QTcpSocket *socket, QByteArray rest, int intervalMs, bool close)
{
    QPointer<QTcpSocket> guard(socket);
    QTimer::singleShot(intervalMs, socket, [this, guard, rest, intervalMs, close] {
        if (!guard || guard->state() != QAbstractSocket::ConnectedState)
            return;
        if (rest.isEmpty()) {
            if (close)
                guard->disconnectFromHost();
            return;
        }
        guard->write(rest.left(1));
        trickle(guard, rest.mid(1), intervalMs, close);
    });
}

} // namespace reliability
