// What informantctl prints on stderr besides its output, beside kubectl 1.32
// when it is installed:
//   - kubectl's warning for a short name several resources claim
//     (`get ev` on a cluster serving events and events.events.k8s.io; a
//     CRD claiming po, deploy and wd), once per KIND typed, none for a full
//     name or a group that leaves one resource; the resource used is the
//     one kubectl uses (discovery's group order, not the alphabet's);
//   - server text in errors escaped as tables are (ESC as "^[", CR as
//     "\r"): a hostile server's Status message cannot retitle or clear the
//     terminal;
//   - an exec plugin's own stderr relayed raw, as it comes, as kubectl lets
//     the plugin write to the terminal (beside kubectl over https only:
//     kubectl runs no plugin for a plain-http server).

#include "informantctlcrd.h"
#include "informantctlfixture.h"

#include <QElapsedTimer>
#include <QTest>

#include <functional>

namespace {

const QByteArray kEventsWarning =
    "Warning: short name \"ev\" could also match lower priority resource events.events.k8s.io\n";

} // namespace

class tst_InformantctlStderr : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `get ARGS` by informantctl and kubectl: the same stdout, stderr and
    // exit status (retried: the demo's events and AGE move).
    void verifyGetLikeKubectl(const QString &server, const QStringList &args)
    {
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // A server refusing everything but discovery with `hostile` as the
    // Status message (JSON-escaped).
    static void denyWith(FakeApiServer &server, const QByteArray &hostile)
    {
        server.setHandler([hostile](const HttpRequest &request, QTcpSocket *socket) {
            if (!FakeApiServer::replyCoreDiscovery(socket, request, "pods", "pod", "Pod"))
                FakeApiServer::reply(socket, 403,
                                     "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":"
                                     "\"Failure\",\"message\":\"" +
                                         hostile + "\",\"reason\":\"Forbidden\",\"code\":403}");
        });
    }

    // Reads `process`'s stderr into `err` while this thread serves its
    // servers, until `until` returns true or 20 s passed.
    static void readStderr(QProcess &process, QByteArray &err, const std::function<bool()> &until)
    {
        QElapsedTimer clock;
        clock.start();
        while (!until() && clock.elapsed() < 20000) {
            QTest::qWait(20);
            err += process.readAllStandardError();
        }
    }

private slots:
    void cleanup() { stopSim(); }

    void ambiguousShortNameIsWarnedOnceAsKubectlDoes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("warnings"); // stderr begins with them
        const QStringList none = {QStringLiteral("-n"), QStringLiteral("none")};
        QTest::newRow("short name") << QStringList{"ev"} + none << kEventsWarning;
        QTest::newRow("listed twice") << QStringList{"ev,ev"} + none << kEventsWarning;
        QTest::newRow("beside other kinds") << QStringList{"po,ev,cm"} + none << kEventsWarning;
        QTest::newRow("named objects")
            << QStringList{"ev/a", "po/b", "ev/c", "-n", "default"} << kEventsWarning;
        QTest::newRow("resource.version.") << QStringList{"ev.v1."} + none << kEventsWarning;
        QTest::newRow("plural") << QStringList{"events"} + none << QByteArray();
        QTest::newRow("group given") << QStringList{"ev.events.k8s.io"} + none << QByteArray();
        QTest::newRow("unambiguous") << QStringList{"cm"} + none << QByteArray();
    }
    void ambiguousShortNameIsWarnedOnceAsKubectlDoes()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, warnings);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = get(server, args);
        QVERIFY2(ours.err.startsWith(warnings), ours.err.constData());
        QVERIFY2(!ours.err.mid(warnings.size()).contains("Warning:"), ours.err.constData());
        verifyGetLikeKubectl(server, args);
    }

    // A CRD in aaa.example.com claiming built-ins' short names: kubectl
    // keeps the built-in (the server lists aaa.example.com after apps) and
    // warns; so does informantctl, reading the built-in's objects.
    void crdShortNamesClashingWithBuiltInsAreWarnedAndLoseAsInKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QVERIFY(createCrd(server, QStringLiteral("aaa.example.com"), QStringLiteral("pumas"),
                          QStringLiteral("Puma"),
                          {QStringLiteral("po"), QStringLiteral("deploy"), QStringLiteral("wd")}));
        const QStringList args{QStringLiteral("po,deploy,wd"), QStringLiteral("-A"),
                               QStringLiteral("-o"), QStringLiteral("name")};
        const Run ours = get(server, args);
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.err, QByteArray("Warning: short name \"po\" could also match lower "
                                      "priority resource pumas.aaa.example.com\n"
                                      "Warning: short name \"deploy\" could also match lower "
                                      "priority resource pumas.aaa.example.com\n"
                                      "Warning: short name \"wd\" could also match lower "
                                      "priority resource widgets.demo.informant.io\n"));
        QVERIFY2(ours.out.contains("\ndeployment.apps/"), ours.out.constData());
        QVERIFY2(ours.out.startsWith("pod/"), ours.out.constData());
        verifyGetLikeKubectl(server, args);
    }

    // A server whose Status message carries an OSC title sequence, a
    // screen clear and a carriage return.
    void serverTextInErrorsIsTerminalEscaped()
    {
        const QByteArray hostile = "pods is forbidden: \\u001b]0;pwned\\u0007 and "
                                   "\\u001b[2J cleared\\rover";
        FakeApiServer server;
        denyWith(server, hostile);
        QVERIFY(server.listen());
        const QString url = server.url().toString();
        const QByteArray shown = "pods is forbidden: ^[]0;pwned\a and ^[[2J cleared\\rover\n";
        for (const QStringList &command :
             {QStringList{QStringLiteral("get"), QStringLiteral("pods")},
              QStringList{QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-w")},
              QStringList{QStringLiteral("watch"), QStringLiteral("pods")}}) {
            const Run denied = runServing(QStringList{QStringLiteral("--server"), url} + command);
            QCOMPARE(denied.exitCode, 1);
            QVERIFY2(!denied.err.contains('\x1b') && !denied.err.contains('\r'),
                     denied.err.constData());
            QVERIFY2(denied.err.endsWith(shown), denied.err.constData());
        }
        // Text the user typed is quoted back escaped as well.
        const Run unknown = runServing(
            {QStringLiteral("--server"), url, QStringLiteral("get"), QStringLiteral("po\x1b[2J")});
        QCOMPARE(unknown.exitCode, 1);
        QCOMPARE(unknown.err,
                 QByteArray("error: the server doesn't have a resource type \"po^[[2J\"\n"));
    }

    // Over https, where kubectl runs the plugin too: the same bytes.
    void execPluginStderrIsKubectls()
    {
        const int port =
            startSim({QStringLiteral("--token"), QStringLiteral("t"), QStringLiteral("--tls-cert"),
                      dataFile(QStringLiteral("server.crt")), QStringLiteral("--tls-key"),
                      dataFile(QStringLiteral("server.key"))});
        QVERIFY(port > 0);
        const QString plugin = writeScript(
            QStringLiteral("colour.sh"),
            "#!/bin/sh\nprintf '\\033[33mSigning in\\033[0m\\r\\nas \\033]0;title\\a\\n' >&2\n"
            "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
            "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\"}}'\n");
        const QString config = writeKubeconfig(
            QStringLiteral("tls.yaml"), QStringLiteral("https://127.0.0.1:%1").arg(port),
            QStringLiteral("    certificate-authority: %1\n")
                .arg(dataFile(QStringLiteral("ca.crt"))),
            QStringLiteral("    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                           "      command: %1\n      interactiveMode: Never\n")
                .arg(plugin));
        const QStringList args{QStringLiteral("--kubeconfig"), config,
                               QStringLiteral("get"),          QStringLiteral("ns"),
                               QStringLiteral("default"),      QStringLiteral("-o"),
                               QStringLiteral("name")};
        const Run ours = run(ctl(), args, home());
        QCOMPARE(ours.err, QByteArray("\x1b[33mSigning in\x1b[0m\r\nas \x1b]0;title\a\n"));
        QCOMPARE(ours.out, QByteArray("namespace/default\n"));
        QCOMPARE(ours.exitCode, 0);
        if (kubectl().isEmpty())
            return;
        const Run theirs = run(kubectl(), args, home());
        QCOMPARE(theirs.err, ours.err);
        QCOMPARE(theirs.out, ours.out);
        QCOMPARE(theirs.exitCode, ours.exitCode);
    }

    // The plugin's prompt (bold, no newline) shows whole while the plugin
    // waits, and its CR stays a CR; the server's text after it is escaped.
    void execPluginStderrIsRelayedRawAsItComes()
    {
        FakeApiServer server;
        denyWith(server, "pods is forbidden: \\u001b[2J cleared");
        // https: no plugin runs for an http server.
        QVERIFY(server.listenTls(dataFile(QStringLiteral("server.crt")),
                                 dataFile(QStringLiteral("server.key"))));
        const QString signedIn = m_dir.filePath(QStringLiteral("signed-in"));
        const QString plugin = writeScript(
            QStringLiteral("login.sh"),
            QStringLiteral("#!/bin/sh\nprintf '\\033[1mEnter the code:\\033[0m ' >&2\n"
                           "while [ ! -e '%1' ]; do sleep 0.05; done\nprintf 'ok\\r\\n' >&2\n"
                           "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                           "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\"}}'\n")
                .arg(signedIn)
                .toUtf8());
        const QString config =
            writeExecKubeconfig(QStringLiteral("exec.yaml"), server.url().port(), plugin);
        QProcess process;
        startChild(process, ctl(),
                   {QStringLiteral("--kubeconfig"), config, QStringLiteral("get"),
                    QStringLiteral("pods")});
        const QByteArray prompt = "\x1b[1mEnter the code:\x1b[0m ";
        QByteArray err;
        readStderr(process, err, [&] { return err.size() >= prompt.size(); });
        QFile marker(signedIn);
        QVERIFY(marker.open(QIODevice::WriteOnly));
        marker.close();
        readStderr(process, err, [&] { return process.state() == QProcess::NotRunning; });
        err += process.readAllStandardError();
        QVERIFY2(err.startsWith(prompt + "ok\r\n"), err.constData());
        const QByteArray fromServer = err.mid(prompt.size() + 4);
        QVERIFY2(fromServer.endsWith("pods is forbidden: ^[[2J cleared\n"), err.constData());
        QVERIFY2(!fromServer.contains('\x1b'), err.constData());
        QCOMPARE(process.exitCode(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlStderr)
#include "tst_informantctlstderr.moc"
