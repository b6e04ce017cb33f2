// RestClient's proxy-url: local HTTP CONNECT, SOCKS5 and https proxies (TLS
// between client and proxy through TlsProxyBridge: verification with the
// system CAs and the cluster's CA, insecure-skip-tls-verify, proxy
// authentication, clear errors that never show the proxy's userinfo), the
// port of a proxy URL without one, and HTTPS_PROXY / HTTP_PROXY / NO_PROXY
// when there is no proxy-url, decided as Go's http.ProxyFromEnvironment.

#include "fakeapiserver.h"
#include "tunnelproxy.h"

#include "informer/kube/proxyenvironment.h"
#include "informer/kube/restclient.h"
#include "informer/kube/tlsproxybridge.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

using namespace informant;

namespace {

QString dataFile(const QString &name)
{
    return qEnvironmentVariable("INFORMANT_SOURCE_DIR", QStringLiteral(INFORMANT_TEST_SOURCE_DIR)) +
           QStringLiteral("/tests/kube/data/") + name;
}

QByteArray readData(const QString &name)
{
    QFile file(dataFile(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

ApiResult<RestResponse> getVersion(const ClusterConfig &config)
{
    RestClient client(ClusterConnection::create(config));
    return client.getBlocking(QStringLiteral("/version"), {});
}

void okHandler(const HttpRequest &, QTcpSocket *socket)
{
    FakeApiServer::reply(socket, 200, R"({"major":"1","minor":"31"})");
}

ClusterConfig tlsConfig(const FakeApiServer &server, const QString &ca = QStringLiteral("ca.crt"))
{
    ClusterConfig config;
    config.server = server.url();
    config.certificateAuthorityPem = readData(ca);
    return config;
}

// Sets the proxy variables for one test and restores the process's own
// afterwards, so that a developer's HTTPS_PROXY neither breaks nor leaks
// into the tests.
class ProxyVariables
{
public:
    ProxyVariables(const QHash<QByteArray, QByteArray> &values)
    {
        for (const char *name : kNames) {
            if (qEnvironmentVariableIsSet(name))
                m_saved.insert(name, qgetenv(name));
            if (values.contains(name))
                qputenv(name, values.value(name));
            else
                qunsetenv(name);
        }
    }
    ~ProxyVariables()
    {
        for (const char *name : kNames) {
            if (m_saved.contains(name))
                qputenv(name, m_saved.value(name));
            else
                qunsetenv(name);
        }
    }
    Q_DISABLE_COPY_MOVE(ProxyVariables)

private:
    static constexpr const char *kNames[] = {"HTTPS_PROXY", "https_proxy", "HTTP_PROXY",
                                             "http_proxy",  "NO_PROXY",    "no_proxy"};
    QHash<QByteArray, QByteArray> m_saved;
};

} // namespace

class tst_Proxy : public QObject
{
    Q_OBJECT

private slots:
    void proxyUrl_data()
    {
        QTest::addColumn<bool>("socks");
        QTest::addColumn<bool>("tls");
        QTest::newRow("http proxy, https server (CONNECT)") << false << true;
        QTest::newRow("socks5 proxy, https server") << true << true;
        QTest::newRow("socks5 proxy, http server") << true << false;
    }
    void proxyUrl()
    {
        QFETCH(bool, socks);
        QFETCH(bool, tls);
        FakeApiServer server(okHandler);
        QVERIFY(tls ? server.listenTls(dataFile(QStringLiteral("server.crt")),
                                       dataFile(QStringLiteral("server.key")))
                    : server.listen());
        TunnelProxy proxy(socks ? TunnelProxy::Protocol::Socks5
                                : TunnelProxy::Protocol::HttpConnect);
        QVERIFY(proxy.listen());
        ClusterConfig config = tlsConfig(server);
        config.proxyUrl = QUrl(QStringLiteral("%1://127.0.0.1:%2")
                                   .arg(socks ? QStringLiteral("socks5") : QStringLiteral("http"))
                                   .arg(proxy.port()));
        auto result = getVersion(config);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(proxy.targets, QStringList{QStringLiteral("127.0.0.1:%1").arg(server.port())});
        QCOMPARE(server.requests.size(), 1);
    }

    void proxyUrlWithoutPortUsesTheSchemesPort_data()
    {
        QTest::addColumn<QString>("proxyUrl");
        QTest::addColumn<QNetworkProxy::ProxyType>("type");
        QTest::addColumn<int>("port");
        // As Go's net/http (kubectl): http 80, socks5 1080.
        QTest::newRow("http") << "http://127.0.0.1" << QNetworkProxy::HttpProxy << 80;
        QTest::newRow("http with a port")
            << "http://127.0.0.1:3128" << QNetworkProxy::HttpProxy << 3128;
        QTest::newRow("socks5") << "socks5://127.0.0.1" << QNetworkProxy::Socks5Proxy << 1080;
    }
    void proxyUrlWithoutPortUsesTheSchemesPort()
    {
        QFETCH(QString, proxyUrl);
        QFETCH(QNetworkProxy::ProxyType, type);
        QFETCH(int, port);
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:6443"));
        config.proxyUrl = QUrl(proxyUrl);
        RestClient client(ClusterConnection::create(config));
        QCOMPARE(client.networkProxy().type(), type);
        QCOMPARE(client.networkProxy().hostName(), QStringLiteral("127.0.0.1"));
        QCOMPARE(int(client.networkProxy().port()), port);
    }

    void environmentProxyFollowsGo_data()
    {
        QTest::addColumn<QString>("httpsProxy");
        QTest::addColumn<QString>("httpProxy");
        QTest::addColumn<QString>("noProxy");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("proxy"); // "" = direct
        const QString p = QStringLiteral("http://proxy.corp:3128");
        QTest::newRow("https server takes HTTPS_PROXY") << p << "http://other:1"
                                                        << ""
                                                        << "https://kube.example:6443" << p;
        QTest::newRow("https server ignores HTTP_PROXY") << "" << p << ""
                                                         << "https://kube.example:6443"
                                                         << "";
        QTest::newRow("http server takes HTTP_PROXY") << "http://other:1" << p << ""
                                                      << "http://kube.example:8080" << p;
        QTest::newRow("a proxy without a scheme is http") << "proxy.corp:3128"
                                                          << ""
                                                          << ""
                                                          << "https://kube.example" << p;
        QTest::newRow("https and socks5 proxies are kept") << "socks5://proxy.corp:1080"
                                                           << ""
                                                           << ""
                                                           << "https://kube.example"
                                                           << "socks5://proxy.corp:1080";
        QTest::newRow("localhost is never proxied") << p << ""
                                                    << ""
                                                    << "https://localhost:6443"
                                                    << "";
        QTest::newRow("127.0.0.0/8 is never proxied") << p << ""
                                                      << ""
                                                      << "https://127.1.2.3:6443"
                                                      << "";
        QTest::newRow("::1 is never proxied") << p << ""
                                              << ""
                                              << "https://[::1]:6443"
                                              << "";
        QTest::newRow("a loopback-looking name is proxied") << p << ""
                                                            << ""
                                                            << "https://localhost.corp:6443" << p;
        QTest::newRow("NO_PROXY host") << p << ""
                                       << "kube.example"
                                       << "https://kube.example"
                                       << "";
        QTest::newRow("NO_PROXY host matches subdomains") << p << ""
                                                          << "example"
                                                          << "https://kube.example"
                                                          << "";
        QTest::newRow("NO_PROXY host is not a bare suffix") << p << ""
                                                            << "example"
                                                            << "https://kubeexample" << p;
        QTest::newRow("NO_PROXY .domain matches subdomains") << p << ""
                                                             << ".example"
                                                             << "https://kube.example"
                                                             << "";
        QTest::newRow("NO_PROXY .domain does not match the domain") << p << ""
                                                                    << ".example"
                                                                    << "https://example" << p;
        QTest::newRow("NO_PROXY *.domain") << p << ""
                                           << "*.example"
                                           << "https://a.b.example"
                                           << "";
        QTest::newRow("NO_PROXY list, spaces and case") << p << ""
                                                        << "other.net, KUBE.Example "
                                                        << "https://kube.example"
                                                        << "";
        QTest::newRow("NO_PROXY port matches the default port") << p << ""
                                                                << "kube.example:443"
                                                                << "https://kube.example"
                                                                << "";
        QTest::newRow("NO_PROXY port must match") << p << ""
                                                  << "kube.example:443"
                                                  << "https://kube.example:6443" << p;
        QTest::newRow("NO_PROXY IP") << p << ""
                                     << "10.0.0.1"
                                     << "https://10.0.0.1:6443"
                                     << "";
        QTest::newRow("NO_PROXY IP with port") << p << ""
                                               << "10.0.0.1:6443"
                                               << "https://10.0.0.1:6443"
                                               << "";
        QTest::newRow("NO_PROXY IP with another port") << p << ""
                                                       << "10.0.0.1:443"
                                                       << "https://10.0.0.1:6443" << p;
        QTest::newRow("NO_PROXY CIDR") << p << ""
                                       << "10.0.0.0/8"
                                       << "https://10.20.30.40"
                                       << "";
        QTest::newRow("NO_PROXY CIDR outside") << p << ""
                                               << "10.0.0.0/8"
                                               << "https://11.0.0.1" << p;
        QTest::newRow("NO_PROXY IPv6 CIDR") << p << ""
                                            << "fd00::/8"
                                            << "https://[fd00::5]"
                                            << "";
        QTest::newRow("NO_PROXY IPv6 with port") << p << ""
                                                 << "[fd00::5]:6443"
                                                 << "https://[fd00::5]:6443"
                                                 << "";
        QTest::newRow("NO_PROXY *") << p << ""
                                    << "*"
                                    << "https://kube.example"
                                    << "";
        QTest::newRow("NO_PROXY for another host") << p << ""
                                                   << "other.net"
                                                   << "https://kube.example" << p;
    }
    void environmentProxyFollowsGo()
    {
        QFETCH(QString, httpsProxy);
        QFETCH(QString, httpProxy);
        QFETCH(QString, noProxy);
        QFETCH(QString, target);
        QFETCH(QString, proxy);
        const ProxyEnvironment environment{httpsProxy, httpProxy, noProxy};
        QCOMPARE(environment.proxyFor(QUrl(target)).toString(), proxy);
    }

    void environmentVariablesUpperCaseFirst()
    {
        {
            ProxyVariables variables({{"HTTPS_PROXY", "http://upper:1"},
                                      {"https_proxy", "http://lower:1"},
                                      {"http_proxy", "http://plain:1"},
                                      {"no_proxy", "corp"}});
            const ProxyEnvironment environment = ProxyEnvironment::fromProcess();
            QCOMPARE(environment.httpsProxy, QStringLiteral("http://upper:1"));
            QCOMPARE(environment.httpProxy, QStringLiteral("http://plain:1"));
            QCOMPARE(environment.noProxy, QStringLiteral("corp"));
        }
        ProxyVariables variables({{"HTTPS_PROXY", ""}, {"https_proxy", "http://lower:1"}});
        QCOMPARE(ProxyEnvironment::fromProcess().httpsProxy, QStringLiteral("http://lower:1"));
    }

    void restClientTakesTheEnvironmentsProxy_data()
    {
        QTest::addColumn<QString>("proxyUrl");
        QTest::addColumn<QByteArray>("noProxy");
        QTest::addColumn<QNetworkProxy::ProxyType>("type");
        QTest::addColumn<QString>("host");
        QTest::newRow("HTTPS_PROXY")
            << "" << QByteArray() << QNetworkProxy::HttpProxy << "envproxy";
        QTest::newRow("NO_PROXY") << "" << QByteArray("kube.example") << QNetworkProxy::NoProxy
                                  << "";
        QTest::newRow("proxy-url wins over the environment")
            << "socks5://kubeconfigproxy:1080" << QByteArray() << QNetworkProxy::Socks5Proxy
            << "kubeconfigproxy";
    }
    void restClientTakesTheEnvironmentsProxy()
    {
        QFETCH(QString, proxyUrl);
        QFETCH(QByteArray, noProxy);
        QFETCH(QNetworkProxy::ProxyType, type);
        QFETCH(QString, host);
        ProxyVariables variables({{"HTTPS_PROXY", "http://envproxy:3128"}, {"NO_PROXY", noProxy}});
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://kube.example:6443"));
        config.proxyUrl = QUrl(proxyUrl);
        RestClient client(ClusterConnection::create(config));
        QCOMPARE(client.networkProxy().type(), type);
        QCOMPARE(client.networkProxy().hostName(), host);
    }

    void httpsProxyVariableTunnelsRequests_data()
    {
        QTest::addColumn<bool>("tlsProxy");
        QTest::newRow("http proxy") << false;
        QTest::newRow("https proxy through the bridge") << true;
    }
    void httpsProxyVariableTunnelsRequests()
    {
        QFETCH(bool, tlsProxy);
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key"))));
        TunnelProxy proxy(TunnelProxy::Protocol::HttpConnect);
        // A name that is not loopback to the client (Go never proxies
        // loopback), which only the proxy resolves to the test server.
        proxy.hosts.insert(QStringLiteral("kube.test"), QStringLiteral("127.0.0.1"));
        QVERIFY(tlsProxy ? proxy.listenTls(dataFile(QStringLiteral("server.crt")),
                                           dataFile(QStringLiteral("server.key")))
                         : proxy.listen());
        ProxyVariables variables(
            {{"HTTPS_PROXY", QStringLiteral("%1://127.0.0.1:%2")
                                 .arg(tlsProxy ? QStringLiteral("https") : QStringLiteral("http"))
                                 .arg(proxy.port())
                                 .toLatin1()},
             {"NO_PROXY", "other.test"}});
        ClusterConfig config = tlsConfig(server);
        config.server = QUrl(QStringLiteral("https://kube.test:%1").arg(server.port()));
        config.tlsServerName = QStringLiteral("localhost"); // in the test certificate
        auto result = getVersion(config);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(proxy.targets, QStringList{QStringLiteral("kube.test:%1").arg(server.port())});
        QCOMPARE(server.requests.size(), 1);
    }

    void loopbackServersBypassTheProxyVariables()
    {
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key"))));
        TunnelProxy proxy(TunnelProxy::Protocol::HttpConnect);
        QVERIFY(proxy.listen());
        ProxyVariables variables(
            {{"HTTPS_PROXY", QStringLiteral("http://127.0.0.1:%1").arg(proxy.port()).toLatin1()}});
        auto result = getVersion(tlsConfig(server));
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(proxy.targets, QStringList());
        QCOMPARE(server.requests.size(), 1);
    }

    void httpsProxyWithoutPortIsReachedOn443()
    {
        TlsProxyBridge bridge(QUrl(QStringLiteral("https://127.0.0.1")), {}, false);
        QCOMPARE(bridge.proxyName(), QStringLiteral("127.0.0.1:443"));
    }

    void httpsProxyTrustsTheSystemCasBesidesTheClusterCa()
    {
        // A publicly signed proxy must still verify when the cluster has its
        // own CA; a live check would need a proxy with a public certificate.
        const QByteArray clusterCaPem = readData(QStringLiteral("ca.crt"));
        const QSslCertificate clusterCa = QSslCertificate::fromData(clusterCaPem).value(0);
        QVERIFY(!clusterCa.isNull());
        TlsProxyBridge bridge(QUrl(QStringLiteral("https://127.0.0.1:1")), clusterCaPem, false);
        const QList<QSslCertificate> trusted = bridge.tlsConfiguration().caCertificates();
        const QList<QSslCertificate> system = QSslConfiguration::systemCaCertificates();
        QVERIFY(trusted.contains(clusterCa));
        QCOMPARE(trusted.size(), system.size() + 1);
        for (const QSslCertificate &ca : system)
            QVERIFY2(trusted.contains(ca), qPrintable(ca.subjectDisplayName()));
    }

    void httpsProxy_data()
    {
        QTest::addColumn<QString>("clusterCa");
        QTest::addColumn<bool>("insecure");
        QTest::addColumn<QByteArray>("basicAuth");
        QTest::addColumn<QString>("error"); // "" = success
        QTest::newRow("proxy verified with the cluster's CA")
            << "ca.crt" << false << QByteArray() << "";
        QTest::newRow("proxy authentication through the bridge")
            << "ca.crt" << false << QByteArray("alice:s3cret") << "";
        QTest::newRow("insecure-skip-tls-verify skips the proxy's verification too")
            << "" << true << QByteArray() << "";
        QTest::newRow("untrusted proxy certificate names the proxy")
            << "other-ca.crt" << false << QByteArray("alice:s3cret")
            << "proxy error: TLS certificate verification of https proxy 127.0.0.1:";
    }
    void httpsProxy()
    {
        QFETCH(QString, clusterCa);
        QFETCH(bool, insecure);
        QFETCH(QByteArray, basicAuth);
        QFETCH(QString, error);
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key"))));
        TunnelProxy proxy(TunnelProxy::Protocol::HttpConnect);
        proxy.basicAuth = basicAuth;
        QVERIFY(proxy.listenTls(dataFile(QStringLiteral("server.crt")),
                                dataFile(QStringLiteral("server.key"))));
        ClusterConfig config = tlsConfig(server, clusterCa);
        config.insecureSkipTlsVerify = insecure;
        const QString userInfo =
            basicAuth.isEmpty() ? QString() : QString::fromLatin1(basicAuth) + QLatin1Char('@');
        config.proxyUrl = QUrl(QStringLiteral("https://") + userInfo +
                               QStringLiteral("127.0.0.1:%1").arg(proxy.port()));
        auto result = getVersion(config);
        if (!error.isEmpty()) {
            QVERIFY(!result.ok());
            QVERIFY2(result.error().message.contains(error), qPrintable(result.error().message));
            QVERIFY2(!result.error().message.contains(QStringLiteral("s3cret")),
                     qPrintable(result.error().message));
            QCOMPARE(proxy.targets, QStringList());
            QCOMPARE(server.requests.size(), 0);
            return;
        }
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(proxy.targets, QStringList{QStringLiteral("127.0.0.1:%1").arg(server.port())});
        QCOMPARE(proxy.authChallenges, basicAuth.isEmpty() ? 0 : 1);
        QCOMPARE(proxy.tlsFailures, 0);
        QCOMPARE(server.requests.size(), 1);
        // The proxy credentials go to the proxy only, never to the API server.
        QVERIFY(!server.requests.value(0).headers.contains("proxy-authorization"));
    }

    void httpsProxyBridgeHoldsBackASlowReader()
    {
        // A server that sends a large body at once, read slowly through the
        // bridge: the bridge must pass on only what the reader takes, as
        // QNAM's read buffer would otherwise be defeated behind the bridge.
        constexpr qint64 kBodyBytes = 64 << 20;
        QTcpServer target;
        QVERIFY(target.listen(QHostAddress::LocalHost, 0));
        connect(&target, &QTcpServer::pendingConnectionAvailable, this, [&target] {
            QTcpSocket *socket = target.nextPendingConnection();
            socket->write(QByteArray(kBodyBytes, 'x'));
        });
        TunnelProxy proxy(TunnelProxy::Protocol::HttpConnect);
        QVERIFY(proxy.listenTls(dataFile(QStringLiteral("server.crt")),
                                dataFile(QStringLiteral("server.key"))));
        TlsProxyBridge bridge(QUrl(QStringLiteral("https://127.0.0.1:%1").arg(proxy.port())),
                              readData(QStringLiteral("ca.crt")), false);
        QVERIFY(bridge.listen());

        QTcpSocket reader;
        reader.setReadBufferSize(64 << 10); // a reader that stops taking bytes
        reader.connectToHost(QHostAddress::LocalHost, bridge.port());
        QVERIFY(reader.waitForConnected(5000));
        reader.write(QStringLiteral("CONNECT 127.0.0.1:%1 HTTP/1.1\r\n\r\n")
                         .arg(target.serverPort())
                         .toLatin1());
        QByteArray head;
        QTRY_VERIFY((head += reader.read(39)).contains("\r\n\r\n"));
        QVERIFY2(head.startsWith("HTTP/1.1 200"), head.constData());

        // The proxy has the whole body long before the reader wants it.
        qint64 peak = 0;
        for (int i = 0; i < 40; ++i) {
            QTest::qWait(25);
            peak = std::max(peak, bridge.bufferedBytes());
        }
        qint64 received = head.size() - head.indexOf("\r\n\r\n") - 4;
        // Read in the event loop: the bridge serves from this thread.
        QElapsedTimer reading;
        reading.start();
        while (received < kBodyBytes && reading.elapsed() < 30000) {
            const QByteArray chunk = reader.read(1 << 20);
            received += chunk.size();
            peak = std::max(peak, bridge.bufferedBytes());
            if (chunk.isEmpty())
                QTest::qWait(1);
        }
        QCOMPARE(received, kBodyBytes);
        // Two sockets of 1 MiB each way, plus what one read lets through.
        QVERIFY2(peak <= 4 << 20, qPrintable(QString::number(peak)));
        QVERIFY(peak > 0);
    }

    void httpsProxyBridgeServesManyWatchConnections()
    {
        // Several requests at once: each gets its own TLS connection to the proxy.
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key"))));
        TunnelProxy proxy(TunnelProxy::Protocol::HttpConnect);
        QVERIFY(proxy.listenTls(dataFile(QStringLiteral("server.crt")),
                                dataFile(QStringLiteral("server.key"))));
        ClusterConfig config = tlsConfig(server);
        config.proxyUrl = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(proxy.port()));
        RestClient client(ClusterConnection::create(config));
        int ok = 0;
        for (int i = 0; i < 8; ++i)
            client.get(QStringLiteral("/version"), {},
                       [&ok](ApiResult<RestResponse> result) { ok += result.ok() ? 1 : 0; });
        QTRY_COMPARE(ok, 8);
        QCOMPARE(server.requests.size(), 8);
    }
};

QTEST_GUILESS_MAIN(tst_Proxy)
#include "tst_proxy.moc"
