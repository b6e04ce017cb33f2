// informer/kube/connectionoptions.h: kubectl's connection flags declared on
// a QCommandLineParser once for informant and informantctl, with kubectl's
// spellings, and read back into ConnectionFlags.

#include "informer/kube/connectionoptions.h"

#include <QTest>

using namespace informant;

namespace {

ConnectionOptionHelp testHelp()
{
    return {.kubeconfig = QStringLiteral("HELP-KUBECONFIG"),
            .context = QStringLiteral("HELP-CONTEXT"),
            .server = QStringLiteral("HELP-SERVER"),
            .token = QStringLiteral("HELP-TOKEN"),
            .namespaceName = QStringLiteral("HELP-NAMESPACE"),
            .namespaceValueName = QStringLiteral("nsvalue"),
            .allNamespaces = QStringLiteral("HELP-ALL")};
}

} // namespace

class tst_ConnectionOptions : public QObject
{
    Q_OBJECT

private slots:
    void flagsAreReadIntoConnectionFlags_data()
    {
        QTest::addColumn<QString>("arguments");  // split at spaces
        QTest::addColumn<QStringList>("values"); // kubeconfig context server token ca ns
        QTest::addColumn<bool>("insecure");
        QTest::addColumn<bool>("all");
        QTest::addColumn<QStringList>("positional");
        const QStringList none{{}, {}, {}, {}, {}, {}};
        QTest::newRow("none given: empty and false")
            << QString() << none << false << false << QStringList{};
        QTest::newRow("long spellings")
            << "--kubeconfig kc --context dev --server https://a.example:6443 --token T "
               "--certificate-authority ca.crt --insecure-skip-tls-verify --namespace team-a "
               "--all-namespaces"
            << QStringList{"kc", "dev", "https://a.example:6443", "T", "ca.crt", "team-a"} << true
            << true << QStringList{};
        QTest::newRow("short -n and -A")
            << "-n team-b -A" << QStringList{{}, {}, {}, {}, {}, "team-b"} << false << true
            << QStringList{};
        QTest::newRow("NAME=VALUE") << "--kubeconfig=kc --server=http://127.0.0.1:1 --namespace=x"
                                    << QStringList{"kc", {}, "http://127.0.0.1:1", {}, {}, "x"}
                                    << false << false << QStringList{};
        QTest::newRow("-A and --insecure-skip-tls-verify take no value")
            << "-A pods --insecure-skip-tls-verify deploy" << none << true << true
            << QStringList{"pods", "deploy"};
    }
    void flagsAreReadIntoConnectionFlags()
    {
        QFETCH(QString, arguments);
        QFETCH(QStringList, values);
        QCommandLineParser parser;
        addConnectionOptions(parser, testHelp());
        QStringList argv{QStringLiteral("prog")};
        argv += arguments.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QVERIFY2(parser.parse(argv), qPrintable(parser.errorText()));
        const ConnectionFlags flags = connectionFlagsFromParser(parser);
        QCOMPARE(flags.kubeconfig, values[0]);
        QCOMPARE(flags.context, values[1]);
        QCOMPARE(flags.server, values[2]);
        QCOMPARE(flags.token, values[3]);
        QCOMPARE(flags.certificateAuthority, values[4]);
        QCOMPARE(flags.namespaceName, values[5]);
        QTEST(flags.insecureSkipTlsVerify, "insecure");
        QTEST(flags.allNamespaces, "all");
        QTEST(parser.positionalArguments(), "positional");
    }

    void flagsThatTakeAValueRefuseToGoWithout_data()
    {
        QTest::addColumn<QString>("flag");
        for (const char *flag : {"--kubeconfig", "--context", "--server", "--token",
                                 "--certificate-authority", "-n", "--namespace"})
            QTest::newRow(flag) << QString::fromLatin1(flag);
    }
    void flagsThatTakeAValueRefuseToGoWithout()
    {
        QFETCH(QString, flag);
        QCommandLineParser parser;
        addConnectionOptions(parser, testHelp());
        QVERIFY(!parser.parse({QStringLiteral("prog"), flag}));
        QCOMPARE(parser.errorText(), QStringLiteral("Missing value after '%1'.").arg(flag));
    }

    void helpListsTheFlagsInKubectlOrderAfterTheParsersOwn()
    {
        QCommandLineParser parser;
        parser.addOption({QStringLiteral("before"), QStringLiteral("HELP-BEFORE")});
        addConnectionOptions(parser, testHelp());
        parser.addOption({QStringLiteral("after"), QStringLiteral("HELP-AFTER")});
        const QStringList expected{
            "--before",
            "--kubeconfig <file>",
            "HELP-KUBECONFIG",
            "--context <name>",
            "HELP-CONTEXT",
            "--server <url>",
            "HELP-SERVER",
            "--token <token>",
            "HELP-TOKEN",
            "--certificate-authority <file>",
            "Path to a certificate file for the certificate authority.",
            "--insecure-skip-tls-verify",
            "Do not verify the server's certificate (insecure).",
            "-n, --namespace <nsvalue>",
            "HELP-NAMESPACE",
            "-A, --all-namespaces",
            "HELP-ALL",
            "--after",
        };
        const QString help = parser.helpText().simplified(); // the help wraps long texts
        qsizetype from = 0;
        for (const QString &text : expected) {
            const qsizetype at = help.indexOf(text, from);
            QVERIFY2(at >= 0,
                     qPrintable(
                         QStringLiteral("\"%1\" missing or out of order in:\n%2").arg(text, help)));
            from = at + text.size();
        }
    }
};

QTEST_GUILESS_MAIN(tst_ConnectionOptions)
#include "tst_connectionoptions.moc"
