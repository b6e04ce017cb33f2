#pragma once

// TunnelProxy: a small forward proxy for the proxy-url tests, on 127.0.0.1
// port 0. It speaks HTTP CONNECT (what Qt uses for https through an http
// proxy) and SOCKS5 without authentication, connects to the requested
// target and pipes bytes both ways. `targets` records "host:port" per tunnel
// (as requested, before `hosts` maps it).
// listenTls() makes it an https proxy (TLS between client and proxy, as
// kubeconfig's proxy-url: https://...); `basicAuth`, when set, requires that
// Proxy-Authorization (answering 407 first, as real proxies do).

#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtEndian>

#include <memory>

class TunnelProxy : public QObject
{
public:
    enum class Protocol { HttpConnect, Socks5 };

    explicit TunnelProxy(Protocol protocol)
        : m_protocol(protocol)
    {
    }

    bool listen()
    {
        if (!m_server)
            m_server = std::make_unique<QTcpServer>();
        QObject::connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket *client = m_server->nextPendingConnection())
                accept(client);
        });
        return m_server->listen(QHostAddress::LocalHost, 0);
    }
    bool listenTls(const QString &certFile, const QString &keyFile)
    {
        QFile key(keyFile);
        if (!key.open(QIODevice::ReadOnly))
            return false;
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setLocalCertificate(QSslCertificate::fromPath(certFile).value(0));
        config.setPrivateKey(QSslKey(key.readAll(), QSsl::Rsa));
        config.setPeerVerifyMode(QSslSocket::VerifyNone);
        auto server = std::make_unique<QSslServer>();
        server->setSslConfiguration(config);
        QObject::connect(server.get(), &QSslServer::errorOccurred, this,
                         [this](QSslSocket *, QAbstractSocket::SocketError) { ++tlsFailures; });
        m_server = std::move(server);
        return listen();
    }
    quint16 port() const { return m_server->serverPort(); }

    QStringList targets;
    // Target host names the proxy resolves itself, as a proxy resolves names
    // its clients cannot: lets a test reach 127.0.0.1 under a name that is
    // not loopback to the client.
    QHash<QString, QString> hosts;
    QByteArray basicAuth;   // "user:password"; empty = no authentication
    int authChallenges = 0; // 407 answers sent
    int tlsFailures = 0;    // TLS handshakes that failed (listenTls only)

private:
    void accept(QTcpSocket *client)
    {
        auto *buffer = new QByteArray;
        QObject::connect(client, &QObject::destroyed, this, [buffer] { delete buffer; });
        QObject::connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
        QObject::connect(client, &QTcpSocket::readyRead, this, [this, client, buffer] {
            if (client->property("piped").toBool())
                return;
            *buffer += client->readAll();
            m_protocol == Protocol::HttpConnect ? handshakeHttp(client, *buffer)
                                                : handshakeSocks(client, *buffer);
        });
    }

    void handshakeHttp(QTcpSocket *client, QByteArray &buffer)
    {
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> line = buffer.left(buffer.indexOf("\r\n")).split(' ');
        const QByteArray head = buffer.left(end);
        buffer.remove(0, end + 4);
        if (line.value(0) != "CONNECT") {
            client->write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n");
            return;
        }
        bool authorized = basicAuth.isEmpty();
        for (const QByteArray &header : head.split('\n')) {
            const qsizetype colon = header.indexOf(':');
            if (header.left(colon).trimmed().toLower() == "proxy-authorization" &&
                header.mid(colon + 1).trimmed() == "Basic " + basicAuth.toBase64())
                authorized = true;
        }
        if (!authorized) {
            ++authChallenges;
            client->write("HTTP/1.1 407 Proxy Authentication Required\r\n"
                          "Proxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n\r\n");
            return;
        }
        const QByteArray target = line.value(1);
        const qsizetype colon = target.lastIndexOf(':');
        pipe(client, QString::fromLatin1(target.left(colon)), target.mid(colon + 1).toUShort(),
             "HTTP/1.1 200 Connection established\r\n\r\n");
    }

    void handshakeSocks(QTcpSocket *client, QByteArray &buffer)
    {
        if (!client->property("greeted").toBool()) {
            if (buffer.size() < 2 || buffer.size() < 2 + quint8(buffer[1]))
                return;
            buffer.remove(0, 2 + quint8(buffer[1]));
            client->write(QByteArray("\x05\x00", 2)); // no authentication
            client->setProperty("greeted", true);
        }
        if (buffer.size() < 5)
            return;
        QString host;
        qsizetype at = 4;
        if (buffer[3] == 0x01) { // IPv4
            if (buffer.size() < 10)
                return;
            host = QHostAddress(qFromBigEndian<quint32>(buffer.constData() + 4)).toString();
            at = 8;
        } else if (buffer[3] == 0x03) { // domain name
            const int length = quint8(buffer[4]);
            if (buffer.size() < 5 + length + 2)
                return;
            host = QString::fromLatin1(buffer.mid(5, length));
            at = 5 + length;
        } else {
            client->abort();
            return;
        }
        const quint16 port = qFromBigEndian<quint16>(buffer.constData() + at);
        buffer.clear();
        pipe(client, host, port, QByteArray("\x05\x00\x00\x01\x00\x00\x00\x00\x00\x00", 10));
    }

    void pipe(QTcpSocket *client, const QString &host, quint16 port, const QByteArray &established)
    {
        targets << QStringLiteral("%1:%2").arg(host).arg(port);
        client->setProperty("piped", true);
        auto *upstream = new QTcpSocket(client);
        QObject::connect(upstream, &QTcpSocket::connected, client,
                         [client, established] { client->write(established); });
        QObject::connect(upstream, &QTcpSocket::readyRead, client,
                         [client, upstream] { client->write(upstream->readAll()); });
        QObject::connect(client, &QTcpSocket::readyRead, upstream,
                         [client, upstream] { upstream->write(client->readAll()); });
        QObject::connect(upstream, &QTcpSocket::disconnected, client,
                         &QTcpSocket::disconnectFromHost);
        upstream->connectToHost(hosts.value(host, host), port);
    }

    Protocol m_protocol;
    std::unique_ptr<QTcpServer> m_server;
};
