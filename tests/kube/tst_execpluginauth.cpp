// RestClient's exec credential plugins against small in-test servers:
// cached until expiry, re-run after a 401, stderr passed on while the plugin
// runs and its end shown on failure, extended PATH, cluster info, runs that
// do not block the client's thread, rotated client certificates presented at
// once, a stopped plugin ended with what it started.

#include "authtestutil.h"
#include "execplugintestutil.h"
#include "fakeapiserver.h"

#include "informer/kube/restclient.h"
#include "tests/support/processliveness.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
#include <optional>

using namespace informant;
using namespace informant::authtest;

namespace {

// A plugin script's last line: it signs in with the token "t".
const QByteArray kPrintTokenT =
    "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
    "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\"}}'\n";

} // namespace

class tst_ExecPluginAuth : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    ClusterConfig execConfig(const FakeApiServer &server, const QString &apiVersion,
                             const QStringList &args = {})
    {
        return countingExecConfig(server, m_dir.path(), apiVersion, args);
    }
    // A plugin answering with client-rsa's certificate (CN alice, valid
    // until `firstExpiry`; "" = no expiry) on its first run and with
    // client-ec's (CN bob) on later ones.
    ClusterConfig rotatingCertificateConfig(const FakeApiServer &server, const QString &firstExpiry)
    {
        const auto credential = [](const QString &name, const QString &expiry) {
            QJsonObject status{{QStringLiteral("clientCertificateData"),
                                QString::fromLatin1(readData(name + QStringLiteral(".crt")))},
                               {QStringLiteral("clientKeyData"),
                                QString::fromLatin1(readData(name + QStringLiteral(".key")))}};
            if (!expiry.isEmpty())
                status.insert(QStringLiteral("expirationTimestamp"), expiry);
            return QJsonDocument(
                       QJsonObject{{QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                                   {QStringLiteral("apiVersion"),
                                    QStringLiteral("client.authentication.k8s.io/v1")},
                                   {QStringLiteral("status"), status}})
                .toJson(QJsonDocument::Compact);
        };
        writeFile(m_dir.filePath(QStringLiteral("cred-1.json")),
                  credential(QStringLiteral("client-rsa"), firstExpiry));
        writeFile(m_dir.filePath(QStringLiteral("cred-2.json")),
                  credential(QStringLiteral("client-ec"), {}));
        return pluginConfig(
            server, QStringLiteral("rotating.sh"),
            QStringLiteral("#!/bin/sh\n"
                           "n=$(cat '%1/counter' 2>/dev/null || echo 0); n=$((n+1)); "
                           "echo $n > '%1/counter'\n"
                           "[ $n -gt 2 ] && n=2\n"
                           "cat \"%1/cred-$n.json\"\n")
                .arg(m_dir.path())
                .toUtf8());
    }
    int pluginRuns() const { return authtest::pluginRuns(m_dir.path()); }
    // A cluster at `server` whose user signs in with the plugin `script`,
    // written as `name` in the test's directory.
    ClusterConfig pluginConfig(const FakeApiServer &server, const QString &name,
                               const QByteArray &script)
    {
        const QString plugin = m_dir.filePath(name);
        writeFile(plugin, script, true);
        ClusterConfig config = tlsConfig(server);
        config.user.exec = neverInteractiveExec(plugin);
        return config;
    }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
    }

    void execPluginRunsOncePerTokenLifetime_data()
    {
        QTest::addColumn<QString>("apiVersion");
        QTest::newRow("v1") << "client.authentication.k8s.io/v1";
        QTest::newRow("v1beta1") << "client.authentication.k8s.io/v1beta1";
    }
    void execPluginRunsOncePerTokenLifetime()
    {
        QFETCH(QString, apiVersion);
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        RestClient client(
            ClusterConnection::create(execConfig(server, apiVersion, {QStringLiteral("3600")})));
        for (int i = 0; i < 3; ++i)
            QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QCOMPARE(pluginRuns(), 1);
        QCOMPARE(client.connection().credentials->execRuns(), 1);
        for (const HttpRequest &request : std::as_const(server.requests))
            QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer exec-1"));
        QFile info(m_dir.filePath(QStringLiteral("info")));
        QVERIFY(info.open(QIODevice::ReadOnly));
        const QByteArray execInfo = info.readAll();
        QVERIFY2(execInfo.contains("\"apiVersion\":\"" + apiVersion.toUtf8() + "\""),
                 execInfo.constData());
        QVERIFY2(execInfo.contains("\"interactive\":false"), execInfo.constData());
        QVERIFY2(execInfo.contains(server.url().toString().toUtf8()), execInfo.constData());
    }

    void expiredExecCredentialIsRenewed()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        // Valid for 1 s: inside the refresh margin, so each request re-runs it.
        RestClient client(ClusterConnection::create(execConfig(
            server, QStringLiteral("client.authentication.k8s.io/v1"), {QStringLiteral("1")})));
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QCOMPARE(pluginRuns(), 2);
        QCOMPARE(server.requests[1].headers.value("authorization"), QByteArray("Bearer exec-2"));
    }

    void unauthorizedReRunsThePluginOnce()
    {
        FakeApiServer server([](const HttpRequest &request, QTcpSocket *socket) {
            if (request.headers.value("authorization") == "Bearer exec-1")
                FakeApiServer::reply(
                    socket, 401,
                    R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401})");
            else
                okHandler(request, socket);
        });
        QVERIFY(listenTls(server));
        RestClient client(ClusterConnection::create(execConfig(
            server, QStringLiteral("client.authentication.k8s.io/v1"), {QStringLiteral("3600")})));
        auto result = client.getBlocking(QStringLiteral("/version"), {});
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(pluginRuns(), 2);
        QCOMPARE(server.requests.size(), 2);
    }

    void concurrentUnauthorizedRequestsReRunThePluginOnce()
    {
        FakeApiServer server([](const HttpRequest &request, QTcpSocket *socket) {
            if (request.headers.value("authorization") == "Bearer exec-1")
                FakeApiServer::reply(socket, 401, "{}");
            else
                okHandler(request, socket);
        });
        QVERIFY(listenTls(server));
        RestClient client(ClusterConnection::create(execConfig(
            server, QStringLiteral("client.authentication.k8s.io/v1"), {QStringLiteral("3600")})));
        int succeeded = 0;
        for (int i = 0; i < 4; ++i)
            client.get(QStringLiteral("/version"), {},
                       [&](ApiResult<RestResponse> result) { succeeded += result.ok() ? 1 : 0; });
        QTRY_COMPARE(succeeded, 4);
        QCOMPARE(pluginRuns(), 2);
        QCOMPARE(server.requests.size(), 8);
    }

    void persistentUnauthorizedIsReported()
    {
        FakeApiServer server([](const HttpRequest &, QTcpSocket *socket) {
            FakeApiServer::reply(
                socket, 401,
                R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401})");
        });
        QVERIFY(listenTls(server));
        RestClient client(ClusterConnection::create(execConfig(
            server, QStringLiteral("client.authentication.k8s.io/v1"), {QStringLiteral("3600")})));
        auto result = client.getBlocking(QStringLiteral("/version"), {});
        QVERIFY(!result.ok());
        QVERIFY(result.error().isAuthError());
        QCOMPARE(pluginRuns(), 2); // one retry, no loop
        QVERIFY(!result.error().message.contains(QStringLiteral("exec-")));
    }

    void failingPluginShowsItsStderr()
    {
        const QString plugin = m_dir.filePath(QStringLiteral("fail.sh"));
        writeFile(plugin,
                  "#!/bin/sh\necho 'error: login required, run: cloud auth login' >&2\nexit 3\n",
                  true);
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        config.user.exec = neverInteractiveExec(plugin);
        auto result = getVersion(config);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().message.contains(
                     QStringLiteral("exec plugin fail.sh failed (exit status 3)")),
                 qPrintable(result.error().message));
        QVERIFY2(result.error().message.contains(
                     QStringLiteral("login required, run: cloud auth login")),
                 qPrintable(result.error().message));
    }

    void pluginIsFoundInUsualInstallLocations()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const QByteArray home = qgetenv("HOME");
        const QByteArray path = qgetenv("PATH");
        qputenv("HOME", m_dir.path().toUtf8());
        qputenv("PATH", "/usr/bin:/bin"); // a desktop session's minimal PATH
        writeFile(m_dir.filePath(QStringLiteral(".local/bin/informant-test-plugin")),
                  pluginScript(m_dir.path(), QStringLiteral("client.authentication.k8s.io/v1")),
                  true);
        ClusterConfig config = tlsConfig(server);
        config.user.exec = ExecConfig{QStringLiteral("client.authentication.k8s.io/v1"),
                                      QStringLiteral("informant-test-plugin"),
                                      {},
                                      {{QStringLiteral("X"), QStringLiteral("1")}},
                                      QStringLiteral("IfAvailable"),
                                      false,
                                      {}};
        auto result = getVersion(config);
        qputenv("HOME", home);
        qputenv("PATH", path);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(pluginRuns(), 1);
    }

    void execPluginMayReturnAClientCertificate()
    {
        FakeApiServer server(okHandler);
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key")),
                                 dataFile(QStringLiteral("ca.crt"))));
        const auto escape = [](QByteArray pem) { return pem.replace("\n", "\\\\n"); };
        const ClusterConfig config = pluginConfig(
            server, QStringLiteral("cert.sh"),
            "#!/bin/sh\nprintf "
            "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
            "\"status\":{\"clientCertificateData\":\"" +
                escape(readData(QStringLiteral("client-ec.crt"))) + "\",\"clientKeyData\":\"" +
                escape(readData(QStringLiteral("client-ec.key"))) + "\"}}'\n");
        auto result = getVersion(config);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(server.requests.value(0).clientCertificateCommonName, QStringLiteral("bob"));
    }

    void rotatedExecClientCertificateIsPresented_data()
    {
        QTest::addColumn<bool>("expires"); // else: the server rejects the first certificate
        QTest::newRow("re-run after a 401") << false;
        QTest::newRow("re-run after the expiry") << true;
    }
    void rotatedExecClientCertificateIsPresented()
    {
        QFETCH(bool, expires);
        // A keep-alive connection opened with alice's certificate would be
        // reused for bob's requests were it not closed on the rotation.
        FakeApiServer server([expires](const HttpRequest &request, QTcpSocket *socket) {
            if (!expires && request.clientCertificateCommonName == QLatin1String("alice"))
                FakeApiServer::reply(socket, 401, "{}");
            else
                okHandler(request, socket);
        });
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key")),
                                 dataFile(QStringLiteral("ca.crt"))));
        RestClient client(ClusterConnection::create(rotatingCertificateConfig(
            server, expires ? QStringLiteral("2020-01-01T00:00:00Z") : QString())));
        for (int i = 0; i < (expires ? 2 : 1); ++i) {
            auto result = client.getBlocking(QStringLiteral("/version"), {});
            QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        }
        QCOMPARE(pluginRuns(), 2);
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.requests[0].clientCertificateCommonName, QStringLiteral("alice"));
        QCOMPARE(server.requests[1].clientCertificateCommonName, QStringLiteral("bob"));
        // A third request keeps bob's connection: only a change closes them.
        QVERIFY(client.getBlocking(QStringLiteral("/version"), {}).ok());
        QCOMPARE(server.requests.size(), 3);
        QCOMPARE(server.requests[2].clientCertificateCommonName, QStringLiteral("bob"));
        QCOMPARE(server.connections, 2);
    }

    void certificateRotationEndsRequestsOnTheOldCertificate()
    {
        // A watch and a slow request keep alice's sockets busy: QNAM would
        // open the next request's socket with the same TLS settings. The
        // rotation closes them; the watch ends as a closed stream (the
        // reflector watches again) and the request fails with the reason,
        // instead of both hanging on a connection that no longer exists.
        FakeApiServer server([](const HttpRequest &request, QTcpSocket *socket) {
            if (request.path == QLatin1String("/watch")) {
                FakeApiServer::beginChunked(socket);
                FakeApiServer::chunk(socket, "{}\n");
            } else if (request.path == QLatin1String("/version")) {
                if (request.clientCertificateCommonName == QLatin1String("alice"))
                    FakeApiServer::reply(socket, 401, "{}");
                else
                    okHandler(request, socket);
            } // "/slow" is never answered
        });
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key")),
                                 dataFile(QStringLiteral("ca.crt"))));
        RestClient client(ClusterConnection::create(rotatingCertificateConfig(server, {})));
        auto material = client.credentialsBlocking(QStringLiteral("/watch"));
        QVERIFY2(material.ok(), qPrintable(material.ok() ? QString() : material.error().message));
        RequestOptions streaming;
        streaming.timeoutMs = 0;
        auto started = client.startGet(QStringLiteral("/watch"), {}, streaming, *material);
        QVERIFY(started.ok());
        std::unique_ptr<QNetworkReply> watch(*started);
        QTRY_VERIFY(watch->bytesAvailable() > 0);
        std::optional<ApiResult<RestResponse>> slow;
        client.get(QStringLiteral("/slow"), {},
                   [&slow](ApiResult<RestResponse> result) { slow = std::move(result); });
        QTRY_COMPARE(server.requests.size(), 2);
        QVERIFY(!watch->isFinished());
        QVERIFY(!slow);

        auto result = client.getBlocking(QStringLiteral("/version"), {});
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(pluginRuns(), 2);
        QCOMPARE(server.requests.size(), 4);
        QCOMPARE(server.requests[2].clientCertificateCommonName, QStringLiteral("alice"));
        QCOMPARE(server.requests[3].clientCertificateCommonName, QStringLiteral("bob"));
        QTRY_VERIFY(watch->isFinished());
        QCOMPARE(watch->error(), QNetworkReply::OperationCanceledError);
        QTRY_VERIFY(slow.has_value());
        QVERIFY(!slow->ok());
        QCOMPARE(slow->error().kind, ApiError::Kind::Transport);
        QVERIFY2(slow->error().message.contains(QStringLiteral("client certificate changed")),
                 qPrintable(slow->error().message));
    }

    void execPluginDoesNotBlockTheClientThread()
    {
        // The plugin signals that it started and then waits for the test's
        // "go" file: were the plugin run on the calling thread, get() would
        // not return until the plugin gave up (and the token is "late").
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const QString dir = m_dir.path();
        const ClusterConfig config = pluginConfig(
            server, QStringLiteral("gated.sh"),
            QStringLiteral("#!/bin/sh\n"
                           "n=$(cat '%1/counter' 2>/dev/null || echo 0); echo $((n+1)) > "
                           "'%1/counter'\n"
                           "touch '%1/started'\n"
                           "t=late; for i in $(seq 1 200); do [ -e '%1/go' ] && t=gated && "
                           "break; sleep 0.05; done\n"
                           "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                           "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"%s\"}}' "
                           "$t\n")
                .arg(dir)
                .toUtf8());
        RestClient client(ClusterConnection::create(config));
        QList<ApiResult<RestResponse>> results;
        for (int i = 0; i < 2; ++i)
            client.get(QStringLiteral("/version"), {},
                       [&results](ApiResult<RestResponse> result) { results << result; });
        QCOMPARE(results.size(), 0);
        QTRY_VERIFY(QFile::exists(m_dir.filePath(QStringLiteral("started"))));
        writeFile(m_dir.filePath(QStringLiteral("go")), "");
        QTRY_COMPARE(results.size(), 2);
        for (const auto &result : results)
            QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(pluginRuns(), 1); // both requests waited for one run
        QCOMPARE(server.requests.size(), 2);
        QCOMPARE(server.requests.value(0).headers.value("authorization"),
                 QByteArray("Bearer gated"));
    }

    void execPluginStderrArrivesWhileThePluginWaits()
    {
        // A device-code login: the plugin prints where to sign in and waits
        // for the user; the prompt is useless once the plugin has given up.
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const ClusterConfig config = pluginConfig(
            server, QStringLiteral("devicecode.sh"),
            QStringLiteral("#!/bin/sh\n"
                           "printf 'To sign in, open https://microsoft.com/devicelogin\\n' >&2\n"
                           "printf 'and enter the code ABCD-1234' >&2\n"
                           "for i in $(seq 1 200); do [ -e '%1/signed-in' ] && break; sleep 0.05; "
                           "done\n"
                           "[ -e '%1/signed-in' ] || exit 1\n")
                    .arg(m_dir.path())
                    .toUtf8() +
                kPrintTokenT);
        HeardFromPlugin heard; // "finished": the prompt can be taken down
        RestClient client(ClusterConnection::create(config));
        client.connection().credentials->setExecObserver(heard.observer());
        const auto seen = [&heard] { return heard.lines(); };
        std::optional<ApiResult<RestResponse>> result;
        client.get(QStringLiteral("/version"), {},
                   [&result](ApiResult<RestResponse> r) { result = std::move(r); });
        QTRY_COMPARE(seen().value(1),
                     QStringLiteral("To sign in, open https://microsoft.com/devicelogin"));
        QCOMPARE(seen().value(0), QStringLiteral("started: devicecode.sh"));
        QVERIFY(!result);
        writeFile(m_dir.filePath(QStringLiteral("signed-in")), "");
        QTRY_VERIFY(result.has_value());
        QVERIFY2(result->ok(), qPrintable(result->ok() ? QString() : result->error().message));
        // The last line, without a newline, arrives when the plugin ends.
        QCOMPARE(seen(), (QStringList{QStringLiteral("started: devicecode.sh"),
                                      QStringLiteral("To sign in, open "
                                                     "https://microsoft.com/devicelogin"),
                                      QStringLiteral("and enter the code ABCD-1234"),
                                      QStringLiteral("finished: ")}));
    }

    void silentExecPluginIsHeardFromItsStart()
    {
        // kubelogin waiting for a browser it could not open writes nothing:
        // its start alone says what is awaited, by the command's name, never
        // its arguments (which may hold a client secret).
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        ClusterConfig config = pluginConfig(
            server, QStringLiteral("silent-login"),
            QStringLiteral("#!/bin/sh\n"
                           "for i in $(seq 1 400); do [ -e '%1/signed-in' ] && break; sleep 0.05; "
                           "done\n")
                    .arg(m_dir.path())
                    .toUtf8() +
                kPrintTokenT);
        config.user.exec->args = {QStringLiteral("--client-secret=hunter2")};
        HeardFromPlugin heard;
        RestClient client(ClusterConnection::create(config));
        client.connection().credentials->setExecObserver(heard.observer());
        const auto seen = [&heard] { return heard.lines(); };
        std::optional<ApiResult<RestResponse>> result;
        client.get(QStringLiteral("/version"), {},
                   [&result](ApiResult<RestResponse> r) { result = std::move(r); });
        QTRY_COMPARE(seen(), QStringList{QStringLiteral("started: silent-login")});
        QVERIFY(!result); // still running: the start was heard while it waits
        writeFile(m_dir.filePath(QStringLiteral("signed-in")), "");
        QTRY_VERIFY(result.has_value());
        QVERIFY2(result->ok(), qPrintable(result->ok() ? QString() : result->error().message));
        QCOMPARE(seen(), (QStringList{QStringLiteral("started: silent-login"),
                                      QStringLiteral("finished: ")}));
    }

    void stoppedExecPluginEndsWithWhatItStarted()
    {
        // A wrapper script runs the real plugin as its child (`aws eks
        // get-token` under sh): killing the script alone left the child
        // waiting on, orphaned, after the window that started it had closed.
        const QString plugin = m_dir.filePath(QStringLiteral("wrapper.sh"));
        const QString pluginPid = m_dir.filePath(QStringLiteral("plugin.pid"));
        const QString helperPid = m_dir.filePath(QStringLiteral("helper.pid"));
        writeFile(plugin,
                  QStringLiteral("#!/bin/sh\n"
                                 "echo $$ > '%1.tmp' && mv '%1.tmp' '%1'\n"
                                 "sleep 60 &\n"
                                 "echo $! > '%2.tmp' && mv '%2.tmp' '%2'\n"
                                 "wait\n")
                      .arg(pluginPid, helperPid)
                      .toUtf8(),
                  true);
        ClusterConfig cluster;
        cluster.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        auto exec = std::make_unique<ExecPlugin>(neverInteractiveExec(plugin), cluster);
        QObject context;
        exec->requestCredential(&context, [](const Result<ExecCredential> &) {});
        QTRY_VERIFY(test::pidIn(pluginPid) > 0 && test::pidIn(helperPid) > 0);
        const qint64 pluginProcess = test::pidIn(pluginPid);
        const qint64 helperProcess = test::pidIn(helperPid);
        QVERIFY(test::processRuns(pluginProcess));
        QVERIFY(test::processRuns(helperProcess));
        exec.reset(); // the window's session, and with it the plugin, is gone
        QTRY_VERIFY(!test::processRuns(pluginProcess));
        QTRY_VERIFY(!test::processRuns(helperProcess));
    }

    void execPluginFailureShowsTheEndOfALongStderr()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const ClusterConfig config = pluginConfig(
            server, QStringLiteral("noisy.sh"),
            "#!/bin/sh\nfor i in $(seq 1 500); do echo \"progress line $i\" >&2; done\n"
            "echo 'error: the real reason' >&2\nexit 2\n");
        RestClient client(ClusterConnection::create(config));
        QMutex mutex; // the observer runs in the plugin's helper thread
        std::optional<QString> finishedWith;
        ExecPlugin::Observer observer;
        observer.finished = [&](const QString &error) {
            QMutexLocker lock(&mutex);
            finishedWith = error;
        };
        client.connection().credentials->setExecObserver(std::move(observer));
        auto result = client.getBlocking(QStringLiteral("/version"), {});
        QVERIFY(!result.ok());
        const QString message = result.error().message;
        {
            QMutexLocker lock(&mutex); // a prompt shown is taken down with the reason
            QVERIFY(finishedWith.has_value());
            QVERIFY2(finishedWith->endsWith(QStringLiteral("error: the real reason")),
                     qPrintable(*finishedWith));
        }
        QVERIFY2(message.endsWith(QStringLiteral("error: the real reason")), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("progress line 1\n")), qPrintable(message));
        QVERIFY2(message.size() < 4096 + 200, qPrintable(QString::number(message.size())));
        QVERIFY2(message.size() > 4000, qPrintable(QString::number(message.size())));
    }

    void waitingForAnExecPluginCanBeInterrupted()
    {
        FakeApiServer server(okHandler);
        QVERIFY(listenTls(server));
        const ClusterConfig config = pluginConfig(
            server, QStringLiteral("slow.sh"),
            QStringLiteral("#!/bin/sh\ntouch '%1/started'\n"
                           "for i in $(seq 1 200); do [ -e '%1/go' ] && break; sleep 0.05; "
                           "done\n")
                    .arg(m_dir.path())
                    .toUtf8() +
                kPrintTokenT);
        RestClient client(ClusterConnection::create(config));
        Interrupter interrupter;
        QTimer poll;
        // Interrupt once the plugin runs (the wait keeps serving this timer).
        connect(&poll, &QTimer::timeout, this, [&] {
            if (QFile::exists(m_dir.filePath(QStringLiteral("started"))))
                interrupter.interrupt();
        });
        poll.start(10);
        auto result = client.getBlocking(QStringLiteral("/version"), {}, {}, &interrupter);
        poll.stop();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind, ApiError::Kind::Cancelled);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("go"))));
        QCOMPARE(server.requests.size(), 0);
        writeFile(m_dir.filePath(QStringLiteral("go")), ""); // lets the plugin end quickly
    }
};

QTEST_GUILESS_MAIN(tst_ExecPluginAuth)
#include "tst_execpluginauth.moc"
