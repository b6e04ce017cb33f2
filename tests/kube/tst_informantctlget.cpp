// Acceptance of informantctl get against informant-sim, beside the real
// kubectl when it is installed (the -o formats: tst_informantctlgetoutput).
// kubectl's idioms print byte for byte what kubectl prints against the same
// simulator: get NAME..., several kinds (KIND1,KIND2 and KIND/NAME...),
// --no-headers, --show-labels, get -w; argument errors read as kubectl's.
// get -w of an object that does not exist fails at once with kubectl's
// NotFound; a kind the server forbids beside others prints what could be
// read, its error and exit status 1, as kubectl does.

#include "informantctlfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

class tst_InformantctlGet : public QObject, protected InformantctlFixture
{
    Q_OBJECT

private slots:
    void cleanup() { stopSim(); }

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

    // `get all`: the kinds of discovery's "all" category (pods, services,
    // the workloads, and custom kinds that join it), as kubectl expands it.
    void getAllPrintsTheAllCategoryLikeKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList all{QStringLiteral("all"), QStringLiteral("-n"), QStringLiteral("web")};
        const Run tables = get(server, all);
        QCOMPARE(tables.exitCode, 0);
        const QString out = QString::fromUtf8(tables.out);
        for (const char *kind : {"\npod/", "\nservice/", "\ndeployment.apps/", "\nreplicaset.apps/",
                                 "\nwidget.demo.informant.io/"})
            QVERIFY2(out.contains(QLatin1String(kind)), qPrintable(out));
        QVERIFY2(!out.contains(QStringLiteral("configmap/")), qPrintable(out));
        const QString difference = differenceFromKubectl(server, all);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

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

    // An object named in a namespace the server does not have: kubectl
    // (cli-runtime's Info.Get) then asks for the namespace, and reports
    // its NotFound instead, once per object, watched or not; in a
    // namespace that exists the object's own NotFound stays.
    void getInAMissingNamespaceReportsTheNamespaceLikeKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        const QByteArray missing("Error from server (NotFound): namespaces \"none\" not found\n");
        QTest::newRow("several kinds")
            << QStringList{"po/a", "cm/b", "po/c", "-n", "none"} << missing + missing + missing;
        QTest::newRow("names") << QStringList{"pods", "a", "b", "-n", "none", "-o", "name"}
                               << missing + missing;
        QTest::newRow("watched") << QStringList{"pods", "a", "-n", "none", "-w"} << missing;
        QTest::newRow("a namespace named too")
            << QStringList{"ns/none", "po/x", "-n", "none"} << missing + missing;
        QTest::newRow("namespace exists")
            << QStringList{"po/a", "-n", "web"}
            << QByteArray("Error from server (NotFound): pods \"a\" not found\n");
        QTest::newRow("cluster-scoped kind")
            << QStringList{"nodes/a", "-n", "none"}
            << QByteArray("Error from server (NotFound): nodes \"a\" not found\n");
    }
    void getInAMissingNamespaceReportsTheNamespaceLikeKubectl()
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
    // server's Forbidden, and exits 1; so does ours, in kubectl's words.
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
        QCOMPARE(ours.err, "Error from server (Forbidden): " + message + "\n");

        const QString config = writeKubeconfig(QStringLiteral("proxy.yaml"), proxy.url(), {},
                                               QStringLiteral("    token: t\n"));
        const Run viaContext = runServing(
            QStringList{QStringLiteral("--kubeconfig"), config, QStringLiteral("get")} + tables);
        QCOMPARE(viaContext.exitCode, 1);
        QCOMPARE(viaContext.err, ours.err);

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
};

QTEST_GUILESS_MAIN(tst_InformantctlGet)
#include "tst_informantctlget.moc"
