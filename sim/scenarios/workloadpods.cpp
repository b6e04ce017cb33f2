#include "sim/scenarios/workloadpods.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/podscheduler.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");

ResourceType typeOf(ServerContext &context, const QString &storageId)
{
    return *context.table.findByStorage(storageId);
}

} // namespace

namespace {

// `object` without its null, empty-object and empty-array members, at any
// depth: the API server's typed objects cannot tell those from absent ones
// (kubectl rollout undo sends a template with "creationTimestamp":null and
// "resources":{} that the stored one has not), and the controllers compare
// templates as typed objects.
QJsonObject withoutEmptyMembers(const QJsonObject &object)
{
    QJsonObject out;
    for (auto it = object.begin(); it != object.end(); ++it) {
        QJsonValue value = it.value();
        if (value.isObject())
            value = withoutEmptyMembers(value.toObject());
        if (value.isArray()) {
            QJsonArray items;
            for (const QJsonValue &item : value.toArray())
                items.append(item.isObject() ? QJsonValue(withoutEmptyMembers(item.toObject()))
                                             : item);
            value = items;
        }
        const bool empty = value.isNull() || (value.isObject() && value.toObject().isEmpty()) ||
                           (value.isArray() && value.toArray().isEmpty());
        if (!empty)
            out.insert(it.key(), value);
    }
    return out;
}

} // namespace

QString WorkloadPods::templateHash(const QJsonObject &podTemplate)
{
    const QByteArray digest = QCryptographicHash::hash(
        QJsonDocument(withoutEmptyMembers(podTemplate)).toJson(QJsonDocument::Compact),
        QCryptographicHash::Sha1);
    static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString out;
    for (int i = 0; i < 10; ++i)
        out += QLatin1Char(kAlphabet[quint8(digest[i]) % (sizeof(kAlphabet) - 1)]);
    return out;
}

QJsonObject WorkloadPods::ownerReference(const StoredObject &owner, const char *kind,
                                         const char *apiVersion)
{
    return QJsonObject{{"apiVersion", apiVersion}, {"kind", kind},
                       {"name", owner.name},       {"uid", owner.uid},
                       {"controller", true},       {"blockOwnerDeletion", true}};
}

QString WorkloadPods::revisionOf(const StoredObject &pod)
{
    for (const Label &label : pod.labels) {
        if (label.key == kRevisionLabel)
            return label.value;
    }
    return QString();
}

bool WorkloadPods::isRunning(const StoredObject &pod)
{
    return pod.field(QStringLiteral("status.phase")) == QLatin1String("Running");
}

bool WorkloadPods::isReady(const StoredObject &pod)
{
    if (!isRunning(pod))
        return false;
    const QJsonArray conditions =
        QJsonDocument::fromJson(jsonMember(pod.json, {"status", "conditions"})).array();
    for (const QJsonValue &condition : conditions) {
        if (condition.toObject().value(QLatin1String("type")) == QLatin1String("Ready"))
            return condition.toObject().value(QLatin1String("status")) == QLatin1String("True");
    }
    return false;
}

std::vector<ObjectPtr> WorkloadPods::podsOf(const QString &ownerUid, bool withTerminating) const
{
    std::vector<ObjectPtr> out;
    for (const auto &[key, pod] : m_context.storage.store(kPods).objects()) {
        if (pod->ownerUids.contains(ownerUid) && (withTerminating || !pod->beingDeleted))
            out.push_back(pod);
    }
    return out;
}

