// The real kubectl against a demo simulator, for commands a user runs beyond
// get and apply: delete --cascade=orphan keeps the dependents and
// --cascade=foreground deletes them before their owner, logs, exec and
// port-forward fail the way a cluster whose kubelets cannot be reached does
// (after the API server's own checks), and auth can-i answers from the
// simulator's own access rules and auth whoami names the user (and a client
// certificate by its SHA-256, as kube-apiserver's credential ID); describe node
// shows the kubelets' heartbeats (node Leases, renewed); the demo's failing
// pods come from Deployments that exist; events that repeat (a series) are read by
// kubectl events and describe; server-side dry runs (diff, scale, apply,
// delete) answer the object the write would store and change nothing.

#include "kubectlrunner.h"
#include "simfixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QSslSocket>
#include <QTest>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimKubectlCompat : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void deleteWithCascadeOrphanKeepsTheDependents();
    void deleteWithCascadeForegroundDeletesTheOwnerLast();
    void logsAreRefusedForTheSimulatedNode();
    void logsCheckTheContainerName();
    void logsOfAnUnscheduledPodAreEmpty();
    void execAndPortForwardFailCleanly();
    void authCanIAllowsWhatTheSimulatorServes();
    void authCanIRefusesNamespacesTheSimulatorHides();
    void authWhoamiNamesTheUser();
    void authWhoamiNamesTheClientCertificatesSubject();
    void eventsOfASeriesAreReadByEventsAndDescribe();
    void describeNodeShowsTheKubeletsHeartbeat();
    void nodeLeasesAndHeartbeatsAreRenewed();
    void theDemosFailingPodsHaveTheirOwners();
    void serverDryRunShowsTheChangeWithoutMakingIt();

private:
    // The JSON of `kubectl get <arguments> -o json`.
    QJsonObject getJson(const QStringList &arguments);
    // The name of a Running pod of the demo's web namespace.
    QString runningWebPod();
    // A one-replica Deployment `name` (label app=name) in default, applied
    // with kubectl and rolled out; empty when it is, else kubectl's words.
    QString rolledOutDeployment(const QString &name);
    // The events of `watch` up to and with its first DELETED one.
    static QList<QJsonObject> eventsUntilDeleted(Watch &watch);

    std::unique_ptr<Simulator> m_sim;
    KubectlRunner m_kubectl;
};

void TestSimKubectlCompat::initTestCase()
{
    startSimulatorForKubectl(m_sim, m_kubectl);
}

void TestSimKubectlCompat::cleanupTestCase()
{
    if (m_sim)
        m_sim->stop();
}

QJsonObject TestSimKubectlCompat::getJson(const QStringList &arguments)
{
    int code = -1;
    const QString out = m_kubectl.run(
        QStringList{QStringLiteral("get")} + arguments + QStringList{"-o", "json"}, &code);
    if (code != 0)
        qWarning("kubectl get failed: %s", qPrintable(out));
    return QJsonDocument::fromJson(out.toUtf8()).object();
}

QString TestSimKubectlCompat::rolledOutDeployment(const QString &name)
{
    const QString path =
        m_kubectl.file(name + QStringLiteral(".yaml"), QStringLiteral(R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: %1
  namespace: default
spec:
  replicas: 1
  selector: {matchLabels: {app: %1}}
  template:
    metadata: {labels: {app: %1}}
    spec:
      containers: [{name: web, image: nginx:1.27}]
)")
                                                           .arg(name)
                                                           .toUtf8());
    int code = -1;
    QString out = m_kubectl.run({"apply", "-f", path}, &code);
    if (code != 0)
        return out;
    out = m_kubectl.run({"rollout", "status", "deployment/" + name, "--timeout=60s"}, &code);
    return code == 0 ? QString() : out;
}

QString TestSimKubectlCompat::runningWebPod()
{
    const QJsonObject list = getJson({"pods", "-n", "web", "-l", "app=api"});
    for (const QJsonValue &item : list.value(QLatin1String("items")).toArray()) {
        const QJsonObject pod = item.toObject();
        if (pod.value(QLatin1String("status")).toObject().value(QLatin1String("phase")) ==
            QLatin1String("Running"))
            return pod.value(QLatin1String("metadata"))
                .toObject()
                .value(QLatin1String("name"))
                .toString();
    }
    return QString();
}

