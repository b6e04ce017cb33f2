// The demo's scheduler and the kubelet of pods nobody owns (sim/scenarios/
// podscheduler.h): a pod made with kubectl run is bound to a node and runs;
// cordoned nodes and nodes without the labels of a pod's nodeSelector take
// no pods, and a pod no node fits stays Pending, saying why as
// kube-scheduler does, until a node fits (uncordoned, labelled).

#include "simfixtures.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kSettleMs = 15000;
const QByteArray kPods = "/api/v1/namespaces/default/pods";

// A pod of nobody's, as kubectl run makes it, with `nodeSelector` (none when empty).
QByteArray barePod(const QString &name, const QJsonObject &nodeSelector = {})
{
    QJsonObject spec{
        {"containers", QJsonArray{QJsonObject{{"name", name}, {"image", "nginx:1.27"}}}}};
    if (!nodeSelector.isEmpty())
        spec.insert("nodeSelector", nodeSelector);
    const QJsonObject pod{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", QJsonObject{{"name", name}, {"labels", QJsonObject{{"run", name}}}}},
        {"spec", spec}};
    return QJsonDocument(pod).toJson(QJsonDocument::Compact);
}

QJsonObject podNamed(quint16 port, const QByteArray &name)
{
    return get(port, kPods + '/' + name).json();
}

QString nodeOf(const QJsonObject &pod)
{
    return pod.value("spec").toObject().value("nodeName").toString();
}

QString phaseOf(const QJsonObject &pod)
{
    return pod.value("status").toObject().value("phase").toString();
}

// The message of the pod's PodScheduled condition when it is False.
QString unschedulableMessage(const QJsonObject &pod)
{
    for (const QJsonValue &condition :
         pod.value("status").toObject().value("conditions").toArray()) {
        const QJsonObject fields = condition.toObject();
        if (fields.value("type") == QLatin1String("PodScheduled") &&
            fields.value("status") == QLatin1String("False"))
            return fields.value("message").toString();
    }
    return {};
}

Response patchNode(quint16 port, const QByteArray &node, const QByteArray &patch)
{
    return mergePatch(port, "/api/v1/nodes/" + node, patch);
}

QStringList eventReasonsFor(quint16 port, const QString &podName)
{
    QStringList reasons;
    const QJsonArray events =
        get(port, "/api/v1/namespaces/default/events?fieldSelector=involvedObject.name%3D" +
                      podName.toUtf8())
            .json()
            .value("items")
            .toArray();
    for (const QJsonValue &event : events)
        reasons.append(event.toObject().value("reason").toString());
    return reasons;
}

} // namespace

class TestSimScheduler : public QObject
{
    Q_OBJECT

private slots:
    void aPodOfNobodysIsScheduledAndRuns();
    void cordonedNodesTakeNoPodsUntilUncordoned();
    void aNodeSelectorIsHonoured();
    void aPodAskingForAResourceNoNodeHasWaits();
    void aStartedPodKeepsTheQosClassOfItsResources();
};

void TestSimScheduler::aPodOfNobodysIsScheduledAndRuns()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {}, barePod("bare")).status, 201);
    QTRY_COMPARE_WITH_TIMEOUT(phaseOf(podNamed(port, "bare")), QStringLiteral("Running"),
                              kSettleMs);
    QVERIFY(nodeOf(podNamed(port, "bare")).startsWith(QLatin1String("node-")));
    const QStringList reasons = eventReasonsFor(port, QStringLiteral("bare"));
    QVERIFY2(reasons.contains("Scheduled") && reasons.contains("Started"),
             qPrintable(reasons.join(u' ')));
}

