// The API server's defaults on objects written through the simulator: the
// SetDefaults_* fields of the built-in kinds, what a new Pod gets from
// admission, and the cluster IPs and node ports of Services (unique, in
// range, kept across updates, shown by a dry run without being reserved).

#include "simfixtures.h"

#include <QHostAddress>
#include <QSet>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

const QByteArray kJson = "application/json";

QJsonObject named(const char *kind, const char *apiVersion, const QString &name)
{
    return QJsonObject{
        {"apiVersion", apiVersion}, {"kind", kind}, {"metadata", QJsonObject{{"name", name}}}};
}

QJsonObject podSpec(const QString &image)
{
    return QJsonObject{{"containers", QJsonArray{QJsonObject{{"name", "main"}, {"image", image}}}}};
}

QJsonObject withSpec(QJsonObject object, const QJsonObject &spec)
{
    object.insert(QLatin1String("spec"), spec);
    return object;
}

QJsonObject workloadSpec(const QString &image)
{
    const QJsonObject labels{{"app", "x"}};
    return QJsonObject{{"selector", QJsonObject{{"matchLabels", labels}}},
                       {"template", QJsonObject{{"metadata", QJsonObject{{"labels", labels}}},
                                                {"spec", podSpec(image)}}}};
}

// A minimal valid body of `kind` without any defaulted field.
QJsonObject minimal(const QString &kind, const QString &name)
{
    if (kind == QLatin1String("secrets"))
        return named("Secret", "v1", name);
    if (kind == QLatin1String("services"))
        return withSpec(named("Service", "v1", name),
                        QJsonObject{{"selector", QJsonObject{{"app", "x"}}},
                                    {"ports", QJsonArray{QJsonObject{{"port", 80}}}}});
    if (kind == QLatin1String("pods"))
        return withSpec(named("Pod", "v1", name), podSpec(QStringLiteral("nginx")));
    if (kind == QLatin1String("persistentvolumeclaims"))
        return withSpec(named("PersistentVolumeClaim", "v1", name),
                        QJsonObject{{"accessModes", QJsonArray{"ReadWriteOnce"}}});
    if (kind == QLatin1String("deployments"))
        return withSpec(named("Deployment", "apps/v1", name), workloadSpec("nginx:1.27"));
    if (kind == QLatin1String("replicasets"))
        return withSpec(named("ReplicaSet", "apps/v1", name), workloadSpec("nginx:latest"));
    if (kind == QLatin1String("statefulsets"))
        return withSpec(named("StatefulSet", "apps/v1", name), workloadSpec("nginx"));
    if (kind == QLatin1String("daemonsets"))
        return withSpec(named("DaemonSet", "apps/v1", name), workloadSpec("nginx"));
    if (kind == QLatin1String("jobs"))
        return withSpec(named("Job", "batch/v1", name),
                        QJsonObject{{"template", QJsonObject{{"spec", podSpec("busybox")}}}});
    return withSpec(named("CronJob", "batch/v1", name),
                    QJsonObject{{"schedule", "* * * * *"},
                                {"jobTemplate", QJsonObject{{"spec", workloadSpec("busybox")}}}});
}

QByteArray collectionPath(const QString &kind)
{
    const QString group =
        kind == QLatin1String("jobs") || kind == QLatin1String("cronjobs")
            ? QStringLiteral("/apis/batch/v1")
        : kind.endsWith(QLatin1String("sets")) || kind == QLatin1String("deployments")
            ? QStringLiteral("/apis/apps/v1")
            : QStringLiteral("/api/v1");
    return (group + QStringLiteral("/namespaces/default/") + kind).toUtf8();
}

