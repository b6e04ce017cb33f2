#include "informer/kube/tlsproxybridge.h"

#include <QSslSocket>
#include <QTcpSocket>

namespace informant {

namespace {

// Go's net/http dials an https proxy URL without a port on 443.
constexpr int kDefaultHttpsProxyPort = 443;
const char kVerifyErrorsProperty[] = "informantVerifyErrors";
// Per direction and connection: the most the bridge reads ahead of a socket
// it writes to, and the most it queues on that socket. A slow reader (QNAM
// decoding a 100k-pod list behind its own read buffer) then holds back the
// proxy through TCP instead of the bridge holding the whole body.
constexpr qint64 kBridgeBufferBytes = 1 << 20;

qint64 queuedBytes(const QTcpSocket *socket)
{
    const auto *tls = qobject_cast<const QSslSocket *>(socket);
    return socket->bytesToWrite() + (tls ? tls->encryptedBytesToWrite() : 0);
}

// Moves what `from` has read into `to` while `to` has room.
void pump(QTcpSocket *from, QTcpSocket *to)
{
    for (qint64 room;
         from->bytesAvailable() > 0 && (room = kBridgeBufferBytes - queuedBytes(to)) > 0;) {
        const QByteArray chunk = from->read(room);
        if (chunk.isEmpty())
            break;
        to->write(chunk);
    }
}

} // namespace

TlsProxyBridge::TlsProxyBridge(const QUrl &proxyUrl, const QByteArray &clusterCaPem, bool insecure,
                               QObject *parent)
    : QObject(parent)
    , m_proxyUrl(proxyUrl)
    , m_tls(QSslConfiguration::defaultConfiguration())
{
    // The system CAs are listed explicitly: any CA list given to a
    // configuration (addCaCertificates too) turns off Qt's on-demand loading
    // of the system roots, which would leave the cluster's CA alone.
    if (!clusterCaPem.isEmpty())
        m_tls.setCaCertificates(QSslConfiguration::systemCaCertificates() +
                                QSslCertificate::fromData(clusterCaPem, QSsl::Pem));
    if (insecure)
        m_tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    m_tls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});
    connect(&m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket *local = m_server.nextPendingConnection())
            accept(local);
    });
}

TlsProxyBridge::~TlsProxyBridge() = default;

bool TlsProxyBridge::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QString TlsProxyBridge::errorString() const
{
    return QStringLiteral("cannot start the local bridge to https proxy %1: %2")
        .arg(proxyName(), m_server.errorString());
}

QNetworkProxy TlsProxyBridge::networkProxy() const
{
    return QNetworkProxy(QNetworkProxy::HttpProxy, QStringLiteral("127.0.0.1"),
                         m_server.serverPort(), m_proxyUrl.userName(), m_proxyUrl.password());
}

qint64 TlsProxyBridge::bufferedBytes() const
{
    qint64 total = 0;
    for (const QPointer<QTcpSocket> &local : m_connections) {
        if (!local)
            continue;
        total += local->bytesAvailable() + local->bytesToWrite();
        if (const auto *remote = local->findChild<QSslSocket *>())
            total += remote->bytesAvailable() + queuedBytes(remote);
    }
    return total;
}

QString TlsProxyBridge::proxyName() const
{
    return QStringLiteral("%1:%2")
        .arg(m_proxyUrl.host())
        .arg(m_proxyUrl.port(kDefaultHttpsProxyPort));
}

void TlsProxyBridge::accept(QTcpSocket *local)
{
    // The TLS socket is the local socket's child: one deletion ends both.
    auto *remote = new QSslSocket(local);
    remote->setSslConfiguration(m_tls);
    // A full read buffer stops reading from the kernel, so the peer's TCP
    // window closes while the other side cannot take more.
    local->setReadBufferSize(kBridgeBufferBytes);
    remote->setReadBufferSize(kBridgeBufferBytes);
    m_connections.removeIf([](const QPointer<QTcpSocket> &socket) { return !socket; });
    m_connections.append(local);
    connect(local, &QTcpSocket::disconnected, local, &QObject::deleteLater);

    // Bytes QNAM sends before the TLS session is up wait in the local
    // socket's buffer and are flushed once it is encrypted.
    const auto toProxy = [local, remote] {
        if (remote->isEncrypted())
            pump(local, remote);
    };
    connect(local, &QTcpSocket::readyRead, remote, toProxy);
    connect(remote, &QSslSocket::bytesWritten, local, toProxy);
    connect(remote, &QSslSocket::encryptedBytesWritten, local, toProxy);
    connect(remote, &QSslSocket::encrypted, this, [this, toProxy] {
        m_lastError.clear();
        toProxy();
    });
    const auto toLocal = [local, remote] { pump(remote, local); };
    connect(remote, &QSslSocket::readyRead, local, toLocal);
    connect(local, &QTcpSocket::bytesWritten, remote, toLocal);
    connect(remote, &QSslSocket::disconnected, local, [local, remote] {
        // The rest of the answer is still to be passed on; the local socket
        // is closed once all of it is written.
        if (remote->bytesAvailable() == 0) {
            local->disconnectFromHost(); // after the pending bytes are written
            return;
        }
        pump(remote, local);
        connect(local, &QTcpSocket::bytesWritten, remote, [local, remote] {
            if (remote->bytesAvailable() == 0 && local->bytesToWrite() == 0)
                local->disconnectFromHost();
        });
    });
    connect(local, &QTcpSocket::disconnected, remote, [remote] { remote->disconnectFromHost(); });

    // Verification problems arrive before the handshake error that ends the
    // connection; they are kept on the socket to explain that error.
    connect(remote, &QSslSocket::sslErrors, remote, [remote](const QList<QSslError> &errors) {
        QStringList texts;
        for (const QSslError &error : errors)
            texts << error.errorString();
        remote->setProperty(kVerifyErrorsProperty, texts.join(QStringLiteral("; ")));
    });
    connect(remote, &QAbstractSocket::errorOccurred, local, [this, local, remote] {
        if (remote->isEncrypted())
            return; // an established tunnel ends through disconnected()
        const QString verify = remote->property(kVerifyErrorsProperty).toString();
        m_lastError =
            verify.isEmpty()
                ? QStringLiteral("cannot reach https proxy %1: %2")
                      .arg(proxyName(), remote->errorString())
                : QStringLiteral("TLS certificate verification of https proxy %1 failed: %2")
                      .arg(proxyName(), verify);
        // Answered as an HTTP proxy answers when it cannot reach upstream:
        // QNAM over HTTP/1.1 waits forever on a proxy connection reset
        // before the answer to its CONNECT.
        local->write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        local->disconnectFromHost();
    });
    remote->connectToHostEncrypted(m_proxyUrl.host(),
                                   quint16(m_proxyUrl.port(kDefaultHttpsProxyPort)));
}

} // namespace informant
