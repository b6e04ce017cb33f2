// What informantctl prints on stderr besides its output, beside kubectl 1.32
// when it is installed:
//   - kubectl's warning for a short name several resources claim
//     (`get ev` on a cluster serving events and events.events.k8s.io; a
//     CRD claiming po, deploy and wd), once per KIND typed, none for a full
//     name or a group that leaves one resource; the resource used is the
//     one kubectl uses (discovery's group order, not the alphabet's);
//   - server text in errors escaped as tables are (ESC as "^[", CR as
//     "\r"): a hostile server's Status message cannot retitle or clear the
//     terminal.

#include "informantctlcrd.h"
#include "informantctlfixture.h"

#include <QTest>

namespace {

const QByteArray kEventsWarning =
    "Warning: short name \"ev\" could also match lower priority resource events.events.k8s.io\n";

} // namespace

class tst_InformantctlStderr : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // `get ARGS` by informantctl and kubectl: the same stdout, stderr and
    // exit status (retried: the demo's events and AGE move).
    void verifyGetLikeKubectl(const QString &server, const QStringList &args)
    {
        const QString difference = differenceFromKubectl(server, args);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

private slots:
    void cleanup() { stopSim(); }

    void ambiguousShortNameIsWarnedOnceAsKubectlDoes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("warnings"); // stderr begins with them
        const QStringList none = {QStringLiteral("-n"), QStringLiteral("none")};
        QTest::newRow("short name") << QStringList{"ev"} + none << kEventsWarning;
        QTest::newRow("listed twice") << QStringList{"ev,ev"} + none << kEventsWarning;
        QTest::newRow("beside other kinds") << QStringList{"po,ev,cm"} + none << kEventsWarning;
        QTest::newRow("named objects")
            << QStringList{"ev/a", "po/b", "ev/c", "-n", "default"} << kEventsWarning;
        QTest::newRow("resource.version.") << QStringList{"ev.v1."} + none << kEventsWarning;
        QTest::newRow("plural") << QStringList{"events"} + none << QByteArray();
        QTest::newRow("group given") << QStringList{"ev.events.k8s.io"} + none << QByteArray();
        QTest::newRow("unambiguous") << QStringList{"cm"} + none << QByteArray();
    }
    void ambiguousShortNameIsWarnedOnceAsKubectlDoes()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, warnings);
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        const Run ours = get(server, args);
        QVERIFY2(ours.err.startsWith(warnings), ours.err.constData());
        QVERIFY2(!ours.err.mid(warnings.size()).contains("Warning:"), ours.err.constData());
        verifyGetLikeKubectl(server, args);
    }

    // A CRD in aaa.example.com claiming built-ins' short names: kubectl
    // keeps the built-in (the server lists aaa.example.com after apps) and
    // warns; so does informantctl, reading the built-in's objects.
    void crdShortNamesClashingWithBuiltInsAreWarnedAndLoseAsInKubectl()
    {
        const QString server = startDemoSim();
        QVERIFY(!server.isEmpty());
        QVERIFY(createCrd(server, QStringLiteral("aaa.example.com"), QStringLiteral("pumas"),
                          QStringLiteral("Puma"),
                          {QStringLiteral("po"), QStringLiteral("deploy"), QStringLiteral("wd")}));
        const QStringList args{QStringLiteral("po,deploy,wd"), QStringLiteral("-A"),
                               QStringLiteral("-o"), QStringLiteral("name")};
        const Run ours = get(server, args);
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.err, QByteArray("Warning: short name \"po\" could also match lower "
                                      "priority resource pumas.aaa.example.com\n"
                                      "Warning: short name \"deploy\" could also match lower "
                                      "priority resource pumas.aaa.example.com\n"
                                      "Warning: short name \"wd\" could also match lower "
                                      "priority resource widgets.demo.informant.io\n"));
        QVERIFY2(ours.out.contains("\ndeployment.apps/"), ours.out.constData());
        QVERIFY2(ours.out.startsWith("pod/"), ours.out.constData());
        verifyGetLikeKubectl(server, args);
    }

    // A server whose Status message carries an OSC title sequence, a
    // screen clear and a carriage return.
    void serverTextInErrorsIsTerminalEscaped()
    {
        const QByteArray hostile = "pods is forbidden: \\u001b]0;pwned\\u0007 and "
                                   "\\u001b[2J cleared\\rover";
        FakeApiServer server([&](const HttpRequest &request, QTcpSocket *socket) {
            if (!FakeApiServer::replyCoreDiscovery(socket, request, "pods", "pod", "Pod"))
                FakeApiServer::reply(socket, 403,
                                     "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":"
                                     "\"Failure\",\"message\":\"" +
                                         hostile + "\",\"reason\":\"Forbidden\",\"code\":403}");
        });
        QVERIFY(server.listen());
        const QString url = server.url().toString();
        const QByteArray shown = "pods is forbidden: ^[]0;pwned\a and ^[[2J cleared\\rover\n";
        for (const QStringList &command :
             {QStringList{QStringLiteral("get"), QStringLiteral("pods")},
              QStringList{QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-w")},
              QStringList{QStringLiteral("watch"), QStringLiteral("pods")}}) {
            const Run denied = runServing(QStringList{QStringLiteral("--server"), url} + command);
            QCOMPARE(denied.exitCode, 1);
            QVERIFY2(!denied.err.contains('\x1b') && !denied.err.contains('\r'),
                     denied.err.constData());
            QVERIFY2(denied.err.endsWith(shown), denied.err.constData());
        }
        // Text the user typed is quoted back escaped as well.
        const Run unknown = runServing(
            {QStringLiteral("--server"), url, QStringLiteral("get"), QStringLiteral("po\x1b[2J")});
        QCOMPARE(unknown.exitCode, 1);
        QCOMPARE(unknown.err,
                 QByteArray("error: the server doesn't have a resource type \"po^[[2J\"\n"));
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlStderr)
#include "tst_informantctlstderr.moc"
