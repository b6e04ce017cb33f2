// informantctl with its standard error (or output) closed, as kubectl 1.32
// behaves then. Started with file descriptor 2 closed (`2>&-`), kubectl's
// Go runtime opens it on /dev/null: what it writes there goes nowhere, and
// the exit status is what it would have been. With stderr a pipe whose
// reader is gone, kubectl dies of SIGPIPE at its first message (status 141
// in a shell), as it does on such a stdout. informantctl must do the same,
// never write its messages into whatever file took descriptor 2's number.

#include "informantctlfixture.h"

#include <QTest>

#include <csignal>

#include <fcntl.h>
#include <unistd.h>

class tst_InformantctlClosedStderr : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // How a child ended: its exit status, or 128 + the signal that killed
    // it (as a shell shows it); -1 if it did not end in 30 s.
    static int endOf(QProcess &process)
    {
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished();
            return -1;
        }
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode()
                                                            : 128 + process.exitCode();
    }

    // `program --server SERVER get ARGS` with descriptor `fd` closed; its
    // stdout (when open) in `out`.
    int runWithClosed(int fd, const QString &program, const QString &server,
                      const QStringList &args, QByteArray *out = nullptr)
    {
        QProcess process;
        process.setChildProcessModifier([fd] {
            ::signal(SIGPIPE, SIG_DFL);
            ::close(fd);
        });
        startChild(process, program,
                   QStringList{QStringLiteral("--server"), server, QStringLiteral("get")} + args);
        const int end = endOf(process);
        if (out)
            *out = process.readAllStandardOutput();
        return end;
    }

    // `program --server SERVER get ARGS` with stderr a pipe nobody reads.
    int runWithStderrIntoBrokenPipe(const QString &program, const QString &server,
                                    const QStringList &args)
    {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return -2;
        ::close(fds[0]);
        const int writeEnd = fds[1];
        QProcess process;
        process.setChildProcessModifier([writeEnd] {
            ::signal(SIGPIPE, SIG_DFL);
            ::dup2(writeEnd, STDERR_FILENO);
        });
        startChild(process, program,
                   QStringList{QStringLiteral("--server"), server, QStringLiteral("get")} + args);
        const int end = endOf(process);
        ::close(writeEnd);
        return end;
    }

private slots:
    void cleanup() { stopSim(); }

    void aClosedDescriptorChangesNothing_data()
    {
        QTest::addColumn<int>("fd");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("stderr closed, found")
            << int(STDERR_FILENO) << QStringList{"cm", "-n", "web", "-o", "name"} << 0;
        QTest::newRow("stderr closed, not found")
            << int(STDERR_FILENO) << QStringList{"cm", "nosuch", "-n", "web"} << 1;
        QTest::newRow("stderr closed, bad flag")
            << int(STDERR_FILENO) << QStringList{"cm", "--bogus"} << 1;
        QTest::newRow("stdout closed, found")
            << int(STDOUT_FILENO) << QStringList{"cm", "-n", "web", "-o", "name"} << 0;
        QTest::newRow("stdout closed, not found")
            << int(STDOUT_FILENO) << QStringList{"cm", "nosuch", "-n", "web"} << 1;
    }
    void aClosedDescriptorChangesNothing()
    {
        QFETCH(int, fd);
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QByteArray out;
        QCOMPARE(runWithClosed(fd, ctl(), server, args, &out), exitCode);
        const Run open = get(server, args);
        if (fd == STDERR_FILENO)
            QCOMPARE(out, open.out);
        if (!kubectl().isEmpty())
            QCOMPARE(runWithClosed(fd, kubectl(), server, args), exitCode);
    }

    // While a watch runs, the descriptor is /dev/null, as kubectl's is, not
    // an eventfd or a socket that messages would be written into.
    void aClosedStderrIsNullWhileItRuns()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QProcess process;
        process.setChildProcessModifier([] { ::close(STDERR_FILENO); });
        startChild(process, ctl(),
                   QStringList{"--server", server, "get", "cm", "-n", "web", "-w", "-o", "name"});
        QByteArray out;
        QVERIFY(readLines(process, out, 1));
        const QString stderrTarget =
            QFile::symLinkTarget(QStringLiteral("/proc/%1/fd/2").arg(process.processId()));
        process.kill();
        process.waitForFinished();
        QCOMPARE(stderrTarget, QStringLiteral("/dev/null"));
    }

    void aBrokenStderrPipeEndsAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        // Nothing written to stderr: nothing to fail.
        QTest::newRow("found") << QStringList{"cm", "-n", "web", "-o", "name"} << 0;
        // An error message after the sockets opened (Qt ignores SIGPIPE then).
        QTest::newRow("not found") << QStringList{"cm", "nosuch", "-n", "web"} << 128 + SIGPIPE;
        // An error before them.
        QTest::newRow("invalid request timeout")
            << QStringList{"cm", "--request-timeout=abc"} << 128 + SIGPIPE;
    }
    void aBrokenStderrPipeEndsAsKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QCOMPARE(runWithStderrIntoBrokenPipe(ctl(), server, args), exitCode);
        if (!kubectl().isEmpty())
            QCOMPARE(runWithStderrIntoBrokenPipe(kubectl(), server, args), exitCode);
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlClosedStderr)
#include "tst_informantctlclosedstderr.moc"
