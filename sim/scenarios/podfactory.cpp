#include "sim/scenarios/podfactory.h"

#include <QDateTime>

namespace informant::sim {

namespace {

const char *const kTiers[] = {"frontend", "backend", "cache", "batch"};
const char *const kTeams[] = {"payments", "search", "platform", "checkout", "identity", "data"};

// Names, labels and times here are plain ASCII: no JSON escaping needed.
QByteArray s(const QString &text)
{
    return text.toLatin1();
}

QByteArray metadataJson(const PodParams &p, quint64 rv)
{
    const QByteArray rs = s(p.app) + '-' + s(p.templateHash);
    QByteArray m;
    m.reserve(2048);
    m += "{\"name\":\"" + s(p.name) + "\",\"generateName\":\"" + rs + "-\",\"namespace\":\"" +
         s(p.namespaceName) + "\",\"uid\":\"" + s(p.uid) + "\",\"resourceVersion\":\"" +
         QByteArray::number(rv) + "\",\"creationTimestamp\":\"" + s(p.createdAt) + "\"";
    m += ",\"labels\":{\"app\":\"" + s(p.app) + "\",\"pod-template-hash\":\"" + s(p.templateHash) +
         "\",\"team\":\"" + s(p.team) + "\",\"tier\":\"" + s(p.tier) + "\"}";
    m += ",\"annotations\":{\"kubectl.kubernetes.io/restartedAt\":\"" + s(p.createdAt) +
         "\",\"sim.informant.io/generation\":\"" + QByteArray::number(p.generation) + "\"}";
    m += ",\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"" +
         rs + "\",\"uid\":\"" + s(p.ownerUid) +
         "\",\"controller\":true,\"blockOwnerDeletion\":true}]";
    m +=
        ",\"managedFields\":[{\"manager\":\"kube-controller-manager\",\"operation\":\"Update\","
        "\"apiVersion\":\"v1\",\"time\":\"" +
        s(p.createdAt) +
        "\",\"fieldsType\":\"FieldsV1\","
        "\"fieldsV1\":{\"f:metadata\":{\"f:annotations\":{\".\":{},\"f:kubectl.kubernetes.io/"
        "restartedAt\":{}},\"f:generateName\":{},\"f:labels\":{\".\":{},\"f:app\":{},"
        "\"f:pod-template-hash\":{},\"f:team\":{},\"f:tier\":{}},\"f:ownerReferences\":{\".\":{},"
        "\"k:{\\\"uid\\\":\\\"" +
        s(p.ownerUid) +
        "\\\"}\":{}}},\"f:spec\":{\"f:containers\":"
        "{\"k:{\\\"name\\\":\\\"app\\\"}\":{\".\":{},\"f:env\":{\".\":{},\"k:{\\\"name\\\":\\\"LOG_"
        "LEVEL\\\"}\":"
        "{\".\":{},\"f:name\":{},\"f:value\":{}}},\"f:image\":{},\"f:imagePullPolicy\":{},"
        "\"f:livenessProbe\":{},\"f:name\":{},\"f:ports\":{},\"f:readinessProbe\":{},"
        "\"f:resources\":{},\"f:terminationMessagePath\":{},\"f:terminationMessagePolicy\":{}}},"
        "\"f:dnsPolicy\":{},\"f:enableServiceLinks\":{},\"f:restartPolicy\":{},"
        "\"f:schedulerName\":{},\"f:securityContext\":{},\"f:terminationGracePeriodSeconds\":{}}}},"
        "{\"manager\":\"kubelet\",\"operation\":\"Update\",\"apiVersion\":\"v1\",\"time\":\"" +
        s(p.createdAt) +
        "\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:status\":{"
        "\"f:conditions\":{},\"f:containerStatuses\":{},\"f:hostIP\":{},\"f:hostIPs\":{},"
        "\"f:phase\":{},\"f:podIP\":{},\"f:podIPs\":{},\"f:startTime\":{}}},\"subresource\":"
        "\"status\"}]";
    return m + '}';
}

QByteArray specJson(const PodParams &p)
{
    QByteArray sp;
    sp.reserve(1500);
    sp +=
        "{\"volumes\":[{\"name\":\"kube-api-access-" + s(p.uid.left(5)) +
        "\",\"projected\":{\"sources\":"
        "[{\"serviceAccountToken\":{\"expirationSeconds\":3607,\"path\":\"token\"}},{\"configMap\":"
        "{\"name\":\"kube-root-ca.crt\",\"items\":[{\"key\":\"ca.crt\",\"path\":\"ca.crt\"}]}}],"
        "\"defaultMode\":420}}],\"containers\":[{\"name\":\"app\",\"image\":\"" +
        s(p.image) +
        "\",\"ports\":[{\"name\":\"http\",\"containerPort\":8080,\"protocol\":\"TCP\"}],"
        "\"env\":[{\"name\":\"LOG_LEVEL\",\"value\":\"info\"}],\"resources\":{\"limits\":"
        "{\"cpu\":\"500m\",\"memory\":\"512Mi\"},\"requests\":{\"cpu\":\"100m\",\"memory\":"
        "\"128Mi\"}},"
        "\"volumeMounts\":[{\"name\":\"kube-api-access-" +
        s(p.uid.left(5)) +
        "\",\"readOnly\":true,"
        "\"mountPath\":\"/var/run/secrets/kubernetes.io/serviceaccount\"}],\"livenessProbe\":"
        "{\"httpGet\":{\"path\":\"/"
        "healthz\",\"port\":8080,\"scheme\":\"HTTP\"},\"timeoutSeconds\":1,"
        "\"periodSeconds\":10,\"successThreshold\":1,\"failureThreshold\":3},\"readinessProbe\":"
        "{\"httpGet\":{\"path\":\"/ready\",\"port\":8080,\"scheme\":\"HTTP\"},\"timeoutSeconds\":1,"
        "\"periodSeconds\":5,\"successThreshold\":1,\"failureThreshold\":3},"
        "\"terminationMessagePath\":\"/dev/termination-log\",\"terminationMessagePolicy\":\"File\","
        "\"imagePullPolicy\":\"IfNotPresent\"}],\"restartPolicy\":\"Always\","
        "\"terminationGracePeriodSeconds\":30,\"dnsPolicy\":\"ClusterFirst\","
        "\"serviceAccountName\":\"default\",\"serviceAccount\":\"default\"";
    if (!p.nodeName.isEmpty())
        sp += ",\"nodeName\":\"" + s(p.nodeName) + '"';
    sp += ",\"securityContext\":{},\"schedulerName\":\"default-scheduler\",\"tolerations\":"
          "[{\"key\":\"node.kubernetes.io/"
          "not-ready\",\"operator\":\"Exists\",\"effect\":\"NoExecute\","
          "\"tolerationSeconds\":300},{\"key\":\"node.kubernetes.io/"
          "unreachable\",\"operator\":\"Exists\","
          "\"effect\":\"NoExecute\",\"tolerationSeconds\":300}],\"priority\":0,"
          "\"enableServiceLinks\":true,\"preemptionPolicy\":\"PreemptLowerPriority\"}";
    return sp;
}

QByteArray condition(const char *type, bool status, const QString &time,
                     const char *reason = nullptr)
{
    QByteArray c = "{\"type\":\"" + QByteArray(type) + "\",\"status\":\"" +
                   (status ? "True" : "False") +
                   "\",\"lastProbeTime\":null,\"lastTransitionTime\":\"" + s(time) + '"';
    if (reason)
        c += ",\"reason\":\"" + QByteArray(reason) + '"';
    return c + '}';
}

QByteArray statusJson(const PodParams &p)
{
    if (p.nodeName.isEmpty()) {
        return "{\"phase\":\"Pending\",\"conditions\":[{\"type\":\"PodScheduled\",\"status\":"
               "\"False\","
               "\"lastProbeTime\":null,\"lastTransitionTime\":\"" +
               s(p.createdAt) +
               "\",\"reason\":\"Unschedulable\",\"message\":\"0/3 nodes are available: 3 "
               "Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption "
               "victims found for incoming pod.\"}],\"qosClass\":\"Burstable\"}";
    }
    const char *notReady = p.ready ? nullptr : "ContainersNotReady";
    QByteArray st = "{\"phase\":\"" + s(p.phase) + "\",\"conditions\":[" +
                    condition("PodReadyToStartContainers", true, p.createdAt) + ',' +
                    condition("Initialized", true, p.createdAt) + ',' +
                    condition("Ready", p.ready, p.createdAt, notReady) + ',' +
                    condition("ContainersReady", p.ready, p.createdAt, notReady) + ',' +
                    condition("PodScheduled", true, p.createdAt) + "],\"hostIP\":\"10.0.0." +
                    QByteArray::number(p.nodeName.section('-', -1).toInt() + 10) +
                    "\",\"podIP\":\"" + s(p.podIp) + "\",\"podIPs\":[{\"ip\":\"" + s(p.podIp) +
                    "\"}],\"startTime\":\"" + s(p.createdAt) +
                    "\",\"containerStatuses\":[{\"name\":\"app\",\"state\":{";
    if (p.waitingReason.isEmpty())
        st += "\"running\":{\"startedAt\":\"" + s(p.createdAt) + "\"}}";
    else
        st += "\"waiting\":{\"reason\":\"" + s(p.waitingReason) +
              "\",\"message\":\"back-off 5m0s "
              "restarting failed container=app pod=" +
              s(p.name) + "\"}}";
    st += ",\"lastState\":{},\"ready\":" + QByteArray(p.ready ? "true" : "false") +
          ",\"restartCount\":" + QByteArray::number(p.restartCount) + ",\"image\":\"" + s(p.image) +
          "\",\"imageID\":\"" + s(p.image) +
          "@sha256:4c1e997385b8fb4ad4d1d3c7e5af7ff3f882e04d05d4ff9e3d1b2e9e1c9a5f01\","
          "\"containerID\":\"containerd://" +
          s(p.uid).replace('-', "") +
          "\",\"started\":" + (p.waitingReason.isEmpty() ? "true" : "false") +
          "}],\"qosClass\":\"Burstable\"}";
    return st;
}

} // namespace

QString PodFactory::makeUid()
{
    static const char kHex[] = "0123456789abcdef";
    QString out;
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20)
            out += QLatin1Char('-');
        out += QLatin1Char(kHex[m_random() % 16]);
    }
    return out;
}

