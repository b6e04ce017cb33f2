// RestClient's authentication with static credentials against small in-test
// servers (https: no credential goes to an http one): bearer and basic auth,
// credentials that cannot be sent, tokenFile rotation and precedence.
// Exec credential plugins: tst_execpluginauth.cpp; proxy-url: tst_proxy.cpp.

#include "authtestutil.h"
#include "execplugintestutil.h"
#include "fakeapiserver.h"

#include "informer/kube/restclient.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;
using namespace informant::authtest;

class tst_Authentication : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    ClusterConfig execConfig(const FakeApiServer &server, const QString &apiVersion)
    {
        return countingExecConfig(server, m_dir.path(), apiVersion);
    }
    int pluginRuns() const { return authtest::pluginRuns(m_dir.path()); }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
    }

    void authorizationHeader_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("idToken");
        QTest::addColumn<QString>("username");
        QTest::addColumn<QByteArray>("header");
        QTest::newRow("bearer token") << "abc"
                                      << ""
                                      << "" << QByteArray("Bearer abc");
        QTest::newRow("oidc id-token") << ""
                                       << "eyJ.id.tok"
                                       << "" << QByteArray("Bearer eyJ.id.tok");
        QTest::newRow("basic auth")
            << ""
            << ""
            << "admin" << QByteArray("Basic ") + QByteArray("admin:pw").toBase64();
        QTest::newRow("token wins over basic") << "abc"
                                               << ""
                                               << "admin" << QByteArray("Bearer abc");
    }
    void authorizationHeader()
    {
        QFETCH(QString, token);
        QFETCH(QString, idToken);
        QFETCH(QString, username);
        QFETCH(QByteArray, header);
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        ClusterConfig config = tlsConfig(server);
        config.user.token = token;
        config.user.oidcIdToken = idToken;
        config.user.username = username;
        config.user.password = QStringLiteral("pw");
        QVERIFY(getVersion(config).ok());
        QCOMPARE(server.requests.value(0).headers.value("authorization"), header);
    }

    // A token with a line break would end the Authorization header and
    // start another (Impersonate-User...): it is refused, never sent, and
    // the error does not quote it.
    void credentialsWithALineBreakAreNotSent()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const QString tokenFile = m_dir.filePath(QStringLiteral("notes.txt"));
        writeFile(tokenFile, "s3cr3t\nImpersonate-User: admin\n");
        for (const bool fromFile : {false, true}) {
            ClusterConfig config = tlsConfig(server);
            config.userName = QStringLiteral("dev");
            if (fromFile)
                config.user.tokenFile = tokenFile;
            else
                config.user.token = QStringLiteral("s3cr3t\r\nImpersonate-User: admin");
            const auto result = getVersion(config);
            QVERIFY(!result.ok());
            QVERIFY2(result.error().message.contains(QStringLiteral("control character")),
                     qPrintable(result.error().message));
            QVERIFY(!result.error().message.contains(QStringLiteral("s3cr3t")));
        }
        QCOMPARE(server.requests.size(), 0);
    }

    void tokenFileIsReReadWhenItChanges()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const QString tokenPath = m_dir.filePath(QStringLiteral("token"));
        writeFile(tokenPath, "first\n");
        ClusterConfig config = tlsConfig(server);
        config.user.tokenFile = tokenPath;
        RestClient client(ClusterConnection::create(config));
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        writeFile(tokenPath, "second-rotated\n");
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.requests[0].headers.value("authorization"), QByteArray("Bearer first"));
        QCOMPARE(server.requests[1].headers.value("authorization"),
                 QByteArray("Bearer second-rotated"));
    }

    void tokenFileTakesPrecedenceOverToken()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        ClusterConfig config = tlsConfig(server);
        config.user.token = QStringLiteral("static");
        config.user.tokenFile = m_dir.filePath(QStringLiteral("token"));
        QVERIFY(getVersion(config).ok()); // no file yet: the static token
        writeFile(config.user.tokenFile, "from-file");
        QVERIFY(getVersion(config).ok());
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.requests[0].headers.value("authorization"), QByteArray("Bearer static"));
        QCOMPARE(server.requests[1].headers.value("authorization"), QByteArray("Bearer from-file"));
    }

    // As client-go, which reads a user's credentials only for an https
    // server: to an http one nothing of them goes, the tokenFile is not read
    // (a missing one is no error), the exec plugin does not run, and no
    // client certificate's expiry is shown, as none is presented.
    void credentialsAreNotSentOverHttp_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char *kind : {"token", "tokenFile", "missing tokenFile", "oidc id-token",
                                 "basic auth", "exec plugin", "client certificate"})
            QTest::newRow(kind) << QString::fromLatin1(kind);
    }
    void credentialsAreNotSentOverHttp()
    {
        QFETCH(QString, kind);
        FakeApiServer server(okHandler);
        QVERIFY(server.listen());
        ClusterConfig config;
        if (kind == QLatin1String("exec plugin"))
            config = execConfig(server, QStringLiteral("client.authentication.k8s.io/v1"));
        config.server = server.url();
        config.userName = QStringLiteral("dev");
        const QString tokenFile = m_dir.filePath(QStringLiteral("token"));
        if (kind == QLatin1String("token")) {
            config.user.token = QStringLiteral("s3cret");
        } else if (kind == QLatin1String("tokenFile")) {
            writeFile(tokenFile, "s3cret");
            config.user.tokenFile = tokenFile;
        } else if (kind == QLatin1String("missing tokenFile")) {
            config.user.tokenFile = tokenFile;
        } else if (kind == QLatin1String("oidc id-token")) {
            config.user.oidcIdToken = QStringLiteral("eyJ.s3cret");
        } else if (kind == QLatin1String("basic auth")) {
            config.user.username = QStringLiteral("admin");
            config.user.password = QStringLiteral("s3cret");
        } else if (kind == QLatin1String("client certificate")) {
            config.user.clientCertificatePem = readData(QStringLiteral("client-rsa.crt"));
            config.user.clientKeyPem = readData(QStringLiteral("client-rsa.key"));
        }
        RestClient client(ClusterConnection::create(config));
        const auto result = client.getBlocking(QStringLiteral("/version"), {});
        QVERIFY2(result.ok(), result.ok() ? "" : qPrintable(result.error().message));
        QCOMPARE(server.requests.size(), 1);
        QVERIFY(!server.requests[0].headers.contains("authorization"));
        QCOMPARE(pluginRuns(), 0);
        QCOMPARE(client.connection().credentials->execRuns(), 0);
        QVERIFY(!client.connection().credentials->expiry().expiresAt.isValid());
    }

    // An http server's 401 says why nothing was sent (the server's Status is
    // kept as it came); an https server's 401 does not, the token went.
    void unauthorizedOverHttpSaysTheCredentialsWereNotSent()
    {
        const auto unauthorized = [](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(
                socket, 401,
                R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401})");
        };
        FakeApiServer plain(unauthorized);
        QVERIFY(plain.listen());
        ClusterConfig config;
        config.server = plain.url();
        config.userName = QStringLiteral("dev");
        config.user.token = QStringLiteral("s3cret");
        const auto overHttp = getVersion(config);
        QVERIFY(!overHttp.ok());
        const ApiError &error = overHttp.error();
        QCOMPARE(error.status.code, 401);
        QCOMPARE(error.status.message, QStringLiteral("Unauthorized"));
        QVERIFY(!plain.requests.value(0).headers.contains("authorization"));
        const QString expected =
            QStringLiteral("the credentials of user \"dev\" were not sent: the server is "
                           "http://127.0.0.1:%1, and as with kubectl they go only over https")
                .arg(plain.port());
        QVERIFY2(error.message.endsWith(QStringLiteral(" (") + expected + QLatin1Char(')')),
                 qPrintable(error.message));
        QVERIFY(!error.message.contains(QStringLiteral("s3cret")));

        FakeApiServer secure(unauthorized);
        QVERIFY(listenTls(secure));
        ClusterConfig tls = tlsConfig(secure);
        tls.user.token = QStringLiteral("s3cret");
        const auto overHttps = getVersion(tls);
        QVERIFY(!overHttps.ok());
        QCOMPARE(secure.requests.value(0).headers.value("authorization"),
                 QByteArray("Bearer s3cret"));
        QVERIFY2(!overHttps.error().message.contains(QStringLiteral("not sent")),
                 qPrintable(overHttps.error().message));
    }
};

QTEST_GUILESS_MAIN(tst_Authentication)
#include "tst_authentication.moc"