void TestSimScheduler::cordonedNodesTakeNoPodsUntilUncordoned()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    for (const char *node : {"node-0", "node-1", "node-2"})
        QCOMPARE(patchNode(port, node, R"({"spec":{"unschedulable":true}})").status, 200);
    QCOMPARE(request(port, "POST", kPods, {}, barePod("waits")).status, 201);
    QTRY_COMPARE_WITH_TIMEOUT(unschedulableMessage(podNamed(port, "waits")),
                              QStringLiteral("0/3 nodes are available: 3 node(s) were "
                                             "unschedulable. preemption: 0/3 nodes are available: "
                                             "3 Preemption is not helpful for scheduling."),
                              kSettleMs);
    QCOMPARE(phaseOf(podNamed(port, "waits")), QStringLiteral("Pending"));
    QVERIFY(nodeOf(podNamed(port, "waits")).isEmpty());
    QVERIFY(eventReasonsFor(port, QStringLiteral("waits")).contains("FailedScheduling"));

    QCOMPARE(patchNode(port, "node-1", R"({"spec":{"unschedulable":null}})").status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(phaseOf(podNamed(port, "waits")), QStringLiteral("Running"),
                              kSettleMs);
    QCOMPARE(nodeOf(podNamed(port, "waits")), QStringLiteral("node-1"));
    QVERIFY(unschedulableMessage(podNamed(port, "waits")).isEmpty());
}

void TestSimScheduler::aNodeSelectorIsHonoured()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {}, barePod("ssd", QJsonObject{{"disk", "ssd"}})).status,
             201);
    QTRY_VERIFY_WITH_TIMEOUT(unschedulableMessage(podNamed(port, "ssd"))
                                 .startsWith(QLatin1String("0/3 nodes are available: 3 node(s) "
                                                           "didn't match Pod's node "
                                                           "affinity/selector.")),
                             kSettleMs);

    QCOMPARE(patchNode(port, "node-2", R"({"metadata":{"labels":{"disk":"ssd"}}})").status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(phaseOf(podNamed(port, "ssd")), QStringLiteral("Running"), kSettleMs);
    QCOMPARE(nodeOf(podNamed(port, "ssd")), QStringLiteral("node-2"));
}

// The count as a manifest often writes it, a number ("nvidia.com/gpu": 1).
void TestSimScheduler::aPodAskingForAResourceNoNodeHasWaits()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QJsonObject pod = QJsonDocument::fromJson(barePod("gpu")).object();
    QJsonObject spec = pod.value("spec").toObject();
    QJsonObject container = spec.value("containers").toArray().first().toObject();
    container.insert("resources", QJsonObject{{"limits", QJsonObject{{"nvidia.com/gpu", 1}}}});
    spec.insert("containers", QJsonArray{container});
    pod.insert("spec", spec);
    QCOMPARE(
        request(port, "POST", kPods, {}, QJsonDocument(pod).toJson(QJsonDocument::Compact)).status,
        201);
    QTRY_COMPARE_WITH_TIMEOUT(unschedulableMessage(podNamed(port, "gpu")),
                              QStringLiteral("0/3 nodes are available: 3 Insufficient "
                                             "nvidia.com/gpu. preemption: 0/3 nodes are "
                                             "available: 3 No preemption victims found for "
                                             "incoming pod."),
                              kSettleMs);
    QVERIFY(nodeOf(podNamed(port, "gpu")).isEmpty());
}

// The API server's qosClass (from requests and limits) stays when the
// kubelet reports the pod running; it was always BestEffort.
void TestSimScheduler::aStartedPodKeepsTheQosClassOfItsResources()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QJsonObject pod = QJsonDocument::fromJson(barePod("sized")).object();
    QJsonObject spec = pod.value("spec").toObject();
    QJsonObject container = spec.value("containers").toArray().first().toObject();
    container.insert("resources", QJsonObject{{"requests", QJsonObject{{"cpu", "100m"}}},
                                              {"limits", QJsonObject{{"cpu", "500m"}}}});
    spec.insert("containers", QJsonArray{container});
    pod.insert("spec", spec);
    QCOMPARE(
        request(port, "POST", kPods, {}, QJsonDocument(pod).toJson(QJsonDocument::Compact)).status,
        201);
    QTRY_COMPARE_WITH_TIMEOUT(phaseOf(podNamed(port, "sized")), QStringLiteral("Running"),
                              kSettleMs);
    QCOMPARE(podNamed(port, "sized").value("status").toObject().value("qosClass").toString(),
             QStringLiteral("Burstable"));
}

QTEST_GUILESS_MAIN(TestSimScheduler)
#include "tst_simscheduler.moc"
