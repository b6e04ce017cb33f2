// informantctl get --sort-by where kubectl 1.32 sorts a table otherwise than
// its other outputs (app/informantctl/tablesort.h), against informant-sim
// and beside the real kubectl when it is installed: a table whose rows lack
// the path is left out ("No resources found", success), several tables are
// sorted as Table objects first (an ordinary path fails), values that
// cannot be compared fail, one object named prints unsorted in every
// format, a path that does not parse fails only where it sorts. Exact
// bytes are compared always.

#include "informantctlfixture.h"

#include <QTest>

class tst_InformantctlSortBy : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `get ARGS` exits with `exitCode` and prints exactly `err` on stderr,
    // and, with kubectl installed, the same bytes as kubectl on both streams.
    // Its stdout.
    QByteArray verifyGet(const QString &server, const QStringList &args, int exitCode,
                         const QByteArray &err)
    {
        const Run ours = get(server, args);
        const QString difference = differenceFromKubectl(server, args);
        if (ours.exitCode != exitCode || ours.err != err || !difference.isEmpty()) {
            qWarning("%s", qPrintable(describeDifference(args, ours, {})));
            qWarning("%s", qPrintable(difference));
            return "!";
        }
        return ours.out;
    }

private slots:
    void cleanup() { stopSim(); }

    void aTableWhoseRowsLackThePathIsLeftOut_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("err");
        const QByteArray inPayments = "No resources found in payments namespace.\n";
        QTest::newRow("pods") << QStringList{"pods", "-n", "payments", "--sort-by=.x"}
                              << inPayments;
        QTest::newRow("wide, without headers")
            << QStringList{"pods", "-n", "payments", "--sort-by=.x", "-o", "wide", "--no-headers"}
            << inPayments;
        QTest::newRow("with labels")
            << QStringList{"pods", "-n", "payments", "--sort-by={.x}", "--show-labels"}
            << inPayments;
        QTest::newRow("a path that does not parse")
            << QStringList{"pods", "-n", "payments", "--sort-by={.items[}"} << inPayments;
        QTest::newRow("all namespaces")
            << QStringList{"pods", "-A", "--sort-by=.x"} << QByteArray("No resources found\n");
        QTest::newRow("cluster-scoped")
            << QStringList{"ns", "--sort-by=.status.nope"} << QByteArray("No resources found\n");
    }

    // kubectl's table printer fails on the rows and kubectl ignores it.
    void aTableWhoseRowsLackThePathIsLeftOut()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, err);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QCOMPARE(verifyGet(server, args, 0, err), QByteArray());
    }

    void severalTablesAreSortedAsTablesFirst_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("path");
        QTest::newRow("two kinds")
            << QStringList{"deployments,pods", "-n", "payments", "--sort-by=.metadata.name"}
            << "{.metadata.name}";
        QTest::newRow("two objects named")
            << QStringList{"ns", "web", "default", "--sort-by=metadata.name"} << "{.metadata.name}";
        QTest::newRow("two objects named, wide")
            << QStringList{"ns/web", "ns/default", "--sort-by=.status.phase", "-o", "wide"}
            << "{.status.phase}";
    }

    // The Tables hold no metadata.name: every object has the path, and still
    // it is not found.
    void severalTablesAreSortedAsTablesFirst()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, path);
        verifyGetFailsLikeKubectl(args, "error: couldn't find any field with path \"" +
                                            path.toUtf8() + "\" in the list of objects\n");
    }

    // Where a table's rows hold a map or a list at the path, kubectl ends
    // with a fatal log line (its time and process id in it) and status 1.
    void valuesATableCannotCompareAreAnError()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args{"ns", "--sort-by=.metadata"};
        const Run ours = get(server, args);
        QCOMPARE(ours.err, QByteArray("error: Field {.metadata} in the list of objects is an "
                                      "unsortable type: map\n"));
        QCOMPARE(ours.out, QByteArray());
        QCOMPARE(ours.exitCode, 1);
        if (kubectl().isEmpty())
            return;
        const Run theirs = get(server, args, kubectl());
        QVERIFY2(theirs.err.contains("Field {.metadata} in "), theirs.err.constData());
        QCOMPARE(theirs.out, ours.out);
        QCOMPARE(theirs.exitCode, ours.exitCode);
    }

    // A path that does not parse fails only where kubectl sorts with it
    // (JSONPath's own words differ: kubectl says "unterminated array").
    void anUnparsablePathFailsOnlyWhereItSorts()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QCOMPARE(verifyGet(server, {"ns", "web", "--sort-by={.items[}", "-o", "name"}, 0, {}),
                 QByteArray("namespace/web\n"));
        for (const QStringList &args : {QStringList{"ns", "web", "default", "--sort-by={.items[}"},
                                        QStringList{"ns", "--sort-by={.items[}", "-o", "name"}}) {
            const Run ours = get(server, args);
            QVERIFY2(ours.err.startsWith("error: invalid JSONPath .items["), ours.err.constData());
            QCOMPARE(ours.out, QByteArray());
            QCOMPARE(ours.exitCode, 1);
            if (kubectl().isEmpty())
                continue;
            const Run theirs = get(server, args, kubectl());
            QCOMPARE(theirs.err, QByteArray("error: unterminated array\n"));
            QCOMPARE(theirs.out, ours.out);
            QCOMPARE(theirs.exitCode, ours.exitCode);
        }
    }

    // A path the Tables have orders them: each named object's Table carries
    // its object's resourceVersion.
    void namedObjectsSortByTheirTablesResourceVersions()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const auto version = [&](const QString &name) {
            return get(server, {"ns", name, "-o", "jsonpath={.metadata.resourceVersion}"})
                .out.toLongLong();
        };
        const bool webFirst = version(QStringLiteral("web")) < version(QStringLiteral("default"));
        const QByteArray names = verifyGet(
            server,
            {"ns", "web", "default", "--no-headers", "-o", "custom-columns=N:.metadata.name"}, 0,
            {});
        QCOMPARE(names, QByteArray("web\ndefault\n")); // unsorted: as named
        const QByteArray table = verifyGet(
            server, {"ns", "web", "default", "--sort-by=.metadata.resourceVersion", "--no-headers"},
            0, {});
        QVERIFY2(table.startsWith(webFirst ? "web " : "default "), table.constData());
        QVERIFY2(table.contains(webFirst ? "\ndefault " : "\nweb "), table.constData());
        // .kind is "Table" for both: they keep their order.
        const QByteArray byKind =
            verifyGet(server, {"ns", "web", "default", "--sort-by=.kind", "--no-headers"}, 0, {});
        QVERIFY2(byKind.startsWith("web "), byKind.constData());
    }

    void oneObjectNamedPrintsUnsorted_data()
    {
        QTest::addColumn<QStringList>("format");
        QTest::addColumn<QByteArray>("start");
        QTest::newRow("table") << QStringList{"--no-headers"} << QByteArray("web ");
        QTest::newRow("name") << QStringList{"-o", "name"} << QByteArray("namespace/web\n");
        QTest::newRow("json") << QStringList{"-o", "json"}
                              << QByteArray("{\n    \"apiVersion\": \"v1\",\n    \"kind\": "
                                            "\"Namespace\",\n");
        QTest::newRow("jsonpath") << QStringList{"-o", "jsonpath={.metadata.name}"}
                                  << QByteArray("web");
    }

    // As kubectl's printGeneric: one object is not a list to sort.
    void oneObjectNamedPrintsUnsorted()
    {
        QFETCH(QStringList, format);
        QFETCH(QByteArray, start);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QByteArray out =
            verifyGet(server, QStringList{"ns", "web", "--sort-by=.x"} + format, 0, {});
        QVERIFY2(out.startsWith(start), out.constData());
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlSortBy)
#include "tst_informantctlsortby.moc"
