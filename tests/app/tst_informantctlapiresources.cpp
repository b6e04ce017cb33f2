// Acceptance of `informantctl api-resources`' filters and orders against
// informant-sim, byte for byte beside kubectl 1.32 when it is installed:
// --namespaced (=true, =false, bare, any Go boolean spelling), --api-group
// (an empty one is the core group), --verbs and --categories (every value
// listed), --sort-by=name|kind (ties in discovery's order, not the group's
// name), --cached accepted; each with -o wide, -o name and --no-headers.
// Values kubectl refuses fail with its message.

#include "informantctlcrd.h"
#include "informantctlfixture.h"

#include <QTest>

#include <algorithm>

class tst_InformantctlApiResources : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    Run apiResources(const QString &server, const QStringList &options, const QString &program = {})
    {
        return run(
            program.isEmpty() ? ctl() : program,
            QStringList{QStringLiteral("--server"), server, QStringLiteral("api-resources")} +
                options,
            home());
    }
    // The NAME column of a table (or the lines of -o name), header left out.
    static QList<QByteArray> names(const QByteArray &out, bool header)
    {
        QList<QByteArray> lines = out.trimmed().split('\n');
        if (header && !lines.isEmpty())
            lines.removeFirst();
        for (QByteArray &line : lines)
            line = line.split(' ').constFirst();
        return lines;
    }
    void verifySameAsKubectl(const QString &server, const QStringList &options, const Run &ours)
    {
        if (kubectl().isEmpty())
            return;
        const Run theirs = apiResources(server, options, kubectl());
        QCOMPARE(ours.exitCode, theirs.exitCode);
        QCOMPARE(ours.out, theirs.out);
        QCOMPARE(ours.err, theirs.err);
    }

