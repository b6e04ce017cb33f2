// kubectl's global --request-timeout in informantctl, beside kubectl 1.32
// when it is installed: the values it takes (seconds, a Go duration, "0"
// for none) and the message for one it refuses; a request that does not
// answer in time (informant-sim's delay fault holds back lists and watches;
// a FakeApiServer that never answers discovery, or stops in a list's body)
// ends the command with kubectl's message and status 1; and get -w, whose
// watch request the timeout ends, exits 0 then. kubectl words a timeout
// after whichever of Go's two timers fired first: its message is one of a
// few, informantctl's always the HTTP client's.

#include "informantctlfixture.h"

#include <QTest>

namespace {

const QByteArray kInvalidTimeout =
    "error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer "
    "followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n";
const QByteArray kAwaitingHeaders = "Unable to connect to the server: net/http: request canceled "
                                    "(Client.Timeout exceeded while awaiting headers)\n";
const QByteArray kReadingBody =
    "unexpected error when reading response body. Please retry. Original error: net/http: "
    "request canceled (Client.Timeout or context cancellation while reading body)\n";

// kubectl's last line of stderr.
QByteArray lastLine(const QByteArray &err)
{
    const QByteArray trimmed = err.chopped(err.endsWith('\n') ? 1 : 0);
    return trimmed.mid(trimmed.lastIndexOf('\n') + 1) + '\n';
}

// Whether `line` is one of kubectl's wordings of a request that ran out
// of time before its response headers came.
bool isKubectlHeadersTimeout(const QByteArray &line)
{
    static const QList<QByteArray> wordings{
        kAwaitingHeaders, "Unable to connect to the server: context deadline exceeded\n",
        "Unable to connect to the server: context deadline exceeded (Client.Timeout exceeded "
        "while awaiting headers)\n"};
    return wordings.contains(line);
}

bool isKubectlBodyTimeout(const QByteArray &line)
{
    const QByteArray start = "unexpected error when reading response body. Please retry. "
                             "Original error: ";
    static const QList<QByteArray> errors{
        "net/http: request canceled (Client.Timeout or context cancellation while reading "
        "body)\n",
        "context deadline exceeded\n",
        "context deadline exceeded (Client.Timeout or context cancellation while reading body)\n"};
    return line.startsWith(start) && errors.contains(line.mid(start.size()));
}

} // namespace

class tst_InformantctlRequestTimeout : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    static QString describe(const Run &run)
    {
        return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3")
            .arg(run.exitCode)
            .arg(QString::fromUtf8(run.out), QString::fromUtf8(run.err));
    }

