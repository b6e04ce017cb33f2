// metadata.generation as kube-apiserver 1.32 keeps it: set to 1 on create
// only for the kinds whose registry strategy does so (workloads, Jobs and
// CronJobs, Ingresses, NetworkPolicies, PodDisruptionBudgets, CRDs, custom
// resources), never for Pods (1.33+), Services, PersistentVolumes/Claims,
// HorizontalPodAutoscalers and the rest; bumped by a spec change only, and
// not created by an update of a kind that has none.

#include "simfixtures.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

const QByteArray kMergePatch = "application/merge-patch+json";

QJsonObject podSpec()
{
    return QJsonObject{
        {"containers", QJsonArray{QJsonObject{{"name", "c"}, {"image", "busybox"}}}}};
}

QJsonObject workloadSpec()
{
    const QJsonObject labels{{"app", "g"}};
    return QJsonObject{{"selector", QJsonObject{{"matchLabels", labels}}},
                       {"template", QJsonObject{{"metadata", QJsonObject{{"labels", labels}}},
                                                {"spec", podSpec()}}}};
}

QByteArray body(const char *kind, const char *apiVersion, const QJsonValue &spec)
{
    QJsonObject object{
        {"apiVersion", apiVersion}, {"kind", kind}, {"metadata", QJsonObject{{"name", "g"}}}};
    if (!spec.isUndefined())
        object.insert(QLatin1String("spec"), spec);
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonValue generationOf(const QJsonObject &object)
{
    return object.value("metadata").toObject().value("generation");
}

} // namespace

class TestSimGeneration : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void createSetsAGenerationOnlyForKindsThatHaveOne_data();
    void createSetsAGenerationOnlyForKindsThatHaveOne();
    void aSpecChangeBumpsItAndOtherChangesDoNot();
    void updatesOfKindsWithoutOneAddNone();
    void customResourcesHaveOne();

private:
    std::unique_ptr<Simulator> m_sim;
    quint16 m_port = 0;
};

void TestSimGeneration::initTestCase()
{
    SimOptions options;
    options.scenario = QStringLiteral("empty"); // no controller writes behind the test's back
    m_sim = startSim(options);
    m_port = m_sim->port();
    QVERIFY(m_port != 0);
}

void TestSimGeneration::cleanupTestCase()
{
    m_sim->stop();
}

void TestSimGeneration::createSetsAGenerationOnlyForKindsThatHaveOne_data()
{
    QTest::addColumn<QByteArray>("collection");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("hasGeneration");
    const QByteArray core = "/api/v1/namespaces/default/";
    const QByteArray apps = "/apis/apps/v1/namespaces/default/";
    const QByteArray batch = "/apis/batch/v1/namespaces/default/";
    const QByteArray networking = "/apis/networking.k8s.io/v1/namespaces/default/";
    const auto row = [](const char *name, const QByteArray &collection, const QByteArray &body,
                        bool has) { QTest::newRow(name) << collection << body << has; };
    row("deployment", apps + "deployments", body("Deployment", "apps/v1", workloadSpec()), true);
    row("replicaset", apps + "replicasets", body("ReplicaSet", "apps/v1", workloadSpec()), true);
    row("statefulset", apps + "statefulsets", body("StatefulSet", "apps/v1", workloadSpec()), true);
    row("daemonset", apps + "daemonsets", body("DaemonSet", "apps/v1", workloadSpec()), true);
    row("job", batch + "jobs",
        body("Job", "batch/v1", QJsonObject{{"template", QJsonObject{{"spec", podSpec()}}}}), true);
    row("cronjob", batch + "cronjobs",
        body("CronJob", "batch/v1",
             QJsonObject{{"schedule", "* * * * *"},
                         {"jobTemplate",
                          QJsonObject{{"spec", QJsonObject{{"template",
                                                            QJsonObject{{"spec", podSpec()}}}}}}}}),
        true);
    row("ingress", networking + "ingresses", body("Ingress", "networking.k8s.io/v1", QJsonObject()),
        true);
    row("networkpolicy", networking + "networkpolicies",
        body("NetworkPolicy", "networking.k8s.io/v1", QJsonObject{{"podSelector", QJsonObject()}}),
        true);
    row("poddisruptionbudget", "/apis/policy/v1/namespaces/default/poddisruptionbudgets",
        body("PodDisruptionBudget", "policy/v1", QJsonObject{{"minAvailable", 1}}), true);
    row("pod", core + "pods", body("Pod", "v1", podSpec()), false);
    row("service", core + "services",
        body("Service", "v1", QJsonObject{{"ports", QJsonArray{QJsonObject{{"port", 80}}}}}),
        false);
    row("persistentvolumeclaim", core + "persistentvolumeclaims",
        body(
            "PersistentVolumeClaim", "v1",
            QJsonObject{{"accessModes", QJsonArray{"ReadWriteOnce"}},
                        {"resources", QJsonObject{{"requests", QJsonObject{{"storage", "1Gi"}}}}}}),
        false);
    row("persistentvolume", "/api/v1/persistentvolumes",
        body("PersistentVolume", "v1",
             QJsonObject{{"capacity", QJsonObject{{"storage", "1Gi"}}},
                         {"accessModes", QJsonArray{"ReadWriteOnce"}},
                         {"hostPath", QJsonObject{{"path", "/data"}}}}),
        false);
    row("horizontalpodautoscaler",
        "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers",
        body("HorizontalPodAutoscaler", "autoscaling/v2",
             QJsonObject{
                 {"scaleTargetRef",
                  QJsonObject{{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"name", "g"}}},
                 {"maxReplicas", 3}}),
        false);
    row("resourcequota", core + "resourcequotas",
        body("ResourceQuota", "v1", QJsonObject{{"hard", QJsonObject{{"pods", "10"}}}}), false);
    row("node", "/api/v1/nodes", body("Node", "v1", QJsonObject()), false);
    row("namespace", "/api/v1/namespaces", body("Namespace", "v1", QJsonValue::Undefined), false);
    row("configmap", core + "configmaps", body("ConfigMap", "v1", QJsonValue::Undefined), false);
}