QString PodFactory::randomSuffix(int length)
{
    static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString out;
    for (int i = 0; i < length; ++i)
        out += QLatin1Char(kAlphabet[m_random() % (sizeof(kAlphabet) - 1)]);
    return out;
}

PodParams PodFactory::makePod(const QString &namespaceName, const QString &app, int nodeCount)
{
    PodParams p;
    p.namespaceName = namespaceName;
    p.app = app;
    p.templateHash = QStringLiteral("7d9f8c") + QString::number(qHash(app) % 1000);
    p.name = app + '-' + p.templateHash + '-' + randomSuffix(5);
    p.uid = makeUid();
    p.ownerUid =
        QStringLiteral("00000000-0000-4000-8000-") + QString::number(qHash(namespaceName + app), 16)
                                                         .rightJustified(12, QLatin1Char('0'))
                                                         .right(12);
    p.tier = QLatin1String(kTiers[m_random() % 4]);
    p.team = QLatin1String(kTeams[m_random() % 6]);
    p.nodeName = QStringLiteral("node-%1").arg(m_random() % quint32(std::max(nodeCount, 1)));
    p.image = QStringLiteral("registry.example.com/%1/%2:1.%3.%4")
                  .arg(p.team, app)
                  .arg(m_random() % 20)
                  .arg(m_random() % 10);
    p.createdAt =
        QDateTime::currentDateTimeUtc().addSecs(-qint64(m_random() % 86400)).toString(Qt::ISODate);
    p.podIp = QStringLiteral("10.244.%1.%2").arg(m_random() % 250).arg(m_random() % 250 + 2);
    return p;
}

