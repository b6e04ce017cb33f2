// CredentialExpiryField: the status bar's "credentials expire in 12 min",
// amber in the last 5 minutes, "credentials expired — refreshing" while the
// exec plugin runs again, red for an expired kubeconfig certificate, nothing
// without an expiry; its tooltip names the
// exec command or the certificate subject and never the token. Worded at a
// clock the test sets; then with a real exec plugin's credential.

#include "informer/kube/credentials.h"
#include "ui/credentialexpiryfield.h"

#include <QFile>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;
using Level = CredentialExpiryText::Level;

namespace {

const QDateTime kNow(QDate(2025, 3, 1), QTime(12, 0, 0), Qt::UTC);

CredentialExpiry execExpiry(qint64 secondsFromNow, bool renewing = false)
{
    CredentialExpiry expiry;
    expiry.source = CredentialExpiry::Source::ExecPlugin;
    expiry.origin = QStringLiteral("exec plugin aws");
    expiry.expiresAt = kNow.addSecs(secondsFromNow);
    expiry.renewing = renewing;
    return expiry;
}

} // namespace

class tst_CredentialExpiryField : public QObject
{
    Q_OBJECT

private slots:
    void wording_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<bool>("renewing");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("level");
        const auto row = [](const char *name, qint64 seconds, bool renewing, const char *text,
                            Level level) {
            QTest::newRow(name) << seconds << renewing << QString::fromUtf8(text) << int(level);
        };
        row("12 minutes", 12 * 60 + 30, false, "credentials expire in 12 min", Level::Normal);
        row("an hour and a bit", 3600 + 20 * 60, false, "credentials expire in 1 h 20 min",
            Level::Normal);
        row("just over 5 minutes", 5 * 60 + 1, false, "credentials expire in 5 min", Level::Normal);
        row("the last 5 minutes", 5 * 60, false, "credentials expire in 5 min", Level::Warning);
        row("4 minutes 59", 4 * 60 + 59, false, "credentials expire in 4 min", Level::Warning);
        row("seconds", 30, false, "credentials expire in 30 s", Level::Warning);
        row("renewing early", 8, true, "credentials expire in 8 s — refreshing", Level::Warning);
        row("expired, renewing", -5, true, "credentials expired — refreshing", Level::Warning);
        // Replaced at the next request: amber, not red.
        row("expired", -5, false, "credentials expired", Level::Warning);
        row("expires this second", 0, false, "credentials expired", Level::Warning);
        // The date is the user's local one.
        QTest::newRow("days away") << qint64(3 * 24 * 3600) << false
                                   << QStringLiteral("credentials valid until ") +
                                          kNow.addDays(3).toLocalTime().date().toString(Qt::ISODate)
                                   << int(Level::Distant);
    }
    void wording()
    {
        QFETCH(qint64, seconds);
        QFETCH(bool, renewing);
        QFETCH(QString, text);
        QFETCH(int, level);
        const CredentialExpiryText shown =
            describeCredentialExpiry(execExpiry(seconds, renewing), kNow);
        QCOMPARE(shown.text, text);
        QCOMPARE(int(shown.level), level);
        QVERIFY2(shown.toolTip.startsWith(QStringLiteral("Credentials: exec plugin aws\n")),
                 qPrintable(shown.toolTip));
    }

    void noExpiryShowsNothing()
    {
        CredentialExpiry none; // a static token
        QCOMPARE(int(describeCredentialExpiry(none, kNow).level), int(Level::Hidden));
        QStatusBar bar;
        CredentialExpiryField field([] { return CredentialExpiry(); }, &bar, [] { return kNow; });
        QVERIFY(field.isHidden());
        QVERIFY(field.text().isEmpty());
        QVERIFY(field.toolTip().isEmpty());
    }

    void tooltipSaysWhatHappensNext()
    {
        const QString expired = describeCredentialExpiry(execExpiry(-60), kNow).toolTip;
        QVERIFY2(expired.contains(QStringLiteral("runs again at the next request")),
                 qPrintable(expired));
        QVERIFY2(expired.contains(QStringLiteral("\nExpired: ")), qPrintable(expired));
        const QString renewing = describeCredentialExpiry(execExpiry(-60, true), kNow).toolTip;
        QVERIFY2(renewing.contains(QStringLiteral("running now")), qPrintable(renewing));
        CredentialExpiry certificate;
        certificate.source = CredentialExpiry::Source::ClientCertificate;
        certificate.origin = QStringLiteral("client certificate CN=alice, O=system:masters");
        certificate.expiresAt = kNow.addDays(-1);
        const CredentialExpiryText shown = describeCredentialExpiry(certificate, kNow);
        QCOMPARE(shown.text, QStringLiteral("credentials expired"));
        QCOMPARE(shown.level, Level::Expired); // nothing renews it
        QVERIFY2(shown.toolTip.startsWith(QStringLiteral(
                     "Credentials: client certificate CN=alice, O=system:masters\n")),
                 qPrintable(shown.toolTip));
        QVERIFY2(shown.toolTip.contains(QStringLiteral("kubeconfig")), qPrintable(shown.toolTip));
    }

    void fieldFollowsTheClockAndColoursTheLastMinutes()
    {
        QStatusBar bar;
        QDateTime now = kNow;
        CredentialExpiry expiry = execExpiry(6 * 60);
        CredentialExpiryField field([&expiry] { return expiry; }, &bar, [&now] { return now; });
        bar.addPermanentWidget(&field);
        const QColor normal = bar.palette().color(QPalette::WindowText);
        QVERIFY(!field.isHidden());
        QCOMPARE(field.text(), QStringLiteral("credentials expire in 6 min"));
        QCOMPARE(field.palette().color(QPalette::WindowText), normal);

        now = now.addSecs(90);
        field.refresh();
        QCOMPARE(field.text(), QStringLiteral("credentials expire in 4 min"));
        QCOMPARE(field.level(), Level::Warning);
        const QColor warning = field.palette().color(QPalette::WindowText);
        QVERIFY(warning != normal);

        now = now.addSecs(5 * 60);
        field.refresh();
        QCOMPARE(field.text(), QStringLiteral("credentials expired"));
        QCOMPARE(field.palette().color(QPalette::WindowText), warning);

        expiry.renewing = true;
        field.refresh();
        QCOMPARE(field.text(), QStringLiteral("credentials expired — refreshing"));
        QCOMPARE(field.palette().color(QPalette::WindowText), warning);

        // The plugin answered with a new hour.
        expiry = execExpiry(90 + 5 * 60 + 60 * 60); // an hour from `now`
        field.refresh();
        QCOMPARE(field.text(), QStringLiteral("credentials expire in 1 h"));
        QCOMPARE(field.palette().color(QPalette::WindowText), normal);

        // A kubeconfig certificate past its notAfter: red.
        expiry.source = CredentialExpiry::Source::ClientCertificate;
        expiry.renewing = false;
        expiry.expiresAt = now.addSecs(-1);
        field.refresh();
        QCOMPARE(field.level(), Level::Expired);
        const QColor expired = field.palette().color(QPalette::WindowText);
        QVERIFY(expired != warning);
        QVERIFY(expired != normal);

        expiry = CredentialExpiry();
        field.refresh();
        QVERIFY(field.isHidden());
    }

    // A real plugin's credential a few minutes ahead shows the field, named
    // after the command and without the token.
    void execPluginCredentialShowsTheField()
    {
        QTemporaryDir dir;
        const QString plugin = dir.filePath(QStringLiteral("cloud-auth"));
        QFile script(plugin);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\n"
                     "exp=$(date -u -d \"@$(( $(date +%s) + 600 ))\" +%Y-%m-%dT%H:%M:%SZ)\n"
                     "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                     "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"tok-SECRET\","
                     "\"expirationTimestamp\":\"%s\"}}' $exp\n");
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
        ClusterConfig config;
        config.server = QUrl(QStringLiteral("https://127.0.0.1:1"));
        config.user.exec = ExecConfig{QStringLiteral("client.authentication.k8s.io/v1"),
                                      plugin,
                                      {},
                                      {},
                                      QStringLiteral("Never"),
                                      false,
                                      {}};
        Credentials credentials(config);
        QStatusBar bar;
        CredentialExpiryField field([&credentials] { return credentials.expiry(); }, &bar);
        QVERIFY(field.isHidden()); // the plugin has not run
        auto material = credentials.material();
        QVERIFY2(material.ok(), qPrintable(material.ok() ? QString() : material.errorMessage()));
        field.refresh();
        QVERIFY(!field.isHidden());
        QVERIFY2(field.text().startsWith(QStringLiteral("credentials expire in ")),
                 qPrintable(field.text()));
        QCOMPARE(field.level(), Level::Normal);
        QVERIFY2(
            field.toolTip().startsWith(QStringLiteral("Credentials: exec plugin cloud-auth\n")),
            qPrintable(field.toolTip()));
        QVERIFY(!field.toolTip().contains(QStringLiteral("SECRET")));
        QVERIFY(!field.text().contains(QStringLiteral("SECRET")));
    }
};

QTEST_MAIN(tst_CredentialExpiryField)
#include "tst_credentialexpiryfield.moc"
