// kubectl's -v, typed from habit, against informant-sim and beside kubectl
// 1.32 when it is installed: every spelling pflag takes (-v=6, -v 6, -v6,
// --v=6, --v 6) is accepted; from 6 on, each request is a klog line in
// client-go's words ("GET URL 200 OK in N milliseconds"; no status for one
// nothing answered), never with a credential; below 6 nothing is logged; a
// level klog refuses is pflag's error; --version still prints the version.

#include "informantctlfixture.h"

#include <QRegularExpression>
#include <QTest>

namespace {

// A klog request line: its header (severity, date, time, pid, source),
// then what client-go's round tripper says of the request.
const QRegularExpression
    kRequestLine(QStringLiteral("^I\\d{4} \\d\\d:\\d\\d:\\d\\d\\.\\d{6} +\\d+ [\\w.]+:\\d+\\] "
                                "(GET \\S+ (?:\\d{3} [A-Za-z ]+)? in )\\d+ milliseconds$"));

// The request lines of `err`, without their header and time: what is the
// same from one run, and one program, to the next.
QStringList requestLines(const QByteArray &err)
{
    QStringList lines;
    for (const QString &line : QString::fromUtf8(err).split(u'\n')) {
        const QRegularExpressionMatch match = kRequestLine.match(line);
        if (match.hasMatch())
            lines.append(match.captured(1));
    }
    return lines;
}

} // namespace

class tst_InformantctlVerbosity : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `PROGRAM --server SERVER ARGS...` (informantctl unless given).
    Run command(const QString &server, const QStringList &args, const QString &program = {})
    {
        return run(program.isEmpty() ? ctl() : program,
                   QStringList{QStringLiteral("--server"), server} + args, home());
    }