ObjectPtr WorkloadPods::create(const ObjectPtr &owner, const char *ownerKind,
                               const QString &component, const QJsonObject &podTemplate,
                               const QString &name, const QString &generateName,
                               const QJsonObject &extraLabels, const QString &nodeName)
{
    QJsonObject metadata = podTemplate.value(QLatin1String("metadata")).toObject();
    QString podName = name;
    if (podName.isEmpty()) {
        static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
        QString suffix;
        quint32 seed = ++m_podCounter * 2654435761u + qHash(owner->uid);
        for (int i = 0; i < 5; ++i, seed /= 27)
            suffix += QLatin1Char(kAlphabet[seed % 27]);
        podName = generateName + suffix;
        metadata.insert(QLatin1String("generateName"), generateName);
    }
    QJsonObject labels = metadata.value(QLatin1String("labels")).toObject();
    for (auto it = extraLabels.begin(); it != extraLabels.end(); ++it)
        labels.insert(it.key(), it.value());
    metadata.insert(QLatin1String("labels"), labels);
    metadata.insert(QLatin1String("name"), podName);
    metadata.insert(QLatin1String("namespace"), owner->namespaceName);
    const char *ownerApiVersion = qstrcmp(ownerKind, "Job") == 0 ? "batch/v1" : "apps/v1";
    metadata.insert(QLatin1String("ownerReferences"),
                    QJsonArray{ownerReference(*owner, ownerKind, ownerApiVersion)});
    QJsonObject spec = podTemplate.value(QLatin1String("spec")).toObject();
    if (!nodeName.isEmpty())
        spec.insert(QLatin1String("nodeName"), nodeName);
    spec.insert(QLatin1String("restartPolicy"),
                spec.value(QLatin1String("restartPolicy")).toString(QStringLiteral("Always")));
    spec.insert(QLatin1String("schedulerName"), QStringLiteral("default-scheduler"));
    const QJsonObject pod{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", metadata},
        {"spec", spec},
        {"status", QJsonObject{{"phase", "Pending"}}}}; // qosClass: the API's, from the spec
    const auto created =
        ObjectWriter(m_context).create(typeOf(m_context, kPods), pod, owner->namespaceName);
    if (!created.ok())
        return nullptr;
    const StoredObject &stored = *created.value()->object;
    const QString kind = QLatin1String(ownerKind);
    m_events.normal(EventSubject::of(*owner, kind, QLatin1String(ownerApiVersion)),
                    QStringLiteral("SuccessfulCreate"),
                    kind == QLatin1String("StatefulSet")
                        ? QStringLiteral("create Pod %1 in StatefulSet %2 successful")
                              .arg(stored.name, owner->name)
                        : QStringLiteral("Created pod: %1").arg(stored.name),
                    component);
    if (nodeName.isEmpty()) {
        PodScheduler(m_context, m_events).schedule(created.value()->object);
        return m_context.storage.store(kPods).get(stored.key);
    }
    m_events.normal(EventSubject::of(stored, QStringLiteral("Pod"), QStringLiteral("v1")),
                    QStringLiteral("Scheduled"),
                    QStringLiteral("Successfully assigned %1/%2 to %3")
                        .arg(stored.namespaceName, stored.name, nodeName),
                    QStringLiteral("default-scheduler"));
    return created.value()->object;
}

