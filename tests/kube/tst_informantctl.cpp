// Acceptance of informantctl's client side against informant-sim: api-resources
// over plain HTTP (the same output as kubectl when kubectl is installed), over
// TLS with a client certificate (a wrong CA fails naming the TLS problem), and
// with an exec plugin that must run once for the whole command and whose
// stderr prompt reaches informantctl's stderr while the plugin waits; a token
// goes only over https, as with kubectl; dump --until-events with --stats
// counts the changes delivered after the sync; failures to reach a cluster
// name the kubeconfig context, and a server refusing the user is said in
// kubectl's words. What `get` prints
// is in tst_informantctlget.cpp.

#include "informantctlfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTest>

class tst_Informantctl : public QObject, protected InformantctlFixture
{
    Q_OBJECT

private slots:
    void cleanup() { stopSim(); }

    void apiResourcesOverPlainHttpMatchesKubectl()
    {
        const int port = startSim({});
        QVERIFY(port > 0);
        const QString server = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const Run ours = run(
            ctl(), {QStringLiteral("--server"), server, QStringLiteral("api-resources")}, home());
        QVERIFY2(ours.exitCode == 0, ours.err.constData());
        const QList<QByteArray> lines = ours.out.split('\n');
        QVERIFY(lines.value(0).startsWith("NAME "));
        QVERIFY(lines.value(0).contains("SHORTNAMES   APIVERSION"));
        QVERIFY(ours.out.contains("\npods "));
        QVERIFY(ours.out.contains("\ndeployments "));
        QVERIFY(ours.out.contains("\ncustomresourcedefinitions "));
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (!kubectl.isEmpty()) {
            const Run theirs =
                run(kubectl, {QStringLiteral("--server"), server, QStringLiteral("api-resources")},
                    home());
            QCOMPARE(theirs.exitCode, 0);
            QCOMPARE(ours.out, theirs.out);
        }
    }

