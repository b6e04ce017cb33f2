// The informant executable when it cannot start (no kubeconfig, an unknown
// context, a recording it cannot replay, a bad flag): the error on stderr
// and, for users without a terminal, a dialog; never a wait for a user who is
// not there.

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString informant()
{
    return qEnvironmentVariable("INFORMANT_BUILD_DIR") + QStringLiteral("/app/informant");
}

struct Run
{
    int exitCode = -1;
    bool finished = false;
    QString stderrText;
};

Run run(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.remove(QStringLiteral("KUBECONFIG"));
    process.setProcessEnvironment(env);
    process.start(informant(), arguments);
    Run result;
    result.finished = process.waitForFinished(20000);
    if (!result.finished) {
        process.kill();
        process.waitForFinished();
    }
    result.exitCode = process.exitCode();
    result.stderrText = QString::fromUtf8(process.readAllStandardError());
    return result;
}

} // namespace

class TestInformantStartup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void missingKubeconfigScreenshotShowsTheErrorDialog();
    void missingKubeconfigOffscreenExitsWithoutWaiting();
    void replayOptionErrorsSayWhatIsWrong_data();
    void replayOptionErrorsSayWhatIsWrong();

private:
    QTemporaryDir m_dir;
};

void TestInformantStartup::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const auto write = [this](const QString &name, const QByteArray &contents) {
        QFile file(m_dir.filePath(name));
        return file.open(QIODevice::WriteOnly) && file.write(contents) == contents.size();
    };
    QVERIFY(
        write(QStringLiteral("incident.ndjson"),
              R"({"informantRecording":1,"recordedAt":"2026-01-01T12:00:00Z","resources":[)"
              R"({"version":"v1","resource":"configmaps","kind":"ConfigMap","namespaced":true}]})"
              "\n"));
    QVERIFY(write(QStringLiteral("notes.txt"), "kubectl get pods\n"));
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("a-directory")));
}

// --screenshot grabs what the user would see: the dialog naming the error.
void TestInformantStartup::missingKubeconfigScreenshotShowsTheErrorDialog()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("no-such-kubeconfig"));
    const QString png = dir.filePath(QStringLiteral("failure.png"));
    const Run r = run({QStringLiteral("--kubeconfig"), missing, QStringLiteral("--screenshot"), png,
                       QStringLiteral("--after"), QStringLiteral("200")});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.stderrText.contains(QStringLiteral("informant: ")) && r.stderrText.contains(missing),
             qPrintable(r.stderrText));
    const QImage shot(png);
    QVERIFY2(!shot.isNull(), "no screenshot of the start-up failure dialog");
    QVERIFY(shot.width() > 100 && shot.height() > 50);
}

void TestInformantStartup::missingKubeconfigOffscreenExitsWithoutWaiting()
{
    QTemporaryDir dir;
    const Run r = run({QStringLiteral("--kubeconfig"), dir.filePath(QStringLiteral("missing"))});
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.stderrText.contains(QStringLiteral("informant: ")), qPrintable(r.stderrText));
}

// Flags that cannot go together exit at once with status 2 (the window
// never opens); a recording that cannot be replayed is a start failure
// (status 1, the dialog when there is a user). Each message names the flag
// or the file and what is wrong with it. "DIR/" stands for the test's files.
void TestInformantStartup::replayOptionErrorsSayWhatIsWrong_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("message"); // the stderr line has each of these
    const QString replay = QStringLiteral("--replay");
    const QString recording = QStringLiteral("DIR/incident.ndjson");
    const QString speed = QStringLiteral("--replay-speed");

    QTest::newRow("missing file") << QStringList{replay, QStringLiteral("DIR/gone.ndjson")} << 1
                                  << QStringList{"could not replay the recording",
                                                 "DIR/gone.ndjson", "No such file"};
    QTest::newRow("unreadable") << QStringList{replay, QStringLiteral("DIR/a-directory")} << 1
                                << QStringList{"could not replay the recording", "DIR/a-directory"};
    QTest::newRow("not a recording") << QStringList{replay, QStringLiteral("DIR/notes.txt")} << 1
                                     << QStringList{"could not replay the recording",
                                                    "DIR/notes.txt", "not an Informant recording"};
    QTest::newRow("empty file name") << QStringList{replay, QString()} << 2
                                     << QStringList{"--replay: expected a recording file"};
    QTest::newRow("with --demo") << QStringList{replay, recording, QStringLiteral("--demo")} << 2
                                 << QStringList{"--replay and --demo cannot be used together"};
    QTest::newRow("with --server")
        << QStringList{replay, recording, QStringLiteral("--server"),
                       QStringLiteral("http://127.0.0.1:1")}
        << 2 << QStringList{"--replay and --server cannot be used together"};
    for (const QString &bad : {QStringLiteral("0"), QStringLiteral("-2"), QStringLiteral("fast"),
                               QStringLiteral("inf"), QStringLiteral("nan"), QString()}) {
        QTest::addRow("speed \"%s\"", qPrintable(bad))
            << QStringList{replay, recording, speed, bad} << 2
            << QStringList{QStringLiteral("--replay-speed: expected a positive number, got \"%1\"")
                               .arg(bad)};
    }
    QTest::newRow("speed without --replay") << QStringList{speed, QStringLiteral("10")} << 2
                                            << QStringList{"--replay-speed goes with --replay"};
}

void TestInformantStartup::replayOptionErrorsSayWhatIsWrong()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QStringList, message);
    const QString dir = m_dir.path() + QLatin1Char('/');
    for (QString &argument : arguments)
        argument.replace(QLatin1String("DIR/"), dir);
    const Run r = run(arguments);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, exitCode);
    // One line of ours (Qt may add its own warnings, XDG_RUNTIME_DIR's).
    QStringList lines;
    for (const QString &line : r.stderrText.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("informant: ")))
            lines.append(line);
    }
    QVERIFY2(lines.size() == 1, qPrintable(r.stderrText));
    for (QString part : std::as_const(message)) {
        part.replace(QLatin1String("DIR/"), dir);
        QVERIFY2(lines.first().contains(part, Qt::CaseInsensitive),
                 qPrintable(QStringLiteral("no \"%1\" in: %2").arg(part, lines.first())));
    }
}

QTEST_GUILESS_MAIN(TestInformantStartup)
#include "tst_informantstartup.moc"