QByteArray PodFactory::podJson(const PodParams &pod, quint64 rv)
{
    return "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":" + metadataJson(pod, rv) +
           ",\"spec\":" + specJson(pod) + ",\"status\":" + statusJson(pod) + '}';
}

ObjectPtr PodFactory::podObject(const PodParams &pod, quint64 rv)
{
    auto object = std::make_shared<StoredObject>();
    object->json = podJson(pod, rv);
    object->name = pod.name;
    object->namespaceName = pod.namespaceName;
    object->key = pod.namespaceName + '/' + pod.name;
    object->uid = pod.uid;
    object->resourceVersion = rv;
    object->labels = {Label{QStringLiteral("app"), pod.app},
                      Label{QStringLiteral("pod-template-hash"), pod.templateHash},
                      Label{QStringLiteral("team"), pod.team},
                      Label{QStringLiteral("tier"), pod.tier}};
    object->ownerUids = {pod.ownerUid};
    const QString phase = pod.nodeName.isEmpty() ? QStringLiteral("Pending") : pod.phase;
    // The order of the pods type's fieldPaths (resourcetable.cpp).
    object->fields = {
        {QStringLiteral("spec.nodeName"), pod.nodeName},
        {QStringLiteral("status.phase"), phase},
        {QStringLiteral("spec.restartPolicy"), QStringLiteral("Always")},
        {QStringLiteral("spec.schedulerName"), QStringLiteral("default-scheduler")},
        {QStringLiteral("spec.serviceAccountName"), QStringLiteral("default")},
        {QStringLiteral("status.podIP"), pod.nodeName.isEmpty() ? QString() : pod.podIp},
        {QStringLiteral("status.nominatedNodeName"), QString()}};
    return object;
}

} // namespace informant::sim