void WorkloadPods::start(const ObjectPtr &pod)
{
    if (pod->field(QStringLiteral("spec.nodeName")).isEmpty())
        return;
    QJsonObject object = ObjectWriter::toJson(*pod);
    const QJsonArray containers =
        object.value(QLatin1String("spec")).toObject().value(QLatin1String("containers")).toArray();
    const QString now = nowTimestamp();
    QJsonArray statuses;
    EventSubject subject = EventSubject::of(*pod, QStringLiteral("Pod"), QStringLiteral("v1"));
    for (const QJsonValue &value : containers) {
        const QJsonObject container = value.toObject();
        const QString name = container.value(QLatin1String("name")).toString();
        const QString image = container.value(QLatin1String("image")).toString();
        statuses.append(
            QJsonObject{{"name", name},
                        {"state", QJsonObject{{"running", QJsonObject{{"startedAt", now}}}}},
                        {"lastState", QJsonObject()},
                        {"ready", true},
                        {"restartCount", 0},
                        {"image", image},
                        {"imageID", image + QStringLiteral("@sha256:9d4f2c1e0b7a")},
                        {"containerID", QStringLiteral("containerd://") + pod->uid.left(8) + name},
                        {"started", true}});
        subject.fieldPath = QStringLiteral("spec.containers{%1}").arg(name);
        m_events.normal(
            subject, QStringLiteral("Pulled"),
            QStringLiteral("Container image \"%1\" already present on machine").arg(image),
            QStringLiteral("kubelet"));
        m_events.normal(subject, QStringLiteral("Created"),
                        QStringLiteral("Created container %1").arg(name),
                        QStringLiteral("kubelet"));
        m_events.normal(subject, QStringLiteral("Started"),
                        QStringLiteral("Started container %1").arg(name),
                        QStringLiteral("kubelet"));
    }
    const QString nodeName = pod->field(QStringLiteral("spec.nodeName"));
    const QString hostIp = QStringLiteral("10.0.0.%1").arg(nodeName.section('-', -1).toInt() + 10);
    const QString podIp = QStringLiteral("10.244.%1.%2")
                              .arg(nodeName.section('-', -1).toInt())
                              .arg(qHash(pod->uid) % 250 + 2);
    const auto condition = [&](const char *type) {
        return QJsonObject{{"type", type},
                           {"status", "True"},
                           {"lastProbeTime", QJsonValue::Null},
                           {"lastTransitionTime", now}};
    };
    // The QoS class the API server gave the pod from its resources stays.
    const QJsonValue qosClass =
        object.value(QLatin1String("status")).toObject().value(QLatin1String("qosClass"));
    object.insert(QLatin1String("status"),
                  QJsonObject{{"phase", "Running"},
                              {"conditions",
                               QJsonArray{condition("PodReadyToStartContainers"),
                                          condition("Initialized"), condition("Ready"),
                                          condition("ContainersReady"), condition("PodScheduled")}},
                              {"hostIP", hostIp},
                              {"hostIPs", QJsonArray{QJsonObject{{"ip", hostIp}}}},
                              {"podIP", podIp},
                              {"podIPs", QJsonArray{QJsonObject{{"ip", podIp}}}},
                              {"startTime", now},
                              {"containerStatuses", statuses},
                              {"qosClass", qosClass}});
    (void)ObjectWriter(m_context).update(typeOf(m_context, kPods), object, pod,
                                         UpdateScope::Status);
}

void WorkloadPods::remove(const ObjectPtr &pod)
{
    // Through the API's graceful deletion, as the replica set controller's
    // DELETE: the pod shows Terminating until its kubelet stops it.
    const auto removed = ObjectWriter(m_context).remove(typeOf(m_context, kPods), pod);
    if (!removed.ok())
        return;
    EventSubject subject = EventSubject::of(*pod, QStringLiteral("Pod"), QStringLiteral("v1"));
    const QJsonArray containers = ObjectWriter::toJson(*pod)
                                      .value(QLatin1String("spec"))
                                      .toObject()
                                      .value(QLatin1String("containers"))
                                      .toArray();
    for (const QJsonValue &container : containers) {
        const QString name = container.toObject().value(QLatin1String("name")).toString();
        subject.fieldPath = QStringLiteral("spec.containers{%1}").arg(name);
        m_events.normal(subject, QStringLiteral("Killing"),
                        QStringLiteral("Stopping container %1").arg(name),
                        QStringLiteral("kubelet"));
    }
}

void WorkloadPods::updateStatus(const ObjectPtr &object, const QString &resourceGroup,
                                const QString &resource, const QJsonObject &status)
{
    QJsonObject json = ObjectWriter::toJson(*object);
    if (QJsonDocument(json.value(QLatin1String("status")).toObject()).toJson() ==
        QJsonDocument(status).toJson())
        return;
    // Unchanged conditions keep their times, so equal statuses compare equal.
    json.insert(QLatin1String("status"), status);
    const auto type = m_context.table.find(resourceGroup, QStringLiteral("v1"), resource);
    if (type)
        (void)ObjectWriter(m_context).update(*type, json, object, UpdateScope::Status);
}

} // namespace informant::sim
