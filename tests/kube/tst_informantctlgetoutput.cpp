// Acceptance of informantctl get -o against informant-sim, beside the real
// kubectl when it is installed: get -o wide|name|json|yaml prints what
// kubectl prints (long strings folded as kubectl's YAML folds them), and an
// unknown format fails as kubectl's does.

#include "informantctlfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

class tst_InformantctlGetOutput : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // POSTs `object` to the simulator at `server`: it keeps what it is given.
    static bool post(const QString &server, const QString &path, const QJsonObject &object)
    {
        QNetworkAccessManager network;
        QNetworkRequest request(QUrl(server + path));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        std::unique_ptr<QNetworkReply> reply(
            network.post(request, QJsonDocument(object).toJson(QJsonDocument::Compact)));
        QElapsedTimer clock;
        clock.start();
        while (!reply->isFinished() && clock.elapsed() < 10000)
            QTest::qWait(10);
        return reply->isFinished() && reply->error() == QNetworkReply::NoError;
    }

    static QJsonObject podWithLongArguments()
    {
        const QJsonObject container{
            {"name", "app"},
            {"image", "busybox"},
            {"command", QJsonArray{"sh", "-c",
                                   "echo the container prints a long line of text and then "
                                   "sleeps for a long while; sleep 3600"}},
            {"env", QJsonArray{QJsonObject{{"name", "GREETING"},
                                           {"value", "hello from a rather long environment "
                                                     "variable value that kubectl folds at "
                                                     "eighty columns"}}}}};
        return {{"apiVersion", "v1"},
                {"kind", "Pod"},
                {"metadata", QJsonObject{{"name", "long-args"}}},
                {"spec", QJsonObject{{"containers", QJsonArray{container}}}}};
    }

    static QJsonObject eventWithLongMessage()
    {
        return {{"apiVersion", "v1"},
                {"kind", "Event"},
                {"metadata", QJsonObject{{"name", "long-args.1"}}},
                {"involvedObject", QJsonObject{{"kind", "Pod"}, {"name", "long-args"}}},
                {"reason", "Failed"},
                {"type", "Warning"},
                {"count", 1},
                {"message", "Failed to pull image \"registry.example.com/team/app:1.2.3\": rpc "
                            "error: code = NotFound desc = failed to pull and unpack image"}};
    }

    // Long strings in each of go-yaml's styles, a long key (never folded)
    // and a longer one (a "? " key, folded), a literal block (never folded)
    // and managed fields.
    static QJsonObject configMapWithLongStrings()
    {
        const QJsonObject data{
            {"motd", "welcome to the cluster: please read the runbook before you change "
                     "anything here"},
            {"plain", "a plain value of many words, each of them short, that goes on "
                      "and on for well over two lines of eighty characters each, so "
                      "that kubectl folds it twice"},
            {"tabbed", "\tcolumns\tseparated\tby tabs, which only double quotes can hold, "
                       "and a run of  spaces   where the fold may fall"},
            {"unicode", "überprüfte Größenänderung für die Datenbank läuft noch "
                        "während der Wartung – bitte später erneut versuchen"},
            {"script", "#!/bin/sh\nexec /usr/local/bin/server --listen=0.0.0.0:8080 "
                       "--config=/etc/server/config.yaml --log-level=debug\n"},
            {QStringLiteral("a long key of several words that fits a simple key ")
                 .repeated(2)
                 .trimmed(),
             "and its value, which starts far to the right and folds at once"},
            {QStringLiteral("a key too long for a simple key, written after a question "
                            "mark ")
                 .repeated(3)
                 .trimmed(),
             "x y"}};
        const QJsonObject fields{
            {"f:data", QJsonObject{{"f:motd", QJsonObject{}}, {"f:plain", QJsonObject{}}}}};
        const QJsonObject managed{
            {"manager", "a-controller-with-a-rather-long-name-that-says-what-it-does"},
            {"operation", "Update"},
            {"apiVersion", "v1"},
            {"time", "2024-05-01T10:00:00Z"},
            {"fieldsType", "FieldsV1"},
            {"fieldsV1", fields}};
        const QJsonObject annotations{
            {"description", "a ConfigMap whose values are long enough for kubectl to fold "
                            "them at eighty columns"}};
        return {{"apiVersion", "v1"},
                {"kind", "ConfigMap"},
                {"metadata", QJsonObject{{"name", "long-strings"},
                                         {"annotations", annotations},
                                         {"managedFields", QJsonArray{managed}}}},
                {"data", data}};
    }

