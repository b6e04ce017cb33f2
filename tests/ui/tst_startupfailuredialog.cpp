#include "ui/startupfailuredialog.h"

#include <QAbstractButton>
#include <QTest>

using namespace informant;

class TestStartupFailureDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTheErrorAsPlainText();
    void eachButtonIsItsChoice_data();
    void eachButtonIsItsChoice();
    void closingIsQuitting();
    void aReplayThatFailedIsNotACluster();
};

void TestStartupFailureDialog::showsTheErrorAsPlainText()
{
    const QString error = QStringLiteral("/home/u/.kube/config: <cannot read> kubeconfig");
    StartupFailureDialog dialog(error);
    QVERIFY(dialog.text().contains(error));
    QCOMPARE(dialog.textFormat(), Qt::PlainText);
}

void TestStartupFailureDialog::eachButtonIsItsChoice_data()
{
    QTest::addColumn<StartupFailureDialog::Choice>("choice");
    QTest::newRow("demo") << StartupFailureDialog::Choice::OpenDemo;
    QTest::newRow("kubeconfig") << StartupFailureDialog::Choice::ChooseKubeconfig;
    QTest::newRow("quit") << StartupFailureDialog::Choice::Quit;
}

void TestStartupFailureDialog::eachButtonIsItsChoice()
{
    QFETCH(StartupFailureDialog::Choice, choice);
    StartupFailureDialog dialog(QStringLiteral("no context \"x\""));
    dialog.show();
    QAbstractButton *button = dialog.buttonFor(choice);
    QVERIFY(button);
    QVERIFY(button->isVisible());
    button->click();
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.choice(), choice);
}

void TestStartupFailureDialog::closingIsQuitting()
{
    StartupFailureDialog dialog(QStringLiteral("error"));
    dialog.show();
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.choice(), StartupFailureDialog::Choice::Quit);
}

// informant --replay FILE tried no cluster: the file could not be read, or
// is no recording.
void TestStartupFailureDialog::aReplayThatFailedIsNotACluster()
{
    const QString error = QStringLiteral("Could not replay the recording: /tmp/r.ndjson: line 3: "
                                         "not a JSON object");
    StartupFailureDialog dialog(error, StartupFailureDialog::Attempt::Replay);
    QVERIFY(dialog.text().contains(error));
    QVERIFY2(dialog.text().startsWith(QStringLiteral("Informant could not open the recording")),
             qPrintable(dialog.text()));
    QVERIFY2(!dialog.text().contains(QStringLiteral("cluster")), qPrintable(dialog.text()));
    QVERIFY2(!dialog.informativeText().contains(QStringLiteral("another kubeconfig")),
             qPrintable(dialog.informativeText()));
    QVERIFY(StartupFailureDialog(error).text().contains(QStringLiteral("connect to a cluster")));
}

QTEST_MAIN(TestStartupFailureDialog)
#include "tst_startupfailuredialog.moc"
