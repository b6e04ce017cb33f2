#include "sim/scenarios/statefulsetcontroller.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/claimretention.h"

#include <QJsonArray>
#include <QSet>

#include <map>

namespace informant::sim {

namespace {

const QString kClaims = QStringLiteral("/persistentvolumeclaims");

QString claimName(const QJsonObject &claimTemplate, const StoredObject &set, int ordinal)
{
    return QStringLiteral("%1-%2-%3")
        .arg(claimTemplate.value(QLatin1String("metadata"))
                 .toObject()
                 .value(QLatin1String("name"))
                 .toString(),
             set.name)
        .arg(ordinal);
}

// As the controller's getPersistentVolumeClaims: the template, renamed, in the
// set's namespace, with the selector's matchLabels over the template's labels.
QJsonObject claimFor(const QJsonObject &claimTemplate, const QJsonObject &spec,
                     const StoredObject &set, int ordinal)
{
    QJsonObject metadata = claimTemplate.value(QLatin1String("metadata")).toObject();
    QJsonObject labels = metadata.value(QLatin1String("labels")).toObject();
    const QJsonObject matchLabels = spec.value(QLatin1String("selector"))
                                        .toObject()
                                        .value(QLatin1String("matchLabels"))
                                        .toObject();
    for (auto it = matchLabels.begin(); it != matchLabels.end(); ++it)
        labels.insert(it.key(), it.value());
    metadata.insert(QLatin1String("name"), claimName(claimTemplate, set, ordinal));
    metadata.insert(QLatin1String("namespace"), set.namespaceName);
    metadata.insert(QLatin1String("labels"), labels);
    return QJsonObject{{"apiVersion", "v1"},
                       {"kind", "PersistentVolumeClaim"},
                       {"metadata", metadata},
                       {"spec", claimTemplate.value(QLatin1String("spec"))}};
}

// As the controller's updateStorage: a volume per claim template, named as the
// template, replacing a template volume of that name.
QJsonArray podVolumes(const QJsonObject &podSpec, const QJsonArray &claimTemplates,
                      const StoredObject &set, int ordinal)
{
    QJsonArray volumes;
    QSet<QString> claimed;
    for (const QJsonValue &value : claimTemplates) {
        const QJsonObject claimTemplate = value.toObject();
        const QString name = claimTemplate.value(QLatin1String("metadata"))
                                 .toObject()
                                 .value(QLatin1String("name"))
                                 .toString();
        claimed.insert(name);
        volumes.append(
            QJsonObject{{"name", name},
                        {"persistentVolumeClaim",
                         QJsonObject{{"claimName", claimName(claimTemplate, set, ordinal)}}}});
    }
    for (const QJsonValue &volume : podSpec.value(QLatin1String("volumes")).toArray()) {
        if (!claimed.contains(volume.toObject().value(QLatin1String("name")).toString()))
            volumes.append(volume);
    }
    return volumes;
}

} // namespace

void StatefulSetController::reconcile()
{
    std::vector<ObjectPtr> sets;
    for (const auto &[key, set] :
         m_context.storage.store(QStringLiteral("apps/statefulsets")).objects())
        sets.push_back(set);
    for (const ObjectPtr &set : sets)
        reconcileSet(set);
}

void StatefulSetController::reconcileSet(const ObjectPtr &set)
{
    if (set->beingDeleted)
        return;
    const QJsonObject object = ObjectWriter::toJson(*set);
    const QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    const int replicas = spec.value(QLatin1String("replicas")).toInt(1);
    const QString revision =
        set->name + '-' +
        WorkloadPods::templateHash(spec.value(QLatin1String("template")).toObject());
    std::map<int, ObjectPtr> byOrdinal; // terminating pods too: their names are taken
    for (const ObjectPtr &pod : m_pods.podsOf(set->uid, true)) {
        bool ok = false;
        const int ordinal = pod->name.mid(set->name.size() + 1).toInt(&ok);
        if (ok && pod->name.startsWith(set->name + '-'))
            byOrdinal.emplace(ordinal, pod);
    }
    for (const auto &[ordinal, pod] : byOrdinal) {
        if (!pod->beingDeleted && !WorkloadPods::isRunning(*pod))
            m_pods.start(pod);
        // Before a condemned pod is deleted, its claims follow the policy.
        updateClaimOwners(set, spec, *pod, ordinal);
    }
    step(set, spec, revision, byOrdinal);

    int existing = 0;
    int ready = 0;
    int updated = 0;
    const QJsonObject status = object.value(QLatin1String("status")).toObject();
    QString currentRevision = status.value(QLatin1String("currentRevision")).toString(revision);
    for (const ObjectPtr &pod : m_pods.podsOf(set->uid)) {
        ++existing;
        ready += WorkloadPods::isReady(*pod) ? 1 : 0;
        updated += WorkloadPods::revisionOf(*pod) == revision ? 1 : 0;
    }
    // The update is done once every replica runs the new revision.
    if (updated == replicas && existing == replicas)
        currentRevision = revision;
    int current = 0;
    for (const ObjectPtr &pod : m_pods.podsOf(set->uid))
        current += WorkloadPods::revisionOf(*pod) == currentRevision ? 1 : 0;
    m_pods.updateStatus(set, QStringLiteral("apps"), QStringLiteral("statefulsets"),
                        QJsonObject{{"observedGeneration", object.value(QLatin1String("metadata"))
                                                               .toObject()
                                                               .value(QLatin1String("generation"))
                                                               .toInt(1)},
                                    {"replicas", existing},
                                    {"readyReplicas", ready},
                                    {"availableReplicas", ready},
                                    {"currentReplicas", current},
                                    {"updatedReplicas", updated},
                                    {"currentRevision", currentRevision},
                                    {"updateRevision", revision},
                                    {"collisionCount", 0}});
}

void StatefulSetController::step(const ObjectPtr &set, const QJsonObject &spec,
                                 const QString &revision, const std::map<int, ObjectPtr> &byOrdinal)
{
    const int replicas = spec.value(QLatin1String("replicas")).toInt(1);
    for (const auto &[ordinal, pod] : byOrdinal) {
        if (pod->beingDeleted)
            return; // OrderedReady: one pod in flight at a time
    }
    for (int ordinal = 0; ordinal < replicas; ++ordinal) {
        const auto found = byOrdinal.find(ordinal);
        if (found == byOrdinal.end())
            return createPod(set, spec, revision, ordinal);
        if (!WorkloadPods::isReady(*found->second))
            return; // OrderedReady: wait for it to run and be ready before the next
    }
    // Scale down, then update, from the highest ordinal.
    for (auto it = byOrdinal.rbegin(); it != byOrdinal.rend(); ++it) {
        if (it->first >= replicas)
            return m_pods.remove(it->second);
    }
    for (auto it = byOrdinal.rbegin(); it != byOrdinal.rend(); ++it) {
        if (WorkloadPods::revisionOf(*it->second) != revision)
            return m_pods.remove(it->second);
    }
}

void StatefulSetController::createPod(const ObjectPtr &set, const QJsonObject &spec,
                                      const QString &revision, int ordinal)
{
    const QString name = QStringLiteral("%1-%2").arg(set->name).arg(ordinal);
    if (!createClaims(set, spec, name, ordinal))
        return;
    QJsonObject podTemplate = spec.value(QLatin1String("template")).toObject();
    QJsonObject podSpec = podTemplate.value(QLatin1String("spec")).toObject();
    const QJsonArray claimTemplates = spec.value(QLatin1String("volumeClaimTemplates")).toArray();
    if (!claimTemplates.isEmpty())
        podSpec.insert(QLatin1String("volumes"),
                       podVolumes(podSpec, claimTemplates, *set, ordinal));
    podSpec.insert(QLatin1String("hostname"), name);
    const QString serviceName = spec.value(QLatin1String("serviceName")).toString();
    if (!serviceName.isEmpty())
        podSpec.insert(QLatin1String("subdomain"), serviceName);
    podTemplate.insert(QLatin1String("spec"), podSpec);
    (void)m_pods.create(set, "StatefulSet", QStringLiteral("statefulset-controller"), podTemplate,
                        name, QString(),
                        QJsonObject{{WorkloadPods::kRevisionLabel, revision},
                                    {"statefulset.kubernetes.io/pod-name", name},
                                    {"apps.kubernetes.io/pod-index", QString::number(ordinal)}});
}

bool StatefulSetController::createClaims(const ObjectPtr &set, const QJsonObject &spec,
                                         const QString &podName, int ordinal)
{
    const auto type = m_context.table.findByStorage(kClaims);
    for (const QJsonValue &value : spec.value(QLatin1String("volumeClaimTemplates")).toArray()) {
        QJsonObject claim = claimFor(value.toObject(), spec, *set, ordinal);
        QJsonObject metadata = claim.value(QLatin1String("metadata")).toObject();
        const QJsonArray owners = claimretention::owners(QJsonArray(), spec, *set, nullptr, false);
        if (!owners.isEmpty())
            metadata.insert(QLatin1String("ownerReferences"), owners);
        claim.insert(QLatin1String("metadata"), metadata);
        const QString name = claim.value(QLatin1String("metadata"))
                                 .toObject()
                                 .value(QLatin1String("name"))
                                 .toString();
        if (m_context.storage.store(kClaims).get(set->namespaceName + '/' + name))
            continue; // kept from an earlier pod of this ordinal
        if (!type || !ObjectWriter(m_context).create(*type, claim, set->namespaceName).ok())
            return false;
        m_events.normal(
            EventSubject::of(*set, QStringLiteral("StatefulSet"), QStringLiteral("apps/v1")),
            QStringLiteral("SuccessfulCreate"),
            QStringLiteral("create Claim %1 Pod %2 in StatefulSet %3 success")
                .arg(name, podName, set->name),
            QStringLiteral("statefulset-controller"));
    }
    return true;
}

void StatefulSetController::updateClaimOwners(const ObjectPtr &set, const QJsonObject &spec,
                                              const StoredObject &pod, int ordinal)
{
    const auto type = m_context.table.findByStorage(kClaims);
    const bool condemned = ordinal >= spec.value(QLatin1String("replicas")).toInt(1);
    for (const QJsonValue &value : spec.value(QLatin1String("volumeClaimTemplates")).toArray()) {
        const ObjectPtr claim = m_context.storage.store(kClaims).get(
            set->namespaceName + '/' + claimName(value.toObject(), *set, ordinal));
        if (!claim || claim->beingDeleted || !type)
            continue;
        QJsonObject json = ObjectWriter::toJson(*claim);
        QJsonObject metadata = json.value(QLatin1String("metadata")).toObject();
        const QJsonArray current = metadata.value(QLatin1String("ownerReferences")).toArray();
        const QJsonArray owners = claimretention::owners(current, spec, *set, &pod, condemned);
        if (owners == current)
            continue;
        if (owners.isEmpty())
            metadata.remove(QLatin1String("ownerReferences"));
        else
            metadata.insert(QLatin1String("ownerReferences"), owners);
        json.insert(QLatin1String("metadata"), metadata);
        (void)ObjectWriter(m_context).update(*type, json, claim, UpdateScope::Object);
    }
}

} // namespace informant::sim
