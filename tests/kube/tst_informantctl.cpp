// Acceptance of informantctl's client side against informant-sim: api-resources
// over plain HTTP (the same output as kubectl when kubectl is installed), over
// TLS with a client certificate (a wrong CA fails naming the TLS problem), and
// with an exec plugin that must run once for the whole command and whose
// stderr prompt reaches informantctl's stderr while the plugin waits; dump
// --until-events with --stats counts the changes delivered after the sync;
// get -o wide|name|json|yaml prints what kubectl prints, and an unknown
// format fails as kubectl's does. kubectl's idioms print byte for byte what
// kubectl prints against the same simulator: several kinds (KIND1,KIND2 and
// KIND/NAME...), --no-headers, --show-labels, get -w; argument errors read
// as kubectl's; failures to reach a cluster name the kubeconfig context.
// get -w of an object that does not exist fails at once with kubectl's
// NotFound; a kind the server forbids beside others prints what could be
// read, its error and exit status 1, as kubectl does.

#include "fakeapiserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QPointer>
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

// A FakeApiServer in front of informant-sim: the requests under one path
// are Forbidden, all others relayed as they stream (lists and watches), so
// kubectl and informantctl meet the same cluster with one kind they may not
// read.
class ForbiddingProxy
{
public:
    ForbiddingProxy(const QString &target, const QString &forbiddenPath, const QByteArray &status)
        : m_target(target)
    {
        m_network.setProxy(QNetworkProxy::NoProxy);
        m_server.setHandler(
            [this, forbiddenPath, status](const HttpRequest &request, QTcpSocket *socket) {
                if (request.path.startsWith(forbiddenPath))
                    FakeApiServer::reply(socket, 403, status);
                else
                    relay(request, socket);
            });
    }
    bool listen() { return m_server.listen(); }
    QString url() const { return m_server.url().toString(); }

private:
    void relay(const HttpRequest &request, QTcpSocket *socket)
    {
        QNetworkRequest forwarded(QUrl(m_target + QString::fromLatin1(request.target)));
        forwarded.setRawHeader("Accept", request.headers.value("accept"));
        QNetworkReply *reply = m_network.get(forwarded);
        const QPointer<QTcpSocket> client(socket);
        QObject::connect(socket, &QObject::destroyed, reply, &QNetworkReply::abort);
        const auto started = std::make_shared<bool>(false);
        const auto forward = [reply, client, started] {
            if (!client)
                return;
            if (!*started) {
                *started = true;
                const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                client->write("HTTP/1.1 " + QByteArray::number(code > 0 ? code : 502) +
                              " X\r\nContent-Type: " +
                              reply->header(QNetworkRequest::ContentTypeHeader).toByteArray() +
                              "\r\nTransfer-Encoding: chunked\r\n\r\n");
            }
            if (const QByteArray data = reply->readAll(); !data.isEmpty())
                FakeApiServer::chunk(client, data);
        };
        QObject::connect(reply, &QNetworkReply::readyRead, reply, forward);
        QObject::connect(reply, &QNetworkReply::finished, reply, [reply, client, forward] {
            forward();
            if (client)
                FakeApiServer::endChunked(client);
            reply->deleteLater();
        });
    }