QList<QJsonObject> TestSimKubectlCompat::eventsUntilDeleted(Watch &watch)
{
    QList<QJsonObject> events;
    while (events.isEmpty() || events.last().value("type") != QLatin1String("DELETED")) {
        const QList<QJsonObject> next = watch.next(1);
        if (next.isEmpty())
            break;
        events += next;
    }
    return events;
}

void TestSimKubectlCompat::deleteWithCascadeForegroundDeletesTheOwnerLast()
{
    const QString rolledOut = rolledOutDeployment(QStringLiteral("foreground"));
    QVERIFY2(rolledOut.isEmpty(), qPrintable(rolledOut));
    const QByteArray from = rvOf(getJson({"deployment", "foreground"})).toUtf8();
    QVERIFY(!from.isEmpty());
    Watch deployments(m_sim->port(), "/apis/apps/v1/namespaces/default/deployments?watch=1&"
                                     "fieldSelector=metadata.name%3Dforeground&resourceVersion=" +
                                         from);
    Watch sets(m_sim->port(), "/apis/apps/v1/namespaces/default/replicasets?watch=1&"
                              "labelSelector=app%3Dforeground&resourceVersion=" +
                                  from);
    Watch pods(m_sim->port(), "/api/v1/namespaces/default/pods?watch=1&"
                              "labelSelector=app%3Dforeground&resourceVersion=" +
                                  from);
    QVERIFY(deployments.ok() && sets.ok() && pods.ok());

    // kubectl waits until the deployment is gone.
    int code = -1;
    const QString out =
        m_kubectl.run({"delete", "deployment", "foreground", "--cascade=foreground"}, &code);
    QVERIFY2(code == 0, qPrintable(out));

    // The owners stayed visible, marked and waiting on the foregroundDeletion
    // finalizer, until their dependents were gone: pod, then replica set,
    // then deployment.
    const auto waitedForDependents = [](const QList<QJsonObject> &events) {
        if (events.size() < 2 || events.first().value("type") != QLatin1String("MODIFIED"))
            return false;
        const QJsonObject metadata =
            events.first().value("object").toObject().value("metadata").toObject();
        return metadata.contains(QLatin1String("deletionTimestamp")) &&
               metadata.value("finalizers")
                   .toArray()
                   .contains(QJsonValue(QStringLiteral("foregroundDeletion")));
    };
    const auto deletedAt = [](const QList<QJsonObject> &events) {
        if (events.isEmpty() || events.last().value("type") != QLatin1String("DELETED"))
            return quint64(0);
        return rvOf(events.last().value("object").toObject()).toULongLong();
    };
    const QList<QJsonObject> deploymentEvents = eventsUntilDeleted(deployments);
    const QList<QJsonObject> setEvents = eventsUntilDeleted(sets);
    const QList<QJsonObject> podEvents = eventsUntilDeleted(pods);
    QVERIFY(waitedForDependents(deploymentEvents));
    QVERIFY(waitedForDependents(setEvents));
    const quint64 podDeleted = deletedAt(podEvents);
    const quint64 setDeleted = deletedAt(setEvents);
    const quint64 deploymentDeleted = deletedAt(deploymentEvents);
    QVERIFY(podDeleted != 0);
    QVERIFY2(podDeleted < setDeleted,
             qPrintable(QStringLiteral("pod %1, replica set %2").arg(podDeleted).arg(setDeleted)));
    QVERIFY2(setDeleted < deploymentDeleted,
             qPrintable(QStringLiteral("replica set %1, deployment %2")
                            .arg(setDeleted)
                            .arg(deploymentDeleted)));
    QVERIFY(getJson({"replicasets", "-l", "app=foreground"}).value("items").toArray().isEmpty());
}

