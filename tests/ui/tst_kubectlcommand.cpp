// The kubectl command a row's "Copy as kubectl command" puts on the clipboard:
// it names the kind as kubectl resolves it, the rows' namespaces, and how
// kubectl reaches the window's cluster, every word safe to paste in a shell.

#include "ui/kubectlcommand.h"

#include "../models/testobjects.h"
#include "models/clusterrowkey.h"

#include <QTest>

Q_DECLARE_METATYPE(informant::KubectlTarget)

using namespace informant;
using namespace informant::test;

namespace {

KindInfo pods()
{
    return KindInfo{{},   QStringLiteral("v1"),  QStringLiteral("Pod"), QStringLiteral("pods"),
                    true, {QStringLiteral("po")}};
}

KindInfo deployments()
{
    return KindInfo{QStringLiteral("apps"),
                    QStringLiteral("v1"),
                    QStringLiteral("Deployment"),
                    QStringLiteral("deployments"),
                    true,
                    {QStringLiteral("deploy")}};
}

KindInfo persistentVolumes()
{
    return KindInfo{{},
                    QStringLiteral("v1"),
                    QStringLiteral("PersistentVolume"),
                    QStringLiteral("persistentvolumes"),
                    false,
                    {QStringLiteral("pv")}};
}

KubectlTarget contextTarget(const QString &context)
{
    KubectlTarget target;
    target.context = context;
    return target;
}

} // namespace

class TestKubectlCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shellQuotingKeepsOneWord_data();
    void shellQuotingKeepsOneWord();
    void commandNamesTheKindTheObjectsAndTheCluster_data();
    void commandNamesTheKindTheObjectsAndTheCluster();
    void objectsOfSeveralNamespacesGetOneLineEach();
    void noCommandWithoutAWayToTheCluster();
    void rowsOfSeveralClustersReachEachTheirOwn();
};

void TestKubectlCommand::shellQuotingKeepsOneWord_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("quoted");
    QTest::newRow("name") << "web-1"
                          << "web-1";
    QTest::newRow("eks arn") << "arn:aws:eks:eu-west-1:123:cluster/prod"
                             << "arn:aws:eks:eu-west-1:123:cluster/prod";
    QTest::newRow("url") << "https://10.0.0.1:6443"
                         << "https://10.0.0.1:6443";
    QTest::newRow("space") << "team a"
                           << "'team a'";
    QTest::newRow("quote") << "it's"
                           << "'it'\\''s'";
    QTest::newRow("dollar") << "$HOME"
                            << "'$HOME'";
    QTest::newRow("glob") << "kc*"
                          << "'kc*'";
    QTest::newRow("tilde") << "~/kc"
                           << "'~/kc'";
    QTest::newRow("semicolon") << "a;rm -rf x"
                               << "'a;rm -rf x'";
    QTest::newRow("empty") << ""
                           << "''";
}

void TestKubectlCommand::shellQuotingKeepsOneWord()
{
    QFETCH(QString, word);
    QFETCH(QString, quoted);
    QCOMPARE(shellQuoted(word), quoted);
}

void TestKubectlCommand::commandNamesTheKindTheObjectsAndTheCluster_data()
{
    QTest::addColumn<KindInfo>("kind");
    QTest::addColumn<KubeObject>("object");
    QTest::addColumn<KubectlTarget>("target");
    QTest::addColumn<int>("verb");
    QTest::addColumn<QString>("command");
    const KubeObject web = makeObject(QStringLiteral("web"), QStringLiteral("web-1"));
    QTest::newRow("core kind, context")
        << pods() << web << contextTarget(QStringLiteral("prod")) << int(KubectlVerb::GetYaml)
        << "kubectl get pod web-1 -n web -o yaml --context prod";
    QTest::newRow("describe") << pods() << web << contextTarget(QStringLiteral("prod"))
                              << int(KubectlVerb::Describe)
                              << "kubectl describe pod web-1 -n web --context prod";
    KubectlTarget withKubeconfig = contextTarget(QStringLiteral("team a"));
    withKubeconfig.kubeconfig = QStringLiteral("/home/me/my configs/kc");
    QTest::newRow("quoted context and kubeconfig")
        << pods() << web << withKubeconfig << int(KubectlVerb::GetYaml)
        << "kubectl get pod web-1 -n web -o yaml --context 'team a' --kubeconfig "
           "'/home/me/my configs/kc'";
    KubectlTarget server;
    server.server = QStringLiteral("http://127.0.0.1:41234");
    QTest::newRow("no context: the server")
        << deployments()
        << makeObject(QStringLiteral("shop"), QStringLiteral("front"), {}, {}, QStringLiteral("1"),
                      false, QStringLiteral("Deployment"))
        << server << int(KubectlVerb::GetYaml)
        << "kubectl get deployments.apps front -n shop -o yaml --server http://127.0.0.1:41234";
    KubectlTarget tls;
    tls.server = QStringLiteral("https://10.0.0.1:6443");
    tls.certificateAuthority = QStringLiteral("/etc/k/ca.crt");
    QTest::newRow("cluster-scoped, CA")
        << persistentVolumes()
        << makeObject({}, QStringLiteral("pv-1"), {}, {}, QStringLiteral("1"), false,
                      QStringLiteral("PersistentVolume"))
        << tls << int(KubectlVerb::Describe)
        << "kubectl describe persistentvolume pv-1 --server https://10.0.0.1:6443 "
           "--certificate-authority /etc/k/ca.crt";
}