// The member at a dotted path ("spec.ports.0.protocol"), as compact JSON.
QString at(const QJsonObject &object, const QString &path)
{
    QJsonValue value = object;
    for (const QString &step : path.split(u'.')) {
        bool isIndex = false;
        const int index = step.toInt(&isIndex);
        value = isIndex ? value.toArray().at(index) : value.toObject().value(step);
    }
    const QByteArray json = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

QJsonObject spec(const QJsonObject &object)
{
    return object.value(QLatin1String("spec")).toObject();
}

} // namespace

class TestSimDefaults : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void createFillsTheApiServerDefaults_data();
    void createFillsTheApiServerDefaults();
    void setFieldsAreKept();
    void clusterIpsAreUniqueAndInTheServiceRange();
    void headlessServicesStayHeadless();
    void aTakenClusterIpIsRejectedUntilItsServiceIsDeleted();
    void nodePortServicesGetDistinctNodePorts();
    void updatesKeepAllocatedValuesAndRefillDefaults();
    void dryRunCreateShowsDefaultsWithoutStoring();
    void demoScenarioServicesGetDistinctClusterIps();

private:
    Response post(const QString &kind, const QJsonObject &body, const QByteArray &query = {});
    QJsonObject created(const QString &kind, const QJsonObject &body);

    std::unique_ptr<Simulator> m_simulator;
    quint16 m_port = 0;
    int m_counter = 0;
};

void TestSimDefaults::initTestCase()
{
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    m_simulator = startSim(options);
    m_port = m_simulator->port();
    QVERIFY(m_port != 0);
}

Response TestSimDefaults::post(const QString &kind, const QJsonObject &body,
                               const QByteArray &query)
{
    return request(m_port, "POST", collectionPath(kind) + query, {{"Content-Type", kJson}},
                   QJsonDocument(body).toJson(QJsonDocument::Compact));
}

QJsonObject TestSimDefaults::created(const QString &kind, const QJsonObject &body)
{
    const Response response = post(kind, body);
    if (response.status != 201)
        qWarning("create %s: %d %s", qPrintable(kind), response.status, response.body.constData());
    return response.json();
}

void TestSimDefaults::createFillsTheApiServerDefaults_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected"); // compact JSON
    const auto row = [](const char *kind, const char *path, const char *expected) {
        QTest::addRow("%s %s", kind, path) << kind << path << expected;
    };
    row("secrets", "type", R"("Opaque")");
    row("services", "spec.type", R"("ClusterIP")");
    row("services", "spec.sessionAffinity", R"("None")");
    row("services", "spec.ports.0.protocol", R"("TCP")");
    row("services", "spec.ports.0.targetPort", "80");
    row("services", "spec.ipFamilies", R"(["IPv4"])");
    row("services", "spec.ipFamilyPolicy", R"("SingleStack")");
    row("services", "spec.internalTrafficPolicy", R"("Cluster")");
    row("deployments", "spec.replicas", "1");
    row("deployments", "spec.strategy",
        R"({"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"})");
    row("deployments", "spec.revisionHistoryLimit", "10");
    row("deployments", "spec.progressDeadlineSeconds", "600");
    row("deployments", "spec.template.spec.restartPolicy", R"("Always")");
    row("deployments", "spec.template.spec.dnsPolicy", R"("ClusterFirst")");
    row("deployments", "spec.template.spec.terminationGracePeriodSeconds", "30");
    row("deployments", "spec.template.spec.schedulerName", R"("default-scheduler")");
    row("deployments", "spec.template.spec.securityContext", "{}");
    row("deployments", "spec.template.spec.containers.0.terminationMessagePath",
        R"("/dev/termination-log")");
    row("deployments", "spec.template.spec.containers.0.terminationMessagePolicy", R"("File")");
    row("deployments", "spec.template.spec.containers.0.imagePullPolicy", R"("IfNotPresent")");
    row("replicasets", "spec.replicas", "1");
    row("replicasets", "spec.template.spec.containers.0.imagePullPolicy", R"("Always")");
    row("statefulsets", "spec.template.spec.containers.0.imagePullPolicy", R"("Always")");
    row("statefulsets", "spec.podManagementPolicy", R"("OrderedReady")");
    row("statefulsets", "spec.updateStrategy",
        R"({"rollingUpdate":{"partition":0},"type":"RollingUpdate"})");
    row("statefulsets", "spec.replicas", "1");
    row("daemonsets", "spec.updateStrategy",
        R"({"rollingUpdate":{"maxSurge":0,"maxUnavailable":1},"type":"RollingUpdate"})");
    row("daemonsets", "spec.revisionHistoryLimit", "10");
    row("jobs", "spec.completions", "1");
    row("jobs", "spec.parallelism", "1");
    row("jobs", "spec.backoffLimit", "6");
    row("jobs", "spec.completionMode", R"("NonIndexed")");
    row("jobs", "spec.suspend", "false");
    row("cronjobs", "spec.concurrencyPolicy", R"("Allow")");
    row("cronjobs", "spec.suspend", "false");
    row("cronjobs", "spec.successfulJobsHistoryLimit", "3");
    row("cronjobs", "spec.failedJobsHistoryLimit", "1");
    row("cronjobs", "spec.jobTemplate.spec.template.spec.dnsPolicy", R"("ClusterFirst")");
    row("pods", "spec.restartPolicy", R"("Always")");
    row("pods", "spec.enableServiceLinks", "true");
    row("pods", "spec.serviceAccountName", R"("default")");
    row("pods", "spec.priority", "0");
    row("pods", "spec.containers.0.imagePullPolicy", R"("Always")");
    row("pods", "status", R"({"phase":"Pending","qosClass":"BestEffort"})");
    row("persistentvolumeclaims", "spec.volumeMode", R"("Filesystem")");
}

