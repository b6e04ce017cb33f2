// Acceptance of informantctl's client side against informant-sim: api-resources
// over plain HTTP (the same output as kubectl when kubectl is installed), over
// TLS with a client certificate (a wrong CA fails naming the TLS problem), and
// with an exec plugin that must run once for the whole command and whose
// stderr prompt reaches informantctl's stderr while the plugin waits; dump
// --until-events with --stats counts the changes delivered after the sync.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString buildPath(const QString &relative)
{
    return qEnvironmentVariable("INFORMANT_BUILD_DIR") + QLatin1Char('/') + relative;
}

QString dataFile(const QString &name)
{
    return qEnvironmentVariable("INFORMANT_SOURCE_DIR") + QStringLiteral("/tests/kube/data/") +
           name;
}

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QString &program, const QStringList &args, const QString &home)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home); // no ~/.kube/config
    env.remove(QStringLiteral("KUBECONFIG"));
    process.setProcessEnvironment(env);
    process.start(program, args);
    if (!process.waitForFinished(30000))
        process.kill();
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

} // namespace

class tst_Informantctl : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QProcess m_sim;

    // Starts informant-sim with `args`; returns its port (0 on failure).
    int startSim(const QStringList &args)
    {
        const QString portFile = m_dir.filePath(QStringLiteral("port"));
        QFile::remove(portFile);
        m_sim.start(buildPath(QStringLiteral("app/informant-sim")),
                    QStringList{QStringLiteral("--scenario"), QStringLiteral("demo"),
                                QStringLiteral("--port-file"), portFile} +
                        args);
        if (!m_sim.waitForStarted())
            return 0;
        for (int i = 0; i < 200 && !QFile::exists(portFile); ++i)
            QTest::qWait(50);
        QTest::qWait(50);
        QFile file(portFile);
        return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toInt() : 0;
    }
    void stopSim()
    {
        m_sim.kill();
        m_sim.waitForFinished();
    }
    QString ctl() const { return buildPath(QStringLiteral("app/informantctl")); }
    QString home() const { return m_dir.filePath(QStringLiteral("home")); }

    QString writeKubeconfig(const QString &name, const QString &server, const QString &cluster,
                            const QString &user)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        file.write(QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: sim\n"
                                  "clusters:\n- name: sim\n  cluster:\n    server: %1\n%2"
                                  "contexts:\n- name: sim\n  context: {cluster: sim, user: u}\n"
                                  "users:\n- name: u\n  user:\n%3")
                       .arg(server, cluster, user)
                       .toUtf8());
        return path;
    }

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
        QVERIFY(failed.out.isEmpty());
    }

    void execPluginRunsOnceForTheWholeCommand()
    {
        const int port = startSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(port > 0);
        const QString plugin = m_dir.filePath(QStringLiteral("plugin.sh"));
        QFile script(plugin);
        QVERIFY(script.open(QIODevice::WriteOnly | QIODevice::Truncate));
        script.write(
            QStringLiteral(
                "#!/bin/sh\necho run >> '%1/runs'\n"
                "printf "
                "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
                "\"status\":{\"token\":\"sim-token\",\"expirationTimestamp\":\"2099-01-01T00:00:"
                "00Z\"}}'\n")
                .arg(m_dir.path())
                .toUtf8());
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
        const QString config = writeKubeconfig(
            QStringLiteral("exec.yaml"), QStringLiteral("http://127.0.0.1:%1").arg(port), {},
            QStringLiteral("    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                           "      command: %1\n      interactiveMode: Never\n")
                .arg(plugin));
        const Run result =
            run(ctl(), {QStringLiteral("--kubeconfig"), config, QStringLiteral("api-resources")},
                home());
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile runs(m_dir.filePath(QStringLiteral("runs")));
        QVERIFY(runs.open(QIODevice::ReadOnly));
        QCOMPARE(runs.readAll().count('\n'), 1);

        const Run anonymous =
            run(ctl(),
                {QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:%1").arg(port),
                 QStringLiteral("api-resources")},
                home());
        QCOMPARE(anonymous.exitCode, 1);
        QVERIFY2(anonymous.err.contains("401 Unauthorized"), anonymous.err.constData());
    }

    void execPluginPromptIsShownWhileThePluginWaits()
    {
        const int port = startSim({QStringLiteral("--token"), QStringLiteral("sim-token")});
        QVERIFY(port > 0);
        const QString plugin = m_dir.filePath(QStringLiteral("devicecode.sh"));
        const QString signedIn = m_dir.filePath(QStringLiteral("signed-in"));
        QFile script(plugin);
        QVERIFY(script.open(QIODevice::WriteOnly | QIODevice::Truncate));
        script.write(
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
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
        const QString config = writeKubeconfig(
            QStringLiteral("devicecode.yaml"), QStringLiteral("http://127.0.0.1:%1").arg(port), {},
            QStringLiteral("    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                           "      command: %1\n")
                .arg(plugin));
        QProcess ctlProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home());
        env.remove(QStringLiteral("KUBECONFIG"));
        ctlProcess.setProcessEnvironment(env);
        ctlProcess.start(ctl(),
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
};

QTEST_GUILESS_MAIN(tst_Informantctl)
#include "tst_informantctl.moc"
