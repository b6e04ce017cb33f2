// What kubectl users type from habit, against informant-sim and byte for
// byte beside kubectl 1.32 when it is installed: `version` (informantctl's
// own client version, the server's from /version; --client, -o json|yaml),
// `api-versions`, `cluster-info` (the cluster services it links),
// `get --raw PATH` (the body as served; kubectl's checks and errors; of an
// absolute URL only the path and query, sent to the cluster's server),
// `get --show-kind`, and kubectl's error texts for a server that refuses
// the connection, an unknown --context, a missing --kubeconfig and a
// selector the server refuses, with their exit statuses.

#include "informantctlfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

class tst_InformantctlKubectlHabits : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `PROGRAM --server SERVER ARGS...` (informantctl unless given).
    Run command(const QString &server, const QStringList &args, const QString &program = {})
    {
        return run(program.isEmpty() ? ctl() : program,
                   QStringList{QStringLiteral("--server"), server} + args, home());
    }
    // Both programs print the same bytes and exit alike (nothing to compare
    // without kubectl).
    void verifySameAsKubectl(const QString &server, const QStringList &args, const Run &ours)
    {
        if (kubectl().isEmpty())
            return;
        const Run theirs = command(server, args, kubectl());
        QVERIFY2(ours.exitCode == theirs.exitCode && ours.out == theirs.out &&
                     ours.err == theirs.err,
                 qPrintable(describeDifference(args, ours, theirs)));
    }
    // Runs `ARGS` on a demo simulator: it must fail (exit 1) with `error`
    // alone on stderr, nothing on stdout, as kubectl does.
    void verifyFailsLikeKubectl(const QStringList &args, const QByteArray &error)
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = command(server, args);
        QCOMPARE(ours.exitCode, 1);
        QVERIFY(ours.out.isEmpty());
        QCOMPARE(ours.err, error);
        verifySameAsKubectl(server, args, ours);
    }
    // Creates a Service in kube-system of the simulator at `server`.
    static bool createService(const QString &server, const QByteArray &json)
    {
        QNetworkAccessManager network;
        QNetworkRequest request(
            QUrl(server + QStringLiteral("/api/v1/namespaces/kube-system/services")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        std::unique_ptr<QNetworkReply> reply(network.post(request, json));
        QElapsedTimer clock;
        clock.start();
        while (!reply->isFinished() && clock.elapsed() < 10000)
            QTest::qWait(10);
        return reply->isFinished() && reply->error() == QNetworkReply::NoError;
    }
    // A port nothing listens on: a simulator's, once stopped.
    int refusingPort()
    {
        const int port = startSim({});
        stopSim();
        return port;
    }

private slots:
    void cleanup() { stopSim(); }

    void versionPrintsClientAndServer()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QByteArray client = "Client Version: v" INFORMANT_VERSION "\n";
        const Run text = command(server, {QStringLiteral("version")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.err.isEmpty(), text.err.constData());
        QCOMPARE(text.out, client + "Server Version: v1.32.0\n");

        // --client needs no cluster, not even a kubeconfig that exists.
        const Run clientOnly = run(ctl(),
                                   {QStringLiteral("--kubeconfig"), QStringLiteral("/nonexistent"),
                                    QStringLiteral("version"), QStringLiteral("--client")},
                                   home());
        QCOMPARE(clientOnly.exitCode, 0);
        QCOMPARE(clientOnly.out, client);
        const Run clientFalse =
            command(server, {QStringLiteral("version"), QStringLiteral("--client=false")});
        QCOMPARE(clientFalse.out, text.out);
    }

    // The server's half of -o json and -o yaml is kubectl's to the byte
    // (field order, two-space indentation, YAML's quoting and the blank
    // line kubectl's Println adds); the client's half is informantctl's.
    void versionJsonAndYamlAsKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run json = command(
            server, {QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        const QByteArray serverJson =
            "  \"serverVersion\": {\n    \"major\": \"1\",\n    \"minor\": \"32\",\n"
            "    \"gitVersion\": \"v1.32.0\",\n    \"gitCommit\": \"informant-sim\",\n"
            "    \"gitTreeState\": \"clean\",\n    \"buildDate\": \"2024-12-11T00:00:00Z\",\n"
            "    \"goVersion\": \"go1.23.3\",\n    \"compiler\": \"gc\",\n"
            "    \"platform\": \"linux/amd64\"\n  }\n}\n";
        QVERIFY2(json.out.startsWith("{\n  \"clientVersion\": {\n    \"major\": \"0\",\n"),
                 json.out.constData());
        QVERIFY2(json.out.endsWith(serverJson), json.out.constData());
        const QJsonObject document = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(document[u"clientVersion"][u"gitVersion"].toString(),
                 QStringLiteral("v" INFORMANT_VERSION));

        const Run yaml = command(
            server, {QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("yaml")});
        QCOMPARE(yaml.exitCode, 0);
        const QByteArray serverYaml =
            "serverVersion:\n  buildDate: \"2024-12-11T00:00:00Z\"\n  compiler: gc\n"
            "  gitCommit: informant-sim\n  gitTreeState: clean\n  gitVersion: v1.32.0\n"
            "  goVersion: go1.23.3\n  major: \"1\"\n  minor: \"32\"\n  platform: linux/amd64\n\n";
        QVERIFY2(yaml.out.startsWith("clientVersion:\n"), yaml.out.constData());
        QVERIFY2(yaml.out.endsWith(serverYaml), yaml.out.constData());

        const Run clientJson =
            command(server, {QStringLiteral("version"), QStringLiteral("--client"),
                             QStringLiteral("-o"), QStringLiteral("json")});
        QVERIFY2(clientJson.out.endsWith("\n  }\n}\n") && !clientJson.out.contains("server"),
                 clientJson.out.constData());

        if (kubectl().isEmpty())
            return;
        const Run theirJson = command(
            server, {QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("json")},
            kubectl());
        QVERIFY2(theirJson.out.endsWith(serverJson), theirJson.out.constData());
        const Run theirYaml = command(
            server, {QStringLiteral("version"), QStringLiteral("-o"), QStringLiteral("yaml")},
            kubectl());
        QVERIFY2(theirYaml.out.endsWith(serverYaml), theirYaml.out.constData());
    }

    void versionRefusesWhatKubectlRefuses_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("output") << QStringList{"version", "-o", "wide"}
                                << QByteArray("error: --output must be 'yaml' or 'json'\n");
        QTest::newRow("arguments before output") << QStringList{"version", "extra", "-o", "wide"}
                                                 << QByteArray("error: extra arguments: [extra]\n");
    }
    void versionRefusesWhatKubectlRefuses()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        verifyFailsLikeKubectl(args, error);
    }

    // The client's line, then kubectl's error for the server (exit 1).
    void versionWithoutServerPrintsClientThenError()
    {
        const int port = refusingPort();
        QVERIFY(port > 0);
        const Run ours =
            command(QStringLiteral("http://127.0.0.1:%1").arg(port), {QStringLiteral("version")});
        QCOMPARE(ours.exitCode, 1);
        QCOMPARE(ours.out, QByteArray("Client Version: v" INFORMANT_VERSION "\n"));
        QCOMPARE(ours.err, QStringLiteral("The connection to the server 127.0.0.1:%1 was refused "
                                          "- did you specify the right host or port?\n")
                               .arg(port)
                               .toUtf8());
    }

    void apiVersionsAsKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = command(server, {QStringLiteral("api-versions")});
        QCOMPARE(ours.exitCode, 0);
        QVERIFY(ours.err.isEmpty());
        const QList<QByteArray> lines = ours.out.trimmed().split('\n');
        QVERIFY2(lines.contains("apps/v1") && lines.contains("batch/v1"), ours.out.constData());
        QCOMPARE(lines.last(), QByteArray("v1")); // byte order: groups before "v1"
        QVERIFY(std::is_sorted(lines.cbegin(), lines.cend()));
        verifySameAsKubectl(server, {QStringLiteral("api-versions")}, ours);

        const QStringList extra{QStringLiteral("api-versions"), QStringLiteral("x")};
        const Run refused = command(server, extra);
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.err, QByteArray("error: unexpected arguments: [x]\nSee 'kubectl "
                                         "api-versions -h' for help and examples\n"));
        verifySameAsKubectl(server, extra, refused);
    }

    // The control plane, then kube-system's cluster services: named by
    // their kubernetes.io/name label or their name, linked through the API
    // server's proxy by their first port (https: when it is 443 or named
    // so); a service without the label is left out.
    void clusterInfoAsKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QVERIFY(createService(
            server, "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":"
                    "\"kube-dns\",\"labels\":{\"kubernetes.io/cluster-service\":\"true\","
                    "\"kubernetes.io/name\":\"CoreDNS\"}},\"spec\":{\"ports\":[{\"name\":\"dns\","
                    "\"port\":53,\"protocol\":\"UDP\"}]}}"));
        QVERIFY(createService(
            server, "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":"
                    "\"metrics\",\"labels\":{\"kubernetes.io/cluster-service\":\"true\"}},"
                    "\"spec\":{\"ports\":[{\"name\":\"web\",\"port\":443}]}}"));
        QVERIFY(createService(server, "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":"
                                      "{\"name\":\"unlisted\"},\"spec\":{}}"));
        const Run ours = command(server, {QStringLiteral("cluster-info")});
        QCOMPARE(ours.exitCode, 0);
        QVERIFY(ours.err.isEmpty());
        const QString proxy = server + QStringLiteral("/api/v1/namespaces/kube-system/services/");
        QCOMPARE(ours.out,
                 QStringLiteral("Kubernetes control plane is running at %1\n"
                                "CoreDNS is running at %2kube-dns:dns/proxy\n"
                                "metrics is running at %2https:metrics:web/proxy\n\n"
                                "To further debug and diagnose cluster problems, use 'kubectl "
                                "cluster-info dump'.\n")
                     .arg(server, proxy)
                     .toUtf8());
        verifySameAsKubectl(server, {QStringLiteral("cluster-info")}, ours);
        // -n looks elsewhere; arguments are ignored, as by kubectl.
        const QStringList web{QStringLiteral("cluster-info"), QStringLiteral("ignored"),
                              QStringLiteral("-n"), QStringLiteral("web")};
        const Run inWeb = command(server, web);
        QCOMPARE(inWeb.exitCode, 0);
        QVERIFY2(inWeb.out.startsWith("Kubernetes control plane is running at " + server.toUtf8() +
                                      "\n\nTo further"),
                 inWeb.out.constData());
        verifySameAsKubectl(server, web, inWeb);
    }

    void clusterInfoWithoutServer()
    {
        const int port = refusingPort();
        QVERIFY(port > 0);
        const Run ours = command(QStringLiteral("http://127.0.0.1:%1").arg(port),
                                 {QStringLiteral("cluster-info")});
        QCOMPARE(ours.exitCode, 1);
        QCOMPARE(ours.out, QByteArray("\nTo further debug and diagnose cluster problems, use "
                                      "'kubectl cluster-info dump'.\n"));
        QVERIFY2(ours.err.startsWith("The connection to the server 127.0.0.1:"),
                 ours.err.constData());
    }

    void getRawAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<QByteArray>("err");
        QTest::newRow("version") << QStringList{"--raw", "/version"} << 0
                                 << QByteArray("{\"buildDate\":\"2024-12-11T00:00:00Z\","
                                               "\"compiler\":\"gc\",\"gitCommit\":\"informant-"
                                               "sim\",\"gitTreeState\":\"clean\",\"gitVersion\":"
                                               "\"v1.32.0\",\"goVersion\":\"go1.23.3\","
                                               "\"major\":\"1\",\"minor\":\"32\",\"platform\":"
                                               "\"linux/amd64\"}")
                                 << QByteArray();
        QTest::newRow("not found")
            << QStringList{"--raw", "/nosuch"} << 1 << QByteArray()
            << QByteArray("Error from server (NotFound): the server could not find the requested "
                          "resource\n");
        QTest::newRow("query") << QStringList{"--raw", "/api/v1/pods?labelSelector===bad"} << 1
                               << QByteArray()
                               << QByteArray("Error from server (BadRequest): found '==', "
                                             "expected: !, identifier, or 'end of string'\n");
        QTest::newRow("arguments")
            << QStringList{"--raw", "/x", "pods", "-o", "json"} << 1 << QByteArray()
            << QByteArray("error: arguments may not be passed when --raw "
                          "is specified\n");
        QTest::newRow("watch") << QStringList{"--raw", "/x", "-w", "-o", "json"} << 1
                               << QByteArray()
                               << QByteArray("error: --raw may not be specified with other flags "
                                             "that filter the server request or alter the "
                                             "output\n");
        QTest::newRow("output") << QStringList{"--raw", "/x", "-o", "json"} << 1 << QByteArray()
                                << QByteArray("error: --raw and --output are mutually "
                                              "exclusive\n");
        QTest::newRow("relative") << QStringList{"--raw", "api/v1"} << 1 << QByteArray()
                                  << QByteArray("error: --raw must be a valid URL path: parse "
                                                "\"api/v1\": invalid URI for request\n");
        // Of an absolute URL kubectl keeps the path and the query: the
        // request goes to the cluster's server whatever host it names.
        QTest::newRow("absolute URL")
            << QStringList{"--raw", "https://elsewhere.invalid:1/api/v1/namespaces/web?x=1"} << 0
            << QByteArray("{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",") << QByteArray();
        QTest::newRow("opaque URL") << QStringList{"--raw", "x:"} << 1 << QByteArray()
                                    << QByteArray("Error from server (NotFound): the server could "
                                                  "not find the requested resource\n");
        QTest::newRow("no scheme") << QStringList{"--raw", ":x"} << 1 << QByteArray()
                                   << QByteArray("error: --raw must be a valid URL path: parse "
                                                 "\":x\": missing protocol scheme\n");
        QTest::newRow("not a scheme")
            << QStringList{"--raw", "1http://x/y"} << 1 << QByteArray()
            << QByteArray("error: --raw must be a valid URL path: parse \"1http://x/y\": "
                          "invalid URI for request\n");
    }
    void getRawAsKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, err);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = get(server, args);
        QCOMPARE(ours.exitCode, exitCode);
        // An object's body is checked by its beginning (its timestamps move).
        if (out.endsWith(','))
            QVERIFY2(ours.out.startsWith(out), ours.out.constData());
        else
            QCOMPARE(ours.out, out);
        QCOMPARE(ours.err, err);
        verifySameAsKubectl(server, QStringList{QStringLiteral("get")} + args, ours);
    }

    void showKindPrefixesOneKind_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("table") << QStringList{"ns", "--show-kind"};
        QTest::newRow("wide, no headers")
            << QStringList{"ns", "--show-kind", "-o", "wide", "--no-headers"};
        QTest::newRow("named") << QStringList{"ns", "default", "--show-kind"};
    }
    void showKindPrefixesOneKind()
    {
        QFETCH(QStringList, args);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = get(server, args);
        QCOMPARE(ours.exitCode, 0);
        QList<QByteArray> lines = ours.out.trimmed().split('\n');
        if (!args.contains(QStringLiteral("--no-headers")))
            QVERIFY(lines.takeFirst().startsWith("NAME "));
        QVERIFY(!lines.isEmpty());
        for (const QByteArray &line : std::as_const(lines))
            QVERIFY2(line.startsWith("namespace/"), ours.out.constData());
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // kubectl's words and exit status for what goes wrong before anything
    // is read.
    void configurationErrorsAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("unknown context")
            << QStringList{"--context", "nosuch", "get", "pods"}
            << QByteArray("Error in configuration: context was not found for specified context: "
                          "nosuch\n");
        QTest::newRow("missing kubeconfig")
            << QStringList{"--kubeconfig", "/nonexistent", "get", "pods"}
            << QByteArray("error: stat /nonexistent: no such file or directory\n");
        QTest::newRow("missing kubeconfig, version")
            << QStringList{"--kubeconfig", "/nonexistent", "version"}
            << QByteArray("error: stat /nonexistent: no such file or directory\n");
        // kubectl's REST and discovery clients word it otherwise than its
        // resource builder.
        const QByteArray noContext = "error: context \"nosuch\" does not exist\n";
        QTest::newRow("unknown context, api-resources")
            << QStringList{"--context", "nosuch", "api-resources"} << noContext;
        QTest::newRow("unknown context, version")
            << QStringList{"--context", "nosuch", "version"} << noContext;
        QTest::newRow("unknown context, get --raw")
            << QStringList{"--context", "nosuch", "get", "--raw", "/version"} << noContext;
        QTest::newRow("unknown context, watch")
            << QStringList{"--context", "nosuch", "get", "pods", "-w"}
            << QByteArray("Error in configuration: context was not found for specified context: "
                          "nosuch\n");
    }
    void configurationErrorsAsKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        verifyFailsLikeKubectl(args, error);
    }

    // kubectl logs its failed discovery requests before its error (klog
    // lines with a time and a process id); the error itself is the same.
    void connectionRefusedAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("get") << QStringList{"get", "pods"};
        QTest::newRow("get --raw") << QStringList{"get", "--raw", "/version"};
        QTest::newRow("api-resources") << QStringList{"api-resources", "-o", "name"};
    }
    void connectionRefusedAsKubectl()
    {
        QFETCH(QStringList, args);
        const int port = refusingPort();
        QVERIFY(port > 0);
        const QString server = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QByteArray line = QStringLiteral("The connection to the server 127.0.0.1:%1 was "
                                               "refused - did you specify the right host or "
                                               "port?\n")
                                    .arg(port)
                                    .toUtf8();
        const Run ours = command(server, args);
        QCOMPARE(ours.exitCode, 1);
        QVERIFY(ours.out.isEmpty());
        QCOMPARE(ours.err, line);
        if (kubectl().isEmpty())
            return;
        const Run theirs = command(server, args, kubectl());
        QCOMPARE(theirs.exitCode, 1);
        QVERIFY2(theirs.err.endsWith('\n' + line) || theirs.err == line, theirs.err.constData());
    }

    // A selector the server refuses: kubectl's BadRequest, naming the
    // resource as Go prints a GroupVersionResource, once per kind.
    void refusedSelectorAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        const QByteArray found = "found '==', expected: !, identifier, or 'end of string'\n";
        QTest::newRow("label selector")
            << QStringList{"pods", "-l", "==bad"}
            << "Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match "
               "label selector \"==bad\", field selector \"\": " +
                   found;
        QTest::newRow("two kinds, all namespaces")
            << QStringList{"pods,deploy", "-A", "-l", "==bad"}
            << "Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match "
               "label selector \"==bad\", field selector \"\": " +
                   found +
                   "Error from server (BadRequest): Unable to find \"apps/v1, "
                   "Resource=deployments\" that match label selector \"==bad\", field selector "
                   "\"\": " +
                   found;
        QTest::newRow("field selector")
            << QStringList{"pods", "--field-selector", "foo=bar"}
            << QByteArray("Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" "
                          "that match label selector \"\", field selector \"foo=bar\": field "
                          "label not supported: foo\n");
    }
    void refusedSelectorAsKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        verifyGetFailsLikeKubectl(args, error);
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlKubectlHabits)
#include "tst_informantctlkubectlhabits.moc"
