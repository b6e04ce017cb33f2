// The details pane's "Managed fields" option where the session drops them (informant without
// --no-transform): unticked, disabled, and saying why and how to get them.

#include "models/liveclustersession.h"
#include "ui/managedfieldsoption.h"

#include <QCheckBox>
#include <QSignalSpy>
#include <QTest>

using namespace informant;

class TestManagedFieldsOption : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void liveSessionSaysWhetherItKeepsManagedFields_data();
    void liveSessionSaysWhetherItKeepsManagedFields();
    void optionIsDisabledWithTheReasonWhenNoneAreKept();
    void optionIsOfferedWhenTheyAreKept();
};

void TestManagedFieldsOption::liveSessionSaysWhetherItKeepsManagedFields_data()
{
    QTest::addColumn<bool>("noTransform");
    QTest::newRow("default transform") << false;
    QTest::newRow("--no-transform") << true;
}

void TestManagedFieldsOption::liveSessionSaysWhetherItKeepsManagedFields()
{
    QFETCH(bool, noTransform);
    ClusterConfig config;
    config.server = QUrl(QStringLiteral("https://127.0.0.1:1")); // never contacted here
    LiveSessionOptions options;
    options.keepManagedFields = noTransform;
    LiveClusterSession session(config, QStringLiteral("test"), options);
    QCOMPARE(session.keepsManagedFields(), noTransform);
}

void TestManagedFieldsOption::optionIsDisabledWithTheReasonWhenNoneAreKept()
{
    QCheckBox option(QStringLiteral("Managed fields"));
    option.setChecked(true);
    QSignalSpy toggled(&option, &QCheckBox::toggled);
    setManagedFieldsKept(&option, false);
    QVERIFY(!option.isEnabled());
    QVERIFY(!option.isChecked());
    QCOMPARE(toggled.count(), 1); // the YAML shown follows it
    QVERIFY2(option.toolTip().contains(QStringLiteral("--no-transform")),
             qPrintable(option.toolTip()));
    QVERIFY2(option.toolTip().contains(QStringLiteral("drops metadata.managedFields")),
             qPrintable(option.toolTip()));
}

void TestManagedFieldsOption::optionIsOfferedWhenTheyAreKept()
{
    QCheckBox option(QStringLiteral("Managed fields"));
    setManagedFieldsKept(&option, false);
    setManagedFieldsKept(&option, true);
    QVERIFY(option.isEnabled());
    QVERIFY(!option.toolTip().contains(QStringLiteral("--no-transform")));
    option.setChecked(true);
    QVERIFY(option.isChecked());
}

QTEST_MAIN(TestManagedFieldsOption)
#include "tst_managedfieldsoption.moc"