void TestSimDefaults::createFillsTheApiServerDefaults()
{
    QFETCH(QString, kind);
    QFETCH(QString, path);
    QFETCH(QString, expected);
    const QJsonObject object = created(kind, minimal(kind, QStringLiteral("d%1").arg(++m_counter)));
    QCOMPARE(at(object, path), expected);
    // What a later read returns, not only the create answer.
    const QString name =
        object.value(QLatin1String("metadata")).toObject().value(QLatin1String("name")).toString();
    const Response read = get(m_port, collectionPath(kind) + '/' + name.toUtf8());
    QCOMPARE(read.status, 200);
    QCOMPARE(at(read.json(), path), expected);
}

void TestSimDefaults::setFieldsAreKept()
{
    QJsonObject deployment = minimal(QStringLiteral("deployments"), QStringLiteral("kept"));
    QJsonObject deploymentSpec = spec(deployment);
    deploymentSpec.insert(QLatin1String("replicas"), 0);
    deploymentSpec.insert(QLatin1String("strategy"), QJsonObject{{"type", "Recreate"}});
    QJsonObject podTemplate = deploymentSpec.value(QLatin1String("template")).toObject();
    QJsonObject pod = podTemplate.value(QLatin1String("spec")).toObject();
    pod.insert(QLatin1String("restartPolicy"), QStringLiteral("OnFailure"));
    pod.insert(QLatin1String("containers"),
               QJsonArray{QJsonObject{
                   {"name", "main"}, {"image", "nginx"}, {"imagePullPolicy", "Never"}}});
    podTemplate.insert(QLatin1String("spec"), pod);
    deploymentSpec.insert(QLatin1String("template"), podTemplate);
    deployment.insert(QLatin1String("spec"), deploymentSpec);
    const QJsonObject stored = created(QStringLiteral("deployments"), deployment);
    QCOMPARE(at(stored, QStringLiteral("spec.replicas")), QStringLiteral("0"));
    QCOMPARE(at(stored, QStringLiteral("spec.strategy")), QStringLiteral(R"({"type":"Recreate"})"));
    QCOMPARE(at(stored, QStringLiteral("spec.template.spec.restartPolicy")),
             QStringLiteral(R"("OnFailure")"));
    QCOMPARE(at(stored, QStringLiteral("spec.template.spec.containers.0.imagePullPolicy")),
             QStringLiteral(R"("Never")"));

    QJsonObject secret = named("Secret", "v1", QStringLiteral("tls"));
    secret.insert(QLatin1String("type"), QStringLiteral("kubernetes.io/tls"));
    QCOMPARE(at(created(QStringLiteral("secrets"), secret), QStringLiteral("type")),
             QStringLiteral(R"("kubernetes.io/tls")"));

    QJsonObject sticky = minimal(QStringLiteral("services"), QStringLiteral("sticky"));
    QJsonObject stickySpec = spec(sticky);
    stickySpec.insert(QLatin1String("sessionAffinity"), QStringLiteral("ClientIP"));
    sticky.insert(QLatin1String("spec"), stickySpec);
    QCOMPARE(at(created(QStringLiteral("services"), sticky),
                QStringLiteral("spec.sessionAffinityConfig")),
             QStringLiteral(R"({"clientIP":{"timeoutSeconds":10800}})"));
}

