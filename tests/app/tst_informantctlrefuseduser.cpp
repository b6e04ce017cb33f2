// A server that refuses the user, in kubectl's words, beside kubectl 1.32
// when it is installed: informant-sim over https with --token, whose user may
// read namespace web alone (--readable-namespaces). A token it does not know
// is a 401: "error: You must be logged in to the server (...)", with
// client-go's "the server has asked for the client to provide credentials"
// where kubectl's discovery client meets it (every command that maps a KIND,
// version, api-versions, cluster-info) and the server's Status message
// where a resource request or get --raw does. Its token's user is refused
// everything else with a 403: "Error from server (Forbidden): " and the
// server's message, as kubectl prints it, for every command that reads.

#include "informantctlfixture.h"

#include <QTest>

namespace {

const QByteArray kMustLogIn = "error: You must be logged in to the server (the server has asked "
                              "for the client to provide credentials)\n";

QByteArray forbidden(const QByteArray &resource, const QByteArray &where)
{
    return "Error from server (Forbidden): " + resource +
           " is forbidden: User \"system:serviceaccount:default:viewer\" cannot list resource \"" +
           resource + "\" in API group \"\" " + where + "\n";
}

} // namespace

class tst_InformantctlRefusedUser : public QObject, protected InformantctlFixture
{
    Q_OBJECT

    // A kubeconfig for the simulator on `port` whose user has `token`.
    QString kubeconfigWithToken(int port, const QString &token)
    {
        return writeKubeconfig(token + QStringLiteral(".yaml"),
                               QStringLiteral("https://127.0.0.1:%1").arg(port), trustedCluster(),
                               QStringLiteral("    token: %1\n").arg(token));
    }

    // Runs `ARGS` with the kubeconfig of `token` by informantctl, and by
    // kubectl when `kubectlToo` (each in a HOME of its own: kubectl caches
    // discovery, which would spare it the discovery a refused token fails).
    void verifyRefused(const QString &token, const QStringList &args, const QByteArray &out,
                       const QByteArray &error, bool kubectlToo)
    {
        const int port =
            startTlsSim({QStringLiteral("--token"), QStringLiteral("sim-token"),
                         QStringLiteral("--readable-namespaces"), QStringLiteral("web")});
        QVERIFY(port > 0);
        const QStringList command =
            QStringList{QStringLiteral("--kubeconfig"), kubeconfigWithToken(port, token)} + args;
        const Run ours = run(ctl(), command, m_dir.filePath(QStringLiteral("ours")));
        QCOMPARE(ours.exitCode, 1);
        QCOMPARE(ours.out, out);
        QCOMPARE(ours.err, error);
        QVERIFY(!ours.err.contains(token.toUtf8()));
        if (kubectl().isEmpty() || !kubectlToo)
            return;
        const Run theirs = run(kubectl(), command, m_dir.filePath(QStringLiteral("theirs")));
        QCOMPARE(theirs.exitCode, 1);
        // kubectl logs each failed discovery request before its error.
        QVERIFY2(theirs.err == error || theirs.err.endsWith('\n' + error), theirs.err.constData());
    }

private slots:
    void cleanup() { stopSim(); }

    void unknownTokenAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<QByteArray>("error");
        QTest::addColumn<bool>("kubectlToo");
        QTest::newRow("get") << QStringList{"get", "pods"} << QByteArray() << kMustLogIn << true;
        QTest::newRow("get, two kinds")
            << QStringList{"get", "pods,nodes", "-A"} << QByteArray() << kMustLogIn << true;
        QTest::newRow("get -w") << QStringList{"get", "pods", "-w"} << QByteArray() << kMustLogIn
                                << true;
        QTest::newRow("api-resources")
            << QStringList{"api-resources", "-o", "name"} << QByteArray() << kMustLogIn << true;
        QTest::newRow("version") << QStringList{"version"}
                                 << QByteArray("Client Version: v" INFORMANT_VERSION "\n")
                                 << kMustLogIn << false; // kubectl's own client version differs
        QTest::newRow("cluster-info")
            << QStringList{"cluster-info"}
            << QByteArray("\nTo further debug and diagnose cluster problems, use 'kubectl "
                          "cluster-info dump'.\n")
            << kMustLogIn << true;
        QTest::newRow("api-versions")
            << QStringList{"api-versions"} << QByteArray()
            << QByteArray("error: couldn't get available api versions from server: the server "
                          "has asked for the client to provide credentials\n")
            << true;
        // No discovery first: the Status is read, its message said.
        QTest::newRow("get --raw")
            << QStringList{"get", "--raw", "/api/v1/namespaces/web/pods"} << QByteArray()
            << QByteArray("error: You must be logged in to the server (Unauthorized)\n") << true;
        QTest::newRow("watch") << QStringList{"watch", "pods"} << QByteArray() << kMustLogIn
                               << false;
        QTest::newRow("dump") << QStringList{"dump", "pods", "--until-synced"} << QByteArray()
                              << kMustLogIn << false;
    }
    void unknownTokenAsKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, error);
        QFETCH(bool, kubectlToo);
        verifyRefused(QStringLiteral("unknown-token"), args, out, error, kubectlToo);
    }

    void forbiddenAsKubectl_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("out");
        QTest::addColumn<QByteArray>("error");
        QTest::addColumn<bool>("kubectlToo");
        const QByteArray allPods = forbidden("pods", "at the cluster scope");
        QTest::newRow("get") << QStringList{"get", "pods"} << QByteArray()
                             << forbidden("pods", "in the namespace \"default\"") << true;
        QTest::newRow("get -A") << QStringList{"get", "pods", "-A"} << QByteArray() << allPods
                                << true;
        QTest::newRow("get, cluster-scoped") << QStringList{"get", "nodes"} << QByteArray()
                                             << forbidden("nodes", "at the cluster scope") << true;
        QTest::newRow("get -w") << QStringList{"get", "pods", "-w", "-A"} << QByteArray() << allPods
                                << true;
        QTest::newRow("get --raw")
            << QStringList{"get", "--raw", "/api/v1/pods"} << QByteArray() << allPods << true;
        QTest::newRow("cluster-info")
            << QStringList{"cluster-info"}
            << QByteArray("\nTo further debug and diagnose cluster problems, use 'kubectl "
                          "cluster-info dump'.\n")
            << forbidden("services", "in the namespace \"kube-system\"") << true;
        QTest::newRow("watch") << QStringList{"watch", "pods", "-A"} << QByteArray() << allPods
                               << false;
        QTest::newRow("dump") << QStringList{"dump", "pods", "-A", "--until-synced"} << QByteArray()
                              << allPods << false;
    }
    void forbiddenAsKubectl()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, error);
        QFETCH(bool, kubectlToo);
        verifyRefused(QStringLiteral("sim-token"), args, out, error, kubectlToo);
    }
};

QTEST_GUILESS_MAIN(tst_InformantctlRefusedUser)
#include "tst_informantctlrefuseduser.moc"
