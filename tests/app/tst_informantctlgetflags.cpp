// kubectl get's flags for scripts, in informantctl get, beside kubectl 1.32
// when it is installed: --ignore-not-found (a missing object named is no
// error; nothing found prints nothing at all), --chunk-size (checked as
// pflag checks an int64, then without effect) and --show-managed-fields
// (what --no-transform keeps). ConfigMaps of the demo's namespace web
// (api-config, frontend-config) do not change while a test runs.

#include "informantctlfixture.h"

#include <QTest>

class tst_InformantctlGetFlags : public QObject, protected InformantctlFixture
{
    Q_OBJECT

private slots:
    void cleanup() { stopSim(); }

    void ignoreNotFoundPrintsOnlyWhatExists_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<QByteArray>("err");
        const QStringList missing{"cm", "nope", "-n", "web", "--ignore-not-found"};
        QTest::newRow("one missing") << missing << 0 << QByteArray() << QByteArray();
        QTest::newRow("one missing, json")
            << missing + QStringList{"-o", "json"} << 0 << QByteArray() << QByteArray();
        QTest::newRow("one missing, yaml")
            << missing + QStringList{"-o", "yaml"} << 0 << QByteArray() << QByteArray();
        QTest::newRow("two missing, json")
            << QStringList{"cm", "nope", "nope2", "-n", "web", "-o", "json", "--ignore-not-found"}
            << 0 << QByteArray() << QByteArray();
        QTest::newRow("kind/name of two kinds")
            << QStringList{"cm/nope", "svc/nope", "-n", "web", "--ignore-not-found"} << 0
            << QByteArray() << QByteArray();
        QTest::newRow("one found, one missing")
            << QStringList{"cm",  "nope", "api-config", "-n",
                           "web", "-o",   "name",       "--ignore-not-found"}
            << 0 << QByteArray("configmap/api-config\n") << QByteArray();
        QTest::newRow("missing namespace")
            << QStringList{"cm", "nope", "-n", "nothere", "--ignore-not-found"} << 0 << QByteArray()
            << QByteArray();
        QTest::newRow("empty list: no message")
            << QStringList{"cm", "-n", "nothere", "--ignore-not-found"} << 0 << QByteArray()
            << QByteArray();
        QTest::newRow("empty list: no empty List")
            << QStringList{"cm", "-n", "nothere", "-o", "json", "--ignore-not-found"} << 0
            << QByteArray() << QByteArray();
        QTest::newRow("empty list: no header") << QStringList{"cm",
                                                              "-n",
                                                              "nothere",
                                                              "-o",
                                                              "custom-columns=N:.metadata.name",
                                                              "--ignore-not-found"}
                                               << 0 << QByteArray() << QByteArray();
        QTest::newRow("nothing found: no printer needed")
            << QStringList{"cm", "-n", "nothere", "-o", "bogus", "--ignore-not-found"} << 0
            << QByteArray() << QByteArray();
        QTest::newRow("=false")
            << QStringList{"cm", "nope", "-n", "web", "--ignore-not-found=false"} << 1
            << QByteArray()
            << QByteArray("Error from server (NotFound): configmaps \"nope\" not found\n");
        QTest::newRow("not for a watch")
            << missing + QStringList{"-w"} << 1 << QByteArray()
            << QByteArray("Error from server (NotFound): configmaps \"nope\" not found\n");
    }
    void ignoreNotFoundPrintsOnlyWhatExists()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, err);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = get(server, args);
        QCOMPARE(ours.err, err);
        QCOMPARE(ours.out, out);
        QCOMPARE(ours.exitCode, exitCode);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void chunkSizeIsAcceptedWhenAnInt64_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QByteArray>("problem"); // empty: accepted
        QTest::newRow("decimal") << "5" << QByteArray();
        QTest::newRow("zero") << "0" << QByteArray();
        QTest::newRow("negative") << "-5" << QByteArray();
        QTest::newRow("hex") << "0x1f" << QByteArray();
        QTest::newRow("underscores") << "1_000" << QByteArray();
        QTest::newRow("int64 min") << "-9223372036854775808" << QByteArray();
        QTest::newRow("word") << "abc" << QByteArray("invalid syntax");
        QTest::newRow("exponent") << "1e3" << QByteArray("invalid syntax");
        QTest::newRow("leading underscore") << "_1" << QByteArray("invalid syntax");
        QTest::newRow("binary digit 2") << "0b102" << QByteArray("invalid syntax");
        QTest::newRow("past int64") << "9223372036854775808" << QByteArray("value out of range");
    }
    void chunkSizeIsAcceptedWhenAnInt64()
    {
        QFETCH(QString, value);
        QFETCH(QByteArray, problem);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args{"cm", "-n", "web", "-o", "name", "--chunk-size=" + value};
        const Run ours = get(server, args);
        if (problem.isEmpty()) {
            QCOMPARE(ours.err, QByteArray());
            QCOMPARE(ours.out, QByteArray("configmap/api-config\nconfigmap/frontend-config\n"));
            QCOMPARE(ours.exitCode, 0);
            const QString difference = differenceFromKubectl(server, args);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
            return;
        }
        const QByteArray quoted = '"' + value.toUtf8() + '"';
        QCOMPARE(ours.err, "Error: invalid argument " + quoted +
                               " for \"--chunk-size\" flag: strconv.ParseInt: parsing " + quoted +
                               ": " + problem + "\nSee 'informantctl get --help' for usage.\n");
        QCOMPARE(ours.out, QByteArray());
        QCOMPARE(ours.exitCode, 1);
        if (!kubectl().isEmpty()) {
            const Run theirs = get(server, args, kubectl());
            QCOMPARE(QByteArray(ours.err).replace("informantctl", "kubectl"), theirs.err);
            QCOMPARE(ours.exitCode, theirs.exitCode);
        }
    }

    // The demo's gpu-inference pod carries managedFields; the default
    // transform drops them from -o json, --show-managed-fields keeps them.
    void showManagedFieldsKeepsThem_data()
    {
        QTest::addColumn<QStringList>("flag");
        QTest::addColumn<bool>("kept");
        QTest::newRow("absent") << QStringList() << false;
        QTest::newRow("given") << QStringList{"--show-managed-fields"} << true;
        QTest::newRow("=true") << QStringList{"--show-managed-fields=true"} << true;
        QTest::newRow("=false") << QStringList{"--show-managed-fields=false"} << false;
    }
    void showManagedFieldsKeepsThem()
    {
        QFETCH(QStringList, flag);
        QFETCH(bool, kept);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args =
            QStringList{"pods", "-n", "web", "-l", "app=gpu-inference", "-o", "json"} + flag;
        const Run ours = get(server, args);
        QCOMPARE(ours.err, QByteArray());
        QCOMPARE(ours.exitCode, 0);
        QVERIFY(ours.out.contains("\"kind\": \"Pod\""));
        QCOMPARE(ours.out.contains("\"managedFields\""), kept);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlGetFlags)
#include "tst_informantctlgetflags.moc"