void TestSimDefaults::clusterIpsAreUniqueAndInTheServiceRange()
{
    QSet<QString> seen;
    const QPair<QHostAddress, int> range =
        QHostAddress::parseSubnet(QStringLiteral("10.96.0.0/12"));
    for (int i = 0; i < 30; ++i) {
        const QJsonObject service =
            created(QStringLiteral("services"),
                    minimal(QStringLiteral("services"), QStringLiteral("unique-%1").arg(i)));
        const QString ip = spec(service).value(QLatin1String("clusterIP")).toString();
        QVERIFY2(QHostAddress(ip).isInSubnet(range), qPrintable(ip));
        QVERIFY2(ip != QLatin1String("10.96.0.0") && ip != QLatin1String("10.111.255.255"),
                 qPrintable(ip));
        QCOMPARE(at(service, QStringLiteral("spec.clusterIPs")),
                 QStringLiteral(R"([")") + ip + QStringLiteral(R"("])"));
        QVERIFY2(!seen.contains(ip), qPrintable(ip));
        seen.insert(ip);
    }
}

void TestSimDefaults::headlessServicesStayHeadless()
{
    QJsonObject withSelector = minimal(QStringLiteral("services"), QStringLiteral("headless"));
    QJsonObject headlessSpec = spec(withSelector);
    headlessSpec.insert(QLatin1String("clusterIP"), QStringLiteral("None"));
    withSelector.insert(QLatin1String("spec"), headlessSpec);
    const QJsonObject stored = created(QStringLiteral("services"), withSelector);
    QCOMPARE(at(stored, QStringLiteral("spec.clusterIP")), QStringLiteral(R"("None")"));
    QCOMPARE(at(stored, QStringLiteral("spec.clusterIPs")), QStringLiteral(R"(["None"])"));
    QCOMPARE(at(stored, QStringLiteral("spec.ipFamilyPolicy")), QStringLiteral(R"("SingleStack")"));

    // Headless and selectorless defaults to dual-stack, as initIPFamilyFields does.
    headlessSpec.remove(QLatin1String("selector"));
    QJsonObject selectorless = named("Service", "v1", QStringLiteral("selectorless"));
    selectorless.insert(QLatin1String("spec"), headlessSpec);
    const QJsonObject bare = created(QStringLiteral("services"), selectorless);
    QCOMPARE(at(bare, QStringLiteral("spec.clusterIPs")), QStringLiteral(R"(["None"])"));
    QCOMPARE(at(bare, QStringLiteral("spec.ipFamilyPolicy")),
             QStringLiteral(R"("RequireDualStack")"));
    QCOMPARE(at(bare, QStringLiteral("spec.ipFamilies")), QStringLiteral(R"(["IPv4","IPv6"])"));
}