void TestSimKubectlCompat::deleteWithCascadeOrphanKeepsTheDependents()
{
    const QString rolledOut = rolledOutDeployment(QStringLiteral("orphans"));
    QVERIFY2(rolledOut.isEmpty(), qPrintable(rolledOut));
    int code = -1;
    QString out = m_kubectl.run({"delete", "deployment", "orphans", "--cascade=orphan"}, &code);
    QVERIFY2(code == 0, qPrintable(out));

    // The replica set stays, no longer owned; its pod is not being deleted.
    const QJsonArray sets =
        getJson({"replicasets", "-l", "app=orphans"}).value(QLatin1String("items")).toArray();
    QCOMPARE(sets.size(), 1);
    const QJsonObject setMetadata =
        sets.first().toObject().value(QLatin1String("metadata")).toObject();
    QVERIFY(!setMetadata.contains(QLatin1String("deletionTimestamp")));
    QVERIFY(setMetadata.value(QLatin1String("ownerReferences")).toArray().isEmpty());
    const QJsonArray pods =
        getJson({"pods", "-l", "app=orphans"}).value(QLatin1String("items")).toArray();
    QCOMPARE(pods.size(), 1);
    QVERIFY(!pods.first()
                 .toObject()
                 .value(QLatin1String("metadata"))
                 .toObject()
                 .contains(QLatin1String("deletionTimestamp")));

    // Orphaning the pod too: it keeps running without an owner.
    const QString setName = setMetadata.value(QLatin1String("name")).toString();
    out = m_kubectl.run({"delete", "replicaset", setName, "--cascade=orphan"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    const QJsonObject podMetadata = getJson({"pods", "-l", "app=orphans"})
                                        .value(QLatin1String("items"))
                                        .toArray()
                                        .first()
                                        .toObject()
                                        .value(QLatin1String("metadata"))
                                        .toObject();
    QVERIFY(!podMetadata.isEmpty());
    QVERIFY(!podMetadata.contains(QLatin1String("deletionTimestamp")));
    QVERIFY(podMetadata.value(QLatin1String("ownerReferences")).toArray().isEmpty());
}

void TestSimKubectlCompat::logsAreRefusedForTheSimulatedNode()
{
    const QString pod = runningWebPod();
    QVERIFY(!pod.isEmpty());
    int code = -1;
    const QString out = m_kubectl.run({"logs", "-n", "web", pod}, &code);
    QVERIFY2(code != 0, qPrintable(out));
    QVERIFY2(out.startsWith(QStringLiteral("Error from server: ")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("kubelet")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("simulated")), qPrintable(out));

    const QString missing = m_kubectl.run({"logs", "-n", "web", "no-such-pod"}, &code);
    QVERIFY(code != 0);
    QVERIFY2(missing.contains(QStringLiteral("pods \"no-such-pod\" not found")),
             qPrintable(missing));
}

void TestSimKubectlCompat::logsCheckTheContainerName()
{
    // kubectl logs checks the name itself; the server's check is for other
    // clients, seen through kubectl get --raw.
    const QString pod = runningWebPod();
    QVERIFY(!pod.isEmpty());
    int code = -1;
    const QString out = m_kubectl.run(
        {"get", "--raw", "/api/v1/namespaces/web/pods/" + pod + "/log?container=nope"}, &code);
    QVERIFY(code != 0);
    QVERIFY2(out.contains(QStringLiteral("Error from server (BadRequest): container nope is not "
                                         "valid for pod %1")
                              .arg(pod)),
             qPrintable(out));
}

void TestSimKubectlCompat::logsOfAnUnscheduledPodAreEmpty()
{
    // As kube-apiserver: no node, so no kubelet to ask and nothing to show.
    const QJsonArray pods =
        getJson({"pods", "-n", "web", "-l", "app=gpu-inference"}).value("items").toArray();
    QCOMPARE(pods.size(), 1);
    const QString pod =
        pods.first().toObject().value("metadata").toObject().value("name").toString();
    int code = -1;
    const QString out = m_kubectl.run({"logs", "-n", "web", pod}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QCOMPARE(out, QString());
}

void TestSimKubectlCompat::execAndPortForwardFailCleanly()
{
    const QString pod = runningWebPod();
    QVERIFY(!pod.isEmpty());
    int code = -1;
    const QString exec = m_kubectl.run({"exec", "-n", "web", pod, "--", "ls"}, &code);
    QVERIFY2(code != 0, qPrintable(exec));
    QVERIFY2(exec.contains(QStringLiteral("kubelet")), qPrintable(exec));
    QVERIFY2(exec.contains(QStringLiteral("simulated")), qPrintable(exec));
    QVERIFY2(!exec.contains(QStringLiteral("MethodNotAllowed")), qPrintable(exec));

    const QString forward =
        m_kubectl.run({"port-forward", "-n", "web", "pod/" + pod, "0:8080"}, &code);
    QVERIFY2(code != 0, qPrintable(forward));
    QVERIFY2(forward.contains(QStringLiteral("simulated")), qPrintable(forward));
}

void TestSimKubectlCompat::authCanIAllowsWhatTheSimulatorServes()
{
    int code = -1;
    QString out = m_kubectl.run({"auth", "can-i", "list", "pods"}, &code);
    QCOMPARE(out.trimmed(), QStringLiteral("yes"));
    QCOMPARE(code, 0);
    out = m_kubectl.run({"auth", "can-i", "delete", "deployments", "-n", "web"}, &code);
    QCOMPARE(out.trimmed(), QStringLiteral("yes"));
    QCOMPARE(code, 0);
    out = m_kubectl.run({"auth", "can-i", "--list", "-n", "web"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY2(
        out.contains(QRegularExpression(QStringLiteral("\\n\\*\\.\\* +\\[\\] +\\[\\] +\\[\\*\\]"))),
        qPrintable(out));
}

void TestSimKubectlCompat::authCanIRefusesNamespacesTheSimulatorHides()
{
    SimOptions options;
    options.readableNamespaces = {QStringLiteral("web")};
    const auto restricted = startSim(options);
    QVERIFY(restricted->port() != 0);
    KubectlRunner kubectl;
    QVERIFY(kubectl.setUp(restricted->url()));
    int code = -1;
    QString out = kubectl.run({"auth", "can-i", "list", "pods", "-n", "web"}, &code);
    QCOMPARE(out.trimmed(), QStringLiteral("yes"));
    QCOMPARE(code, 0);
    out = kubectl.run({"auth", "can-i", "list", "pods", "-n", "payments"}, &code);
    QCOMPARE(out.trimmed(), QStringLiteral("no"));
    QCOMPARE(code, 1);
    out = kubectl.run({"auth", "can-i", "list", "pods", "-A"}, &code);
    QCOMPARE(out.trimmed(), QStringLiteral("no"));
    // Nodes are not in any namespace, so not in a readable one.
    // (kubectl warns first that nodes are not namespaced.)
    out = kubectl.run({"auth", "can-i", "list", "nodes", "-n", "web"}, &code);
    QCOMPARE(out.trimmed().split(QLatin1Char('\n')).last(), QStringLiteral("no"));
    out = kubectl.run({"auth", "can-i", "delete", "pods", "-n", "payments"}, &code);
    QCOMPARE(out.trimmed(), QStringLiteral("yes"));
    restricted->stop();
}

void TestSimKubectlCompat::authWhoamiNamesTheUser()
{
    int code = -1;
    QString out = m_kubectl.run({"auth", "whoami", "-o", "json"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    const QJsonObject review = QJsonDocument::fromJson(out.toUtf8()).object();
    QCOMPARE(review.value("apiVersion"), QJsonValue(QStringLiteral("authentication.k8s.io/v1")));
    QCOMPARE(review.value("kind"), QJsonValue(QStringLiteral("SelfSubjectReview")));
    const QJsonObject user = review.value("status").toObject().value("userInfo").toObject();
    QCOMPARE(user.value("username"), QJsonValue(QStringLiteral("informant-sim")));
    QVERIFY2(user.value("groups").toArray().contains(QJsonValue(QStringLiteral("system:masters"))),
             qPrintable(out));
    // No certificate, no credential to name.
    QVERIFY2(!user.contains(QLatin1String("extra")), qPrintable(out));

    out = m_kubectl.run({"auth", "whoami"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^Username +informant-sim$"),
                                             QRegularExpression::MultilineOption)),
             qPrintable(out));

    out = m_kubectl.run({"api-resources", "--api-group=authentication.k8s.io", "--no-headers"},
                        &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(
                 QStringLiteral("^selfsubjectreviews +authentication\\.k8s\\.io/v1 +false +"
                                "SelfSubjectReview$"),
                 QRegularExpression::MultilineOption)),
             qPrintable(out));
}

void TestSimKubectlCompat::authWhoamiNamesTheClientCertificatesSubject()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt was built without TLS support: the TLS server cannot be tested here");
    // As kube-apiserver's x509 authenticator: the common name is the user,
    // each organization a group.
    const auto data = [](const char *name) {
        return qEnvironmentVariable("INFORMANT_SOURCE_DIR", QStringLiteral(".")) +
               QStringLiteral("/tests/sim/data/") + QLatin1String(name);
    };
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.tlsCert = data("server.crt");
    options.tlsKey = data("server.key");
    options.clientCa = data("ca.crt");
    Simulator simulator;
    const auto started = simulator.start(options);
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    KubeconfigFor client;
    client.url = simulator.url();
    client.caFile = data("ca.crt");
    client.clientCertFile = data("client.crt");
    client.clientKeyFile = data("client.key");
    KubectlRunner kubectl;
    QVERIFY(kubectl.setUp(client));
    int code = -1;
    const QString out = kubectl.run({"auth", "whoami", "-o", "json"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    const QJsonObject user = QJsonDocument::fromJson(out.toUtf8())
                                 .object()
                                 .value("status")
                                 .toObject()
                                 .value("userInfo")
                                 .toObject();
    QCOMPARE(user.value("username"), QJsonValue(QStringLiteral("tester")));
    QCOMPARE(user.value("groups").toArray(), (QJsonArray{QStringLiteral("system:masters"),
                                                         QStringLiteral("system:authenticated")}));
    // And, as its credential ID, the SHA-256 of the certificate.
    const QList<QSslCertificate> certificates = QSslCertificate::fromPath(data("client.crt"));
    QCOMPARE(certificates.size(), 1);
    const QString credentialId =
        QStringLiteral("X509SHA256=") +
        QString::fromLatin1(certificates.first().digest(QCryptographicHash::Sha256).toHex());
    QCOMPARE(
        user.value("extra").toObject(),
        (QJsonObject{{"authentication.kubernetes.io/credential-id", QJsonArray{credentialId}}}));
    const QString table = kubectl.run({"auth", "whoami"}, &code);
    QVERIFY2(code == 0, qPrintable(table));
    QVERIFY2(table.contains(QRegularExpression(
                 QStringLiteral("^Extra: authentication\\.kubernetes\\.io/credential-id +\\[%1\\]$")
                     .arg(credentialId),
                 QRegularExpression::MultilineOption)),
             qPrintable(table));
    simulator.stop();
}

void TestSimKubectlCompat::eventsOfASeriesAreReadByEventsAndDescribe()
{
    // The demo's crash-looping pod has had its BackOff event several times:
    // a series, whose lastObservedTime is a MicroTime kubectl parses strictly.
    QString pod;
    for (const QJsonValue &item : getJson({"pods", "-n", "payments"}).value("items").toArray()) {
        const QString name = item.toObject().value("metadata").toObject().value("name").toString();
        if (name.startsWith(QStringLiteral("ledger-worker")))
            pod = name;
    }
    QVERIFY(!pod.isEmpty());
    int code = -1;
    const QString events = m_kubectl.run({"events", "-n", "payments"}, &code);
    QVERIFY2(code == 0, qPrintable(events));
    QVERIFY2(events.contains(QStringLiteral("BackOff")), qPrintable(events));

    const QString described = m_kubectl.run({"describe", "pod", "-n", "payments", pod}, &code);
    QVERIFY2(code == 0, qPrintable(described));
    const qsizetype eventsAt = described.indexOf(QStringLiteral("\nEvents:"));
    QVERIFY2(eventsAt >= 0, qPrintable(described));
    QVERIFY2(described.indexOf(QStringLiteral("BackOff"), eventsAt) > eventsAt,
             qPrintable(described.mid(eventsAt)));
}

void TestSimKubectlCompat::describeNodeShowsTheKubeletsHeartbeat()
{
    int code = -1;
    const QString out = m_kubectl.run({"describe", "node", "node-0"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    // Go's zero time is what a condition without its times shows.
    QVERIFY2(!out.contains(QStringLiteral("01 Jan 0001")), qPrintable(out));
    // Heartbeat and transition times, each as RFC 1123 with a zone offset.
    const QString time = QStringLiteral("\\w{3}, \\d{2} \\w{3} \\d{4} [\\d:]{8} [+-]\\d{4}");
    const QRegularExpression ready(
        QStringLiteral("^  Ready +True +%1 +%1 +KubeletReady ").arg(time),
        QRegularExpression::MultilineOption);
    QVERIFY2(ready.match(out).hasMatch(), qPrintable(out));
    QVERIFY2(
        out.contains(QRegularExpression(QStringLiteral("^Lease:\\n  HolderIdentity: +node-0\\n"),
                                        QRegularExpression::MultilineOption)),
        qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^  RenewTime: +%1$").arg(time),
                                             QRegularExpression::MultilineOption)),
             qPrintable(out));
}

void TestSimKubectlCompat::nodeLeasesAndHeartbeatsAreRenewed()
{
    SimOptions options;
    options.nodeLeaseRenewMs = 100; // the kubelet's 10 s, sped up
    const auto sim = startSim(options);
    QVERIFY(sim->port() != 0);
    KubectlRunner kubectl;
    QVERIFY(kubectl.setUp(sim->url()));
    int code = -1;
    QString out = kubectl.run({"get", "leases", "-n", "kube-node-lease", "-o", "json"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    const QJsonArray leases =
        QJsonDocument::fromJson(out.toUtf8()).object().value("items").toArray();
    QStringList holders;
    for (const QJsonValue &item : leases) {
        const QJsonObject lease = item.toObject();
        const QString name = nameOf(lease);
        QCOMPARE(lease.value("spec").toObject().value("holderIdentity").toString(), name);
        const QJsonObject owner = lease.value("metadata")
                                      .toObject()
                                      .value("ownerReferences")
                                      .toArray()
                                      .first()
                                      .toObject();
        QCOMPARE(owner.value("kind").toString(), QStringLiteral("Node"));
        QCOMPARE(owner.value("name").toString(), name);
        holders.append(name);
    }
    QCOMPARE(holders, (QStringList{"node-0", "node-1", "node-2"}));

    const auto renewTime = [](const QJsonObject &lease) {
        return lease.value("spec").toObject().value("renewTime").toString();
    };
    const auto heartbeat = [](const QJsonObject &node) {
        for (const QJsonValue &condition :
             node.value("status").toObject().value("conditions").toArray()) {
            if (condition.toObject().value("type") == QLatin1String("Ready"))
                return QDateTime::fromString(
                    condition.toObject().value("lastHeartbeatTime").toString(), Qt::ISODate);
        }
        return QDateTime();
    };
    out = kubectl.run({"get", "lease", "-n", "kube-node-lease", "node-0", "-o", "json"}, &code);
    const QJsonObject lease = QJsonDocument::fromJson(out.toUtf8()).object();
    QVERIFY2(!renewTime(lease).isEmpty(), qPrintable(out));
    out = kubectl.run({"get", "node", "node-0", "-o", "json"}, &code);
    const QJsonObject node = QJsonDocument::fromJson(out.toUtf8()).object();
    QVERIFY2(heartbeat(node).isValid(), qPrintable(out));

    Watch leaseWatch(sim->port(), "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?"
                                  "watch=1&fieldSelector=metadata.name%3Dnode-0&resourceVersion=" +
                                      rvOf(lease).toUtf8());
    const QList<QJsonObject> renewed = leaseWatch.next(1);
    QCOMPARE(renewed.size(), 1);
    QCOMPARE(renewed.first().value("type").toString(), QStringLiteral("MODIFIED"));
    QVERIFY(renewTime(renewed.first().value("object").toObject()) > renewTime(lease));

    // The node's own status is reported less often (every 5 min for 10 s
    // leases); its heartbeat time moves on.
    Watch nodeWatch(sim->port(), "/api/v1/nodes?watch=1&fieldSelector=metadata.name%3Dnode-0&"
                                 "resourceVersion=" +
                                     rvOf(node).toUtf8());
    QDateTime reported;
    while (!(reported > heartbeat(node))) {
        const QList<QJsonObject> events = nodeWatch.next(1);
        QVERIFY(!events.isEmpty());
        reported = heartbeat(events.first().value("object").toObject());
    }

    // The scenarios whose writes are counted have no heartbeat.
    SimOptions counted;
    counted.scenario = QStringLiteral("scale");
    counted.pods = 100;
    counted.nodeLeaseRenewMs = 100;
    const auto scale = startSim(counted);
    KubectlRunner scaleKubectl;
    QVERIFY(scaleKubectl.setUp(scale->url()));
    out = scaleKubectl.run({"get", "leases", "-A", "-o", "name"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QCOMPARE(out, QString());
    scale->stop();
    sim->stop();
}

void TestSimKubectlCompat::theDemosFailingPodsHaveTheirOwners()
{
    // The crash-looping pod and the one no node can take come from
    // Deployments, through ReplicaSets, that exist; neither is ready.
    const QList<QPair<QString, QString>> failing{{"payments", "ledger-worker"},
                                                 {"web", "gpu-inference"}};
    for (const auto &[ns, app] : failing) {
        const QJsonArray pods =
            getJson({"pods", "-n", ns, "-l", "app=" + app}).value("items").toArray();
        QCOMPARE(pods.size(), 1);
        const QJsonObject pod = pods.first().toObject();
        const QJsonObject podOwner =
            pod.value("metadata").toObject().value("ownerReferences").toArray().first().toObject();
        QCOMPARE(podOwner.value("kind").toString(), QStringLiteral("ReplicaSet"));
        const QJsonObject set =
            getJson({"replicaset", "-n", ns, podOwner.value("name").toString()});
        QCOMPARE(set.value("metadata").toObject().value("uid"), podOwner.value("uid"));
        const QJsonObject setOwner =
            set.value("metadata").toObject().value("ownerReferences").toArray().first().toObject();
        QCOMPARE(setOwner.value("kind").toString(), QStringLiteral("Deployment"));
        QCOMPARE(setOwner.value("name").toString(), app);
        const QJsonObject deployment = getJson({"deployment", "-n", ns, app});
        QCOMPARE(deployment.value("metadata").toObject().value("uid"), setOwner.value("uid"));
        const QJsonObject status = deployment.value("status").toObject();
        QCOMPARE(status.value("replicas").toInt(), 1);
        QCOMPARE(status.value("readyReplicas").toInt(), 0);
        QCOMPARE(set.value("status").toObject().value("readyReplicas").toInt(), 0);
    }
    // Still failing: the controllers left them as they were.
    const QJsonObject pending = getJson({"pods", "-n", "web", "-l", "app=gpu-inference"})
                                    .value("items")
                                    .toArray()
                                    .first()
                                    .toObject();
    QCOMPARE(pending.value("status").toObject().value("phase").toString(),
             QStringLiteral("Pending"));
    QVERIFY(pending.value("spec").toObject().value("nodeName").toString().isEmpty());
    int code = -1;
    const QString out =
        m_kubectl.run({"get", "pods", "-n", "payments", "-l", "app=ledger-worker"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("CrashLoopBackOff")) ||
                 out.contains(QStringLiteral("Error")),
             qPrintable(out));
}

void TestSimKubectlCompat::serverDryRunShowsTheChangeWithoutMakingIt()
{
    const QByteArray deployment = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: preview
  namespace: default
spec:
  replicas: 1
  selector: {matchLabels: {app: preview}}
  template:
    metadata: {labels: {app: preview}}
    spec:
      containers: [{name: web, image: nginx:1.27}]
)";
    const QString applied = m_kubectl.file(QStringLiteral("preview.yaml"), deployment);
    int code = -1;
    QString out = m_kubectl.run({"apply", "-f", applied}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    out = m_kubectl.run({"rollout", "status", "deployment/preview", "--timeout=60s"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    const QJsonObject before = getJson({"deployment", "preview"});
    const QString rvBefore = rvOf(before);
    QVERIFY(!rvBefore.isEmpty());

    out = m_kubectl.run({"diff", "-f", applied}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QCOMPARE(out, QString());

    QByteArray changedYaml = deployment;
    changedYaml.replace("nginx:1.27", "nginx:1.28");
    const QString changed = m_kubectl.file(QStringLiteral("preview-changed.yaml"), changedYaml);
    out = m_kubectl.run({"diff", "-f", changed}, &code);
    QVERIFY2(code == 1, qPrintable(out)); // 1: differences found
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^-.*image: nginx:1\\.27$"),
                                             QRegularExpression::MultilineOption)),
             qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^\\+.*image: nginx:1\\.28$"),
                                             QRegularExpression::MultilineOption)),
             qPrintable(out));

    out = m_kubectl.run({"apply", "-f", changed, "--dry-run=server", "-o",
                         "jsonpath={.spec.template.spec.containers[0].image}"},
                        &code);
    QVERIFY2(code == 0, qPrintable(out));
    QCOMPARE(out, QStringLiteral("nginx:1.28"));

    out = m_kubectl.run({"diff", "--server-side", "-f", changed}, &code);
    QVERIFY2(code == 1, qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^\\+.*image: nginx:1\\.28$"),
                                             QRegularExpression::MultilineOption)),
             qPrintable(out));

    // kubectl scale prints the Deployment it read before scaling, so the
    // server's dry-run answer for the scale subresource is read through patch.
    out = m_kubectl.run({"patch", "deployment/preview", "--subresource=scale", "--type=merge", "-p",
                         R"({"spec":{"replicas":5}})", "--dry-run=server", "-o",
                         "jsonpath={.spec.replicas}"},
                        &code);
    QVERIFY2(code == 0, qPrintable(out));
    QCOMPARE(out, QStringLiteral("5"));
    out = m_kubectl.run({"scale", "deployment/preview", "--replicas=5", "--dry-run=server"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    // kubectl puts a delete's dryRun in the DeleteOptions body, not the query.
    out = m_kubectl.run({"delete", "deployment/preview", "--dry-run=server"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("(server dry run)")), qPrintable(out));

    const QJsonObject after = getJson({"deployment", "preview"});
    QCOMPARE(rvOf(after), rvBefore);
    QCOMPARE(after.value("spec").toObject().value("replicas").toInt(), 1);
    QCOMPARE(after.value("spec")
                 .toObject()
                 .value("template")
                 .toObject()
                 .value("spec")
                 .toObject()
                 .value("containers")
                 .toArray()
                 .first()
                 .toObject()
                 .value("image")
                 .toString(),
             QStringLiteral("nginx:1.27"));

    // A real change after the dry runs: a watch from before them sees it
    // first, so they sent no event.
    out = m_kubectl.run({"annotate", "deployment/preview", "checked=after-dry-runs"}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    Watch watch(m_sim->port(), "/apis/apps/v1/namespaces/default/deployments?watch=1&"
                               "fieldSelector=metadata.name%3Dpreview&resourceVersion=" +
                                   rvBefore.toUtf8());
    QVERIFY(watch.ok());
    const QList<QJsonObject> events = watch.next(1);
    QCOMPARE(events.size(), 1);
    const QJsonObject seen = events.first().value("object").toObject();
    QCOMPARE(seen.value("metadata").toObject().value("annotations").toObject().value("checked"),
             QJsonValue(QStringLiteral("after-dry-runs")));
    QCOMPARE(seen.value("spec").toObject().value("replicas").toInt(), 1);
}

QTEST_GUILESS_MAIN(TestSimKubectlCompat)
#include "tst_simkubectlcompat.moc"
