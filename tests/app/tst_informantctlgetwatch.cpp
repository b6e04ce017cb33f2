// informantctl get -w (and --watch-only, --output-watch-events) in every
// -o format, beside kubectl 1.32 when it is installed: the first list, then
// a ConfigMap created while both watch, each printed as kubectl's printers
// print a change (a JSONPath template's output with nothing added, custom
// columns under one header aligned as one table, the watch event with its
// type). Both watch the same simulator at once; what each printed is
// compared once the change has arrived.

#include "informantctlfixture.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTest>

#include <optional>

class tst_InformantctlGetWatch : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // A request on the simulator's control path: a GET without `body`, else
    // a POST of it. Its answer, or nullopt when it failed.
    static std::optional<QByteArray> callSim(const QString &server, const QString &path,
                                             const std::optional<QByteArray> &body = std::nullopt)
    {
        QNetworkAccessManager network;
        network.setProxy(QNetworkProxy::NoProxy);
        QNetworkRequest request(QUrl(server + path));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("text/plain"));
        std::unique_ptr<QNetworkReply> reply(body ? network.post(request, *body)
                                                  : network.get(request));
        QElapsedTimer clock;
        clock.start();
        while (!reply->isFinished() && clock.elapsed() < 10000)
            QTest::qWait(10);
        if (!reply->isFinished() || reply->error() != QNetworkReply::NoError)
            return std::nullopt;
        return reply->readAll();
    }
    // How many requests for configmaps in web the simulator has been asked
    // for: watches, or lists (a streaming list is a watch too).
    static int configMapRequests(const QString &server, bool lists)
    {
        int count = 0;
        const QByteArray requests =
            callSim(server, QStringLiteral("/sim/v1/requests")).value_or(QByteArray());
        for (const QByteArray &line : requests.split('\n'))
            if (line.contains("/api/v1/namespaces/web/configmaps") &&
                (lists
                     ? line.contains("sendInitialEvents=true") || line.contains("\"verb\":\"list\"")
                     : line.contains("\"verb\":\"watch\"")))
                ++count;
        return count;
    }
    static int configMapWatches(const QString &server) { return configMapRequests(server, false); }
    static bool waitForWatches(const QString &server, int count)
    {
        QElapsedTimer clock;
        clock.start();
        while (configMapWatches(server) < count && clock.elapsed() < 20000)
            QTest::qWait(50);
        return configMapWatches(server) >= count;
    }
    // Reads until `out` holds `bytes` bytes and `lines` lines (or 20 s).
    static void readUntil(QProcess &process, QByteArray &out, qsizetype bytes, qsizetype lines)
    {
        QElapsedTimer clock;
        clock.start();
        while ((out.size() < bytes || out.count('\n') < lines) && clock.elapsed() < 20000) {
            QTest::qWait(20);
            out += process.readAllStandardOutput();
        }
        QTest::qWait(200); // anything printed after what was awaited shows up as a difference
        out += process.readAllStandardOutput();
    }
    // A table without its AGE column, which each run computes on its own
    // (a second apart, "0s" and "1s"): every line loses the bytes under the
    // header's AGE cell, up to the next column's start. Not simply the last
    // cell: with --show-labels an empty LABELS cell comes after it.
    static QByteArray withoutAgeColumn(const QByteArray &table)
    {
        const QList<QByteArray> lines = table.split('\n');
        const QByteArray header = lines.value(0);
        const qsizetype start = header.indexOf(" AGE") + 1;
        if (start <= 0)
            return table;
        qsizetype end = start + 3;
        while (end < header.size() && header[end] == ' ')
            ++end;
        QByteArray cut;
        for (const QByteArray &line : lines) {
            if (!line.isEmpty())
                cut += line.left(start) + line.mid(end) + '\n';
        }
        return cut;
    }