void TestKubectlCommand::commandNamesTheKindTheObjectsAndTheCluster()
{
    QFETCH(KindInfo, kind);
    QFETCH(KubeObject, object);
    QFETCH(KubectlTarget, target);
    QFETCH(int, verb);
    QFETCH(QString, command);
    QVERIFY(!object.name().isEmpty());
    QCOMPARE(kubectlCommand(KubectlVerb(verb), kind, {object}, target), command);
}

// kubectl takes several names of one namespace; another namespace is another
// command.
void TestKubectlCommand::objectsOfSeveralNamespacesGetOneLineEach()
{
    const QList<KubeObject> objects{makeObject(QStringLiteral("web"), QStringLiteral("web-1")),
                                    makeObject(QStringLiteral("db"), QStringLiteral("pg-0")),
                                    makeObject(QStringLiteral("web"), QStringLiteral("web-2"))};
    QCOMPARE(kubectlCommand(KubectlVerb::GetYaml, pods(), objects,
                            contextTarget(QStringLiteral("prod"))),
             QStringLiteral("kubectl get pod web-1 web-2 -n web -o yaml --context prod\n"
                            "kubectl get pod pg-0 -n db -o yaml --context prod"));
}

void TestKubectlCommand::noCommandWithoutAWayToTheCluster()
{
    const QList<KubeObject> objects{makeObject(QStringLiteral("web"), QStringLiteral("web-1"))};
    KubectlTarget replay;
    replay.server = QStringLiteral("http://127.0.0.1:41234");
    replay.unavailableReason = QStringLiteral("A replay");
    QCOMPARE(replay.whyUnavailable(), QStringLiteral("A replay"));
    QVERIFY(kubectlCommand(KubectlVerb::GetYaml, pods(), objects, replay).isEmpty());
    QVERIFY(!KubectlTarget().whyUnavailable().isEmpty());
    QVERIFY(kubectlCommand(KubectlVerb::GetYaml, pods(), objects, KubectlTarget()).isEmpty());
}

// A window of several clusters: each row's cluster is its kubeconfig
// context; rows of two clusters are two commands, in the rows' order.
void TestKubectlCommand::rowsOfSeveralClustersReachEachTheirOwn()
{
    KubectlTargets targets;
    for (const QString &context : {QStringLiteral("east"), QStringLiteral("team a")}) {
        KubectlTarget target = contextTarget(context);
        target.kubeconfig = QStringLiteral("/home/me/kc");
        targets.byCluster.insert(context, target);
    }
    const KubeObject web1 = makeObject(QStringLiteral("web"), QStringLiteral("web-1"));
    const KubeObject web2 = makeObject(QStringLiteral("web"), QStringLiteral("web-2"));
    const QList<KubeObject> objects{web1, web1, web2};
    const QStringList keys{clusterRowKey(QStringLiteral("team a"), web1.key()),
                           clusterRowKey(QStringLiteral("east"), web1.key()),
                           clusterRowKey(QStringLiteral("team a"), web2.key())};
    QCOMPARE(targets.whyUnavailable(keys), QString());
    QCOMPARE(kubectlCommand(KubectlVerb::Describe, pods(), objects, keys, targets),
             QStringLiteral("kubectl describe pod web-1 web-2 -n web --context 'team a' "
                            "--kubeconfig /home/me/kc\n"
                            "kubectl describe pod web-1 -n web --context east --kubeconfig "
                            "/home/me/kc"));
    // A cluster kubectl has no way to: no command for rows that include it.
    const QStringList withUnknown{keys.at(1), clusterRowKey(QStringLiteral("west"), web1.key())};
    QCOMPARE(targets.whyUnavailable(withUnknown),
             QStringLiteral("Nothing says how kubectl reaches cluster west"));
    QVERIFY(
        kubectlCommand(KubectlVerb::GetYaml, pods(), {web1, web1}, withUnknown, targets).isEmpty());
    // A window of one cluster: its rows' keys name none, its target serves.
    KubectlTargets one;
    one.single = contextTarget(QStringLiteral("prod"));
    QCOMPARE(kubectlCommand(KubectlVerb::GetYaml, pods(), {web1}, {web1.key()}, one),
             QStringLiteral("kubectl get pod web-1 -n web -o yaml --context prod"));
}

QTEST_MAIN(TestKubectlCommand)
#include "tst_kubectlcommand.moc"
