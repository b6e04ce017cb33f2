#pragma once

// FakeApiServer: a tiny HTTP/1.1 server for the kube tests, on 127.0.0.1
// port 0, plain or TLS (QSslServer). Each parsed request is recorded and
// handed to the test's handler, which answers with reply() or streams with
// beginChunked()/chunk()/endChunked(). Keep-alive and several requests per
// connection work; only GET without a body is parsed. Lives in the test's
// main thread.

#include <QFile>
#include <QHash>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

#include <functional>
#include <memory>

struct HttpRequest
{
    QByteArray method;
    QByteArray target; // as sent: origin form, or absolute form through a proxy
    QString path;
    QUrlQuery query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QString clientCertificateCommonName;   // TLS with a client certificate
};

class FakeApiServer : public QObject
{
public:
    using Handler = std::function<void(const HttpRequest &, QTcpSocket *)>;

    explicit FakeApiServer(Handler handler = {})
        : m_handler(std::move(handler))
    {
    }

    void setHandler(Handler handler) { m_handler = std::move(handler); }

    bool listen() { return start(std::make_unique<QTcpServer>()); }

    // `clientCa`: require client certificates signed by it.
    bool listenTls(const QString &certFile, const QString &keyFile, const QString &clientCa = {})
    {
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setLocalCertificate(QSslCertificate::fromPath(certFile).value(0));
        QFile key(keyFile);
        if (!key.open(QIODevice::ReadOnly))
            return false;
        config.setPrivateKey(QSslKey(key.readAll(), QSsl::Rsa));
        if (!clientCa.isEmpty()) {
            config.setCaCertificates(QSslCertificate::fromPath(clientCa));
            config.setPeerVerifyMode(QSslSocket::VerifyPeer);
        } else {
            config.setPeerVerifyMode(QSslSocket::VerifyNone);
        }
        auto server = std::make_unique<QSslServer>();
        server->setSslConfiguration(config);
        m_tls = true;
        return start(std::move(server));
    }

    QUrl url() const
    {
        return QUrl(QStringLiteral("%1://127.0.0.1:%2")
                        .arg(m_tls ? QStringLiteral("https") : QStringLiteral("http"))
                        .arg(m_server->serverPort()));
    }
    quint16 port() const { return m_server->serverPort(); }
    void close() { m_server->close(); }

    QList<HttpRequest> requests;
    int connections = 0;

    static void reply(QTcpSocket *socket, int code, const QByteArray &body,
                      const QByteArray &contentType = "application/json",
                      const QByteArray &extraHeaders = {})
    {
        socket->write("HTTP/1.1 " + QByteArray::number(code) + " X\r\nContent-Type: " +
                      contentType + "\r\nContent-Length: " + QByteArray::number(body.size()) +
                      "\r\n" + extraHeaders + "\r\n" + body);
    }
    // Answers the core discovery requests (/api, /apis, /api/v1) of a server
    // that serves one namespaced core kind (`plural`, `singular`, `kind`);
    // false for any other path, which the caller answers.
    static bool replyCoreDiscovery(QTcpSocket *socket, const HttpRequest &request,
                                   const QByteArray &plural, const QByteArray &singular,
                                   const QByteArray &kind)
    {
        if (request.path == QLatin1String("/api"))
            reply(socket, 200, R"({"kind":"APIVersions","versions":["v1"]})");
        else if (request.path == QLatin1String("/apis"))
            reply(socket, 200, R"({"kind":"APIGroupList","apiVersion":"v1","groups":[]})");
        else if (request.path == QLatin1String("/api/v1"))
            reply(socket, 200,
                  R"({"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":")" +
                      plural + R"(","singularName":")" + singular +
                      R"(","namespaced":true,"kind":")" + kind +
                      R"(","verbs":["get","list","watch"]}]})");
        else
            return false;
        return true;
    }
    static void beginChunked(QTcpSocket *socket, int code = 200)
    {
        socket->write("HTTP/1.1 " + QByteArray::number(code) +
                      " X\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
        socket->flush();
    }
    static void chunk(QTcpSocket *socket, const QByteArray &data)
    {
        socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
        socket->flush();
    }
    static void endChunked(QTcpSocket *socket)
    {
        socket->write("0\r\n\r\n");
        socket->flush();
    }

private:
    bool start(std::unique_ptr<QTcpServer> server)
    {
        m_server = std::move(server);
        m_server->setMaxPendingConnections(1000);
        QObject::connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket *socket = m_server->nextPendingConnection()) {
                ++connections;
                QObject::connect(socket, &QTcpSocket::readyRead, this,
                                 [this, socket] { read(socket); });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                read(socket);
            }
        });
        return m_server->listen(QHostAddress::LocalHost, 0);
    }

    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (qsizetype end; (end = buffer.indexOf("\r\n\r\n")) >= 0;) {
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            buffer.remove(0, end + 4);
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            HttpRequest request;
            request.method = first.value(0);
            request.target = first.value(1);
            const QUrl target(QString::fromLatin1(first.value(1)));
            request.path = target.path();
            request.query = QUrlQuery(target.query());
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                           lines[i].mid(colon + 1).trimmed());
            }
            if (auto *ssl = qobject_cast<QSslSocket *>(socket);
                ssl && !ssl->peerCertificate().isNull())
                request.clientCertificateCommonName =
                    ssl->peerCertificate().subjectInfo(QSslCertificate::CommonName).value(0);
            requests.append(request);
            if (m_handler)
                m_handler(request, socket);
            else
                reply(socket, 404, "{}");
        }
    }

    Handler m_handler;
    std::unique_ptr<QTcpServer> m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    bool m_tls = false;
};