private slots:
    void cleanup() { stopSim(); }

    void getWatchPrintsEachChangeInTheFormatAskedLikeKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("expected"); // stdout; empty: as kubectl's only
        QTest::addColumn<int>("lines");           // at least, when expected is empty
        QTest::addColumn<bool>("ageColumn");      // a table: compared without AGE
        const QStringList watch{"-w"};
        const QStringList watchOnly{"--watch-only"};
        const QStringList events{"-w", "--output-watch-events"};
        QTest::newRow("name") << watch + QStringList{"-o", "name"}
                              << QByteArray("configmap/api-config\nconfigmap/frontend-config\n"
                                            "configmap/b\n")
                              << 0 << false;
        QTest::newRow("jsonpath, a line each")
            << watch + QStringList{"-o", "jsonpath={.metadata.name}{\"\\n\"}"}
            << QByteArray("api-config\nfrontend-config\nb\n") << 0 << false;
        QTest::newRow("jsonpath, nothing added")
            << watch + QStringList{"-o", "jsonpath={.metadata.name},"}
            << QByteArray("api-config,frontend-config,b,") << 0 << false;
        QTest::newRow("jsonpath-as-json")
            << watch + QStringList{"-o", "jsonpath-as-json={.metadata.labels.tier}"}
            << QByteArray("[]\n[]\n[\n    \"test\"\n]\n") << 0 << false;
        QTest::newRow("custom columns aligned as one table")
            << watch +
                   QStringList{"-o", "custom-columns=N:.metadata.name,TIER:.metadata.labels.tier"}
            << QByteArray("N                 TIER\napi-config        <none>\n"
                          "frontend-config   <none>\nb                 test\n")
            << 0 << false;
        QTest::newRow("custom columns, no headers")
            << watch + QStringList{"--no-headers", "-o", "custom-columns=N:.metadata.name"}
            << QByteArray("api-config\nfrontend-config\nb\n") << 0 << false;
        QTest::newRow("watch only, names")
            << watchOnly + QStringList{"-o", "name"} << QByteArray("configmap/b\n") << 0 << false;
        QTest::newRow("watch only, custom columns")
            << watchOnly + QStringList{"-o", "custom-columns=N:.metadata.name,T:.data.k"}
            << QByteArray("N     T\nb     v\n") << 0 << false;
        QTest::newRow("watch only, table") << watchOnly << QByteArray() << 2 << true;
        QTest::newRow("events, custom columns on the event")
            << events + QStringList{"-o", "custom-columns=T:.type,N:.object.metadata.name,X:.x"}
            << QByteArray("T       N                 X\nADDED   api-config        <none>\n"
                          "ADDED   frontend-config   <none>\nADDED   b                 <none>\n")
            << 0 << false;
        QTest::newRow("events, jsonpath on the event")
            << events + QStringList{"-o", "jsonpath={.type} {.object.metadata.name}{\"\\n\"}"}
            << QByteArray("ADDED api-config\nADDED frontend-config\nADDED b\n") << 0 << false;
        QTest::newRow("events, names") << events + QStringList{"-o", "name"}
                                       << QByteArray("configmap/api-config\n"
                                                     "configmap/frontend-config\nconfigmap/b\n")
                                       << 0 << false;
        QTest::newRow("events, json lines")
            << events + QStringList{"-o", "json"} << QByteArray() << 3 << false;
        QTest::newRow("events, yaml")
            << events + QStringList{"-o", "yaml"} << QByteArray() << 40 << false;
        QTest::newRow("events, table with labels")
            << events + QStringList{"--show-labels"} << QByteArray() << 4 << true;
        QTest::newRow("watch only, events, wide")
            << QStringList{"--watch-only", "--output-watch-events", "-o", "wide"} << QByteArray()
            << 2 << true;
    }
    void getWatchPrintsEachChangeInTheFormatAskedLikeKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, expected);
        QFETCH(int, lines);
        QFETCH(bool, ageColumn);
        const bool compared = !kubectl().isEmpty();
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList command =
            QStringList{"--server", server, "get", "cm", "-n", "web"} + args;
        QProcess ours, theirs;
        startChild(ours, ctl(), command);
        if (compared)
            startChild(theirs, kubectl(), command);
        QVERIFY(waitForWatches(server, compared ? 2 : 1));
        QVERIFY(createConfigMap(server, QStringLiteral("b")));

        QByteArray ourOut, theirOut;
        readUntil(ours, ourOut, expected.size(), lines);
        if (compared)
            readUntil(theirs, theirOut, expected.size(), lines);
        for (QProcess *process : {&ours, &theirs}) {
            process->kill();
            process->waitForFinished();
        }
        QVERIFY2(ours.readAllStandardError().isEmpty(), "an error while watching");
        if (!expected.isEmpty())
            QCOMPARE(ourOut, expected);
        QVERIFY2(ourOut.count('\n') >= lines, ourOut.constData());
        if (compared)
            QCOMPARE(ageColumn ? withoutAgeColumn(ourOut) : ourOut,
                     ageColumn ? withoutAgeColumn(theirOut) : theirOut);
    }

    // A watch the server cuts within a second, with nothing received,
    // ends as a "very short watch", which the informer answers with a
    // relist, and a relist hands the handlers every object it read again,
    // the unchanged ones too (same resourceVersion). kubectl's watch never
    // sees those; -w prints only what changed. On stderr the interruption
    // and the resumption are notices naming the context, not errors, and
    // the informer library's own log line does not repeat them.
    void getWatchPrintsNoUnchangedObjectAfterARelist()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QString kubeconfig = m_dir.filePath(QStringLiteral("relist-kubeconfig"));
        QFile file(kubeconfig);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: sim\n"
                                  "clusters:\n- name: sim\n  cluster:\n    server: %1\n"
                                  "contexts:\n- name: sim\n  context: {cluster: sim, user: u}\n"
                                  "users:\n- name: u\n  user: {}\n")
                       .arg(server)
                       .toUtf8());
        file.close();
        QProcess ours;
        startChild(ours, ctl(),
                   {"--kubeconfig", kubeconfig, "get", "cm", "-n", "web", "-w", "-o", "name"});
        QByteArray out, err;
        QVERIFY2(readLines(ours, out, 2), out.constData());
        const int listsBefore = configMapRequests(server, true);

        QVERIFY(callSim(server, QStringLiteral("/sim/v1/faults"), "restart=300ms"));
        QElapsedTimer clock;
        clock.start();
        while (configMapRequests(server, true) == listsBefore && clock.elapsed() < 20000)
            QTest::qWait(50);
        QVERIFY2(configMapRequests(server, true) > listsBefore, "no relist");
        QVERIFY(callSim(server, QStringLiteral("/sim/v1/faults/off"), QByteArray()));
        // The relist asked for has to succeed before the informer watches
        // again, and a change reaches the handler after what came before
        // it: once b is printed, so is whatever the relists printed.
        QVERIFY(createConfigMap(server, QStringLiteral("b")));
        clock.restart();
        while ((!out.contains("configmap/b\n") || !err.contains("resumed")) &&
               clock.elapsed() < 30000) {
            QTest::qWait(20);
            out += ours.readAllStandardOutput();
            err += ours.readAllStandardError();
        }
        ours.kill();
        ours.waitForFinished();
        out += ours.readAllStandardOutput();
        err += ours.readAllStandardError();
        QCOMPARE(out, QByteArray("configmap/api-config\nconfigmap/frontend-config\nconfigmap/b\n"));
        QVERIFY2(err.startsWith("context \"sim\": watch of configmaps interrupted, retrying: "),
                 err.constData());
        QVERIFY2(err.contains("\ncontext \"sim\": watch of configmaps resumed\n"), err.constData());
        QVERIFY2(!err.contains("error:") && !err.contains("informant.informer"), err.constData());
    }

    // The watch flags' usage errors, in kubectl's order (before anything
    // is read).
    void watchFlagsAreCheckedAsKubectlChecksThem_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("events without a watch")
            << QStringList{"pods", "--output-watch-events", "-o", "bogus"}
            << QByteArray("error: --output-watch-events option can only be used with --watch or "
                          "--watch-only\n");
        QTest::newRow("labels checked first")
            << QStringList{"pods", "--output-watch-events", "--show-labels", "-o", "json"}
            << QByteArray("error: --show-labels option cannot be used with json printer\n");
        QTest::newRow("watch only of two kinds")
            << QStringList{"pods,svc", "--watch-only"}
            << QByteArray("error: you may only specify a single resource type\n");
        QTest::newRow("watch only, nothing named")
            << QStringList{"--watch-only"}
            << QByteArray("error: You must provide one or more resources by argument or "
                          "filename.\nExample resource specifications include:\n   '-f "
                          "rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n"
                          "   '<resource>'\n");
    }
    void watchFlagsAreCheckedAsKubectlChecksThem()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        verifyGetFailsLikeKubectl(args, error);
    }

    // -w --sort-by: kubectl sorts the first table (and warns that the
    // changes will not be); a path no object has is its error.
    void getWatchSortsTheFirstTableOnly()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QProcess ours;
        startChild(ours, ctl(),
                   {"--server", server, "get", "cm", "-n", "web", "-w", "--no-headers",
                    "--sort-by=.metadata.name", "-o", "wide"});
        QByteArray out;
        QVERIFY2(readLines(ours, out, 2), out.constData());
        ours.kill();
        ours.waitForFinished();
        QVERIFY2(out.startsWith("api-config ") && out.contains("\nfrontend-config "),
                 out.constData());

        const QStringList missing{"cm", "-n", "web", "-w", "--sort-by=.nope"};
        const Run failed = get(server, missing);
        QCOMPARE(failed.exitCode, 1);
        QVERIFY(failed.out.isEmpty());
        QCOMPARE(failed.err,
                 QByteArray("warning: --watch requested, --sort-by will be ignored for watch "
                            "events received\nerror: unable to output the provided object: "
                            "couldn't find any field with path \"{.nope}\" in the list of "
                            "objects\n"));
        const QString difference = differenceFromKubectl(server, missing);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlGetWatch)
#include "tst_informantctlgetwatch.moc"
