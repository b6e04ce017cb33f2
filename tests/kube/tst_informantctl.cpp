// Acceptance of informantctl's client side against informant-sim: api-resources
// over plain HTTP (the same output as kubectl when kubectl is installed), over
// TLS with a client certificate (a wrong CA fails naming the TLS problem), and
// with an exec plugin that must run once for the whole command and whose
// stderr prompt reaches informantctl's stderr while the plugin waits; dump
// --until-events with --stats counts the changes delivered after the sync;
// get -o wide|name|json|yaml prints what kubectl prints, and an unknown
// format fails as kubectl's does.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
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
    QString kubectl() const { return QStandardPaths::findExecutable(QStringLiteral("kubectl")); }

    // `informantctl --server SERVER get ARGS...` (kubectl's instead, if given).
    Run get(const QString &server, const QStringList &args, const QString &program = {})
    {
        return run(program.isEmpty() ? ctl() : program,
                   QStringList{QStringLiteral("--server"), server, QStringLiteral("get")} + args,
                   home());
    }
    // A demo simulator's URL, or empty when it did not start.
    QString startDemoSim()
    {
        const int port = startSim({});
        return port > 0 ? QStringLiteral("http://127.0.0.1:%1").arg(port) : QString();
    }
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

    void getOutputNameQualifiesKindsOutsideTheCoreGroup()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run pods =
            get(server, {QStringLiteral("pods"), QStringLiteral("-n"), QStringLiteral("web"),
                         QStringLiteral("-o"), QStringLiteral("name")});
        QVERIFY2(pods.exitCode == 0, pods.err.constData());
        const QList<QByteArray> podLines = pods.out.trimmed().split('\n');
        QVERIFY(podLines.size() >= 2);
        for (const QByteArray &line : podLines)
            QVERIFY2(line.startsWith("pod/") && !line.contains(' '), line.constData());

        const QStringList deploymentArgs{QStringLiteral("deployments"), QStringLiteral("-A"),
                                         QStringLiteral("-o"), QStringLiteral("name")};
        const Run deployments = get(server, deploymentArgs);
        QVERIFY2(deployments.exitCode == 0, deployments.err.constData());
        QVERIFY2(deployments.out.contains("deployment.apps/api\n"), deployments.out.constData());
        for (const QByteArray &line : deployments.out.trimmed().split('\n'))
            QVERIFY2(line.startsWith("deployment.apps/"), line.constData());
        if (!kubectl().isEmpty()) {
            const Run theirs = get(server, deploymentArgs, kubectl());
            QCOMPARE(theirs.exitCode, 0);
            QCOMPARE(deployments.out, theirs.out);
        }
    }

    void getOutputJsonPrintsAListInTableOrder()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run pods = get(server, {QStringLiteral("pods"), QStringLiteral("-A"),
                                      QStringLiteral("-o"), QStringLiteral("json")});
        QVERIFY2(pods.exitCode == 0, pods.err.constData());
        QJsonParseError error;
        const QJsonObject list = QJsonDocument::fromJson(pods.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, pods.out.left(200).constData());
        QCOMPARE(list.value(QStringLiteral("kind")).toString(), QStringLiteral("List"));
        QCOMPARE(list.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("v1"));
        QVERIFY(list.value(QStringLiteral("metadata"))
                    .toObject()
                    .contains(QStringLiteral("resourceVersion")));
        const QJsonArray items = list.value(QStringLiteral("items")).toArray();
        QVERIFY(items.size() >= 5);
        QStringList keys;
        for (const QJsonValue item : items) {
            const QJsonObject object = item.toObject();
            QCOMPARE(object.value(QStringLiteral("kind")).toString(), QStringLiteral("Pod"));
            QCOMPARE(object.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("v1"));
            const QJsonObject metadata = object.value(QStringLiteral("metadata")).toObject();
            QVERIFY(!metadata.contains(QStringLiteral("managedFields")));
            keys.append(metadata.value(QStringLiteral("namespace")).toString() + u'/' +
                        metadata.value(QStringLiteral("name")).toString());
        }
        QStringList sorted = keys;
        sorted.sort();
        QCOMPARE(keys, sorted);

        // Kinds the demo does not change print byte for byte as kubectl's.
        const QStringList configMapArgs{QStringLiteral("configmaps"), QStringLiteral("-A"),
                                        QStringLiteral("-o"), QStringLiteral("json")};
        const Run ours = get(server, configMapArgs);
        QVERIFY2(ours.exitCode == 0, ours.err.constData());
        QCOMPARE(QJsonDocument::fromJson(ours.out)
                     .object()
                     .value(QStringLiteral("items"))
                     .toArray()
                     .size(),
                 5);
        if (!kubectl().isEmpty()) {
            const Run theirs = get(server, configMapArgs, kubectl());
            QCOMPARE(theirs.exitCode, 0);
            QCOMPARE(ours.out, theirs.out);
        }
    }

    void getOutputWideAddsThePrintersWideColumns()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run wide =
            get(server, {QStringLiteral("pods"), QStringLiteral("-n"), QStringLiteral("web"),
                         QStringLiteral("-o"), QStringLiteral("wide")});
        QVERIFY2(wide.exitCode == 0, wide.err.constData());
        const QString header = QString::fromUtf8(wide.out.left(wide.out.indexOf('\n')));
        QCOMPARE(
            header.split(QRegularExpression(QStringLiteral("\\s{2,}"))),
            QStringList({QStringLiteral("NAME"), QStringLiteral("READY"), QStringLiteral("STATUS"),
                         QStringLiteral("RESTARTS"), QStringLiteral("AGE"), QStringLiteral("IP"),
                         QStringLiteral("NODE"), QStringLiteral("NOMINATED NODE"),
                         QStringLiteral("READINESS GATES")}));
        QVERIFY2(wide.out.contains(" 10.244."), wide.out.constData()); // a pod IP
    }

    // kubectl get KIND NAME...: the objects named, in the order given; each
    // missing one reported as NotFound and the exit code 1; one object asked
    // for by name printed alone in -o json; never by name across namespaces.
    void getByNamePrintsTheObjectsNamed()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList web{QStringLiteral("-n"), QStringLiteral("web")};
        const Run two = get(server, QStringList{QStringLiteral("deployments"),
                                                QStringLiteral("frontend"), QStringLiteral("api")} +
                                        web);
        QCOMPARE(two.exitCode, 0);
        const QList<QByteArray> lines = two.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines.at(1).startsWith("frontend ") && lines.at(2).startsWith("api "),
                 two.out.constData());

        const Run missing =
            get(server, QStringList{QStringLiteral("deployments"), QStringLiteral("api"),
                                    QStringLiteral("nosuch")} +
                            web);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.out.contains("\napi "), missing.out.constData());
        QCOMPARE(
            missing.err,
            QByteArray("Error from server (NotFound): deployments.apps \"nosuch\" not found\n"));

        const Run json =
            get(server, QStringList{QStringLiteral("deployments"), QStringLiteral("api"),
                                    QStringLiteral("-o"), QStringLiteral("json")} +
                            web);
        QCOMPARE(json.exitCode, 0);
        const QJsonObject object = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(object.value(QStringLiteral("kind")).toString(), QStringLiteral("Deployment"));

        const Run everywhere = get(
            server, {QStringLiteral("deployments"), QStringLiteral("api"), QStringLiteral("-A")});
        QCOMPARE(everywhere.exitCode, 1);
        QCOMPARE(
            everywhere.err,
            QByteArray("error: a resource cannot be retrieved by name across all namespaces\n"));
    }

    void getOutputYamlPrintsTheListAsYaml()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run yaml = get(server, {QStringLiteral("configmaps"), QStringLiteral("-A"),
                                      QStringLiteral("-o"), QStringLiteral("yaml")});
        QVERIFY2(yaml.exitCode == 0, yaml.err.constData());
        QVERIFY2(yaml.out.startsWith("apiVersion: v1\nitems:\n"), yaml.out.constData());
        QVERIFY(yaml.out.endsWith("\nkind: List\nmetadata:\n  resourceVersion: \"\"\n"));
        // kubectl's layout: list items at their key's indent.
        QCOMPARE(yaml.out.count("\n- apiVersion: v1\n"), 5);
        QCOMPARE(yaml.out.count("\n  kind: ConfigMap\n"), 5);
        QVERIFY(yaml.out.contains("\n    name: coredns-config\n"));
        // Strings YAML would read as something else stay strings.
        QVERIFY(yaml.out.contains("\n    resourceVersion: \""));
        QVERIFY(yaml.out.contains("\n    creationTimestamp: \""));
    }

    void getOutputJsonOrYamlPrintsAnEmptyListWhenNothingMatches()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList none{QStringLiteral("pods"), QStringLiteral("-n"),
                               QStringLiteral("no-such-namespace"), QStringLiteral("-o")};
        const Run json = get(server, none + QStringList{QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(json.out, QByteArray("{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n"
                                      "    \"kind\": \"List\",\n    \"metadata\": {\n"
                                      "        \"resourceVersion\": \"\"\n    }\n}\n"));
        QVERIFY2(json.err.isEmpty(), json.err.constData());
        const Run yaml = get(server, none + QStringList{QStringLiteral("yaml")});
        QCOMPARE(yaml.exitCode, 0);
        QCOMPARE(yaml.out, QByteArray("apiVersion: v1\nitems: []\nkind: List\nmetadata:\n"
                                      "  resourceVersion: \"\"\n"));
        QVERIFY2(yaml.err.isEmpty(), yaml.err.constData());
    }

    void getUnknownOutputFormatFailsWithKubectlsMessage()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run bogus =
            get(server, {QStringLiteral("pods"), QStringLiteral("-o"), QStringLiteral("bogus")});
        QCOMPARE(bogus.exitCode, 1);
        QVERIFY(bogus.out.isEmpty());
        QCOMPARE(bogus.err, QByteArray("error: unable to match a printer suitable for the output "
                                       "format \"bogus\", allowed formats are: "
                                       "json,name,wide,yaml\n"));
    }
};

QTEST_GUILESS_MAIN(tst_Informantctl)
#include "tst_informantctl.moc"