void TestSimDefaults::aTakenClusterIpIsRejectedUntilItsServiceIsDeleted()
{
    const auto fixed = [](const char *name) {
        QJsonObject service = minimal(QStringLiteral("services"), QLatin1String(name));
        QJsonObject serviceSpec = spec(service);
        serviceSpec.insert(QLatin1String("clusterIP"), QStringLiteral("10.96.0.10"));
        service.insert(QLatin1String("spec"), serviceSpec);
        return service;
    };
    QCOMPARE(post(QStringLiteral("services"), fixed("dns")).status, 201);
    const Response taken = post(QStringLiteral("services"), fixed("dns-again"));
    QCOMPARE(taken.status, 422);
    QCOMPARE(taken.json().value(QLatin1String("message")).toString(),
             QStringLiteral("Service \"dns-again\" is invalid: spec.clusterIPs: Invalid value: "
                            "[]string{\"10.96.0.10\"}: failed to allocate IP 10.96.0.10: "
                            "provided IP is already allocated"));
    QJsonObject outside = fixed("outside");
    QJsonObject outsideSpec = spec(outside);
    outsideSpec.insert(QLatin1String("clusterIP"), QStringLiteral("192.168.0.1"));
    outside.insert(QLatin1String("spec"), outsideSpec);
    QCOMPARE(post(QStringLiteral("services"), outside).status, 422);

    QCOMPARE(request(m_port, "DELETE", collectionPath(QStringLiteral("services")) + "/dns").status,
             200);
    QCOMPARE(post(QStringLiteral("services"), fixed("dns-again")).status, 201);
}

void TestSimDefaults::nodePortServicesGetDistinctNodePorts()
{
    QSet<int> seen;
    for (const char *type : {"NodePort", "LoadBalancer"}) {
        QJsonObject service =
            minimal(QStringLiteral("services"), QStringLiteral("np-%1").arg(type).toLower());
        QJsonObject serviceSpec = spec(service);
        serviceSpec.insert(QLatin1String("type"), QLatin1String(type));
        service.insert(QLatin1String("spec"), serviceSpec);
        const QJsonObject stored = created(QStringLiteral("services"), service);
        const int nodePort = at(stored, QStringLiteral("spec.ports.0.nodePort")).toInt();
        QVERIFY2(nodePort >= 30000 && nodePort <= 32767, qPrintable(QString::number(nodePort)));
        QVERIFY(!seen.contains(nodePort));
        seen.insert(nodePort);
        QCOMPARE(at(stored, QStringLiteral("spec.externalTrafficPolicy")),
                 QStringLiteral(R"("Cluster")"));
        QVERIFY(!spec(stored).value(QLatin1String("clusterIP")).toString().isEmpty());
    }
    QJsonObject clash = minimal(QStringLiteral("services"), QStringLiteral("clash"));
    QJsonObject clashSpec = spec(clash);
    clashSpec.insert(QLatin1String("type"), QStringLiteral("NodePort"));
    clashSpec.insert(QLatin1String("ports"),
                     QJsonArray{QJsonObject{{"port", 80}, {"nodePort", *seen.begin()}}});
    clash.insert(QLatin1String("spec"), clashSpec);
    const Response rejected = post(QStringLiteral("services"), clash);
    QCOMPARE(rejected.status, 422);
    QVERIFY2(rejected.body.contains("provided port is already allocated"), rejected.body);
}

