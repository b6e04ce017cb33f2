// The programs' --help and --version: they only print, so they must work
// where no display is (over ssh, in a plain terminal), which is where users
// type them first.

#include "childrun.h"

#include <QTemporaryDir>
#include <QTest>

using namespace reliability;

class TstCommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void printsWithoutADisplay_data();
    void printsWithoutADisplay();
};

void TstCommandLine::printsWithoutADisplay_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("expected");
    QTest::newRow("informant --help")
        << QStringLiteral("informant") << QStringLiteral("--help") << QStringLiteral("--demo");
    QTest::newRow("informant -h") << QStringLiteral("informant") << QStringLiteral("-h")
                                  << QStringLiteral("--kubeconfig");
    QTest::newRow("informant --version")
        << QStringLiteral("informant") << QStringLiteral("--version")
        << QStringLiteral("Informant " INFORMANT_VERSION);
    QTest::newRow("informantctl --help")
        << QStringLiteral("informantctl") << QStringLiteral("--help") << QStringLiteral("dump");
}

void TstCommandLine::printsWithoutADisplay()
{
    QFETCH(QString, program);
    QFETCH(QString, flag);
    QFETCH(QString, expected);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    ChildOptions options;
    options.home = home.path();
    options.timeoutMs = 20000;
    // The desktop's platform with nothing to connect to: QApplication
    // aborts here, so only a program that needs no window gets through.
    options.extraEnv = {QStringLiteral("QT_QPA_PLATFORM=xcb"), QStringLiteral("DISPLAY="),
                        QStringLiteral("WAYLAND_DISPLAY=")};
    const ChildResult result = runChild(program, {flag}, options);
    QVERIFY(result.started);
    QVERIFY(result.finished);
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QVERIFY2(result.out.contains(expected.toUtf8()), result.out.constData());
}

QTEST_GUILESS_MAIN(TstCommandLine)
#include "tst_commandline.moc"
