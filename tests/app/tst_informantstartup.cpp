// The informant executable when it cannot start (no kubeconfig, an unknown
// context): the error on stderr and, for users without a terminal, a dialog;
// never a wait for a user who is not there.

#include <QDir>
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
    void missingKubeconfigScreenshotShowsTheErrorDialog();
    void missingKubeconfigOffscreenExitsWithoutWaiting();
};

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

QTEST_GUILESS_MAIN(TestInformantStartup)
#include "tst_informantstartup.moc"