    // kubectl's output options for api-resources, which informantctl ignored.
    void apiResourcesOutputOptionsMatchKubectl_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("contains"); // in stdout, or stderr on failure
        QTest::newRow("wide") << QStringList{"-o", "wide"} << 0
                              << QByteArray("KIND                       VERBS");
        QTest::newRow("name") << QStringList{"-o", "name"} << 0
                              << QByteArray("\ndeployments.apps\n");
        QTest::newRow("no headers") << QStringList{"--no-headers"} << 0 << QByteArray("pods ");
        QTest::newRow("yaml") << QStringList{"-o", "yaml"} << 1
                              << QByteArray("error: --output yaml is not available");
    }
    void apiResourcesOutputOptionsMatchKubectl()
    {
        QFETCH(QStringList, options);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, contains);
        const int port = startSim({});
        QVERIFY(port > 0);
        const QStringList args =
            QStringList{QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:%1").arg(port),
                        QStringLiteral("api-resources")} +
            options;
        const Run ours = run(ctl(), args, home());
        QCOMPARE(ours.exitCode, exitCode);
        QVERIFY2((exitCode == 0 ? ours.out : ours.err).contains(contains), ours.out.constData());
        if (exitCode == 0 && options.contains(QStringLiteral("--no-headers")))
            QVERIFY(!ours.out.startsWith("NAME"));
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (!kubectl.isEmpty()) {
            const Run theirs = run(kubectl, args, home());
            QCOMPARE(theirs.exitCode, ours.exitCode);
            QCOMPARE(ours.out, theirs.out);
        }
    }

    void apiResourcesOverTlsWithClientCertificate()
    {
        const int port =
            startSim({QStringLiteral("--tls-cert"), dataFile(QStringLiteral("server.crt")),
                      QStringLiteral("--tls-key"), dataFile(QStringLiteral("server.key")),
                      QStringLiteral("--client-ca"), dataFile(QStringLiteral("ca.crt"))});
        QVERIFY(port > 0);
        const QString server = QStringLiteral("https://127.0.0.1:%1").arg(port);
        const QString user = QStringLiteral("    client-certificate: %1\n    client-key: %2\n")
                                 .arg(dataFile(QStringLiteral("client-ec.crt")),
                                      dataFile(QStringLiteral("client-ec.key")));
        const QString good = writeKubeconfig(QStringLiteral("good.yaml"), server,
                                             QStringLiteral("    certificate-authority: %1\n")
                                                 .arg(dataFile(QStringLiteral("ca.crt"))),
                                             user);
        const Run ok = run(
            ctl(), {QStringLiteral("--kubeconfig"), good, QStringLiteral("api-resources")}, home());
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        QVERIFY(ok.out.contains("\npods "));

        const QString bad = writeKubeconfig(QStringLiteral("bad.yaml"), server,
                                            QStringLiteral("    certificate-authority: %1\n")
                                                .arg(dataFile(QStringLiteral("other-ca.crt"))),
                                            user);
        const Run failed = run(
            ctl(), {QStringLiteral("--kubeconfig"), bad, QStringLiteral("api-resources")}, home());
        QCOMPARE(failed.exitCode, 1);
        QVERIFY2(failed.err.contains("TLS certificate verification failed"),
                 failed.err.constData());
        QVERIFY2(failed.err.startsWith("error: context \"sim\": GET https://"),
                 failed.err.constData());
        QVERIFY(failed.out.isEmpty());
    }

    void execPluginRunsOnceForTheWholeCommand()
    {
        const int port = startTlsSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(port > 0);
        const QString plugin = writeScript(
            QStringLiteral("plugin.sh"),
            QStringLiteral(
                "#!/bin/sh\necho run >> '%1/runs'\n"
                "printf "
                "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
                "\"status\":{\"token\":\"sim-token\",\"expirationTimestamp\":\"2099-01-01T00:00:"
                "00Z\"}}'\n")
                .arg(m_dir.path())
                .toUtf8());
        const QString config = writeExecKubeconfig(QStringLiteral("exec.yaml"), port, plugin);
        const Run result =
            run(ctl(), {QStringLiteral("--kubeconfig"), config, QStringLiteral("api-resources")},
                home());
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile runs(m_dir.filePath(QStringLiteral("runs")));
        QVERIFY(runs.open(QIODevice::ReadOnly));
        QCOMPARE(runs.readAll().count('\n'), 1);

        const Run anonymous =
            run(ctl(),
                {QStringLiteral("--server"), QStringLiteral("https://127.0.0.1:%1").arg(port),
                 QStringLiteral("--certificate-authority"), dataFile(QStringLiteral("ca.crt")),
                 QStringLiteral("api-resources")},
                home());
        QCOMPARE(anonymous.exitCode, 1);
        QCOMPARE(anonymous.err, QByteArray("error: You must be logged in to the server (the server "
                                           "has asked for the client to provide credentials)\n"));
    }

    // config credentials runs the plugin and sends nothing: port 1 answers
    // no one. It prints the source and expiry, never the token.
    void configCredentialsPrintsWhenTheyExpire()
    {
        const QString plugin = writeScript(
            QStringLiteral("cloud-login"),
            QByteArrayLiteral(
                "#!/bin/sh\nprintf "
                "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
                "\"status\":{\"token\":\"tok-SECRET\",\"expirationTimestamp\":\"2099-01-01T00:00:"
                "00Z\"}}'\n"));
        const QString config = writeExecKubeconfig(QStringLiteral("exec.yaml"), 1, plugin);
        const Run result = run(ctl(),
                               {QStringLiteral("--kubeconfig"), config, QStringLiteral("config"),
                                QStringLiteral("credentials")},
                               home());
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QVERIFY2(
            result.out.startsWith("exec plugin cloud-login: expires 2099-01-01T00:00:00Z (in "),
            result.out.constData());
        QVERIFY(!result.out.contains("SECRET"));

        const QString token =
            writeKubeconfig(QStringLiteral("token.yaml"), QStringLiteral("http://127.0.0.1:1"), {},
                            QStringLiteral("    token: tok-SECRET\n"));
        const Run none = run(ctl(),
                             {QStringLiteral("--kubeconfig"), token, QStringLiteral("config"),
                              QStringLiteral("credentials")},
                             home());
        QVERIFY2(none.exitCode == 0, none.err.constData());
        QCOMPARE(none.out, QByteArray("no expiry\n"));
    }

    void execPluginPromptIsShownWhileThePluginWaits()
    {
        const int port = startTlsSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(port > 0);
        const QString signedIn = m_dir.filePath(QStringLiteral("signed-in"));
        const QString plugin = writeScript(
            QStringLiteral("devicecode.sh"),
            QStringLiteral(
                "#!/bin/sh\n"
                "echo 'To sign in, open https://microsoft.com/devicelogin and enter the code "
                "ABCD-1234' >&2\n"
                "for i in $(seq 1 400); do [ -e '%1' ] && break; sleep 0.05; done\n"
                "[ -e '%1' ] || exit 1\n"
                "printf "
                "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
                "\"status\":{\"token\":\"sim-token\"}}'\n")
                .arg(signedIn)
                .toUtf8());
        const QString config = writeExecKubeconfig(QStringLiteral("devicecode.yaml"), port, plugin);
        QProcess ctlProcess;
        startCtl(ctlProcess,
                 {QStringLiteral("--kubeconfig"), config, QStringLiteral("api-resources")});
        QVERIFY(ctlProcess.waitForStarted());
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += ctlProcess.readAllStandardError()).contains("enter the code ABCD-1234\n"),
            10000);
        QCOMPARE(ctlProcess.state(), QProcess::Running); // still waiting for the sign-in
        QFile(signedIn).open(QIODevice::WriteOnly);
        QVERIFY(ctlProcess.waitForFinished(20000));
        err += ctlProcess.readAllStandardError();
        QVERIFY2(ctlProcess.exitCode() == 0, err.constData());
        QVERIFY(ctlProcess.readAllStandardOutput().contains("\npods "));
        QCOMPARE(err.count("ABCD-1234"), 1); // once, not again at the end
    }

    // `dump --for 1` ends after the 10 s discovery gets at least, even while
    // an exec plugin waits for a sign-in that never comes (the plugin's own
    // limit is 2 min).
    void dumpForEndsWhileASignInIsPending()
    {
        const int port = startTlsSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(port > 0);
        const QString plugin =
            writeScript(QStringLiteral("never.sh"),
                        "#!/bin/sh\necho 'open https://login.example to sign in' >&2\nsleep 60\n");
        const QString config = writeExecKubeconfig(QStringLiteral("never.yaml"), port, plugin);
        QProcess ctlProcess;
        startCtl(ctlProcess,
                 {QStringLiteral("--kubeconfig"), config, QStringLiteral("dump"),
                  QStringLiteral("pods"), QStringLiteral("--for"), QStringLiteral("1"),
                  QStringLiteral("--out"), m_dir.filePath(QStringLiteral("never.json"))});
        QVERIFY(ctlProcess.waitForStarted());
        // Below the plugin's 60 s sleep, with room for a loaded machine.
        QVERIFY2(ctlProcess.waitForFinished(40000), "dump --for 1 still waits for the plugin");
        const QByteArray err = ctlProcess.readAllStandardError();
        QCOMPARE(ctlProcess.exitCode(), 1);
        QVERIFY2(err.contains("no discovery from the cluster within 10 s"), err.constData());
    }

    // The benchmark's watch throughput without printing each change: the
    // replay's changes start only once informantctl reported its sync, all
    // of them are delivered (none merged), and the dump is the final state.
    void dumpUntilEventsCountsChangesAfterTheSync()
    {
        constexpr int kPods = 20;
        constexpr int kChanges = 400;
        const int port =
            startSim({QStringLiteral("--scenario"), QStringLiteral("replay"),
                      QStringLiteral("--pods"), QString::number(kPods), QStringLiteral("--changes"),
                      QString::number(kChanges), QStringLiteral("--replay-on-request")});
        QVERIFY(port > 0);
        const QString server = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QString dumpFile = m_dir.filePath(QStringLiteral("replay-dump.json"));
        QProcess ctlProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home());
        env.insert(QStringLiteral("INFORMANT_COALESCE_BACKLOG"), QStringLiteral("0"));
        ctlProcess.setProcessEnvironment(env);
        ctlProcess.start(ctl(), {QStringLiteral("--server"), server, QStringLiteral("-A"),
                                 QStringLiteral("--stats"), QStringLiteral("dump"),
                                 QStringLiteral("pods"), QStringLiteral("--until-events"),
                                 QString::number(kChanges), QStringLiteral("--out"), dumpFile});
        QVERIFY(ctlProcess.waitForStarted());
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += ctlProcess.readAllStandardError()).contains("synced"),
                                 20000);
        QVERIFY2(err.startsWith("synced pods: 20 objects in "), err.constData());

        QNetworkAccessManager network;
        const auto post = [&](const QString &path) {
            QNetworkRequest request(QUrl(server + path));
            request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("text/plain"));
            std::unique_ptr<QNetworkReply> reply(network.post(request, QByteArray()));
            QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
            QCOMPARE(reply->error(), QNetworkReply::NoError);
        };
        post(QStringLiteral("/sim/v1/replay/start"));
        QVERIFY(ctlProcess.waitForFinished(30000));
        QVERIFY2(ctlProcess.exitCode() == 0, ctlProcess.readAllStandardError().constData());

        const QByteArray statsLine = ctlProcess.readAllStandardOutput().trimmed();
        const QJsonObject stats = QJsonDocument::fromJson(statsLine).object();
        QVERIFY2(!stats.isEmpty(), statsLine.constData());
        QCOMPARE(stats.value(QStringLiteral("objects")).toInt(), kPods);
        QCOMPARE(stats.value(QStringLiteral("delivered")).toInt(), kChanges);
        QCOMPARE(stats.value(QStringLiteral("coalesced")).toInt(), 0);
        QVERIFY(stats.value(QStringLiteral("delivered_per_s")).toDouble() > 0);

        QFile dump(dumpFile);
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QNetworkRequest snapshotRequest(
            QUrl(server + QStringLiteral("/sim/v1/snapshot?resource=pods")));
        std::unique_ptr<QNetworkReply> snapshot(network.get(snapshotRequest));
        QTRY_VERIFY_WITH_TIMEOUT(snapshot->isFinished(), 10000);
        QCOMPARE(dump.readAll(), snapshot->readAll().trimmed());
    }

    // Failures to reach a cluster name the kubeconfig context, the request
    // and what went wrong; with --server alone there is no context. Never
    // the token.
    // The spec's --stats is one JSON line, printed last, whatever the
    // number of kinds: counts summed over them.
    void statsIsOneLineForSeveralKinds()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList kinds{QStringLiteral("--stats"), QStringLiteral("svc,cm"),
                                QStringLiteral("-n"), QStringLiteral("web"),
                                QStringLiteral("--no-headers")};
        const Run both = get(server, kinds);
        QCOMPARE(both.exitCode, 0);
        QList<QByteArray> lines = both.out.trimmed().split('\n');
        const QJsonObject stats = QJsonDocument::fromJson(lines.takeLast()).object();
        QVERIFY2(!stats.isEmpty(), both.out.constData());
        for (const QByteArray &line : std::as_const(lines))
            QVERIFY2(!line.startsWith('{'), both.out.constData()); // one stats line only
        QCOMPARE(stats.value(QStringLiteral("objects")).toInt(), lines.size());
        const int synced = stats.value(QStringLiteral("synced_ms")).toInt(-1);
        const int listed = stats.value(QStringLiteral("listed_ms")).toInt(-1);
        QVERIFY(synced >= 0);
        // Listed (in the store) before synced (processed), both kinds.
        QVERIFY2(listed >= 0 && listed <= synced, both.out.constData());
    }

    void errorsNameTheKubeconfigContext()
    {
        const int port = startSim({});
        QVERIFY(port > 0);
        stopSim(); // nothing listens there now: refused
        const QString refused = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QString config = writeKubeconfig(QStringLiteral("refused.yaml"), refused, {},
                                               QStringLiteral("    token: secret-token-1234\n"));
        const Run viaContext = run(
            ctl(),
            {QStringLiteral("--kubeconfig"), config, QStringLiteral("get"), QStringLiteral("pods")},
            home());
        // Nothing listening is kubectl's line, which names the server
        // (host and port) rather than the context, from a context or not.
        const QByteArray refusedLine =
            QStringLiteral("The connection to the server 127.0.0.1:%1 was refused - did you "
                           "specify the right host or port?\n")
                .arg(port)
                .toUtf8();
        QCOMPARE(viaContext.exitCode, 1);
        QVERIFY(viaContext.out.isEmpty());
        QCOMPARE(viaContext.err, refusedLine);
        const Run viaServer = get(refused, {QStringLiteral("pods")});
        QCOMPARE(viaServer.exitCode, 1);
        QCOMPARE(viaServer.err, refusedLine);

        const int tokenPort =
            startTlsSim({QStringLiteral("--token"), QStringLiteral("right-token")});
        QVERIFY(tokenPort > 0);
        const QString server = QStringLiteral("https://127.0.0.1:%1").arg(tokenPort);
        const QString wrongToken =
            writeKubeconfig(QStringLiteral("wrong-token.yaml"), server, trustedCluster(),
                            QStringLiteral("    token: secret-token-1234\n"));
        const Run unauthorized = run(ctl(),
                                     {QStringLiteral("--kubeconfig"), wrongToken,
                                      QStringLiteral("get"), QStringLiteral("pods,svc")},
                                     home());
        QCOMPARE(unauthorized.exitCode, 1);
        QCOMPARE(unauthorized.err,
                 QByteArray("error: You must be logged in to the server (the server has asked "
                            "for the client to provide credentials)\n"));
        QVERIFY(!unauthorized.err.contains("secret-token-1234"));
    }

    // As kubectl (client-go reads a user's credentials only for https): to
    // the http simulator neither sends the token, from a kubeconfig or
    // --token, and both fail on its 401, ours saying why (the simulator's
    // request log shows no Authorization header at all); over https both
    // send it and list the same pods.
    void tokenGoesOnlyOverHttpsAsWithKubectl()
    {
        const QStringList getPods{QStringLiteral("get"), QStringLiteral("pods"),
                                  QStringLiteral("-n"),  QStringLiteral("web"),
                                  QStringLiteral("-o"),  QStringLiteral("name")};
        const int port = startSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(port > 0);
        const QString http = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QString plain = writeKubeconfig(QStringLiteral("http.yaml"), http, {},
                                              QStringLiteral("    token: sim-token\n"));
        const QList<QStringList> overHttp{
            QStringList{QStringLiteral("--kubeconfig"), plain} + getPods,
            QStringList{QStringLiteral("--server"), http, QStringLiteral("--token"),
                        QStringLiteral("sim-token")} +
                getPods};
        for (const QStringList &args : overHttp) {
            const Run ours = run(ctl(), args, home());
            QCOMPARE(ours.exitCode, 1);
            QVERIFY(ours.out.isEmpty());
            QVERIFY2(ours.err.startsWith("error: You must be logged in to the server (") &&
                         ours.err.contains("\nnote: ") &&
                         ours.err.contains("were not sent: the server is " + http.toUtf8() +
                                           ", and as with kubectl they go only over https"),
                     ours.err.constData());
            QVERIFY(!ours.err.contains("sim-token"));
            if (!kubectl().isEmpty()) {
                const Run theirs = run(kubectl(), args, home());
                QCOMPARE(theirs.exitCode, 1);
                QVERIFY(theirs.out.isEmpty());
                QVERIFY2(theirs.err.contains("error: You must be logged in to the server"),
                         theirs.err.constData());
            }
        }
        QNetworkAccessManager network;
        QNetworkRequest logRequest(QUrl(http + QStringLiteral("/sim/v1/requests")));
        logRequest.setRawHeader("Authorization", "Bearer sim-token");
        std::unique_ptr<QNetworkReply> log(network.get(logRequest));
        QTRY_VERIFY_WITH_TIMEOUT(log->isFinished(), 10000);
        const QByteArray requests = log->readAll();
        QVERIFY2(requests.contains("\"userAgent\":\"informant/"), requests.constData());
        QVERIFY2(!requests.contains("\"authorization\""), requests.constData());
        stopSim();

        const int tlsPort = startTlsSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(tlsPort > 0);
        const QString secure = writeKubeconfig(
            QStringLiteral("https.yaml"), QStringLiteral("https://127.0.0.1:%1").arg(tlsPort),
            trustedCluster(), QStringLiteral("    token: sim-token\n"));
        const QStringList args = QStringList{QStringLiteral("--kubeconfig"), secure} + getPods;
        const Run ours = run(ctl(), args, home());
        QVERIFY2(ours.exitCode == 0, ours.err.constData());
        QVERIFY2(ours.out.startsWith("pod/"), ours.out.constData());
        if (!kubectl().isEmpty()) {
            const Run theirs = run(kubectl(), args, home());
            QVERIFY2(theirs.exitCode == 0, theirs.err.constData());
            QCOMPARE(ours.out, theirs.out);
        }
    }

    // A list the server forbids: kubectl's "Error from server (Forbidden)"
    // and the server's Status message.
    void forbiddenListIsKubectlsErrorFromServer()
    {
        const QByteArray forbidden =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            "\"message\":\"secrets is forbidden: User \\\"jane\\\" cannot list resource "
            "\\\"secrets\\\" in API group \\\"\\\" in the namespace "
            "\\\"default\\\"\",\"reason\":\"Forbidden\",\"details\":{\"kind\":\"secrets\"},"
            "\"code\":403}";
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            if (!FakeApiServer::replyCoreDiscovery(socket, request, "secrets", "secret", "Secret"))
                FakeApiServer::reply(socket, 403, forbidden);
        });
        QVERIFY(server.listen());
        const QString config =
            writeKubeconfig(QStringLiteral("forbidden.yaml"), server.url().toString(), {},
                            QStringLiteral("    token: secret-token-1234\n"));
        const Run denied = runServing({QStringLiteral("--kubeconfig"), config,
                                       QStringLiteral("get"), QStringLiteral("secrets")});
        QCOMPARE(denied.exitCode, 1);
        QVERIFY(denied.out.isEmpty());
        QCOMPARE(denied.err,
                 QByteArray("Error from server (Forbidden): secrets is forbidden: User \"jane\" "
                            "cannot list resource \"secrets\" in API group \"\" in the namespace "
                            "\"default\"\n"));
        QVERIFY(!denied.err.contains("secret-token-1234"));

        // get -w lists first, as get does: it fails the same way, and ends.
        const Run watchDenied =
            runServing({QStringLiteral("--kubeconfig"), config, QStringLiteral("get"),
                        QStringLiteral("secrets"), QStringLiteral("-w")});
        QCOMPARE(watchDenied.exitCode, 1);
        QVERIFY(watchDenied.out.isEmpty());
        QCOMPARE(watchDenied.err, denied.err);

        // So does watch (spec §4: non-zero on any failure to sync); it
        // retried for ever, printing nothing.
        const Run watchCommandDenied =
            runServing({QStringLiteral("--kubeconfig"), config, QStringLiteral("watch"),
                        QStringLiteral("secrets")});
        QCOMPARE(watchCommandDenied.exitCode, 1);
        QCOMPARE(watchCommandDenied.err, denied.err);
    }
};

QTEST_GUILESS_MAIN(tst_Informantctl)
#include "tst_informantctl.moc"