void TestSimDefaults::updatesKeepAllocatedValuesAndRefillDefaults()
{
    QJsonObject service = minimal(QStringLiteral("services"), QStringLiteral("replaced"));
    QJsonObject serviceSpec = spec(service);
    serviceSpec.insert(QLatin1String("type"), QStringLiteral("NodePort"));
    service.insert(QLatin1String("spec"), serviceSpec);
    const QJsonObject stored = created(QStringLiteral("services"), service);
    const QByteArray path = collectionPath(QStringLiteral("services")) + "/replaced";
    // A replace with the original body (no clusterIP, no nodePort), as kubectl replace sends.
    const Response replaced = request(m_port, "PUT", path, {{"Content-Type", kJson}},
                                      QJsonDocument(service).toJson(QJsonDocument::Compact));
    QCOMPARE(replaced.status, 200);
    for (const char *field : {"spec.clusterIP", "spec.ports.0.nodePort", "spec.sessionAffinity"})
        QCOMPARE(at(replaced.json(), QLatin1String(field)), at(stored, QLatin1String(field)));

    serviceSpec.insert(QLatin1String("clusterIP"), QStringLiteral("10.96.0.77"));
    service.insert(QLatin1String("spec"), serviceSpec);
    const Response moved = request(m_port, "PUT", path, {{"Content-Type", kJson}},
                                   QJsonDocument(service).toJson(QJsonDocument::Compact));
    QCOMPARE(moved.status, 422);
    QVERIFY2(moved.body.contains("may not change once set"), moved.body);

    // A deployment replaced without its defaults gets them back; the spec is
    // unchanged, so the generation is too.
    const QJsonObject deployment = minimal(QStringLiteral("deployments"), QStringLiteral("again"));
    QCOMPARE(at(created(QStringLiteral("deployments"), deployment),
                QStringLiteral("metadata.generation")),
             QStringLiteral("1"));
    const Response again = request(
        m_port, "PUT", collectionPath(QStringLiteral("deployments")) + "/again",
        {{"Content-Type", kJson}}, QJsonDocument(deployment).toJson(QJsonDocument::Compact));
    QCOMPARE(again.status, 200);
    QCOMPARE(at(again.json(), QStringLiteral("spec.revisionHistoryLimit")), QStringLiteral("10"));
    QCOMPARE(at(again.json(), QStringLiteral("metadata.generation")), QStringLiteral("1"));
}

void TestSimDefaults::dryRunCreateShowsDefaultsWithoutStoring()
{
    const QJsonObject body = minimal(QStringLiteral("services"), QStringLiteral("preview"));
    const Response preview = post(QStringLiteral("services"), body, "?dryRun=All");
    QCOMPARE(preview.status, 201);
    QVERIFY(!spec(preview.json()).value(QLatin1String("clusterIP")).toString().isEmpty());
    QCOMPARE(at(preview.json(), QStringLiteral("spec.type")), QStringLiteral(R"("ClusterIP")"));
    QCOMPARE(get(m_port, collectionPath(QStringLiteral("services")) + "/preview").status, 404);
    QCOMPARE(post(QStringLiteral("services"), body).status, 201);
}

void TestSimDefaults::demoScenarioServicesGetDistinctClusterIps()
{
    const auto demo = startSim();
    const Response list = get(demo->port(), "/api/v1/services");
    QCOMPARE(list.status, 200);
    const QJsonArray items = list.json().value(QLatin1String("items")).toArray();
    QVERIFY(items.size() >= 5);
    QSet<QString> ips;
    for (const QJsonValue &item : items)
        ips.insert(spec(item.toObject()).value(QLatin1String("clusterIP")).toString());
    QCOMPARE(ips.size(), items.size());
    QVERIFY(!ips.contains(QString()));
    // The demo's own choices stay: its deployments set imagePullPolicy.
    const Response deployment = get(demo->port(), "/apis/apps/v1/namespaces/web/deployments/api");
    QCOMPARE(
        at(deployment.json(), QStringLiteral("spec.template.spec.containers.0.imagePullPolicy")),
        QStringLiteral(R"("IfNotPresent")"));
    QCOMPARE(at(deployment.json(), QStringLiteral("spec.progressDeadlineSeconds")),
             QStringLiteral("600"));
}

QTEST_GUILESS_MAIN(TestSimDefaults)
#include "tst_simdefaults.moc"
