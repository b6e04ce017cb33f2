// metadata.managedFields in informantctl get's output, as kubectl 1.32 shows
// them: its JSON and YAML printers hide them (unless --show-managed-fields,
// tst_informantctlgetflags), while a JSONPath template and custom columns
// read the objects as the server sent them, managedFields included. The
// demo's gpu-inference pod (namespace web) carries managedFields written by
// kube-controller-manager and kubelet, and stays Pending while a test runs.

#include "informantctlfixture.h"

#include <QTest>

class tst_InformantctlManagedFields : public QObject, protected InformantctlFixture
{
    Q_OBJECT

private slots:
    void cleanup() { stopSim(); }

    void templatesAndColumnsSeeManagedFields_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("expected"); // a part of what must be printed
        const QStringList pod{"pods", "-n", "web", "-l", "app=gpu-inference"};
        QTest::newRow("jsonpath")
            << pod + QStringList{"-o", "jsonpath={.items[*].metadata.managedFields[*].manager}"}
            << QByteArray("kube-controller-manager kubelet");
        QTest::newRow("jsonpath, whole field")
            << pod + QStringList{"-o", "jsonpath={.items[0].metadata.managedFields[0].manager}"}
            << QByteArray("kube-controller-manager");
        QTest::newRow("jsonpath-as-json")
            << pod + QStringList{"-o",
                                 "jsonpath-as-json={.items[*].metadata.managedFields[*].operation}"}
            << QByteArray("\"Update\"");
        QTest::newRow("custom-columns")
            << pod + QStringList{"-o", "custom-columns=NAME:.metadata.name,MANAGERS:.metadata."
                                       "managedFields[*].manager"}
            << QByteArray("kube-controller-manager,kubelet");
        QTest::newRow("custom-columns, get -w")
            << pod + QStringList{"-w", "--request-timeout=1s", "-o",
                                 "custom-columns=NAME:.metadata.name,MANAGER:.metadata."
                                 "managedFields[0].manager"}
            << QByteArray("kube-controller-manager");
    }
    void templatesAndColumnsSeeManagedFields()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, expected);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = get(server, args);
        QCOMPARE(ours.err, QByteArray());
        QCOMPARE(ours.exitCode, 0);
        QVERIFY2(ours.out.contains(expected), ours.out.constData());
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // The JSON and YAML printers still hide them (the rest of what they
    // print is compared with kubectl's elsewhere).
    void jsonAndYamlStillHideThem_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("json") << QStringLiteral("json");
        QTest::newRow("yaml") << QStringLiteral("yaml");
    }
    void jsonAndYamlStillHideThem()
    {
        QFETCH(QString, format);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args{"pods", "-n", "web", "-l", "app=gpu-inference", "-o", format};
        const Run ours = get(server, args);
        QCOMPARE(ours.exitCode, 0);
        QVERIFY(ours.out.contains("gpu-inference"));
        QVERIFY(!ours.out.contains("managedFields"));
        if (kubectl().isEmpty())
            return;
        const Run theirs = get(server, args, kubectl());
        QCOMPARE(theirs.exitCode, 0);
        QVERIFY(theirs.out.contains("gpu-inference"));
        QVERIFY(!theirs.out.contains("managedFields"));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlManagedFields)
#include "tst_informantctlmanagedfields.moc"
