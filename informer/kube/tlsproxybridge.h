#pragma once

// TlsProxyBridge: lets QNetworkAccessManager use an https:// proxy
// (kubeconfig proxy-url), which Qt cannot do itself: QNetworkProxy::HttpProxy
// speaks plain TCP to the proxy. The bridge listens on 127.0.0.1 port 0; for
// every accepted connection it opens a TLS connection to the proxy and pipes
// bytes both ways. QNAM is given an HttpProxy pointing at the bridge (with the
// proxy URL's user and password), so CONNECT tunnelling and proxy
// authentication work unchanged, end to end between QNAM and the proxy.
//
// The proxy's certificate is verified against the system CAs plus the
// cluster's CA (kubectl verifies it with the cluster's TLS settings only,
// which rejects a publicly signed proxy when the cluster has its own CA:
// kubernetes/kubectl#1558), for the proxy's host name, and
// insecure-skip-tls-verify skips it as it does in kubectl. ALPN offers
// http/1.1 only: a proxy speaks HTTP/1.1 CONNECT. No client certificate is
// presented to the proxy. The bridge never sees or logs credentials beyond
// piping them; messages name the proxy without its userinfo. Each direction
// has backpressure: the bridge reads from one socket only while the other
// has less than 1 MiB queued, so a slow reader slows the proxy down instead
// of the bridge buffering a whole response.
//
// Threading: lives in, and serves from, the thread that created it (the
// owning RestClient's thread).

#include <QNetworkProxy>
#include <QObject>
#include <QPointer>
#include <QSslConfiguration>
#include <QTcpServer>
#include <QUrl>

class QTcpSocket;

namespace informant {

class TlsProxyBridge final : public QObject
{
    Q_OBJECT
public:
    // `clusterCaPem` is added to the system CAs; `insecure` skips verification.
    TlsProxyBridge(const QUrl &proxyUrl, const QByteArray &clusterCaPem, bool insecure,
                   QObject *parent = nullptr);
    ~TlsProxyBridge() override;
    Q_DISABLE_COPY_MOVE(TlsProxyBridge)

    // Starts listening on 127.0.0.1 port 0; false when that is impossible
    // (errorString() says why).
    bool listen();
    QString errorString() const;
    // What QNAM should use: an HTTP proxy at the bridge, with the proxy
    // URL's user and password (QNAM answers the proxy's 407 with them).
    QNetworkProxy networkProxy() const;
    quint16 port() const { return m_server.serverPort(); }
    // The TLS settings of the connections to the proxy.
    QSslConfiguration tlsConfiguration() const { return m_tls; }

    // The last failure to reach the proxy ("" after a later success), to
    // explain QNAM's bare "proxy connection closed".
    QString lastError() const { return m_lastError; }
    // "proxy.example:3128" (no userinfo) for messages.
    QString proxyName() const;
    // The bytes the bridge holds for its connections (read and not yet
    // passed on, or queued to be written): bounded per connection, since it
    // only reads on while the other side keeps up.
    qint64 bufferedBytes() const;

private:
    void accept(QTcpSocket *local);

    QTcpServer m_server;
    QList<QPointer<QTcpSocket>> m_connections; // accepted local sockets
    QUrl m_proxyUrl;
    QSslConfiguration m_tls;
    QString m_lastError;
};

} // namespace informant
