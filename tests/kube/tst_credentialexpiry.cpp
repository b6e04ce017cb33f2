// Credentials::expiry(): when the credentials stop working and where they
// come from — an exec plugin's expirationTimestamp (kept while the plugin
// runs again, which is said), the notAfter of a client certificate from the
// plugin or the kubeconfig, nothing for a static token — and the exec plugin
// shared by Credentials of one exec config (execplugincache.h), so a window
// reading the expiry runs nothing of its own. An expired credential is
// replaced by running the plugin again before it is used.

#include "authtestutil.h"
#include "fakeapiserver.h"

#include "informer/kube/credentials.h"
#include "informer/kube/restclient.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace informant;
using namespace informant::authtest;

namespace {

// The notAfter of data/client-rsa.crt (CN alice) and client-ec.crt (CN bob).
const QDateTime kAliceNotAfter(QDate(2126, 10, 29), QTime(0, 11, 25), Qt::UTC);
const QDateTime kBobNotAfter(QDate(2126, 10, 29), QTime(0, 11, 26), Qt::UTC);

} // namespace

class tst_CredentialExpiry : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A plugin that counts its runs, prints the token "exec-<run>" expiring
    // `offset` seconds from now (the file offset-<run>, else offset), writes
    // that timestamp to expiry-<run>, and from its second run on waits for
    // the file "release" when the file "hold" exists.
    QString writePlugin()
    {
        const QString plugin = m_dir.filePath(QStringLiteral("expiring.sh"));
        writeFile(plugin,
                  QStringLiteral(
                      "#!/bin/sh\n"
                      "cd '%1'\n"
                      "n=$(cat counter 2>/dev/null || echo 0); n=$((n+1)); echo $n > counter\n"
                      "if [ $n -gt 1 ] && [ -e hold ]; then\n"
                      "  for i in $(seq 1 1200); do [ -e release ] && break; sleep 0.05; done\n"
                      "fi\n"
                      "offset=$(cat offset-$n 2>/dev/null || cat offset)\n"
                      "exp=$(date -u -d \"@$(( $(date +%s) + offset ))\" +%Y-%m-%dT%H:%M:%SZ)\n"
                      "echo $exp > expiry-$n\n"
                      "echo 'signing in' >&2\n"
                      "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                      "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"exec-%s\","
                      "\"expirationTimestamp\":\"%s\"}}' $n $exp\n")
                      .arg(m_dir.path())
                      .toUtf8(),
                  true);
        return plugin;
    }
    // https: no credential goes to an http server, no plugin runs for one.
    ClusterConfig execConfig(const QUrl &server = QUrl(QStringLiteral("https://127.0.0.1:1")))
    {
        ClusterConfig config;
        config.server = server;
        config.certificateAuthorityPem = readData(QStringLiteral("ca.crt"));
        config.user.exec = neverInteractiveExec(writePlugin());
        return config;
    }
    void setOffset(const QString &run, qint64 seconds)
    {
        writeFile(m_dir.filePath(QStringLiteral("offset") + run), QByteArray::number(seconds));
    }
    // The expirationTimestamp the plugin printed on run `run`.
    QDateTime printedExpiry(int run) const
    {
        QFile file(m_dir.filePath(QStringLiteral("expiry-%1").arg(run)));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QDateTime::fromString(QString::fromLatin1(file.readAll().trimmed()), Qt::ISODate);
    }
    int pluginRuns() const
    {
        QFile file(m_dir.filePath(QStringLiteral("counter")));
        return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toInt() : 0;
    }
    static QByteArray authorization(Credentials &credentials)
    {
        auto material = credentials.material();
        return material ? material->authorization
                        : QByteArray("error: ") + material.errorMessage().toUtf8();
    }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
    }

    void execExpiryIsTheCredentialsExpirationTimestamp()
    {
        setOffset({}, 12 * 60);
        Credentials credentials(execConfig());
        // Unknown until the plugin has answered; reading it runs nothing.
        QVERIFY(!credentials.expiry().expires());
        QCOMPARE(pluginRuns(), 0);
        QCOMPARE(authorization(credentials), QByteArray("Bearer exec-1"));
        const CredentialExpiry expiry = credentials.expiry();
        QVERIFY(printedExpiry(1).isValid());
        QCOMPARE(expiry.expiresAt, printedExpiry(1));
        QCOMPARE(expiry.source, CredentialExpiry::Source::ExecPlugin);
        QCOMPARE(expiry.origin, QStringLiteral("exec plugin expiring.sh"));
        QVERIFY(!expiry.renewing);
        QCOMPARE(pluginRuns(), 1);
    }

    void pastExpirationIsRenewedBeforeTheNextRequest()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        setOffset(QStringLiteral("-1"), -120); // already expired when printed
        setOffset({}, 3600);
        RestClient client(ClusterConnection::create(execConfig(server.url())));
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        const CredentialExpiry expired = client.connection().credentials->expiry();
        QCOMPARE(expired.expiresAt, printedExpiry(1));
        QVERIFY(expired.expiresAt < QDateTime::currentDateTimeUtc());
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QCOMPARE(pluginRuns(), 2);
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.requests[1].headers.value("authorization"), QByteArray("Bearer exec-2"));
        QCOMPARE(client.connection().credentials->expiry().expiresAt, printedExpiry(2));
        // Valid now: a third request uses it.
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QCOMPARE(pluginRuns(), 2);
    }

    void renewingIsReportedWhileThePluginRunsAgain()
    {
        setOffset(QStringLiteral("-1"), -60);
        setOffset({}, 3600);
        Credentials credentials(execConfig());
        QCOMPARE(authorization(credentials), QByteArray("Bearer exec-1"));
        writeFile(m_dir.filePath(QStringLiteral("hold")), "");
        QObject context;
        std::optional<Result<AuthMaterial>> answer;
        credentials.materialAsync(&context, [&answer](Result<AuthMaterial> r) { answer = r; });
        QTRY_VERIFY(credentials.expiry().renewing);
        // The expired credential's time stays shown while it is replaced.
        QCOMPARE(credentials.expiry().expiresAt, printedExpiry(1));
        QVERIFY(!answer);
        writeFile(m_dir.filePath(QStringLiteral("release")), "");
        QTRY_VERIFY(answer.has_value());
        QVERIFY(answer->ok());
        QCOMPARE((*answer)->authorization, QByteArray("Bearer exec-2"));
        const CredentialExpiry renewed = credentials.expiry();
        QVERIFY(!renewed.renewing);
        QCOMPARE(renewed.expiresAt, printedExpiry(2));
    }

    void failedRenewalKeepsTheExpiredTime()
    {
        setOffset(QStringLiteral("-1"), -60);
        Credentials credentials(execConfig());
        QCOMPARE(authorization(credentials), QByteArray("Bearer exec-1"));
        // The user's sign-in has lapsed: the plugin fails from now on.
        writeFile(m_dir.filePath(QStringLiteral("expiring.sh")), "#!/bin/sh\nexit 3\n", true);
        QVERIFY(authorization(credentials).startsWith("error: "));
        const CredentialExpiry expiry = credentials.expiry();
        QCOMPARE(expiry.expiresAt, printedExpiry(1));
        QVERIFY(!expiry.renewing);
    }

    void kubeconfigClientCertificateExpiresAtItsNotAfter()
    {
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        config.user.clientCertificatePem = readData(QStringLiteral("client-rsa.crt"));
        config.user.clientKeyPem = readData(QStringLiteral("client-rsa.key"));
        const CredentialExpiry expiry = Credentials(config).expiry();
        QCOMPARE(expiry.expiresAt, kAliceNotAfter);
        QCOMPARE(expiry.source, CredentialExpiry::Source::ClientCertificate);
        QCOMPARE(expiry.origin, QStringLiteral("client certificate CN=alice, O=system:masters"));
        QVERIFY(!expiry.renewing);
    }

    void staticTokenHasNoExpiryButItsCertificateHas()
    {
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        config.user.token = QStringLiteral("s3cret-token");
        const CredentialExpiry none = Credentials(config).expiry();
        QVERIFY(!none.expires());
        QCOMPARE(none.source, CredentialExpiry::Source::None);
        QVERIFY(none.origin.isEmpty());
        // client-go sends both: the certificate still stops working.
        config.user.clientCertificatePem = readData(QStringLiteral("client-rsa.crt"));
        config.user.clientKeyPem = readData(QStringLiteral("client-rsa.key"));
        const CredentialExpiry withCertificate = Credentials(config).expiry();
        QCOMPARE(withCertificate.expiresAt, kAliceNotAfter);
        QVERIFY(!withCertificate.origin.contains(QStringLiteral("s3cret")));
    }

    void execCertificateWithoutTimestampExpiresAtItsNotAfter()
    {
        const QString plugin = m_dir.filePath(QStringLiteral("certplugin.sh"));
        writeFile(m_dir.filePath(QStringLiteral("cred.json")),
                  QJsonDocument(
                      QJsonObject{
                          {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                          {QStringLiteral("apiVersion"),
                           QStringLiteral("client.authentication.k8s.io/v1")},
                          {QStringLiteral("status"),
                           QJsonObject{
                               {QStringLiteral("clientCertificateData"),
                                QString::fromLatin1(readData(QStringLiteral("client-ec.crt")))},
                               {QStringLiteral("clientKeyData"),
                                QString::fromLatin1(readData(QStringLiteral("client-ec.key")))}}}})
                      .toJson(QJsonDocument::Compact));
        writeFile(plugin,
                  QStringLiteral("#!/bin/sh\ncat '%1/cred.json'\n").arg(m_dir.path()).toUtf8(),
                  true);
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        config.user.exec = neverInteractiveExec(plugin);
        // The kubeconfig's certificate (alice, the earlier notAfter) is
        // replaced by the plugin's, so it is not the one that expires.
        config.user.clientCertificatePem = readData(QStringLiteral("client-rsa.crt"));
        config.user.clientKeyPem = readData(QStringLiteral("client-rsa.key"));
        Credentials credentials(config);
        QVERIFY(credentials.material().ok());
        const CredentialExpiry expiry = credentials.expiry();
        QCOMPARE(expiry.expiresAt, kBobNotAfter);
        QCOMPARE(expiry.source, CredentialExpiry::Source::ExecPlugin);
        QCOMPARE(expiry.origin,
                 QStringLiteral("exec plugin certplugin.sh (client certificate CN=bob, "
                                "O=system:masters)"));
        QVERIFY(!expiry.origin.contains(QStringLiteral("PRIVATE")));
    }

    void credentialsOfOneExecConfigShareThePlugin()
    {
        setOffset({}, 3600);
        const ClusterConfig config = execConfig();
        Credentials shown(config); // as a window's status bar holds one
        QMutex mutex;              // observers run in the plugin's helper thread
        QStringList heard;
        const auto observer = [&](const QString &who) {
            ExecPlugin::Observer o;
            o.stderrLine = [&mutex, &heard, who](const QString &line) {
                QMutexLocker lock(&mutex);
                heard << who + QStringLiteral(": ") + line;
            };
            return o;
        };
        shown.setExecObserver(observer(QStringLiteral("shown")));
        {
            auto session = std::make_unique<Credentials>(config);
            session->setExecObserver(observer(QStringLiteral("session")));
            QCOMPARE(authorization(*session), QByteArray("Bearer exec-1"));
            QCOMPARE(shown.expiry().expiresAt, printedExpiry(1));
            QCOMPARE(authorization(shown), QByteArray("Bearer exec-1"));
            QCOMPARE(pluginRuns(), 1);
            QMutexLocker lock(&mutex);
            heard.sort();
            QCOMPARE(heard, (QStringList{QStringLiteral("session: signing in"),
                                         QStringLiteral("shown: signing in")}));
            heard.clear();
        }
        // The session is gone: its observer with it, the other one stays.
        shown.invalidate(QByteArray("Bearer exec-1"));
        QCOMPARE(authorization(shown), QByteArray("Bearer exec-2"));
        QMutexLocker lock(&mutex);
        QCOMPARE(heard, QStringList{QStringLiteral("shown: signing in")});
    }

    void clusterInfoPluginsAreNotSharedBetweenClusters()
    {
        setOffset({}, 3600);
        ClusterConfig first = execConfig(QUrl(QStringLiteral("https://127.0.0.1:1")));
        first.user.exec->provideClusterInfo = true;
        ClusterConfig second = first;
        second.server = QUrl(QStringLiteral("https://127.0.0.1:2"));
        Credentials a(first);
        Credentials b(second);
        QCOMPARE(authorization(a), QByteArray("Bearer exec-1"));
        QVERIFY(!b.expiry().expires());
        QCOMPARE(authorization(b), QByteArray("Bearer exec-2"));
    }
};

QTEST_GUILESS_MAIN(tst_CredentialExpiry)
#include "tst_credentialexpiry.moc"
