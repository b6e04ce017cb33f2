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

QTEST_MAIN(TestStartupFailureDialog)
#include "tst_startupfailuredialog.moc"