private slots:
    void cleanup() { stopSim(); }

    void everySpellingLogsTheRequestAsKubectl_data()
    {
        QTest::addColumn<QStringList>("flag");
        // kubectl says more, in other lines, from 7 on.
        QTest::addColumn<bool>("kubectlAlike");
        QTest::newRow("-v=6") << QStringList{"-v=6"} << true;
        QTest::newRow("-v 6") << QStringList{"-v", "6"} << true;
        QTest::newRow("-v6") << QStringList{"-v6"} << true;
        QTest::newRow("--v=6") << QStringList{"--v=6"} << true;
        QTest::newRow("--v 6") << QStringList{"--v", "6"} << true;
        QTest::newRow("the last wins") << QStringList{"-v=0", "-v=6"} << true;
        QTest::newRow("-v=9") << QStringList{"-v=9"} << false;
    }
    void everySpellingLogsTheRequestAsKubectl()
    {
        QFETCH(QStringList, flag);
        QFETCH(bool, kubectlAlike);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args = flag + QStringList{QStringLiteral("get"), QStringLiteral("--raw"),
                                                    QStringLiteral("/version")};
        const Run ours = command(server, args);
        QCOMPARE(ours.exitCode, 0);
        QVERIFY2(ours.out.startsWith("{\"buildDate\""), ours.out.constData());
        const QStringList expected{QStringLiteral("GET %1/version 200 OK in ").arg(server)};
        QCOMPARE(requestLines(ours.err), expected);
        QCOMPARE(ours.err.count('\n'), 1);
        if (kubectl().isEmpty() || !kubectlAlike)
            return;
        const Run theirs = command(server, args, kubectl());
        QCOMPARE(requestLines(theirs.err), expected);
    }

    // Discovery, the list (or the streaming list's watch) and the watch:
    // each logged once its headers came, the watch while it still runs.
    void everyRequestOfAnInformerIsLogged()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = command(server, {QStringLiteral("-v=6"), QStringLiteral("get"),
                                          QStringLiteral("ns"), QStringLiteral("default"),
                                          QStringLiteral("-o"), QStringLiteral("name")});
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.out, QByteArray("namespace/default\n"));
        const QStringList lines = requestLines(ours.err);
        QCOMPARE(lines.size(), ours.err.count('\n')); // nothing else on stderr
        QVERIFY2(lines.contains(QStringLiteral("GET %1/api 200 OK in ").arg(server)),
                 ours.err.constData());
        QVERIFY2(lines.filter(QStringLiteral("GET %1/api/v1/namespaces?").arg(server)).size() >= 1,
                 ours.err.constData());
    }

    void aRequestNothingAnsweredHasNoStatus()
    {
        const int port = startSim({});
        QVERIFY(port > 0);
        stopSim();
        const QString server = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const QStringList args{QStringLiteral("-v=6"), QStringLiteral("get"),
                               QStringLiteral("--raw"), QStringLiteral("/version")};
        const Run ours = command(server, args);
        QCOMPARE(ours.exitCode, 1);
        const QStringList expected{QStringLiteral("GET %1/version  in ").arg(server)};
        QCOMPARE(requestLines(ours.err), expected);
        QVERIFY2(ours.err.endsWith(QStringLiteral("The connection to the server 127.0.0.1:%1 was "
                                                  "refused - did you specify the right host or "
                                                  "port?\n")
                                       .arg(port)
                                       .toUtf8()),
                 ours.err.constData());
        if (kubectl().isEmpty())
            return;
        QCOMPARE(requestLines(command(server, args, kubectl()).err), expected);
    }

    // Over https, where the token is sent: the log never shows it.
    void noCredentialIsLogged()
    {
        const int port = startTlsSim({QStringLiteral("--token"), QStringLiteral("secret-token")});
        QVERIFY(port > 0);
        const QString server = QStringLiteral("https://127.0.0.1:%1").arg(port);
        const Run ours =
            run(ctl(),
                {QStringLiteral("--server"), server, QStringLiteral("--certificate-authority"),
                 dataFile(QStringLiteral("ca.crt")), QStringLiteral("--token"),
                 QStringLiteral("secret-token"), QStringLiteral("-v=9"), QStringLiteral("get"),
                 QStringLiteral("ns"), QStringLiteral("default"), QStringLiteral("-o"),
                 QStringLiteral("name")},
                home());
        QCOMPARE(ours.exitCode, 0);
        QVERIFY2(requestLines(ours.err).size() >= 2, ours.err.constData());
        QVERIFY2(!ours.err.contains("secret-token"), ours.err.constData());
        QVERIFY2(!ours.err.contains("Bearer"), ours.err.constData());
    }

    void belowSixNothingIsLogged_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::newRow("0") << "-v=0";
        QTest::newRow("5") << "-v=5";
        QTest::newRow("negative") << "-v=-1";
        QTest::newRow("signed") << "-v=+3";
    }
    void belowSixNothingIsLogged()
    {
        QFETCH(QString, flag);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList args{flag, QStringLiteral("get"), QStringLiteral("--raw"),
                               QStringLiteral("/version")};
        const Run ours = command(server, args);
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.err, QByteArray());
        if (kubectl().isEmpty())
            return;
        const Run theirs = command(server, args, kubectl());
        QCOMPARE(theirs.exitCode, 0);
        QCOMPARE(theirs.err, QByteArray());
    }

    // pflag's words, kubectl's but for the program's name.
    void aLevelKlogRefusesIsPflagsError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("word") << QStringList{"get", "pods", "-v=x"}
                              << QByteArray("Error: invalid argument \"x\" for \"-v, --v\" flag: "
                                            "strconv.ParseInt: parsing \"x\": invalid syntax\n"
                                            "See 'informantctl get --help' for usage.\n");
        QTest::newRow("hexadecimal")
            << QStringList{"--v=0x10", "version", "--client"}
            << QByteArray("Error: invalid argument \"0x10\" for \"-v, --v\" flag: "
                          "strconv.ParseInt: parsing \"0x10\": invalid syntax\n"
                          "See 'informantctl version --help' for usage.\n");
        QTest::newRow("out of range")
            << QStringList{"-v=99999999999", "version", "--client"}
            << QByteArray("Error: invalid argument \"99999999999\" for \"-v, --v\" flag: "
                          "strconv.ParseInt: parsing \"99999999999\": value out of range\n"
                          "See 'informantctl version --help' for usage.\n");
        QTest::newRow("no level") << QStringList{"version", "--client", "-v"}
                                  << QByteArray("Error: flag needs an argument: 'v' in -v\n"
                                                "See 'informantctl version --help' for usage.\n");
    }
    void aLevelKlogRefusesIsPflagsError()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        const Run ours = run(ctl(), args, home());
        QCOMPARE(ours.exitCode, 1);
        QCOMPARE(ours.out, QByteArray());
        QCOMPARE(ours.err, error);
        if (kubectl().isEmpty())
            return;
        const Run theirs = run(kubectl(), args, home());
        QCOMPARE(theirs.exitCode, 1);
        QCOMPARE(theirs.err, QByteArray(error).replace("informantctl", "kubectl"));
    }

    void versionFlagStillPrintsTheVersion()
    {
        const Run ours = run(ctl(), {QStringLiteral("--version")}, home());
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.out, QByteArray("informantctl " INFORMANT_VERSION "\n"));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlVerbosity)
#include "tst_informantctlverbosity.moc"
