// informantctl in pipes and scripts, as kubectl 1.32 behaves there: a
// watch whose reader went away (`get -w | head -1`, `| grep -m1 Running`)
// ends at its next write, killed by SIGPIPE (status 141 in a shell), rather
// than holding its watch on the API server forever; and output that cannot
// be written (a full disk: /dev/full) is an error on stderr and exit
// status 1, never a truncated file and success.

#include "informantctlfixture.h"

#include <QTest>

#include <csignal>

class tst_InformantctlPipes : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `informantctl ARGS | head -n 1` in bash; informantctl's exit status
    // (bash's $PIPESTATUS: 128 + the signal that killed it) goes to stderr
    // as "status N". `timeout` ends an informantctl that never notices
    // (status 124) so the test cannot hang.
    void startPipeIntoHead(QProcess &pipeline, const QStringList &args)
    {
        const QString script = QStringLiteral(
            "timeout -s KILL 20 \"$0\" \"$@\" | head -n 1; echo \"status ${PIPESTATUS[0]}\" >&2");
        startChild(pipeline, QStringLiteral("bash"),
                   QStringList{QStringLiteral("-c"), script, ctl()} + args);
    }

    // What `process` prints on stdout in the next `ms` (or until a line).
    static QByteArray readFor(QProcess &process, int ms)
    {
        QByteArray out;
        QElapsedTimer clock;
        clock.start();
        while (!out.contains('\n') && clock.elapsed() < ms) {
            QTest::qWait(20);
            out += process.readAllStandardOutput();
        }
        return out;
    }

    // informantctl ARGS with its standard output on /dev/full.
    Run runIntoFullDevice(const QString &program, const QStringList &args)
    {
        QProcess process;
        process.setStandardOutputFile(QStringLiteral("/dev/full"));
        startChild(process, program, args);
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished();
            return {-1, {}, process.readAllStandardError()};
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                {},
                process.readAllStandardError()};
    }

private slots:
    void cleanup() { stopSim(); }

    // The reader takes the first line and leaves; the ConfigMap created
    // then is the next write, which must end informantctl.
    void aWatchEndsWhenItsReaderIsGone_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("get -w") << QStringList{"get", "cm", "-n", "web", "-w"};
        QTest::newRow("get -w -o json")
            << QStringList{"get", "cm", "-n", "web", "-w", "-o", "json"};
        QTest::newRow("get --watch-only -o name")
            << QStringList{"get", "cm", "-n", "web", "--watch-only", "-o", "name"};
        QTest::newRow("watch") << QStringList{"watch", "cm", "-n", "web"};
    }
    void aWatchEndsWhenItsReaderIsGone()
    {
        QFETCH(QStringList, args);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const bool watchOnly = args.contains(QStringLiteral("--watch-only"));
        QProcess pipeline;
        startPipeIntoHead(pipeline, QStringList{"--server", server} + args);
        // --watch-only prints nothing before a change: ConfigMaps are made
        // until one gives head its line.
        QByteArray out;
        for (int i = 0; out.isEmpty() && i < 20; ++i) {
            if (watchOnly)
                QVERIFY(createConfigMap(server, QStringLiteral("first-%1").arg(i)));
            out += readFor(pipeline, 1000);
        }
        QVERIFY(!out.isEmpty());
        // Each ConfigMap is a line to write. One written before head has
        // quite exited lands in the pipe unnoticed: they come until the end.
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; pipeline.state() != QProcess::NotRunning && clock.elapsed() < 40000; ++i) {
            QVERIFY(createConfigMap(server, QStringLiteral("after-the-reader-%1").arg(i)));
            for (int waited = 0; waited < 2000 && pipeline.state() != QProcess::NotRunning;
                 waited += 20)
                QTest::qWait(20);
        }
        QCOMPARE(pipeline.state(), QProcess::NotRunning);
        const QByteArray err = pipeline.readAllStandardError();
        QCOMPARE(err, QByteArray("status ") + QByteArray::number(128 + SIGPIPE) + '\n');
    }

    // kubectl's words for a write that failed; JSON and YAML as kubectl
    // (which says nothing and exits 0 after a table or names: informantctl
    // fails those alike).
    void outputThatCannotBeWrittenIsAnError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::addColumn<bool>("likeKubectl");
        const QByteArray full = "error: write /dev/stdout: no space left on device\n";
        QTest::newRow("json") << QStringList{"get", "pods", "-A", "-o", "json"} << full << true;
        QTest::newRow("yaml") << QStringList{"get", "pods", "-A", "-o", "yaml"} << full << true;
        QTest::newRow("table") << QStringList{"get", "pods", "-A"} << full << false;
        QTest::newRow("names") << QStringList{"get", "pods", "-A", "-o", "name"} << full << false;
        QTest::newRow("get -w -o json")
            << QStringList{"get", "pods", "-A", "-w", "-o", "json"}
            << QByteArray("error: unable to output the provided object: write /dev/stdout: no "
                          "space left on device\n")
            << true;
        QTest::newRow("dump") << QStringList{"dump", "pods", "-A", "--until-synced"} << full
                              << false;
        QTest::newRow("api-resources") << QStringList{"api-resources"} << full << false;
    }
    void outputThatCannotBeWrittenIsAnError()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, error);
        QFETCH(bool, likeKubectl);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const QStringList command = QStringList{"--server", server} + args;
        const Run ours = runIntoFullDevice(ctl(), command);
        QCOMPARE(ours.err, error);
        QCOMPARE(ours.exitCode, 1);
        if (likeKubectl && !kubectl().isEmpty()) {
            const Run theirs = runIntoFullDevice(kubectl(), command);
            QCOMPARE(ours.err, theirs.err);
            QCOMPARE(ours.exitCode, theirs.exitCode);
        }
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlPipes)
#include "tst_informantctlpipes.moc"
