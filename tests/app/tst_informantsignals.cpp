// informant ended by a signal (a session logging out, `kill`, the terminal
// closing, Ctrl+C) ends as when its window is closed: the window's settings
// are saved and the exit is a normal one.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

QString informant()
{
    return qEnvironmentVariable("INFORMANT_BUILD_DIR") + QStringLiteral("/app/informant");
}

// Whether `pid` has a handler for `signal`, from the SigCgt mask of
// /proc/PID/status (bit signal - 1): set once informant handles it.
bool catches(qint64 pid, int signal)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("SigCgt:")) {
            bool ok = false;
            const quint64 mask = line.mid(7).trimmed().toULongLong(&ok, 16);
            return ok && (mask >> (signal - 1) & 1);
        }
    }
    return false;
}

} // namespace

class TestInformantSignals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void endsAsWhenItsWindowIsClosed_data();
    void endsAsWhenItsWindowIsClosed();
};

void TestInformantSignals::endsAsWhenItsWindowIsClosed_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGHUP") << int(SIGHUP);
    QTest::newRow("SIGINT") << int(SIGINT);
}

void TestInformantSignals::endsAsWhenItsWindowIsClosed()
{
    QFETCH(int, signal);
    if (!QFile::exists(QStringLiteral("/proc/self/status")))
        QSKIP("needs /proc to see when informant handles signals");
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    process.setProcessEnvironment(env);
    process.start(informant(), {QStringLiteral("--demo")});
    QVERIFY(process.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(catches(process.processId(), signal), 30000);

    ::kill(pid_t(process.processId()), signal);
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    // What the window saves when it is closed.
    const QSettings saved(config.filePath(QStringLiteral("Informant/Informant.conf")),
                          QSettings::IniFormat);
    QVERIFY2(saved.contains(QStringLiteral("window/geometry")),
             qPrintable(saved.allKeys().join(u' ')));
}

QTEST_GUILESS_MAIN(TestInformantSignals)
#include "tst_informantsignals.moc"
