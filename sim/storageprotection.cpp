#include "sim/storageprotection.h"

#include "sim/objectwriter.h"
#include "sim/servercontext.h"

#include <QJsonArray>
#include <QTimer>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");
const QString kClaims = QStringLiteral("/persistentvolumeclaims");
const QString kVolumes = QStringLiteral("/persistentvolumes");

bool isCore(const ResourceType &type, const char *resource)
{
    return type.group.isEmpty() && type.resource == QLatin1String(resource);
}

bool hasFinalizer(const QJsonObject &object, const QString &finalizer)
{
    return object.value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("finalizers"))
        .toArray()
        .contains(finalizer);
}

// As protectionutil.IsDeletionCandidate: being deleted, our finalizer still on.
bool isDeletionCandidate(const StoredObject &object, const QString &finalizer)
{
    return object.beingDeleted && object.hasFinalizers &&
           hasFinalizer(ObjectWriter::toJson(object), finalizer);
}

} // namespace

void StorageProtection::admit(const ResourceType &type, QJsonObject &metadata)
{
    const QString finalizer = isCore(type, "persistentvolumeclaims") ? kClaimFinalizer
                              : isCore(type, "persistentvolumes")    ? kVolumeFinalizer
                                                                     : QString();
    if (finalizer.isEmpty())
        return;
    QJsonArray finalizers = metadata.value(QLatin1String("finalizers")).toArray();
    if (finalizers.contains(finalizer))
        return;
    finalizers.append(finalizer);
    metadata.insert(QLatin1String("finalizers"), finalizers);
}

void StorageProtection::changed(const ResourceType &type)
{
    if (m_sweepPending || !(isCore(type, "pods") || isCore(type, "persistentvolumeclaims") ||
                            isCore(type, "persistentvolumes")))
        return;
    // After the write that got here, as the controllers see it from their
    // informers: never inside another write.
    m_sweepPending = true;
    QTimer::singleShot(0, this, [this] {
        m_sweepPending = false;
        sweep();
    });
}

void StorageProtection::sweep()
{
    releaseClaims();
    releaseVolumes();
}

void StorageProtection::releaseClaims()
{
    std::vector<ObjectPtr> candidates;
    for (const auto &[key, claim] : m_context.storage.store(kClaims).objects()) {
        if (isDeletionCandidate(*claim, kClaimFinalizer))
            candidates.push_back(claim);
    }
    for (const ObjectPtr &claim : candidates) {
        if (!claimInUse(*claim))
            removeFinalizer(kClaims, claim, kClaimFinalizer);
    }
}

void StorageProtection::releaseVolumes()
{
    std::vector<ObjectPtr> candidates;
    for (const auto &[key, volume] : m_context.storage.store(kVolumes).objects()) {
        if (isDeletionCandidate(*volume, kVolumeFinalizer))
            candidates.push_back(volume);
    }
    for (const ObjectPtr &volume : candidates) {
        const QString phase = ObjectWriter::toJson(*volume)
                                  .value(QLatin1String("status"))
                                  .toObject()
                                  .value(QLatin1String("phase"))
                                  .toString();
        if (phase != QLatin1String("Bound"))
            removeFinalizer(kVolumes, volume, kVolumeFinalizer);
    }
}

// As the pvc-protection controller's podUsesPVC: only a scheduled pod counts
// (the kubelet never starts one naming a claim being deleted), but then in
// any phase, until it is gone.
bool StorageProtection::claimInUse(const StoredObject &claim) const
{
    for (const auto &[key, pod] : m_context.storage.store(kPods).objects()) {
        if (pod->namespaceName != claim.namespaceName ||
            jsonMember(pod->json, {"spec", "volumes"}).isEmpty())
            continue;
        const QJsonObject spec = ObjectWriter::toJson(*pod).value(QLatin1String("spec")).toObject();
        if (spec.value(QLatin1String("nodeName")).toString().isEmpty())
            continue;
        for (const QJsonValue &volume : spec.value(QLatin1String("volumes")).toArray()) {
            if (volume.toObject()
                    .value(QLatin1String("persistentVolumeClaim"))
                    .toObject()
                    .value(QLatin1String("claimName"))
                    .toString() == claim.name)
                return true;
        }
    }
    return false;
}

void StorageProtection::removeFinalizer(const QString &storageId, const ObjectPtr &object,
                                        const QString &finalizer)
{
    if (const auto type = m_context.table.findByStorage(storageId))
        (void)ObjectWriter(m_context).removeFinalizer(*type, object, finalizer);
}

} // namespace informant::sim