private slots:
    void cleanup() { stopSim(); }

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

    // kubectl's YAML writer (go-yaml v2) breaks a long string's line at a
    // space once the line is longer than 80 characters, counted from the
    // line's start: the same string folds elsewhere in a List, one level
    // deeper, than alone.
    void getOutputYamlFoldsLongStringsAsKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QVERIFY(post(server, QStringLiteral("/api/v1/namespaces"),
                     {{"apiVersion", "v1"},
                      {"kind", "Namespace"},
                      {"metadata", QJsonObject{{"name", "folding"}}}}));
        const QString namespacePath = QStringLiteral("/api/v1/namespaces/folding/");
        QVERIFY(post(server, namespacePath + "pods", podWithLongArguments()));
        QVERIFY(post(server, namespacePath + "events", eventWithLongMessage()));
        QVERIFY(post(server, namespacePath + "configmaps", configMapWithLongStrings()));
        const QStringList folding{QStringLiteral("-n"), QStringLiteral("folding"),
                                  QStringLiteral("-o"), QStringLiteral("yaml")};

        const Run pod =
            get(server, QStringList{QStringLiteral("pod"), QStringLiteral("long-args")} + folding);
        QVERIFY2(pod.exitCode == 0, pod.err.constData());
        QVERIFY2(pod.out.contains("\n    - echo the container prints a long line of text and "
                                  "then sleeps for a long while;\n      sleep 3600\n"
                                  "    env:\n    - name: GREETING\n      value: hello from a "
                                  "rather long environment variable value that kubectl folds\n"
                                  "        at eighty columns\n"),
                 pod.out.constData());
        const Run event = get(server, QStringList{QStringLiteral("event")} + folding);
        QVERIFY2(event.exitCode == 0, event.err.constData());
        QVERIFY2(event.out.contains("\n  message: 'Failed to pull image "
                                    "\"registry.example.com/team/app:1.2.3\": rpc error:\n"
                                    "    code = NotFound desc = failed to pull and unpack "
                                    "image'\n"),
                 event.out.constData());

        for (const QStringList &args :
             {QStringList{QStringLiteral("pod"), QStringLiteral("long-args")} + folding,
              QStringList{QStringLiteral("event"), QStringLiteral("long-args.1")} + folding,
              QStringList{QStringLiteral("cm"), QStringLiteral("long-strings")} + folding,
              QStringList{QStringLiteral("pods,events,cm")} + folding,
              QStringList{QStringLiteral("cm"), QStringLiteral("--show-managed-fields")} +
                  folding}) {
            const QString difference = differenceFromKubectl(server, args);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
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
                                       "custom-columns,json,jsonpath,jsonpath-as-json,name,wide,"
                                       "yaml\n"));
    }

    // kubectl get has no printer named "table" (only the default is the
    // table): asked for by name it fails as an unknown format, even when
    // nothing would print.
    void getOutputTableByNameFailsAsKubectlDoes()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QByteArray refusal =
            "error: unable to match a printer suitable for the output format \"table\", "
            "allowed formats are: ";
        for (const QString &ns : {QStringLiteral("web"), QStringLiteral("nope")}) {
            const QStringList args{QStringLiteral("pods"), QStringLiteral("-n"), ns,
                                   QStringLiteral("-o"), QStringLiteral("table")};
            const Run ours = get(server, args);
            QCOMPARE(ours.exitCode, 1);
            QVERIFY(ours.out.isEmpty());
            QCOMPARE(ours.err, refusal + "custom-columns,json,jsonpath,jsonpath-as-json,name,wide,"
                                         "yaml\n");
            if (!kubectl().isEmpty()) {
                // kubectl lists the template printers informantctl lacks.
                const Run theirs = get(server, args, kubectl());
                QCOMPARE(theirs.exitCode, 1);
                QVERIFY(theirs.out.isEmpty());
                QVERIFY2(theirs.err.startsWith(refusal), theirs.err.constData());
            }
        }
    }

    // kubectl get KIND1,KIND2: a table per kind, a blank line between them,
    // NAME as kind.group/name; under -A NAMESPACE first, and (as kubectl
    // prints it) on every table after a namespaced kind's. -o name, json and
    // yaml print the kinds together (one List).
};

QTEST_GUILESS_MAIN(tst_InformantctlGetOutput)
#include "tst_informantctlgetoutput.moc"