void TestSimGeneration::createSetsAGenerationOnlyForKindsThatHaveOne()
{
    QFETCH(QByteArray, collection);
    QFETCH(QByteArray, body);
    QFETCH(bool, hasGeneration);
    const Response created = request(m_port, "POST", collection, {}, body);
    QCOMPARE(created.status, 201);
    QCOMPARE(generationOf(created.json()),
             hasGeneration ? QJsonValue(1) : QJsonValue(QJsonValue::Undefined));
    const Response read = get(m_port, collection + "/g");
    QCOMPARE(read.status, 200);
    QCOMPARE(generationOf(read.json()),
             hasGeneration ? QJsonValue(1) : QJsonValue(QJsonValue::Undefined));
}

void TestSimGeneration::aSpecChangeBumpsItAndOtherChangesDoNot()
{
    const QByteArray path = "/apis/apps/v1/namespaces/default/deployments/g";
    const auto patch = [&](const QByteArray &body) {
        const Response patched =
            request(m_port, "PATCH", path, {{"Content-Type", kMergePatch}}, body);
        return patched.status == 200 ? generationOf(patched.json()) : QJsonValue(patched.status);
    };
    const QJsonValue before = generationOf(get(m_port, path).json());
    QVERIFY(before.isDouble());
    QCOMPARE(patch(R"({"spec":{"replicas":4}})"), QJsonValue(before.toInt() + 1));
    QCOMPARE(patch(R"({"metadata":{"labels":{"tier":"web"}}})"), QJsonValue(before.toInt() + 1));
    QCOMPARE(patch(R"({"spec":{"replicas":4}})"), QJsonValue(before.toInt() + 1));
}

void TestSimGeneration::updatesOfKindsWithoutOneAddNone()
{
    const QByteArray pod = "/api/v1/namespaces/default/pods/g";
    const Response patchedPod = request(m_port, "PATCH", pod, {{"Content-Type", kMergePatch}},
                                        R"({"spec":{"activeDeadlineSeconds":60}})");
    QCOMPARE(patchedPod.status, 200);
    QCOMPARE(patchedPod.json().value("spec").toObject().value("activeDeadlineSeconds").toInt(), 60);
    QCOMPARE(generationOf(patchedPod.json()), QJsonValue(QJsonValue::Undefined));
    const QByteArray service = "/api/v1/namespaces/default/services/g";
    const Response patchedService =
        request(m_port, "PATCH", service, {{"Content-Type", kMergePatch}},
                R"({"spec":{"ports":[{"port":8080}]}})");
    QCOMPARE(patchedService.status, 200);
    QCOMPARE(generationOf(patchedService.json()), QJsonValue(QJsonValue::Undefined));
}

void TestSimGeneration::customResourcesHaveOne()
{
    SimOptions options;
    options.podStopMs = 300;
    const auto demo = startSim(options);
    const QJsonArray widgets =
        get(demo->port(), "/apis/demo.informant.io/v1/widgets").json().value("items").toArray();
    QVERIFY(!widgets.isEmpty());
    for (const QJsonValue &widget : widgets)
        QCOMPARE(generationOf(widget.toObject()), QJsonValue(1));
    const QJsonObject crd =
        get(demo->port(),
            "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.demo.informant.io")
            .json();
    QCOMPARE(generationOf(crd), QJsonValue(1));
}

QTEST_GUILESS_MAIN(TestSimGeneration)
#include "tst_simgeneration.moc"
