#include "sim/scenarios/podfactory.h"

#include <QDateTime>

namespace informant::sim {

namespace {

const char *const kTiers[] = {"frontend", "backend", "cache", "batch"};
const char *const kTeams[] = {"payments", "search", "platform", "checkout", "identity", "data"};

// Appends pieces to one pre-reserved buffer: no temporary per piece.
// Names, labels and times here are plain ASCII: no JSON escaping needed.
struct Json
{
    QByteArray &out;
    Json &operator<<(const char *text)
    {
        out.append(text);
        return *this;
    }
    Json &operator<<(const QByteArray &bytes)
    {
        out.append(bytes);
        return *this;
    }
    Json &operator<<(const QString &text)
    {
        const qsizetype at = out.size();
        out.resize(at + text.size());
        char *target = out.data() + at;
        for (const QChar c : text)
            *target++ = char(c.unicode());
        return *this;
    }
    Json &operator<<(qint64 number)
    {
        out.append(QByteArray::number(number));
        return *this;
    }
};

void writeMetadata(Json &j, const PodParams &p, quint64 rv)
{
    j << "{\"name\":\"" << p.name << "\",\"generateName\":\"" << p.app << "-" << p.templateHash
      << "-\",\"namespace\":\"" << p.namespaceName << "\",\"uid\":\"" << p.uid
      << "\",\"resourceVersion\":\"" << qint64(rv) << "\",\"creationTimestamp\":\"" << p.createdAt
      << "\"";
    j << ",\"labels\":{\"app\":\"" << p.app << "\",\"pod-template-hash\":\"" << p.templateHash
      << "\",\"team\":\"" << p.team << "\",\"tier\":\"" << p.tier << "\"}";
    j << ",\"annotations\":{\"kubectl.kubernetes.io/restartedAt\":\"" << p.createdAt
      << "\",\"sim.informant.io/generation\":\"" << qint64(p.generation) << "\"}";
    j << ",\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\""
      << p.app << "-" << p.templateHash << "\",\"uid\":\"" << p.ownerUid
      << "\",\"controller\":true,\"blockOwnerDeletion\":true}]";
    j << ",\"managedFields\":[{\"manager\":\"kube-controller-manager\",\"operation\":\"Update\","
         "\"apiVersion\":\"v1\",\"time\":\""
      << p.createdAt
      << "\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:metadata\":{\"f:annotations\":{\".\":{},"
         "\"f:kubectl.kubernetes.io/restartedAt\":{}},\"f:generateName\":{},\"f:labels\":{\".\":{},"
         "\"f:app\":{},\"f:pod-template-hash\":{},\"f:team\":{},\"f:tier\":{}},"
         "\"f:ownerReferences\":{\".\":{},\"k:{\\\"uid\\\":\\\""
      << p.ownerUid
      << "\\\"}\":{}}},\"f:spec\":{\"f:containers\":{\"k:{\\\"name\\\":\\\"app\\\"}\":{\".\":{},"
         "\"f:env\":{\".\":{},\"k:{\\\"name\\\":\\\"LOG_LEVEL\\\"}\":{\".\":{},\"f:name\":{},"
         "\"f:value\":{}}},\"f:image\":{},\"f:imagePullPolicy\":{},\"f:livenessProbe\":{},"
         "\"f:name\":{},\"f:ports\":{},\"f:readinessProbe\":{},\"f:resources\":{},"
         "\"f:terminationMessagePath\":{},\"f:terminationMessagePolicy\":{}}},\"f:dnsPolicy\":{},"
         "\"f:enableServiceLinks\":{},\"f:restartPolicy\":{},\"f:schedulerName\":{},"
         "\"f:securityContext\":{},\"f:terminationGracePeriodSeconds\":{}}}},{\"manager\":"
         "\"kubelet\",\"operation\":\"Update\",\"apiVersion\":\"v1\",\"time\":\""
      << p.createdAt
      << "\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:status\":{\"f:conditions\":{},"
         "\"f:containerStatuses\":{},\"f:hostIP\":{},\"f:hostIPs\":{},\"f:phase\":{},"
         "\"f:podIP\":{},\"f:podIPs\":{},\"f:startTime\":{}}},\"subresource\":\"status\"}]}";
}

void writeSpec(Json &j, const PodParams &p)
{
    const QString gpus =
        p.gpus > 0 ? QStringLiteral(",\"nvidia.com/gpu\":\"%1\"").arg(p.gpus) : QString();
    const QString volume = QStringLiteral("kube-api-access-") + p.uid.left(5);
    j << "{\"volumes\":[{\"name\":\"" << volume
      << "\",\"projected\":{\"sources\":[{\"serviceAccountToken\":{\"expirationSeconds\":3607,"
         "\"path\":\"token\"}},{\"configMap\":{\"name\":\"kube-root-ca.crt\",\"items\":[{\"key\":"
         "\"ca.crt\",\"path\":\"ca.crt\"}]}}],\"defaultMode\":420}}],\"containers\":[{\"name\":"
         "\"app\",\"image\":\""
      << p.image
      << "\",\"ports\":[{\"name\":\"http\",\"containerPort\":8080,\"protocol\":\"TCP\"}],\"env\":"
         "[{\"name\":\"LOG_LEVEL\",\"value\":\"info\"}],\"resources\":{\"limits\":{\"cpu\":"
         "\"500m\",\"memory\":\"512Mi\""
      << gpus << "},\"requests\":{\"cpu\":\"100m\",\"memory\":\"128Mi\"" << gpus
      << "}},\"volumeMounts\":[{\"name\":\"" << volume
      << "\",\"readOnly\":true,\"mountPath\":\"/var/run/secrets/kubernetes.io/serviceaccount\"}],"
         "\"livenessProbe\":{\"httpGet\":{\"path\":\"/healthz\",\"port\":8080,\"scheme\":\"HTTP\"},"
         "\"timeoutSeconds\":1,\"periodSeconds\":10,\"successThreshold\":1,\"failureThreshold\":3},"
         "\"readinessProbe\":{\"httpGet\":{\"path\":\"/ready\",\"port\":8080,\"scheme\":\"HTTP\"},"
         "\"timeoutSeconds\":1,\"periodSeconds\":5,\"successThreshold\":1,\"failureThreshold\":3},"
         "\"terminationMessagePath\":\"/dev/termination-log\",\"terminationMessagePolicy\":"
         "\"File\",\"imagePullPolicy\":\"IfNotPresent\"}],\"restartPolicy\":\"Always\","
         "\"terminationGracePeriodSeconds\":30,\"dnsPolicy\":\"ClusterFirst\","
         "\"serviceAccountName\":\"default\",\"serviceAccount\":\"default\"";
    if (!p.nodeName.isEmpty())
        j << ",\"nodeName\":\"" << p.nodeName << "\"";
    j << ",\"securityContext\":{},\"schedulerName\":\"default-scheduler\",\"tolerations\":[{"
         "\"key\":"
         "\"node.kubernetes.io/not-ready\",\"operator\":\"Exists\",\"effect\":\"NoExecute\","
         "\"tolerationSeconds\":300},{\"key\":\"node.kubernetes.io/unreachable\",\"operator\":"
         "\"Exists\",\"effect\":\"NoExecute\",\"tolerationSeconds\":300}],\"priority\":0,"
         "\"enableServiceLinks\":true,\"preemptionPolicy\":\"PreemptLowerPriority\"}";
}

void writeCondition(Json &j, const char *type, bool status, const QString &time,
                    const char *reason = nullptr)
{
    j << "{\"type\":\"" << type << "\",\"status\":\"" << (status ? "True" : "False")
      << "\",\"lastProbeTime\":null,\"lastTransitionTime\":\"" << time << "\"";
    if (reason)
        j << ",\"reason\":\"" << reason << "\"";
    j << "}";
}

void writeStatus(Json &j, const PodParams &p)
{
    if (p.nodeName.isEmpty()) {
        j << "{\"phase\":\"Pending\",\"conditions\":[{\"type\":\"PodScheduled\",\"status\":"
             "\"False\","
             "\"lastProbeTime\":null,\"lastTransitionTime\":\""
          << p.createdAt
          << "\",\"reason\":\"Unschedulable\",\"message\":\"0/3 nodes are available: 3 "
             "Insufficient "
             "nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption victims found "
             "for incoming pod.\"}],\"qosClass\":\"Burstable\"}";
        return;
    }
    const char *notReady = p.ready ? nullptr : "ContainersNotReady";
    j << "{\"phase\":\"" << p.phase << "\",\"conditions\":[";
    writeCondition(j, "PodReadyToStartContainers", true, p.createdAt);
    j << ",";
    writeCondition(j, "Initialized", true, p.createdAt);
    j << ",";
    writeCondition(j, "Ready", p.ready, p.createdAt, notReady);
    j << ",";
    writeCondition(j, "ContainersReady", p.ready, p.createdAt, notReady);
    j << ",";
    writeCondition(j, "PodScheduled", true, p.createdAt);
    const qint64 hostOctet = p.nodeName.section(QLatin1Char('-'), -1).toInt() + 10;
    j << "],\"hostIP\":\"10.0.0." << hostOctet << "\",\"hostIPs\":[{\"ip\":\"10.0.0." << hostOctet
      << "\"}],\"podIP\":\"" << p.podIp << "\",\"podIPs\":[{\"ip\":\"" << p.podIp
      << "\"}],\"startTime\":\"" << p.createdAt
      << "\",\"containerStatuses\":[{\"name\":\"app\",\"state\":{";
    if (p.waitingReason.isEmpty())
        j << "\"running\":{\"startedAt\":\"" << (p.startedAt.isEmpty() ? p.createdAt : p.startedAt)
          << "\"}}";
    else if (p.waitingMessage.isEmpty())
        j << "\"waiting\":{\"reason\":\"" << p.waitingReason
          << "\",\"message\":\"back-off 5m0s restarting failed container=app pod=" << p.name
          << "\"}}";
    else
        j << "\"waiting\":{\"reason\":\"" << p.waitingReason << "\",\"message\":\""
          << p.waitingMessage << "\"}}";
    j << ",\"lastState\":{";
    if (!p.lastFinishedAt.isEmpty())
        j << "\"terminated\":{\"exitCode\":" << qint64(p.lastExitCode) << ",\"reason\":\""
          << p.lastReason << "\",\"startedAt\":\"" << p.lastStartedAt << "\",\"finishedAt\":\""
          << p.lastFinishedAt << "\"}";
    j << "},\"ready\":" << (p.ready ? "true" : "false")
      << ",\"restartCount\":" << qint64(p.restartCount) << ",\"image\":\"" << p.image
      << "\",\"imageID\":\"" << p.image
      << "@sha256:4c1e997385b8fb4ad4d1d3c7e5af7ff3f882e04d05d4ff9e3d1b2e9e1c9a5f01\","
         "\"containerID\":\"containerd://"
      << QString(p.uid).remove(QLatin1Char('-'))
      << "\",\"started\":" << (p.waitingReason.isEmpty() ? "true" : "false")
      << "}],\"qosClass\":\"Burstable\"}";
}

} // namespace

PodFactory::PodFactory(quint32 seed)
    : m_random(seed)
    , m_nowSeconds(QDateTime::currentSecsSinceEpoch())
    , m_suffixOffset(m_random())
{
    const QDateTime now = QDateTime::fromSecsSinceEpoch(m_nowSeconds, Qt::UTC);
    m_today = now.date().toString(Qt::ISODate);
    m_yesterday = now.date().addDays(-1).toString(Qt::ISODate);
}

// Formats by hand: QDateTime::toString for each of 100k pods is too slow.
QString PodFactory::createdAt(qint64 ageSeconds) const
{
    const qint64 at = m_nowSeconds - ageSeconds;
    const qint64 dayStart = m_nowSeconds - m_nowSeconds % 86400;
    const bool today = at >= dayStart;
    const qint64 secondOfDay = at - (today ? dayStart : dayStart - 86400);
    const int parts[3] = {int(secondOfDay / 3600), int(secondOfDay / 60 % 60),
                          int(secondOfDay % 60)};
    QString out = (today ? m_today : m_yesterday) + QLatin1Char('T');
    for (int i = 0; i < 3; ++i) {
        if (i)
            out += QLatin1Char(':');
        out += QLatin1Char(char('0' + parts[i] / 10));
        out += QLatin1Char(char('0' + parts[i] % 10));
    }
    return out + QLatin1Char('Z');
}

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

// Five characters like the API server's generateName suffix, but drawn
// without repetition (a permutation of the 27^5 space) so 100k pods never
// collide; deterministic for a seed.
QString PodFactory::uniqueSuffix()
{
    static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    constexpr quint64 kSpace = 27ull * 27 * 27 * 27 * 27;
    quint64 value = (m_sequence++ * 7919ull * 1009ull + m_suffixOffset) % kSpace;
    QString out;
    for (int i = 0; i < 5; ++i, value /= 27)
        out += QLatin1Char(kAlphabet[value % 27]);
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
    p.name = app + '-' + p.templateHash + '-' + uniqueSuffix();
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
    p.createdAt = createdAt(qint64(m_random() % kMaxAgeSeconds));
    p.podIp = QStringLiteral("10.244.%1.%2").arg(m_random() % 250).arg(m_random() % 250 + 2);
    return p;
}

QByteArray PodFactory::podJson(const PodParams &pod, quint64 rv)
{
    QByteArray out;
    out.reserve(5120);
    Json j{out};
    j << "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":";
    writeMetadata(j, pod, rv);
    j << ",\"spec\":";
    writeSpec(j, pod);
    j << ",\"status\":";
    writeStatus(j, pod);
    j << "}";
    return out;
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