private slots:
    void cleanup() { stopSim(); }

    void valuesKubectlRefuses_data()
    {
        QTest::addColumn<QString>("value");
        for (const char *value :
             {"abc", "-1", "1.5", " 5s", "5S", "1x", "2562048h", "s", ".s", "99999999999999999999"})
            QTest::newRow(value) << QString::fromLatin1(value);
    }
    void valuesKubectlRefuses()
    {
        QFETCH(QString, value);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args{"ns", "default", "-o", "name", "--request-timeout=" + value};
        const Run ours = get(server, args);
        QVERIFY2(ours.out.isEmpty(), ours.out.constData());
        QCOMPARE(ours.err, kInvalidTimeout);
        QCOMPARE(ours.exitCode, 1);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // None of these runs out before the server answers.
    void valuesKubectlTakes_data()
    {
        QTest::addColumn<QString>("value");
        for (const char *value : {"", "0", "0s", "-1s", "30", "+30", "1h30m", "1.5m", ".5m",
                                  "2m0.5s", "3600000ms", "9223372036854775807"})
            QTest::newRow(value) << QString::fromLatin1(value);
    }
    void valuesKubectlTakes()
    {
        QFETCH(QString, value);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args{"ns", "default", "-o", "name", "--request-timeout=" + value};
        const Run ours = get(server, args);
        QCOMPARE(ours.err, QByteArray());
        QCOMPARE(ours.out, QByteArray("namespace/default\n"));
        QCOMPARE(ours.exitCode, 0);
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // The simulator holds every list and watch back 3 s. (Not a GET of
    // one object: kubectl's would be answered at once, where informantctl
    // lists.) As kubectl's, -o json and -o yaml print an empty List first.
    void aListThatDoesNotAnswerInTimeFails_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("out");
        QTest::newRow("get") << QStringList{"pods", "-n", "web", "--request-timeout=1s"}
                             << QByteArray();
        QTest::newRow("get, bare seconds")
            << QStringList{"pods", "-n", "web", "--request-timeout", "1"} << QByteArray();
        QTest::newRow("get, milliseconds")
            << QStringList{"cm", "-n", "web", "-o", "name", "--request-timeout=500ms"}
            << QByteArray();
        QTest::newRow("get -o json")
            << QStringList{"pods", "-n", "web", "-o", "json", "--request-timeout=1s"}
            << QByteArray("{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": "
                          "\"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    "
                          "}\n}\n");
        QTest::newRow("get -o yaml")
            << QStringList{"pods", "-n", "web", "-o", "yaml", "--request-timeout=1s"}
            << QByteArray("apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  "
                          "resourceVersion: \"\"\n");
        QTest::newRow("get -w") << QStringList{"pods", "-n", "web", "-w", "--request-timeout=1s"}
                                << QByteArray();
    }
    void aListThatDoesNotAnswerInTimeFails()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, out);
        const int port = startSim({QStringLiteral("--faults"), QStringLiteral("delay=3s")});
        QVERIFY(port > 0);
        const QString server = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const Run ours = get(server, args);
        QVERIFY2(ours.exitCode == 1 && ours.out == out && ours.err == kAwaitingHeaders,
                 qPrintable(describe(ours)));
        if (kubectl().isEmpty())
            return;
        const Run theirs = get(server, args, kubectl());
        QVERIFY2(theirs.exitCode == 1 && theirs.out == out && isKubectlHeadersTimeout(theirs.err),
                 qPrintable(describe(theirs)));
    }

    // A server that accepts connections and never answers: discovery runs
    // out of time (kubectl logs each attempt, then says why it stopped).
    void discoveryThatDoesNotAnswerInTimeFails_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("get") << QStringList{"get", "pods", "--request-timeout=1s"};
        QTest::newRow("api-resources") << QStringList{"api-resources", "--request-timeout=1s"};
    }
    void discoveryThatDoesNotAnswerInTimeFails()
    {
        QFETCH(QStringList, args);
        FakeApiServer silent([](const HttpRequest &, QTcpSocket *) {});
        QVERIFY(silent.listen());
        const QStringList command =
            QStringList{QStringLiteral("--server"), silent.url().toString()} + args;
        const Run ours = runServing(command);
        QVERIFY2(ours.exitCode == 1 && ours.err == kAwaitingHeaders, qPrintable(describe(ours)));
        if (kubectl().isEmpty())
            return;
        const Run theirs = runServing(command, kubectl());
        QVERIFY2(theirs.exitCode == 1 && isKubectlHeadersTimeout(lastLine(theirs.err)),
                 qPrintable(describe(theirs)));
    }

    // The list's headers and the start of its body come, then nothing.
    void aListBodyThatStopsFails()
    {
        FakeApiServer stalling([](const HttpRequest &request, QTcpSocket *socket) {
            if (request.path == QLatin1String("/version")) {
                FakeApiServer::reply(socket, 200, R"({"major":"1","minor":"32"})");
                return;
            }
            if (FakeApiServer::replyCoreDiscovery(socket, request, "pods", "pod", "Pod"))
                return;
            FakeApiServer::beginChunked(socket);
            FakeApiServer::chunk(socket, R"({"kind":"PodList","apiVersion":"v1",)"
                                         R"("metadata":{"resourceVersion":"1"},"items":[)");
        });
        QVERIFY(stalling.listen());
        const QStringList command{"--server", stalling.url().toString(), "get", "pods",
                                  "--request-timeout=1s"};
        const Run ours = runServing(command);
        QVERIFY2(ours.exitCode == 1 && ours.out.isEmpty() && ours.err == kReadingBody,
                 qPrintable(describe(ours)));
        if (kubectl().isEmpty())
            return;
        const Run theirs = runServing(command, kubectl());
        QVERIFY2(theirs.exitCode == 1 && isKubectlBodyTimeout(lastLine(theirs.err)),
                 qPrintable(describe(theirs)));
    }

    // kubectl get -w's watch request ends when the timeout passes, and the
    // command with it: status 0, nothing on stderr, the list printed first.
    void aWatchEndsOnceTheTimeoutPasses_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("get -w") << QStringList{"get", "cm", "-n",   "web",
                                               "-w",  "-o", "name", "--request-timeout=2s"};
        QTest::newRow("get --watch-only")
            << QStringList{"get", "cm", "-n", "web", "--watch-only", "--request-timeout=1s"};
        QTest::newRow("watch") << QStringList{"watch", "cm", "-n", "web", "--request-timeout=1s"};
    }
    void aWatchEndsOnceTheTimeoutPasses()
    {
        QFETCH(QStringList, args);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList command = QStringList{QStringLiteral("--server"), server} + args;
        const Run ours = runServing(command);
        QVERIFY2(ours.exitCode == 0 && ours.err.isEmpty(), qPrintable(describe(ours)));
        const bool listFirst = args.contains(QStringLiteral("-w"));
        if (listFirst)
            QCOMPARE(ours.out, QByteArray("configmap/api-config\nconfigmap/frontend-config\n"));
        if (kubectl().isEmpty() || args.first() == QLatin1String("watch"))
            return;
        const Run theirs = runServing(command, kubectl());
        QCOMPARE(theirs.exitCode, ours.exitCode);
        QCOMPARE(theirs.err, ours.err);
        QCOMPARE(theirs.out, ours.out);
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlRequestTimeout)
#include "tst_informantctlrequesttimeout.moc"
