// RestClient's proxy-url: local HTTP CONNECT, SOCKS5 and https proxies (TLS
// between client and proxy through TlsProxyBridge: verification with the
// system CAs and the cluster's CA, insecure-skip-tls-verify, proxy
// authentication, clear errors that never show the proxy's userinfo), and
// the port of a proxy URL without one.

#include "fakeapiserver.h"
#include "tunnelproxy.h"

#include "informer/kube/restclient.h"
#include "informer/kube/tlsproxybridge.h"

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
