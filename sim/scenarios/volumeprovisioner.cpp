#include "sim/scenarios/volumeprovisioner.h"

#include "sim/objectwriter.h"

#include <QJsonArray>
#include <QUuid>

namespace informant::sim {

namespace {

const QString kClaims = QStringLiteral("/persistentvolumeclaims");
const QString kVolumes = QStringLiteral("/persistentvolumes");
const QString kClasses = QStringLiteral("storage.k8s.io/storageclasses");
const QString kProvisionedBy = QStringLiteral("pv.kubernetes.io/provisioned-by");

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

QString nameOf(const QJsonObject &object)
{
    return member(object, "metadata").value(QLatin1String("name")).toString();
}

QString requestedStorage(const QJsonObject &claimSpec)
{
    return member(member(claimSpec, "resources"), "requests")
        .value(QLatin1String("storage"))
        .toString();
}

} // namespace

void VolumeProvisioner::reconcile()
{
    std::vector<ObjectPtr> claims;
    QSet<QString> claimUids;
    for (const auto &[key, claim] : m_context.storage.store(kClaims).objects()) {
        claims.push_back(claim);
        claimUids.insert(claim->uid);
    }
    for (const ObjectPtr &claim : claims) {
        const QJsonObject json = ObjectWriter::toJson(*claim);
        const QJsonObject spec = member(json, "spec");
        if (claim->beingDeleted ||
            member(json, "status").value(QLatin1String("phase")) != QLatin1String("Pending") ||
            !spec.value(QLatin1String("volumeName")).toString().isEmpty())
            continue;
        const QJsonObject storageClass = classOf(spec);
        if (storageClass.value(QLatin1String("provisioner")).toString() == m_provisioner &&
            storageClass.value(QLatin1String("volumeBindingMode"))
                    .toString(QStringLiteral("Immediate")) == QLatin1String("Immediate"))
            provision(claim, storageClass);
    }
    std::vector<ObjectPtr> volumes;
    for (const auto &[key, volume] : m_context.storage.store(kVolumes).objects())
        volumes.push_back(volume);
    for (const ObjectPtr &volume : volumes)
        reclaim(volume, claimUids);
}

QJsonObject VolumeProvisioner::classOf(const QJsonObject &claimSpec) const
{
    const QJsonValue named = claimSpec.value(QLatin1String("storageClassName"));
    for (const auto &[key, storageClass] : m_context.storage.store(kClasses).objects()) {
        const QJsonObject json = ObjectWriter::toJson(*storageClass);
        if (named.isString()
                ? storageClass->name == named.toString()
                : member(member(json, "metadata"), "annotations")
                          .value(QLatin1String("storageclass.kubernetes.io/is-default-class")) ==
                      QLatin1String("true"))
            return json;
    }
    return QJsonObject();
}

void VolumeProvisioner::provision(const ObjectPtr &claim, const QJsonObject &storageClass)
{
    const QJsonObject spec = member(ObjectWriter::toJson(*claim), "spec");
    const QString storage = requestedStorage(spec);
    const auto type = m_context.table.findByStorage(kVolumes);
    if (storage.isEmpty() || !type)
        return; // the API server would have refused a claim without a size
    const QString volumeName = QStringLiteral("pvc-") + claim->uid;
    const EventSubject subject =
        EventSubject::of(*claim, QStringLiteral("PersistentVolumeClaim"), QStringLiteral("v1"));
    const QString component = m_provisioner + QStringLiteral("_csi-provisioner-0");
    m_events.normal(subject, QStringLiteral("Provisioning"),
                    QStringLiteral("External provisioner is provisioning volume for claim "
                                   "\"%1/%2\"")
                        .arg(claim->namespaceName, claim->name),
                    component);
    const QJsonObject claimRef{{"apiVersion", "v1"},
                               {"kind", "PersistentVolumeClaim"},
                               {"namespace", claim->namespaceName},
                               {"name", claim->name},
                               {"uid", claim->uid},
                               {"resourceVersion", QString::number(claim->resourceVersion)}};
    const QJsonObject csi{
        {"driver", m_provisioner},
        {"fsType", "ext4"},
        {"volumeHandle", QUuid::createUuidV5(QUuid(), claim->uid).toString(QUuid::WithoutBraces)}};
    const QJsonObject volume{
        {"apiVersion", "v1"},
        {"kind", "PersistentVolume"},
        {"metadata", QJsonObject{{"name", volumeName},
                                 {"annotations", QJsonObject{{kProvisionedBy, m_provisioner}}}}},
        {"spec",
         QJsonObject{
             {"accessModes", spec.value(QLatin1String("accessModes"))},
             {"capacity", QJsonObject{{"storage", storage}}},
             {"claimRef", claimRef},
             {"csi", csi},
             {"persistentVolumeReclaimPolicy", storageClass.value(QLatin1String("reclaimPolicy"))
                                                   .toString(QStringLiteral("Delete"))},
             {"storageClassName", nameOf(storageClass)},
             {"volumeMode",
              spec.value(QLatin1String("volumeMode")).toString(QStringLiteral("Filesystem"))}}},
        {"status", QJsonObject{{"phase", "Bound"}, {"lastPhaseTransitionTime", nowTimestamp()}}}};
    // A volume left by a pass whose claim update failed is bound again, not remade.
    if (!m_context.storage.store(kVolumes).get(volumeName) &&
        !ObjectWriter(m_context).create(*type, volume, QString()).ok())
        return;
    if (bindClaim(claim, storageClass, volume))
        m_events.normal(subject, QStringLiteral("ProvisioningSucceeded"),
                        QStringLiteral("Successfully provisioned volume %1").arg(volumeName),
                        component);
}

// As the controller's bind: the claim names the volume (and its class, when it
// named none), is annotated as bound by the controller, and shows Bound with
// the volume's capacity and access modes.
bool VolumeProvisioner::bindClaim(const ObjectPtr &claim, const QJsonObject &storageClass,
                                  const QJsonObject &volume)
{
    const auto type = m_context.table.findByStorage(kClaims);
    if (!type)
        return false;
    QJsonObject json = ObjectWriter::toJson(*claim);
    QJsonObject metadata = member(json, "metadata");
    QJsonObject annotations = member(metadata, "annotations");
    annotations.insert(QLatin1String("pv.kubernetes.io/bind-completed"), QStringLiteral("yes"));
    annotations.insert(QLatin1String("pv.kubernetes.io/bound-by-controller"),
                       QStringLiteral("yes"));
    annotations.insert(QLatin1String("volume.beta.kubernetes.io/storage-provisioner"),
                       m_provisioner);
    annotations.insert(QLatin1String("volume.kubernetes.io/storage-provisioner"), m_provisioner);
    metadata.insert(QLatin1String("annotations"), annotations);
    json.insert(QLatin1String("metadata"), metadata);
    QJsonObject spec = member(json, "spec");
    spec.insert(QLatin1String("volumeName"), nameOf(volume));
    spec.insert(QLatin1String("storageClassName"), nameOf(storageClass));
    json.insert(QLatin1String("spec"), spec);
    const QJsonObject volumeSpec = member(volume, "spec");
    json.insert(QLatin1String("status"),
                QJsonObject{{"phase", "Bound"},
                            {"accessModes", volumeSpec.value(QLatin1String("accessModes"))},
                            {"capacity", volumeSpec.value(QLatin1String("capacity"))}});
    return ObjectWriter(m_context).update(*type, json, claim, UpdateScope::Everything).ok();
}

// As the persistentvolume controller: a bound volume whose claim is gone is
// Released first; one it provisioned with reclaim policy Delete is then
// deleted (the pv-protection controller lets it go, as it is not Bound). A
// volume already being deleted is released too, which lets it go.
void VolumeProvisioner::reclaim(const ObjectPtr &volume, const QSet<QString> &claimUids)
{
    QJsonObject json = ObjectWriter::toJson(*volume);
    const QJsonObject spec = member(json, "spec");
    const QString claimUid = member(spec, "claimRef").value(QLatin1String("uid")).toString();
    if (claimUid.isEmpty() || claimUids.contains(claimUid) ||
        member(json, "status").value(QLatin1String("phase")) != QLatin1String("Bound"))
        return;
    const auto type = m_context.table.findByStorage(kVolumes);
    if (!type)
        return;
    json.insert(QLatin1String("status"),
                QJsonObject{{"phase", "Released"}, {"lastPhaseTransitionTime", nowTimestamp()}});
    const auto released = ObjectWriter(m_context).update(*type, json, volume, UpdateScope::Status);
    const bool ours =
        member(member(json, "metadata"), "annotations").value(kProvisionedBy) == m_provisioner;
    if (released.ok() && ours && !volume->beingDeleted &&
        spec.value(QLatin1String("persistentVolumeReclaimPolicy")) == QLatin1String("Delete"))
        (void)ObjectWriter(m_context).remove(*type, released.value()->object);
}

} // namespace informant::sim
