// Acceptance of informantctl get's kubectl output options against
// informant-sim, beside the real kubectl when it is installed:
// -o jsonpath= / jsonpath-as-json= / custom-columns=, -L, --sort-by, and
// boolean flags written with a value (--no-headers=false, -A=true).

#include "informantctlfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

class tst_InformantctlGetFormats : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `get ARGS` must succeed; its stdout (and, with kubectl installed, the
    // same bytes as kubectl's).
    QByteArray getLikeKubectl(const QString &server, const QStringList &args)
    {
        const Run ours = get(server, args);
        const QString difference = differenceFromKubectl(server, args);
        if (!difference.isEmpty())
            qWarning("%s", qPrintable(difference));
        return ours.exitCode == 0 && ours.err.isEmpty() && difference.isEmpty() ? ours.out
                                                                                : QByteArray("!");
    }

    // A table without its last column, AGE: two runs a second apart may
    // differ there and nowhere else.
    static QByteArray withoutAges(const QByteArray &table)
    {
        QByteArray out;
        for (const QByteArray &line : table.split('\n')) {
            const qsizetype lastGap = line.trimmed().lastIndexOf(' ');
            out += (lastGap < 0 ? line : line.left(lastGap).trimmed()) + '\n';
        }
        return out;
    }

    static QStringList namespaces()
    {
        return {"batch",       "default",    "kube-node-lease", "kube-public",
                "kube-system", "monitoring", "payments",        "web"};
    }

private slots:
    void cleanup() { stopSim(); }

    void jsonPathRunsOnTheListAsAWhole()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QCOMPARE(getLikeKubectl(server, {"ns", "-o", "jsonpath={.items[*].metadata.name}"}),
                 namespaces().join(u' ').toUtf8());
        QCOMPARE(getLikeKubectl(server, {"ns", "-o", "jsonpath={.kind} {.apiVersion}|"}),
                 QByteArray("List v1|"));
        QByteArray lines;
        for (const QString &name : namespaces())
            lines += name.toUtf8() + "\tActive\n";
        QCOMPARE(getLikeKubectl(server, {"ns", "-o",
                                         "jsonpath={range .items[*]}{.metadata.name}{\"\\t\"}"
                                         "{.status.phase}{\"\\n\"}{end}"}),
                 lines);
        // Filters, recursive descent, objects as sorted JSON, missing keys.
        QCOMPARE(getLikeKubectl(server, {"ns", "-o",
                                         "jsonpath={.items[?(@.metadata.name==\"web\")]"
                                         ".metadata.labels}{.items[0].nope}"}),
                 QByteArray(R"({"kubernetes.io/metadata.name":"web"})"));
        QCOMPARE(getLikeKubectl(server, {"ns", "-o", "jsonpath={..phase}"}).count("Active"), 8);
        // One object named: the template runs on the object, "@" is it.
        QCOMPARE(getLikeKubectl(server, {"ns", "web", "-o", "jsonpath={@.kind}/{.metadata.name}"}),
                 QByteArray("Namespace/web"));
        // Nothing found: the template still runs (on an empty List), silently.
        QCOMPARE(getLikeKubectl(server, {"pods", "-n", "nope", "-o",
                                         "jsonpath={.kind}:{.items[*].metadata.name}"}),
                 QByteArray("List:"));
    }

    void jsonPathAsJsonPrintsEachNodesResultsAsAnArray()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QByteArray out =
            getLikeKubectl(server, {"ns", "-o", "jsonpath-as-json={.items[*].metadata.name}"});
        const QJsonArray names = QJsonDocument::fromJson(out).array();
        QCOMPARE(names.toVariantList(), QVariant(namespaces()).toList());
        QVERIFY2(out.startsWith("[\n    \"batch\",\n"), out.constData());
    }

    void jsonPathErrorsAreKubectls_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("unclosed") << "jsonpath={.items[0].metadata.name"
                                  << QByteArray("error: error parsing jsonpath "
                                                "{.items[0].metadata.name, unclosed action\n");
        QTest::newRow("empty") << "jsonpath="
                               << QByteArray("error: template format specified but no template "
                                             "given\n");
        QTest::newRow("no template") << "jsonpath"
                                     << QByteArray("error: template format specified but no "
                                                   "template given\n");
        QTest::newRow("no columns") << "custom-columns="
                                    << QByteArray("error: custom-columns format specified but no "
                                                  "custom columns given\n");
        QTest::newRow("column without path")
            << "custom-columns=NAME"
            << QByteArray("error: unexpected custom-columns spec: NAME, expected "
                          "<header>:<json-path-expr>\n");
    }

    void jsonPathErrorsAreKubectls()
    {
        QFETCH(QString, output);
        QFETCH(QByteArray, error);
        verifyGetFailsLikeKubectl({"ns", "-o", output}, error);
    }

    void customColumnsRunEachPathPerObject()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QByteArray expected = "NAME              PHASE    MISSING   FINALIZERS\n";
        for (const QString &name : namespaces())
            expected += name.leftJustified(18).toUtf8() + "Active   <none>    [kubernetes]\n";
        QCOMPARE(getLikeKubectl(server, {"ns", "-o",
                                         "custom-columns=NAME:.metadata.name,PHASE:{.status.phase},"
                                         "MISSING:.metadata.nope,FINALIZERS:spec.finalizers"}),
                 expected);
        // Objects print as Go's %v; --no-headers drops the header; every
        // kind shares one table, with no NAMESPACE column under -A.
        QCOMPARE(getLikeKubectl(server, {"ns", "web", "-o", "custom-columns=L:.metadata.labels",
                                         "--no-headers"}),
                 QByteArray("map[kubernetes.io/metadata.name:web]\n"));
        const QByteArray mixed = getLikeKubectl(
            server, {"ns,svc", "-A", "-o", "custom-columns=KIND:.kind,NAME:.metadata.name"});
        QVERIFY2(mixed.startsWith("KIND        NAME\nNamespace   batch\n"), mixed.constData());
        QVERIFY2(mixed.contains("\nService     "), mixed.constData());
        QCOMPARE(mixed.count("KIND"), 1);
        // Nothing found: the header alone, and no "No resources found".
        QCOMPARE(getLikeKubectl(server, {"pods", "-n", "nope", "-o", "custom-columns=N:.kind"}),
                 QByteArray("N\n"));
    }

    void labelColumnsAddAColumnPerKey()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        // The header is the key's name (after the prefix's '/') upper-cased; a label the object
        // lacks is an empty cell. The columns come after -o wide's and
        // before --show-labels' LABELS.
        const QByteArray out = getLikeKubectl(
            server, {"ns", "-L", "kubernetes.io/metadata.name,app", "--label-columns", "Tier",
                     "--show-labels", "-o", "wide", "--no-headers=false"});
        const QList<QByteArray> lines = out.split('\n');
        QVERIFY2(lines.size() == 10, out.constData());
        QVERIFY2(QRegularExpression("^NAME +STATUS +AGE +METADATA.NAME +APP +TIER +LABELS$")
                     .match(QString::fromUtf8(lines.at(0)))
                     .hasMatch(),
                 lines.at(0).constData());
        QVERIFY2(QRegularExpression("^web +Active +\\S+ +web +kubernetes.io/metadata.name=web$")
                     .match(QString::fromUtf8(lines.at(8)))
                     .hasMatch(),
                 lines.at(8).constData());
        // Beside a printer without columns, -L changes nothing.
        QCOMPARE(getLikeKubectl(server, {"ns", "web", "-L", "app", "-o", "name"}),
                 QByteArray("namespace/web\n"));
    }

    void sortByOrdersByThePathsValue()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        // Numbers numerically (80 < 443 < 8080), strings byte by byte
        // (10.100... < 10.97...), across kinds when the output is one list.
        const QByteArray ports = getLikeKubectl(
            server, {"svc", "-A", "--sort-by=.spec.ports[0].port", "-o",
                     "custom-columns=P:.spec.ports[0].port,IP:.spec.clusterIP", "--no-headers"});
        QList<int> portValues;
        for (const QByteArray &line : ports.trimmed().split('\n'))
            portValues.append(line.split(' ').first().toInt());
        QVERIFY2(portValues.size() >= 3, ports.constData());
        QVERIFY2(std::is_sorted(portValues.cbegin(), portValues.cend()), ports.constData());

        const QByteArray ips =
            getLikeKubectl(server, {"svc", "-A", "--sort-by={.spec.clusterIP}", "-o",
                                    "jsonpath={.items[*].spec.clusterIP}"});
        const QList<QByteArray> ipValues = ips.split(' ');
        QVERIFY2(ipValues.size() >= 3, ips.constData());
        QVERIFY2(std::is_sorted(ipValues.cbegin(), ipValues.cend()), ips.constData());

        const QByteArray mixed =
            getLikeKubectl(server, {"svc,ns", "-A", "--sort-by=metadata.name", "-o", "name"});
        QStringList names;
        for (const QByteArray &line : mixed.trimmed().split('\n'))
            names.append(QString::fromUtf8(line.mid(line.indexOf('/') + 1)));
        QVERIFY2(std::is_sorted(names.cbegin(), names.cend()), mixed.constData());
        QVERIFY2(mixed.startsWith("service/api\nnamespace/batch\n"), mixed.constData());

        // A table sorts too.
        const QByteArray table =
            getLikeKubectl(server, {"ns", "--sort-by=.metadata.name", "--no-headers", "-L", "app"});
        QVERIFY2(table.startsWith("batch "), table.constData());
    }

    void sortByFailsWhenNoObjectHasTheField()
    {
        verifyGetFailsLikeKubectl({"svc", "-A", "--sort-by=.metadata.nope", "-o", "name"},
                                  "error: couldn't find any field with path "
                                  "\"{.metadata.nope}\" in the list of objects\n");
    }

    void booleanFlagsTakeAValue()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QByteArray headed = getLikeKubectl(server, {"ns", "web"});
        QVERIFY(headed.startsWith("NAME "));
        QCOMPARE(withoutAges(getLikeKubectl(server, {"ns", "web", "--no-headers=false"})),
                 withoutAges(headed));
        QCOMPARE(withoutAges(getLikeKubectl(server, {"ns", "web", "--show-labels=false"})),
                 withoutAges(headed));
        QVERIFY(getLikeKubectl(server, {"ns", "web", "--no-headers=true"}).startsWith("web "));
        QVERIFY(getLikeKubectl(server, {"ns", "web", "--show-labels=true"}).contains("LABELS"));
        const QByteArray here = getLikeKubectl(server, {"svc", "-n", "web", "-A=false"});
        QVERIFY2(here.startsWith("NAME "), here.constData());
        QCOMPARE(
            withoutAges(getLikeKubectl(server, {"svc", "-n", "web", "--all-namespaces=false"})),
            withoutAges(here));
        QVERIFY(getLikeKubectl(server, {"svc", "-A=true"}).startsWith("NAMESPACE "));
        // An unknown option still fails, value or not.
        const Run unknown = get(server, {"ns", "--bogus=true"});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("bogus"), unknown.err.constData());
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlGetFormats)
#include "tst_informantctlgetformats.moc"