private slots:
    void cleanup() { stopSim(); }

    void filtersMatchKubectl_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArrayList>("present"); // lines of stdout
        QTest::addColumn<QByteArrayList>("absent");
        QTest::newRow("namespaced")
            << QStringList{"--namespaced=true"} << QByteArrayList{"pods", "deployments"}
            << QByteArrayList{"nodes", "namespaces"};
        QTest::newRow("bare namespaced")
            << QStringList{"--namespaced", "-o", "name"}
            << QByteArrayList{"pods", "deployments.apps"} << QByteArrayList{"nodes"};
        QTest::newRow("cluster-scoped")
            << QStringList{"--namespaced=false", "--no-headers"}
            << QByteArrayList{"nodes", "storageclasses"} << QByteArrayList{"pods"};
        QTest::newRow("go boolean spelling") << QStringList{"--namespaced=F", "-o", "name"}
                                             << QByteArrayList{"nodes"} << QByteArrayList{"pods"};
        QTest::newRow("api group")
            << QStringList{"--api-group=apps", "-o", "wide"}
            << QByteArrayList{"deployments", "statefulsets"} << QByteArrayList{"pods", "jobs"};
        QTest::newRow("empty api group is core")
            << QStringList{"--api-group=", "-o", "name"} << QByteArrayList{"pods", "configmaps"}
            << QByteArrayList{"deployments.apps"};
        QTest::newRow("verbs") << QStringList{"--verbs=list,watch", "--verbs=get", "-o", "name"}
                               << QByteArrayList{"pods"} << QByteArrayList{};
        QTest::newRow("categories") << QStringList{"--categories=all", "--no-headers"}
                                    << QByteArrayList{"pods", "deployments", "services"}
                                    << QByteArrayList{"configmaps", "nodes"};
        QTest::newRow("all filters")
            << QStringList{"--namespaced", "--api-group=batch", "--verbs=watch", "--cached", "-o",
                           "name"}
            << QByteArrayList{"jobs.batch", "cronjobs.batch"} << QByteArrayList{"pods"};
    }
    void filtersMatchKubectl()
    {
        QFETCH(QStringList, options);
        QFETCH(QByteArrayList, present);
        QFETCH(QByteArrayList, absent);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = apiResources(server, options);
        QVERIFY2(ours.exitCode == 0 && ours.err.isEmpty(), ours.err.constData());
        const bool header = !options.contains(QStringLiteral("--no-headers")) &&
                            !options.contains(QStringLiteral("name"));
        const QList<QByteArray> listed = names(ours.out, header);
        for (const QByteArray &name : std::as_const(present))
            QVERIFY2(listed.contains(name), name.constData());
        for (const QByteArray &name : std::as_const(absent))
            QVERIFY2(!listed.contains(name), name.constData());
        QCOMPARE(ours.out.startsWith("NAME "), header);
        verifySameAsKubectl(server, options, ours);
    }

    // kubectl sorts stably from discovery's order: of two resources named
    // alike, the one in the group the server lists first comes first, not
    // the one whose group sorts first by name.
    void sortByNameAndKindKeepDiscoveryOrderForTies_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("name") << QStringList{"--sort-by=name", "-o", "name"};
        QTest::newRow("kind") << QStringList{"--sort-by=kind", "-o", "name"};
        QTest::newRow("kind, wide table") << QStringList{"--sort-by=kind", "-o", "wide"};
    }
    void sortByNameAndKindKeepDiscoveryOrderForTies()
    {
        QFETCH(QStringList, options);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QVERIFY(createCrd(server, QStringLiteral("aaa.example.com"), QStringLiteral("deployments"),
                          QStringLiteral("Deployment")));
        const Run ours = apiResources(server, options);
        QVERIFY2(ours.exitCode == 0, ours.err.constData());
        const QList<QByteArray> listed = names(ours.out, !options.contains("name"));
        const qsizetype apps =
            listed.indexOf(options.contains("name") ? "deployments.apps" : "deployments");
        QVERIFY2(apps >= 0, ours.out.constData());
        QVERIFY2(listed.value(apps + 1).startsWith("deployments"), ours.out.constData());
        if (options.contains("name"))
            QCOMPARE(listed.value(apps + 1), QByteArray("deployments.aaa.example.com"));
        if (options.contains(QStringLiteral("--sort-by=name"))) {
            QList<QByteArray> plurals;
            for (const QByteArray &name : listed)
                plurals.append(name.split('.').constFirst());
            QVERIFY(std::is_sorted(plurals.cbegin(), plurals.cend()));
        }
        verifySameAsKubectl(server, options, ours);
    }

    void refusedValuesFailWithKubectlsMessage_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("sort by group")
            << QStringList{"--sort-by=group"}
            << QByteArray("error: --sort-by accepts only name or kind\n");
        QTest::newRow("output before sort")
            << QStringList{"--sort-by=group", "-o", "yaml"}
            << QByteArray("error: --output yaml is not available\n");
        QTest::newRow("namespaced not a boolean")
            << QStringList{"--namespaced=yes", "--sort-by=group"}
            << QByteArray("Error: invalid argument \"yes\" for \"--namespaced\" flag: "
                          "strconv.ParseBool: parsing \"yes\": invalid syntax\nSee 'informantctl "
                          "api-resources --help' for usage.\n");
    }
    // Arguments api-resources takes none of: kubectl's usage error, the
    // arguments as Go prints a list (a bare --namespaced takes no value, so
    // "false" after it is an argument).
    void strayArgumentsAreKubectlsUsageError_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("arguments");
        QTest::newRow("one") << QStringList{"false"} << QByteArray("[false]");
        QTest::newRow("after a bare flag")
            << QStringList{"--namespaced", "false"} << QByteArray("[false]");
        QTest::newRow("two, before the output check")
            << QStringList{"-o", "json", "a", "b"} << QByteArray("[a b]");
    }
    void strayArgumentsAreKubectlsUsageError()
    {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, arguments);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = apiResources(server, options);
        QCOMPARE(ours.exitCode, 1);
        QVERIFY(ours.out.isEmpty());
        QCOMPARE(ours.err, "error: unexpected arguments: " + arguments +
                               "\nSee 'kubectl api-resources -h' for help and examples\n");
        verifySameAsKubectl(server, options, ours);
    }
    void refusedValuesFailWithKubectlsMessage()
    {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, error);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = apiResources(server, options);
        QCOMPARE(ours.exitCode, 1);
        QVERIFY(ours.out.isEmpty());
        QCOMPARE(ours.err, error);
        if (kubectl().isEmpty())
            return;
        // kubectl's usage hint after a flag's error names kubectl.
        Run theirs = apiResources(server, options, kubectl());
        theirs.err.replace("See 'kubectl ", "See 'informantctl ");
        QCOMPARE(theirs.exitCode, 1);
        QVERIFY(theirs.out.isEmpty());
        QCOMPARE(theirs.err, error);
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlApiResources)
#include "tst_informantctlapiresources.moc"
