#include "informer/kube/tlsproxybridge.h"

#include <QSslSocket>
#include <QTcpSocket>

namespace informant {

namespace {

// Go's net/http dials an https proxy URL without a port on 443.
constexpr int kDefaultHttpsProxyPort = 443;
const char kVerifyErrorsProperty[] = "informantVerifyErrors";

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
    connect(local, &QTcpSocket::disconnected, local, &QObject::deleteLater);

    // Bytes QNAM sends before the TLS session is up wait in the local
    // socket's buffer and are flushed once it is encrypted.
    const auto toProxy = [local, remote] {
        if (remote->isEncrypted() && local->bytesAvailable() > 0)
            remote->write(local->readAll());
    };
    connect(local, &QTcpSocket::readyRead, remote, toProxy);
    connect(remote, &QSslSocket::encrypted, this, [this, toProxy] {
        m_lastError.clear();
        toProxy();
    });
    const auto toLocal = [local, remote] {
        if (remote->bytesAvailable() > 0)
            local->write(remote->readAll());
    };
    connect(remote, &QSslSocket::readyRead, local, toLocal);
    connect(remote, &QSslSocket::disconnected, local, [local, toLocal] {
        toLocal();
        local->disconnectFromHost(); // after the pending bytes are written
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
