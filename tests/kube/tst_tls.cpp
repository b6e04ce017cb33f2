// RestClient's TLS against small in-test servers: CA verification (a wrong
// CA fails naming the TLS problem), insecure mode, tls-server-name, client
// certificates (RSA and EC, PKCS#1 and PKCS#8), and clear errors for a
// missing certificate or an unreadable key. Authentication: tst_authentication.

#include "authtestutil.h"

#include <QTest>

using namespace informant;
using namespace informant::authtest;

class tst_Tls : public QObject
{
    Q_OBJECT

private slots:
    void tlsVerification_data()
    {
        QTest::addColumn<QString>("cert");
        QTest::addColumn<QString>("ca");
        QTest::addColumn<bool>("insecure");
        QTest::addColumn<QString>("serverName");
        QTest::addColumn<QString>("error"); // "" = success
        QTest::newRow("right CA") << "server"
                                  << "ca.crt" << false << ""
                                  << "";
        QTest::newRow("wrong CA") << "server"
                                  << "other-ca.crt" << false << ""
                                  << "TLS certificate verification failed";
        QTest::newRow("CA file holding a key, no certificate")
            << "server"
            << "ca.key" << false << ""
            << "unable to load root certificates: the certificate-authority data holds no PEM "
               "certificate";
        QTest::newRow("no CA: system roots reject it") << "server"
                                                       << "" << false << ""
                                                       << "TLS certificate verification failed";
        QTest::newRow("insecure skips verification") << "server"
                                                     << "" << true << ""
                                                     << "";
        QTest::newRow("name mismatch") << "named-server"
                                       << "ca.crt" << false << ""
                                       << "TLS certificate verification failed";
        QTest::newRow("tls-server-name") << "named-server"
                                         << "ca.crt" << false << "apiserver.internal"
                                         << "";
    }
    void tlsVerification()
    {
        QFETCH(QString, cert);
        QFETCH(QString, ca);
        QFETCH(bool, insecure);
        QFETCH(QString, serverName);
        QFETCH(QString, error);
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(cert + QStringLiteral(".crt")),
                                 dataFile(cert + QStringLiteral(".key"))));
        ClusterConfig config = tlsConfig(server, ca);
        if (ca.isEmpty())
            config.certificateAuthorityPem.clear();
        config.insecureSkipTlsVerify = insecure;
        config.tlsServerName = serverName;
        auto result = getVersion(config);
        if (error.isEmpty()) {
            QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
            QCOMPARE(result->httpStatus, 200);
        } else {
            QVERIFY(!result.ok());
            QCOMPARE(result.error().kind, ApiError::Kind::Transport);
            QVERIFY2(result.error().message.contains(error), qPrintable(result.error().message));
            QCOMPARE(server.requests.size(), 0);
        }
    }

    void clientCertificateAuthentication_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("commonName");
        QTest::newRow("RSA key") << "client-rsa"
                                 << "alice";
        QTest::newRow("EC key") << "client-ec"
                                << "bob";
        QTest::newRow("RSA key, PKCS#8") << "client-rsa-pkcs8"
                                         << "alice";
        QTest::newRow("EC key, PKCS#8") << "client-ec-pkcs8"
                                        << "bob";
    }
    void clientCertificateAuthentication()
    {
        QFETCH(QString, name);
        QFETCH(QString, commonName);
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key")),
                                 dataFile(QStringLiteral("ca.crt"))));
        ClusterConfig config = tlsConfig(server);
        config.user.clientCertificatePem = readData(name + QStringLiteral(".crt"));
        config.user.clientKeyPem = readData(name + QStringLiteral(".key"));
        auto result = getVersion(config);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(server.requests.value(0).clientCertificateCommonName, commonName);
    }

    void missingClientCertificateIsRejected()
    {
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key")),
                                 dataFile(QStringLiteral("ca.crt"))));
        auto result = getVersion(tlsConfig(server));
        QVERIFY(!result.ok());
        QCOMPARE(server.requests.size(), 0);
    }

    void unreadableClientKeyIsAClearError()
    {
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        config.userName = QStringLiteral("u");
        config.user.clientCertificatePem = readData(QStringLiteral("client-rsa.crt"));
        config.user.clientKeyPem =
            "-----BEGIN RSA PRIVATE KEY-----\nU0VDUkVU\n-----END RSA PRIVATE KEY-----\n";
        auto result = getVersion(config);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().message.contains(
                     QStringLiteral("client-key is not an RSA or EC PEM private key")),
                 qPrintable(result.error().message));
        QVERIFY(!result.error().message.contains(QStringLiteral("U0VDUkVU")));
    }
};

QTEST_GUILESS_MAIN(tst_Tls)
#include "tst_tls.moc"
