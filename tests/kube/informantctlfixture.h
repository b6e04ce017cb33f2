#pragma once

// What the informantctl acceptance tests (tst_informantctl, tst_informantctlget)
// share: the paths of the built executables and of tests/kube/data, running
// a program to its end with a HOME of its own (no ~/.kube/config), a
// ForbiddingProxy in front of informant-sim, and InformantctlFixture, a
// base for the test classes that starts informant-sim, runs informantctl
// (or kubectl, when installed) against it and compares what both print.
// Everything runs in the test's main thread, whose event loop serves the
// in-test servers while a child runs.

#include "fakeapiserver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QPointer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

inline QString buildPath(const QString &relative)
{
    return qEnvironmentVariable("INFORMANT_BUILD_DIR") + QLatin1Char('/') + relative;
}

inline QString dataFile(const QString &name)
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

inline Run run(const QString &program, const QStringList &args, const QString &home)
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

// The simulator, the programs and their comparisons; the test classes derive
// from it (after QObject) and stop the simulator in their cleanup().
class InformantctlFixture
{
protected:
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
    // Starts informant-sim serving https with data/'s server certificate
    // (signed by ca.crt), e.g. for a token: none goes to an http server.
    int startTlsSim(const QStringList &args)
    {
        return startSim(
            QStringList{QStringLiteral("--tls-cert"), dataFile(QStringLiteral("server.crt")),
                        QStringLiteral("--tls-key"), dataFile(QStringLiteral("server.key"))} +
            args);
    }
    // The cluster lines of a kubeconfig trusting data/'s CA.
    static QString trustedCluster()
    {
        return QStringLiteral("    certificate-authority: %1\n")
            .arg(dataFile(QStringLiteral("ca.crt")));
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

    // An executable script `name` in the test's directory; its path.
    QString writeScript(const QString &name, const QByteArray &body)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        file.write(body);
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        return path;
    }
    // A kubeconfig `name` for the https simulator on `port` (startTlsSim)
    // whose user signs in with the exec plugin `plugin`, never interactively.
    QString writeExecKubeconfig(const QString &name, int port, const QString &plugin)
    {
        return writeKubeconfig(
            name, QStringLiteral("https://127.0.0.1:%1").arg(port), trustedCluster(),
            QStringLiteral("    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                           "      command: %1\n      interactiveMode: Never\n")
                .arg(plugin));
    }
    // Starts informantctl with `args` in the test's HOME, returning at once
    // (for a test that watches its output while it runs).
    void startCtl(QProcess &process, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home());
        env.remove(QStringLiteral("KUBECONFIG"));
        process.setProcessEnvironment(env);
        process.start(ctl(), args);
    }

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
    // Both runs of `get ARGS`, for a failure message.
    static QString describeDifference(const QStringList &args, const Run &ours, const Run &theirs)
    {
        return QStringLiteral("get %1\ninformantctl (exit %2):\n%3%4\nkubectl (exit %5):\n%6%7")
            .arg(args.join(QLatin1Char(' ')))
            .arg(ours.exitCode)
            .arg(QString::fromUtf8(ours.out), QString::fromUtf8(ours.err))
            .arg(theirs.exitCode)
            .arg(QString::fromUtf8(theirs.out), QString::fromUtf8(theirs.err));
    }

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
            difference = describeDifference(args, ours, theirs);
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
            difference = describeDifference(args, ours, theirs);
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
};