    QString m_target;
    QNetworkAccessManager m_network;
    FakeApiServer m_server;
};

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

    // Empty when `informantctl get ARGS` and `kubectl get ARGS` print the
    // same bytes on stdout and stderr and exit alike (or kubectl is not
    // installed); else both outputs. AGE is computed by each run on its
    // own: a pair of runs either side of a second's end runs again.
    QString differenceFromKubectl(const QString &server, const QStringList &args)
    {
        if (kubectl().isEmpty())
            return {};
        QString difference;
        for (int attempt = 0; attempt < 3; ++attempt) {
            const Run ours = get(server, args);
            const Run theirs = get(server, args, kubectl());
            if (ours.exitCode == theirs.exitCode && ours.out == theirs.out &&
                ours.err == theirs.err)
                return {};
            difference = QStringLiteral("get %1\ninformantctl (exit %2):\n%3%4\n"
                                        "kubectl (exit %5):\n%6%7")
                             .arg(args.join(QLatin1Char(' ')))
                             .arg(ours.exitCode)
                             .arg(QString::fromUtf8(ours.out), QString::fromUtf8(ours.err))
                             .arg(theirs.exitCode)
                             .arg(QString::fromUtf8(theirs.out), QString::fromUtf8(theirs.err));
        }
        return difference;
    }

    // Runs `get ARGS` on a demo simulator: it must fail (exit 1) with
    // `error` alone on stderr, nothing on stdout, as kubectl does.
    void verifyGetFailsLikeKubectl(const QStringList &args, const QByteArray &error)
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run failed = get(server, args);
        QCOMPARE(failed.exitCode, 1);
        QVERIFY(failed.out.isEmpty());
        QCOMPARE(failed.err, error);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // As differenceFromKubectl, through a ForbiddingProxy at `server`:
    // stdout and the exit status alike; kubectl's stderr is its Forbidden
    // error, ours one line carrying the server's `message`.
    QString forbiddenDifferenceFromKubectl(const QString &server, const QStringList &args,
                                           const QByteArray &message)
    {
        if (kubectl().isEmpty())
            return {};
        const QStringList command =
            QStringList{QStringLiteral("--server"), server, QStringLiteral("get")} + args;
        const QByteArray theirError = "Error from server (Forbidden): " + message + "\n";
        QString difference;
        for (int attempt = 0; attempt < 3; ++attempt) {
            const Run ours = runServing(command);
            const Run theirs = runServing(command, kubectl());
            if (ours.exitCode == theirs.exitCode && ours.out == theirs.out &&
                theirs.err == theirError && ours.err.contains(message) && ours.err.count('\n') == 1)
                return {};
            difference = QStringLiteral("get %1\ninformantctl (exit %2):\n%3%4\n"
                                        "kubectl (exit %5):\n%6%7")
                             .arg(args.join(QLatin1Char(' ')))
                             .arg(ours.exitCode)
                             .arg(QString::fromUtf8(ours.out), QString::fromUtf8(ours.err))
                             .arg(theirs.exitCode)
                             .arg(QString::fromUtf8(theirs.out), QString::fromUtf8(theirs.err));
        }
        return difference;
    }

    // Starts `program ARGS` without waiting for it (get -w, watch).
    void startChild(QProcess &process, const QString &program, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home());
        env.remove(QStringLiteral("KUBECONFIG"));
        process.setProcessEnvironment(env);
        process.start(program, args);
    }

    // Reads `process`'s stdout into `out` until it holds `lines` lines
    // (or 20 s passed); the event loop runs meanwhile.
    static bool readLines(QProcess &process, QByteArray &out, int lines)
    {
        QElapsedTimer clock;
        clock.start();
        while (out.count('\n') < lines && clock.elapsed() < 20000) {
            QTest::qWait(20);
            out += process.readAllStandardOutput();
        }
        return out.count('\n') >= lines;
    }

    // Runs informantctl (or `program`) to its end while this thread's event
    // loop serves a FakeApiServer.
    Run runServing(const QStringList &args, const QString &program = {})
    {
        QProcess process;
        startChild(process, program.isEmpty() ? ctl() : program, args);
        QElapsedTimer clock;
        clock.start();
        while (process.state() != QProcess::NotRunning && clock.elapsed() < 30000)
            QTest::qWait(20);
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitCode(), process.readAllStandardOutput(),
                process.readAllStandardError()};
    }

    // Creates a ConfigMap in namespace web of the simulator at `server`.
    static bool createConfigMap(const QString &server, const QString &name)
    {
        QNetworkAccessManager network;
        QNetworkRequest request(QUrl(server + QStringLiteral("/api/v1/namespaces/web/configmaps")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        const QByteArray body = QStringLiteral("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
                                               "\"metadata\":{\"name\":\"%1\",\"labels\":"
                                               "{\"tier\":\"test\"}},\"data\":{\"k\":\"v\"}}")
                                    .arg(name)
                                    .toUtf8();
        std::unique_ptr<QNetworkReply> reply(network.post(request, body));
        QElapsedTimer clock;
        clock.start();
        while (!reply->isFinished() && clock.elapsed() < 10000)
            QTest::qWait(10);
        return reply->isFinished() && reply->error() == QNetworkReply::NoError;
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
        QVERIFY2(failed.err.startsWith("error: context \"sim\": GET https://"),
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

    // kubectl get KIND1,KIND2: a table per kind, a blank line between them,
    // NAME as kind.group/name; under -A NAMESPACE first, and (as kubectl
    // prints it) on every table after a namespaced kind's. -o name, json and
    // yaml print the kinds together (one List).
    void getSeveralKindsPrintsATablePerKindLikeKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList web{QStringLiteral("-n"), QStringLiteral("web")};
        const QStringList kinds = QStringList{QStringLiteral("svc,cm")} + web;
        const Run tables = get(server, kinds);
        QCOMPARE(tables.exitCode, 0);
        const QStringList parts = QString::fromUtf8(tables.out).split(QStringLiteral("\n\n"));
        QCOMPARE(parts.size(), 2);
        const QStringList services = parts.at(0).split(u'\n');
        QVERIFY2(services.at(0).startsWith(QStringLiteral("NAME ")) &&
                     services.at(0).contains(QStringLiteral("CLUSTER-IP")),
                 qPrintable(parts.at(0)));
        QVERIFY(services.at(1).startsWith(QStringLiteral("service/api ")));
        QVERIFY(services.at(2).startsWith(QStringLiteral("service/frontend ")));
        const QStringList configMaps = parts.at(1).split(u'\n');
        QVERIFY(configMaps.at(0).startsWith(QStringLiteral("NAME ")) &&
                configMaps.at(0).contains(QStringLiteral(" DATA ")));
        QVERIFY(configMaps.at(1).startsWith(QStringLiteral("configmap/api-config ")));
        QVERIFY(configMaps.at(2).startsWith(QStringLiteral("configmap/frontend-config ")));
        QString difference = differenceFromKubectl(server, kinds);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));

        const Run names =
            get(server, kinds + QStringList{QStringLiteral("-o"), QStringLiteral("name")});
        QCOMPARE(names.exitCode, 0);
        QCOMPARE(names.out, QByteArray("service/api\nservice/frontend\nconfigmap/api-config\n"
                                       "configmap/frontend-config\n"));
        const Run json =
            get(server, kinds + QStringList{QStringLiteral("-o"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject list = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(list.value(QStringLiteral("kind")).toString(), QStringLiteral("List"));
        QStringList itemKinds;
        for (const QJsonValue item : list.value(QStringLiteral("items")).toArray())
            itemKinds.append(item.toObject().value(QStringLiteral("kind")).toString());
        QCOMPARE(itemKinds,
                 QStringList({QStringLiteral("Service"), QStringLiteral("Service"),
                              QStringLiteral("ConfigMap"), QStringLiteral("ConfigMap")}));

        const QStringList all{QStringLiteral("-A")};
        const Run servicesThenNamespaces = get(server, QStringList{QStringLiteral("svc,ns")} + all);
        QCOMPARE(servicesThenNamespaces.exitCode, 0);
        const QStringList sticky =
            QString::fromUtf8(servicesThenNamespaces.out).split(QStringLiteral("\n\n"));
        QCOMPARE(sticky.size(), 2);
        QVERIFY(sticky.at(0).startsWith(QStringLiteral("NAMESPACE ")));
        QVERIFY2(sticky.at(1).startsWith(QStringLiteral("NAMESPACE   NAME ")),
                 qPrintable(sticky.at(1)));
        const Run namespacesFirst = get(server, QStringList{QStringLiteral("ns,svc")} + all);
        QVERIFY(namespacesFirst.out.startsWith("NAME "));
        QVERIFY(namespacesFirst.out.contains("\n\nNAMESPACE "));

        const Run none = get(server, QStringList{QStringLiteral("cronjobs,jobs")} + web);
        QCOMPARE(none.exitCode, 0);
        QVERIFY(none.out.isEmpty());
        QCOMPARE(none.err, QByteArray("No resources found in web namespace.\n"));

        for (const QStringList &args :
             {QStringList{QStringLiteral("ns,svc")} + all,
              QStringList{QStringLiteral("svc,ns")} + all,
              QStringList{QStringLiteral("svc,cronjobs,cm")} + web,
              QStringList{QStringLiteral("cronjobs,jobs")} + web,
              kinds + QStringList{QStringLiteral("-o"), QStringLiteral("name")},
              kinds + QStringList{QStringLiteral("-o"), QStringLiteral("json")},
              kinds + QStringList{QStringLiteral("-o"), QStringLiteral("yaml")}}) {
            difference = differenceFromKubectl(server, args);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }

    // --no-headers drops each table's header (and the blank lines between
    // tables); --show-labels adds LABELS last, after -o wide's columns; only
    // tables take it, as kubectl's printers.
    void getNoHeadersAndShowLabelsLikeKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList kinds{QStringLiteral("svc,cm"), QStringLiteral("-n"),
                                QStringLiteral("web")};
        const QStringList noHeaders = kinds + QStringList{QStringLiteral("--no-headers")};
        const Run bare = get(server, noHeaders);
        QCOMPARE(bare.exitCode, 0);
        const QList<QByteArray> lines = bare.out.split('\n');
        QCOMPARE(lines.size(), 5); // four rows and the final newline
        QVERIFY(lines.at(0).startsWith("service/api "));
        QVERIFY(lines.at(2).startsWith("configmap/api-config "));

        const QStringList labels = kinds + QStringList{QStringLiteral("-o"), QStringLiteral("wide"),
                                                       QStringLiteral("--show-labels")};
        const Run labelled = get(server, labels);
        QCOMPARE(labelled.exitCode, 0);
        const QStringList rows = QString::fromUtf8(labelled.out).split(u'\n');
        QVERIFY2(rows.at(0).contains(QStringLiteral(" SELECTOR ")) &&
                     rows.at(0).endsWith(QStringLiteral("   LABELS")),
                 qPrintable(rows.at(0)));
        QVERIFY2(rows.at(1).startsWith(QStringLiteral("service/api ")) &&
                     rows.at(1).endsWith(QStringLiteral("   app=api")),
                 qPrintable(rows.at(1)));
        QVERIFY(rows.at(4).endsWith(QStringLiteral("   LABELS")));
        QVERIFY(rows.at(5).endsWith(QStringLiteral("   <none>")));

        const QStringList podsLabels{QStringLiteral("pods"), QStringLiteral("-A"),
                                     QStringLiteral("--show-labels"),
                                     QStringLiteral("--no-headers")};
        const Run pods = get(server, podsLabels);
        QCOMPARE(pods.exitCode, 0);
        QVERIFY(pods.out.contains("pod-template-hash="));
        for (const QStringList &args : {noHeaders, labels}) {
            const QString difference = differenceFromKubectl(server, args);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }

    // KIND/NAME arguments print in the order given: a new table where the
    // kind changes, one table for neighbours of one kind (also when a name
    // of another kind between them was not found). Missing names are
    // kubectl's NotFound errors and exit status 1.
    void getKindSlashNameFollowsTheArgumentOrder()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList web{QStringLiteral("-n"), QStringLiteral("web")};
        const QStringList threeTables =
            QStringList{QStringLiteral("svc/api"), QStringLiteral("cm/api-config"),
                        QStringLiteral("svc/frontend")} +
            web;
        const Run three = get(server, threeTables);
        QCOMPARE(three.exitCode, 0);
        const QStringList parts = QString::fromUtf8(three.out).split(QStringLiteral("\n\n"));
        QCOMPARE(parts.size(), 3);
        QVERIFY(parts.at(0).section(u'\n', 1, 1).startsWith(QStringLiteral("service/api ")));
        QVERIFY(
            parts.at(1).section(u'\n', 1, 1).startsWith(QStringLiteral("configmap/api-config ")));
        QVERIFY(parts.at(2).section(u'\n', 1, 1).startsWith(QStringLiteral("service/frontend ")));

        const QStringList oneMissing =
            QStringList{QStringLiteral("svc/api"), QStringLiteral("cm/nosuch"),
                        QStringLiteral("svc/frontend")} +
            web;
        const Run missing = get(server, oneMissing);
        QCOMPARE(missing.exitCode, 1);
        const QList<QByteArray> lines = missing.out.split('\n');
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines.at(1).startsWith("api ") && lines.at(2).startsWith("frontend "));
        QCOMPARE(missing.err,
                 QByteArray("Error from server (NotFound): configmaps \"nosuch\" not found\n"));

        const QStringList nameInTwoKinds =
            QStringList{QStringLiteral("svc,cm"), QStringLiteral("api-config")} + web;
        const Run inTwoKinds = get(server, nameInTwoKinds);
        QCOMPARE(inTwoKinds.exitCode, 1);
        QVERIFY2(inTwoKinds.out.contains("\napi-config "), inTwoKinds.out.constData());
        QCOMPARE(inTwoKinds.err,
                 QByteArray("Error from server (NotFound): services \"api-config\" not found\n"));

        const QStringList twoJson =
            QStringList{QStringLiteral("svc/api"), QStringLiteral("cm/api-config"),
                        QStringLiteral("-o"), QStringLiteral("json")} +
            web;
        const Run list = get(server, twoJson);
        QCOMPARE(list.exitCode, 0);
        QCOMPARE(
            QJsonDocument::fromJson(list.out).object().value(QStringLiteral("kind")).toString(),
            QStringLiteral("List"));
        const QStringList oneJson =
            QStringList{QStringLiteral("svc/api"), QStringLiteral("-o"), QStringLiteral("json")} +
            web;
        const Run alone = get(server, oneJson);
        QCOMPARE(alone.exitCode, 0);
        QCOMPARE(
            QJsonDocument::fromJson(alone.out).object().value(QStringLiteral("kind")).toString(),
            QStringLiteral("Service"));

        for (const QStringList &args :
             {threeTables, oneMissing, nameInTwoKinds, twoJson, oneJson}) {
            const QString difference = differenceFromKubectl(server, args);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }

    void getArgumentErrorsAreKubectls_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("unknown kind in a list")
            << QStringList{QStringLiteral("svc,nosuchkind")}
            << QByteArray("error: the server doesn't have a resource type \"nosuchkind\"\n");
        QTest::newRow("unknown kind before a name")
            << QStringList{QStringLiteral("nosuchkind/x")}
            << QByteArray("error: the server doesn't have a resource type \"nosuchkind\"\n");
        QTest::newRow("a kind beside KIND/NAME")
            << QStringList{QStringLiteral("svc/api"), QStringLiteral("pods")}
            << QByteArray("error: there is no need to specify a resource type as a separate "
                          "argument when passing arguments in resource/name form (e.g. 'kubectl "
                          "get resource/<resource_name>' instead of 'kubectl get resource "
                          "resource/<resource_name>'\n");
        QTest::newRow("two slashes")
            << QStringList{QStringLiteral("svc/api/x")}
            << QByteArray(
                   "error: arguments in resource/name form may not have more than one slash\n");
        QTest::newRow("no name")
            << QStringList{QStringLiteral("svc/")}
            << QByteArray("error: arguments in resource/name form must have a single resource and "
                          "name\n");
        QTest::newRow("a list before a slash")
            << QStringList{QStringLiteral("svc,cm/api")}
            << QByteArray("error: arguments in resource/name form must have a single resource and "
                          "name\n");
        QTest::newRow("labels in json")
            << QStringList{QStringLiteral("svc"), QStringLiteral("-o"), QStringLiteral("json"),
                           QStringLiteral("--show-labels")}
            << QByteArray("error: --show-labels option cannot be used with json printer\n");
        QTest::newRow("watching two kinds")
            << QStringList{QStringLiteral("svc,cm"), QStringLiteral("-w")}
            << QByteArray("error: you may only specify a single resource type\n");
        QTest::newRow("no resource")
            << QStringList{}
            << QByteArray("You must specify the type of resource to get. Use \"kubectl "
                          "api-resources\" for a complete list of supported resources.\n\n"
                          "error: Required resource not specified.\nUse \"kubectl explain "
                          "<resource>\" for a detailed description of that resource (e.g. kubectl "
                          "explain pods).\nSee 'kubectl get -h' for help and examples\n");
        QTest::newRow("no resource to watch")
            << QStringList{QStringLiteral("-w")}
            << QByteArray("error: You must provide one or more resources by argument or "
                          "filename.\nExample resource specifications include:\n   '-f "
                          "rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n"
                          "   '<resource>'\n");
        QTest::newRow("labels beside a format unknown, watched")
            << QStringList{QStringLiteral("pods"), QStringLiteral("-w"), QStringLiteral("-o"),
                           QStringLiteral("bogus"), QStringLiteral("--show-labels")}
            << QByteArray("error: --show-labels option cannot be used with bogus printer\n");
        QTest::newRow("labels in json, unknown kind")
            << QStringList{QStringLiteral("nosuchkind"), QStringLiteral("-o"),
                           QStringLiteral("json"), QStringLiteral("--show-labels")}
            << QByteArray("error: --show-labels option cannot be used with json printer\n");
        QTest::newRow("an empty kind in a list")
            << QStringList{QStringLiteral("pods,")}
            << QByteArray("error: the server doesn't have a resource type \"\"\n");
        QTest::newRow("a name beside a label selector, watched")
            << QStringList{QStringLiteral("pods"), QStringLiteral("x"), QStringLiteral("-l"),
                           QStringLiteral("a=b"), QStringLiteral("-w")}
            << QByteArray("error: name cannot be provided when a selector is specified\n");
        QTest::newRow("a name of an unknown kind beside a selector")
            << QStringList{QStringLiteral("nosuchkind"), QStringLiteral("x"),
                           QStringLiteral("--field-selector"), QStringLiteral("a=b")}
            << QByteArray("error: name cannot be provided when a selector is specified\n");
        QTest::newRow("KIND/NAME beside a selector")
            << QStringList{QStringLiteral("pods/x"), QStringLiteral("-l"), QStringLiteral("a=b")}
            << QByteArray("error: selectors and the all flag cannot be used when passing "
                          "resource/name arguments\n");
    }

    void getArgumentErrorsAreKubectls()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        verifyGetFailsLikeKubectl(args, error);
    }

    // get NAME... -w reads the objects named before it watches, as kubectl
    // does: a missing one is kubectl's NotFound (the first only) and the
    // end, before an -o it cannot print; nothing goes to stdout.
    void getWatchOfMissingObjectsFailsLikeKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        const QByteArray pod("Error from server (NotFound): pods \"nosuch\" not found\n");
        const QByteArray configMap(
            "Error from server (NotFound): configmaps \"nosuch\" not found\n");
        const QStringList web{QStringLiteral("-n"), QStringLiteral("web"), QStringLiteral("-w")};
        const QString missing = QStringLiteral("nosuch");
        QTest::newRow("name") << QStringList{QStringLiteral("pods"), missing, QStringLiteral("-w")}
                              << pod;
        QTest::newRow("KIND/NAME")
            << QStringList{QStringLiteral("pods/nosuch"), QStringLiteral("--watch")} << pod;
        QTest::newRow("grouped kind")
            << QStringList{QStringLiteral("deploy"), missing, QStringLiteral("-w")}
            << QByteArray("Error from server (NotFound): deployments.apps \"nosuch\" not found\n");
        QTest::newRow("cluster-scoped as yaml")
            << QStringList{QStringLiteral("ns"), missing, QStringLiteral("-w"),
                           QStringLiteral("-o"), QStringLiteral("yaml")}
            << QByteArray("Error from server (NotFound): namespaces \"nosuch\" not found\n");
        QTest::newRow("as names") << QStringList{QStringLiteral("cm"), missing,
                                                 QStringLiteral("-o"), QStringLiteral("name")} +
                                         web
                                  << configMap;
        QTest::newRow("second of two names")
            << QStringList{QStringLiteral("cm"), QStringLiteral("api-config"), missing} + web
            << configMap;
        QTest::newRow("first of two missing")
            << QStringList{QStringLiteral("cm"), missing, QStringLiteral("nosuch2")} + web
            << configMap;
        QTest::newRow("before an unknown format")
            << QStringList{QStringLiteral("pods"), missing, QStringLiteral("-w"),
                           QStringLiteral("-o"), QStringLiteral("bogus")}
            << pod;
        QTest::newRow("unwatched, before an unknown format")
            << QStringList{QStringLiteral("pods"), missing, QStringLiteral("-o"),
                           QStringLiteral("bogus")}
            << pod;
    }

    void getWatchOfMissingObjectsFailsLikeKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        verifyGetFailsLikeKubectl(args, error);
    }

    // The object named exists: get NAME -w prints it and keeps watching.
    void getWatchOfAnObjectNamedPrintsItThenWatches()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QProcess watch;
        startChild(watch, ctl(),
                   {QStringLiteral("--server"), server, QStringLiteral("get"), QStringLiteral("cm"),
                    QStringLiteral("api-config"), QStringLiteral("-n"), QStringLiteral("web"),
                    QStringLiteral("-w")});
        QByteArray out;
        QVERIFY2(readLines(watch, out, 2), out.constData());
        const QList<QByteArray> rows = out.split('\n');
        QVERIFY2(rows.at(0).startsWith("NAME         DATA   AGE"), out.constData());
        QVERIFY2(rows.at(1).startsWith("api-config   2      "), out.constData());
        QTest::qWait(300);
        QCOMPARE(watch.state(), QProcess::Running);
        QVERIFY2(watch.readAllStandardError().isEmpty(), "an error while watching");
        watch.kill();
        watch.waitForFinished();
    }

    // A kind the server forbids beside others: kubectl prints what it could
    // read (a table, names, a List; "No resources found" is left out), the
    // server's Forbidden, and exits 1. Ours says it as informantctl's sync
    // errors do: the context, the request and the server's message.
    void getSeveralKindsPrintsWhatItCanWhenOneIsForbidden()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QByteArray message = "secrets is forbidden: User \"jane\" cannot list resource "
                                   "\"secrets\" in API group \"\" in the namespace \"web\"";
        const QByteArray status = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                                  "\"status\":\"Failure\",\"message\":\"" +
                                  QByteArray(message).replace("\"", "\\\"") +
                                  "\",\"reason\":\"Forbidden\",\"details\":{\"kind\":"
                                  "\"secrets\"},\"code\":403}";
        ForbiddingProxy proxy(server, QStringLiteral("/api/v1/namespaces/web/secrets"), status);
        QVERIFY(proxy.listen());
        const QStringList web{QStringLiteral("-n"), QStringLiteral("web")};
        const QStringList tables = QStringList{QStringLiteral("cm,secrets")} + web;
        const Run ours = runServing(
            QStringList{QStringLiteral("--server"), proxy.url(), QStringLiteral("get")} + tables);
        QCOMPARE(ours.exitCode, 1);
        const QList<QByteArray> rows = ours.out.split('\n');
        QCOMPARE(rows.size(), 4); // no kind prefix: only configmaps printed
        QVERIFY2(rows.at(0).startsWith("NAME              DATA   AGE"), ours.out.constData());
        QVERIFY(rows.at(1).startsWith("api-config ") && rows.at(2).startsWith("frontend-config "));
        QVERIFY2(ours.err.startsWith("error: failed to list secrets: GET ") &&
                     ours.err.contains(": 403 Forbidden: ") && ours.err.contains(message) &&
                     ours.err.count('\n') == 1,
                 ours.err.constData());

        const QString config = writeKubeconfig(QStringLiteral("proxy.yaml"), proxy.url(), {},
                                               QStringLiteral("    token: t\n"));
        const Run viaContext = runServing(
            QStringList{QStringLiteral("--kubeconfig"), config, QStringLiteral("get")} + tables);
        QCOMPARE(viaContext.exitCode, 1);
        QVERIFY2(viaContext.err.startsWith("error: context \"sim\": failed to list secrets: "),
                 viaContext.err.constData());

        const QStringList name{QStringLiteral("-o"), QStringLiteral("name")};
        for (const QStringList &args :
             {tables, QStringList{QStringLiteral("secrets,cm")} + web,
              QStringList{QStringLiteral("jobs,secrets")} + web, tables + name,
              tables + QStringList{QStringLiteral("-o"), QStringLiteral("json")}}) {
            const QString difference = forbiddenDifferenceFromKubectl(proxy.url(), args, message);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }

    // get -w (and watch): the list as one aligned table, then a row per
    // change with the table's column widths, widened for good by a wider
    // cell, as kubectl's remembered widths do; -o name a line per change.
    void getWatchPrintsTheListThenEveryChangeLikeKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList base{QStringLiteral("--server"), server,
                               QStringLiteral("get"),      QStringLiteral("cm"),
                               QStringLiteral("-n"),       QStringLiteral("web"),
                               QStringLiteral("-w")};
        const QStringList namesArgs =
            base + QStringList{QStringLiteral("-o"), QStringLiteral("name")};
        QProcess table, names, theirNames, watch;
        startChild(table, ctl(), base);
        startChild(names, ctl(), namesArgs);
        startChild(watch, ctl(),
                   {QStringLiteral("--server"), server, QStringLiteral("watch"),
                    QStringLiteral("cm"), QStringLiteral("-n"), QStringLiteral("web"),
                    QStringLiteral("--no-headers"), QStringLiteral("--show-labels")});
        if (!kubectl().isEmpty())
            startChild(theirNames, kubectl(), namesArgs);
        QByteArray tableOut, namesOut, theirNamesOut, watchOut;
        QVERIFY2(readLines(table, tableOut, 3), tableOut.constData());
        QVERIFY2(readLines(names, namesOut, 2), namesOut.constData());
        QVERIFY2(readLines(watch, watchOut, 2), watchOut.constData());
        if (!kubectl().isEmpty())
            QVERIFY2(readLines(theirNames, theirNamesOut, 2), theirNamesOut.constData());

        const QString wide = QStringLiteral("a-config-map-named-wider-than-the-others");
        QVERIFY(createConfigMap(server, wide));
        QVERIFY(createConfigMap(server, QStringLiteral("b")));
        QVERIFY2(readLines(table, tableOut, 5), tableOut.constData());
        QVERIFY2(readLines(names, namesOut, 4), namesOut.constData());
        QVERIFY2(readLines(watch, watchOut, 4), watchOut.constData());
        if (!kubectl().isEmpty())
            QVERIFY2(readLines(theirNames, theirNamesOut, 4), theirNamesOut.constData());
        for (QProcess *process : {&table, &names, &theirNames, &watch}) {
            process->kill();
            process->waitForFinished();
        }

        const QList<QByteArray> rows = tableOut.split('\n');
        QVERIFY2(rows.at(0).startsWith("NAME              DATA   AGE"), tableOut.constData());
        QVERIFY(rows.at(1).startsWith("api-config        2      "));
        QVERIFY(rows.at(2).startsWith("frontend-config   2      "));
        QVERIFY2(rows.at(3).startsWith(wide.toUtf8() + "   1      "), tableOut.constData());
        QVERIFY2(rows.at(4).startsWith(QByteArray("b").leftJustified(wide.size() + 3) + "1      "),
                 tableOut.constData());

        const QByteArray expectedNames = "configmap/api-config\nconfigmap/frontend-config\n"
                                         "configmap/" +
                                         wide.toUtf8() + "\nconfigmap/b\n";
        QCOMPARE(namesOut, expectedNames);
        if (!kubectl().isEmpty())
            QCOMPARE(namesOut, theirNamesOut);

        const QList<QByteArray> watched = watchOut.split('\n');
        QVERIFY2(watched.at(0).startsWith("api-config ") && watched.at(0).endsWith("   <none>"),
                 watchOut.constData());
        QVERIFY2(watched.at(2).startsWith(wide.toUtf8() + "   1 ") &&
                     watched.at(2).endsWith("   tier=test"),
                 watchOut.constData());
    }

    // Failures to reach a cluster name the kubeconfig context, the request
    // and what went wrong; with --server alone there is no context. Never
    // the token.
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
        QCOMPARE(viaContext.exitCode, 1);
        QVERIFY(viaContext.out.isEmpty());
        QCOMPARE(viaContext.err,
                 QStringLiteral("error: context \"sim\": GET %1/api: connection refused\n")
                     .arg(refused)
                     .toUtf8());
        const Run viaServer = get(refused, {QStringLiteral("pods")});
        QCOMPARE(viaServer.exitCode, 1);
        QCOMPARE(viaServer.err,
                 QStringLiteral("error: GET %1/api: connection refused\n").arg(refused).toUtf8());

        const int tokenPort = startSim({QStringLiteral("--token"), QStringLiteral("right-token")});
        QVERIFY(tokenPort > 0);
        const QString server = QStringLiteral("http://127.0.0.1:%1").arg(tokenPort);
        const QString wrongToken =
            writeKubeconfig(QStringLiteral("wrong-token.yaml"), server, {},
                            QStringLiteral("    token: secret-token-1234\n"));
        const Run unauthorized = run(ctl(),
                                     {QStringLiteral("--kubeconfig"), wrongToken,
                                      QStringLiteral("get"), QStringLiteral("pods,svc")},
                                     home());
        QCOMPARE(unauthorized.exitCode, 1);
        QCOMPARE(
            unauthorized.err,
            QStringLiteral("error: context \"sim\": GET %1/api: 401 Unauthorized: Unauthorized\n")
                .arg(server)
                .toUtf8());
        QVERIFY(!unauthorized.err.contains("secret-token-1234"));
    }

    // A list the server forbids: the context, the request and the server's
    // Status message.
    void forbiddenListNamesTheContextAndTheServersMessage()
    {
        const QByteArray forbidden =
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            "\"message\":\"secrets is forbidden: User \\\"jane\\\" cannot list resource "
            "\\\"secrets\\\" in API group \\\"\\\" in the namespace "
            "\\\"default\\\"\",\"reason\":\"Forbidden\",\"details\":{\"kind\":\"secrets\"},"
            "\"code\":403}";
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            if (request.path == QLatin1String("/api"))
                FakeApiServer::reply(socket, 200,
                                     "{\"kind\":\"APIVersions\",\"versions\":[\"v1\"]}");
            else if (request.path == QLatin1String("/apis"))
                FakeApiServer::reply(
                    socket, 200, "{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[]}");
            else if (request.path == QLatin1String("/api/v1"))
                FakeApiServer::reply(
                    socket, 200,
                    "{\"kind\":\"APIResourceList\",\"groupVersion\":\"v1\",\"resources\":[{"
                    "\"name\":\"secrets\",\"singularName\":\"secret\",\"namespaced\":true,\"kind\":"
                    "\"Secret\",\"verbs\":[\"get\",\"list\",\"watch\"]}]}");
            else
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
        QVERIFY2(denied.err.startsWith("error: context \"sim\": "), denied.err.constData());
        QVERIFY2(denied.err.contains("/api/v1/namespaces/default/secrets"), denied.err.constData());
        QVERIFY2(denied.err.contains("403"), denied.err.constData());
        QVERIFY2(denied.err.contains("secrets is forbidden: User \"jane\" cannot list resource "
                                     "\"secrets\" in API group \"\" in the namespace \"default\""),
                 denied.err.constData());
        QVERIFY(!denied.err.contains("secret-token-1234"));

        // get -w lists first, as get does: it fails the same way, and ends.
        const Run watchDenied =
            runServing({QStringLiteral("--kubeconfig"), config, QStringLiteral("get"),
                        QStringLiteral("secrets"), QStringLiteral("-w")});
        QCOMPARE(watchDenied.exitCode, 1);
        QVERIFY(watchDenied.out.isEmpty());
        QCOMPARE(watchDenied.err, denied.err);
    }
};

QTEST_GUILESS_MAIN(tst_Informantctl)
#include "tst_informantctl.moc"
