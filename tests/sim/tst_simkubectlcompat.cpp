// The real kubectl against a demo simulator, for commands a user runs beyond
// get and apply: delete --cascade=orphan keeps the dependents, logs, exec and
// port-forward fail the way a cluster whose kubelets cannot be reached does
// (after the API server's own checks), and auth can-i answers from the
// simulator's own access rules; events that repeat (a series) are read by
// kubectl events and describe; server-side dry runs (diff, scale, apply)
// answer the object the write would store and change nothing.

#include "kubectlrunner.h"
#include "simfixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
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
    void logsAreRefusedForTheSimulatedNode();
    void logsCheckTheContainerName();
    void logsOfAnUnscheduledPodAreEmpty();
    void execAndPortForwardFailCleanly();
    void authCanIAllowsWhatTheSimulatorServes();
    void authCanIRefusesNamespacesTheSimulatorHides();
    void eventsOfASeriesAreReadByEventsAndDescribe();
    void serverDryRunShowsTheChangeWithoutMakingIt();

private:
    // The JSON of `kubectl get <arguments> -o json`.
    QJsonObject getJson(const QStringList &arguments);
    // The name of a Running pod of the demo's web namespace.
    QString runningWebPod();

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

void TestSimKubectlCompat::deleteWithCascadeOrphanKeepsTheDependents()
{
    const QString path = m_kubectl.file(QStringLiteral("orphans.yaml"), R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: orphans
  namespace: default
spec:
  replicas: 1
  selector: {matchLabels: {app: orphans}}
  template:
    metadata: {labels: {app: orphans}}
    spec:
      containers: [{name: web, image: nginx:1.27}]
)");
    int code = -1;
    QString out = m_kubectl.run({"apply", "-f", path}, &code);
    QCOMPARE(code, 0);
    out = m_kubectl.run({"rollout", "status", "deployment/orphans", "--timeout=60s"}, &code);
    QVERIFY2(code == 0, qPrintable(out));

    out = m_kubectl.run({"delete", "deployment", "orphans", "--cascade=orphan"}, &code);
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
