// informantctl's command-line flag errors as kubectl 1.32 prints them
// (app/informantctl/flagerrors.h): pflag's message after "Error: ", then
// "See 'informantctl COMMAND --help' for usage." on stderr, exit status 1,
// nothing on stdout and nothing read from the cluster; and boolean flags
// taking every value Go's strconv.ParseBool takes. Beside the real kubectl
// when it is installed (its name in the "See" line aside), with kubectl's
// configuration in KUBECONFIG: flags placed before its command make kubectl
// look for a plugin first.

#include "informantctlfixture.h"

#include <QTest>

class tst_InformantctlFlagErrors : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `program ARGS` with KUBECONFIG naming a configuration for `server`.
    Run runWithKubeconfig(const QString &program, const QString &server, const QStringList &args)
    {
        const QString config =
            writeKubeconfig(QStringLiteral("config"), server, {}, QStringLiteral("    {}\n"));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home());
        env.insert(QStringLiteral("KUBECONFIG"), config);
        process.setProcessEnvironment(env);
        process.start(program, args);
        if (!process.waitForFinished(30000))
            process.kill();
        return {process.exitCode(), process.readAllStandardOutput(),
                process.readAllStandardError()};
    }

private slots:
    void cleanup() { stopSim(); }

    void flagErrorsAreKubectls_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("err");
        const QByteArray get = "\nSee 'informantctl get --help' for usage.\n";
        QTest::newRow("unknown flag")
            << QStringList{"get", "pods", "--bogus"} << "Error: unknown flag: --bogus" + get;
        QTest::newRow("unknown flag with a value")
            << QStringList{"get", "--bogus=1", "pods"} << "Error: unknown flag: --bogus" + get;
        QTest::newRow("unknown shorthand")
            << QStringList{"get", "pods", "-x"} << "Error: unknown shorthand flag: 'x' in -x" + get;
        QTest::newRow("unknown shorthand after a known one")
            << QStringList{"get", "pods", "-Ax"}
            << "Error: unknown shorthand flag: 'x' in -x" + get;
        QTest::newRow("unknown shorthand before a known one")
            << QStringList{"get", "-xA", "pods"}
            << "Error: unknown shorthand flag: 'x' in -xA" + get;
        QTest::newRow("long flag without its value")
            << QStringList{"get", "pods", "--namespace"}
            << "Error: flag needs an argument: --namespace" + get;
        QTest::newRow("shorthand without its value")
            << QStringList{"get", "pods", "-o"} << "Error: flag needs an argument: 'o' in -o" + get;
        QTest::newRow("boolean flag with another value")
            << QStringList{"get", "pods", "--no-headers=maybe"}
            << "Error: invalid argument \"maybe\" for \"--no-headers\" flag: strconv.ParseBool: "
               "parsing \"maybe\": invalid syntax" +
                   get;
        QTest::newRow("boolean shorthand with another value")
            << QStringList{"get", "pods", "-A=yes"}
            << "Error: invalid argument \"yes\" for \"-A, --all-namespaces\" flag: "
               "strconv.ParseBool: parsing \"yes\": invalid syntax" +
                   get;
        QTest::newRow("the first error counts")
            << QStringList{"get", "pods", "--watch=2", "--bogus"}
            << "Error: invalid argument \"2\" for \"-w, --watch\" flag: strconv.ParseBool: "
               "parsing \"2\": invalid syntax" +
                   get;
        QTest::newRow("bad flag syntax")
            << QStringList{"get", "pods", "---x"} << "Error: bad flag syntax: ---x" + get;
        QTest::newRow("tri-state flag")
            << QStringList{"api-resources", "--namespaced=x"}
            << QByteArray("Error: invalid argument \"x\" for \"--namespaced\" flag: "
                          "strconv.ParseBool: parsing \"x\": invalid syntax\nSee 'informantctl "
                          "api-resources --help' for usage.\n");
        QTest::newRow("a command of two words")
            << QStringList{"config", "get-contexts", "--bogus"}
            << QByteArray("Error: unknown flag: --bogus\nSee 'informantctl config get-contexts "
                          "--help' for usage.\n");
        QTest::newRow("no command")
            << QStringList{"--bogus"}
            << QByteArray("Error: unknown flag: --bogus\nSee 'informantctl --help' for usage.\n");
        QTest::newRow("no command, a value missing")
            << QStringList{"-n"}
            << QByteArray("Error: flag needs an argument: 'n' in -n\nSee 'informantctl --help' for "
                          "usage.\n");
    }

    void flagErrorsAreKubectls()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, err);
        // Nothing listens there: a flag error is found before connecting.
        const QString server = QStringLiteral("http://127.0.0.1:1");
        const Run ours = runWithKubeconfig(ctl(), server, args);
        QCOMPARE(ours.err, err);
        QCOMPARE(ours.out, QByteArray());
        QCOMPARE(ours.exitCode, 1);
        if (kubectl().isEmpty())
            return;
        Run theirs = runWithKubeconfig(kubectl(), server, args);
        theirs.err.replace("See 'kubectl ", "See 'informantctl ");
        QCOMPARE(theirs.err, ours.err);
        QCOMPARE(theirs.out, ours.out);
        QCOMPARE(theirs.exitCode, ours.exitCode);
    }

    void booleanFlagsTakeGoSpellingsOfTrueAndFalse_data()
    {
        QTest::addColumn<QStringList>("spelled");
        QTest::addColumn<QStringList>("plain");
        QTest::newRow("1") << QStringList{"--no-headers=1"} << QStringList{"--no-headers"};
        QTest::newRow("T") << QStringList{"--show-labels=T"} << QStringList{"--show-labels"};
        QTest::newRow("TRUE shorthand") << QStringList{"-A=TRUE"} << QStringList{"-A"};
        QTest::newRow("0") << QStringList{"--no-headers=0"} << QStringList{};
        QTest::newRow("F shorthand") << QStringList{"-A=F"} << QStringList{};
        QTest::newRow("False") << QStringList{"--show-labels=False"} << QStringList{};
    }

    void booleanFlagsTakeGoSpellingsOfTrueAndFalse()
    {
        QFETCH(QStringList, spelled);
        QFETCH(QStringList, plain);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args = QStringList{"svc", "-n", "web"} + spelled;
        // Both runs print the same table; AGE may tick between them: again.
        Run ours, expected;
        for (int attempt = 0; attempt < 3; ++attempt) {
            ours = runWithKubeconfig(ctl(), server, QStringList{"get"} + args);
            expected =
                runWithKubeconfig(ctl(), server, QStringList{"get", "svc", "-n", "web"} + plain);
            if (ours.out == expected.out)
                break;
        }
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.err, QByteArray());
        QVERIFY(!ours.out.isEmpty());
        QCOMPARE(ours.out, expected.out);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlFlagErrors)
#include "tst_informantctlflagerrors.moc"
