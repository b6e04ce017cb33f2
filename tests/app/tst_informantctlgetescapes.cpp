// What informantctl get prints of text that could drive a terminal (an ESC
// or a CR in an object's label or annotation), byte for byte as
// kubectl 1.32 prints it when it is installed: tables and custom columns
// show ESC as "^[" and CR as "\r" (kubectl's tab-writer printers escape),
// and a table cell stops at its first line break with "..." (the LABELS and
// -L columns as the printer's); -o name, JSONPath and JSON print the text
// as it is (as JSON escapes) — kubectl leaves those to the reader.

#include "informantctlfixture.h"

#include <QTest>

namespace {

// The API server allows no such bytes in a ConfigMap's name (RFC 1123), and
// neither does informant-sim (it leaves label values unchecked).
const QByteArray kName = "hostile";
// ESC ] 0 ; x BEL: a terminal title; then a CR that would rewrite the line.
const QByteArray kLabel = "\x1b[31mred\r";
const QByteArray kAnnotation = "\x1b]0;x\a\r!";

} // namespace

class tst_InformantctlGetEscapes : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // A ConfigMap in web carrying the hostile texts.
    static bool createHostileConfigMap(const QString &server)
    {
        QNetworkAccessManager network;
        network.setProxy(QNetworkProxy::NoProxy);
        QNetworkRequest request(QUrl(server + QStringLiteral("/api/v1/namespaces/web/configmaps")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        const QByteArray body =
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":"
            "\"hostile\",\"labels\":{\"l\":\"\\u001b[31mred\\r\"},"
            "\"annotations\":{\"t\":\"\\u001b]0;x\\u0007\\r!\"}}}";
        std::unique_ptr<QNetworkReply> reply(network.post(request, body));
        QElapsedTimer clock;
        clock.start();
        while (!reply->isFinished() && clock.elapsed() < 10000)
            QTest::qWait(10);
        return reply->isFinished() && reply->error() == QNetworkReply::NoError;
    }

private slots:
    void cleanup() { stopSim(); }

    void terminalTextIsEscapedInTablesOnlyLikeKubectl_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QByteArray>("expected"); // stdout, or its end for a table with AGE
        QTest::newRow("name") << QStringList{"-o", "name"} << "configmap/" + kName + "\n";
        QTest::newRow("jsonpath")
            << QStringList{"-o", "jsonpath={.metadata.name}|{.metadata.annotations.t}|"
                                 "{.metadata.labels.l}"}
            << kName + "|" + kAnnotation + "|" + kLabel;
        QTest::newRow("jsonpath-as-json")
            << QStringList{"-o", "jsonpath-as-json={.metadata.labels.l}"}
            << QByteArray("[\n    \"\\u001b[31mred\\r\"\n]\n");
        QTest::newRow("custom columns")
            << QStringList{"-o", "custom-columns=N:.metadata.name,T:.metadata.annotations.t,"
                                 "L:.metadata.labels.l"}
            << QByteArray("N         T            L\n"
                          "hostile   ^[]0;x\a\\r!   ^[[31mred\\r\n");
        QTest::newRow("table, label columns cut at the line break")
            << QStringList{"-L", "l", "--show-labels"}
            << QByteArray("   ^[[31mred...   l=^[[31mred...\n");
    }
    void terminalTextIsEscapedInTablesOnlyLikeKubectl()
    {
        QFETCH(QStringList, options);
        QFETCH(QByteArray, expected);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QVERIFY(createHostileConfigMap(server));
        const QStringList args = QStringList{"cm", QString::fromUtf8(kName), "-n", "web"} + options;
        const Run ours = get(server, args);
        QCOMPARE(ours.exitCode, 0);
        QVERIFY2(ours.err.isEmpty(), ours.err.constData());
        if (options.contains(QStringLiteral("--show-labels")))
            QVERIFY2(ours.out.startsWith("NAME ") && ours.out.endsWith(expected),
                     ours.out.constData());
        else
            QCOMPARE(ours.out, expected);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlGetEscapes)
#include "tst_informantctlgetescapes.moc"
