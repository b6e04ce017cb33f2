#pragma once

// Storage object in-use protection, both halves, as a real cluster has them
// whatever else runs: kube-apiserver's StorageObjectInUseProtection admission
// plugin gives every new PersistentVolumeClaim the kubernetes.io/pvc-protection
// finalizer and every new PersistentVolume kubernetes.io/pv-protection; and
// kube-controller-manager's pvc-protection and pv-protection controllers
// remove them from a deleted object once it is not in use. A claim is in use
// while a scheduled pod of its namespace (any phase, terminating ones too)
// names it in spec.volumes[].persistentVolumeClaim; a volume while its
// status.phase is Bound. Until then `kubectl get` shows the object
// Terminating, with its deletionTimestamp. The controllers look again, once
// per burst, after a write of a pod, claim or volume (ObjectWriter tells
// them). Owned by the ServerContext; server thread only.

#include "sim/resourcetype.h"
#include "sim/storedobject.h"

#include <QJsonObject>
#include <QObject>

namespace informant::sim {

struct ServerContext;

class StorageProtection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StorageProtection)

public:
    explicit StorageProtection(ServerContext &context)
        : m_context(context)
    {
    }

    static inline const QString kClaimFinalizer = QStringLiteral("kubernetes.io/pvc-protection");
    static inline const QString kVolumeFinalizer = QStringLiteral("kubernetes.io/pv-protection");

    // The admission half: the metadata of a new object of `type` gets its
    // finalizer (once).
    static void admit(const ResourceType &type, QJsonObject &metadata);

    // An object of `type` was written: if it is a pod, claim or volume, the
    // controllers look again after the current event.
    void changed(const ResourceType &type);

private:
    void sweep();
    void releaseClaims();
    void releaseVolumes();
    bool claimInUse(const StoredObject &claim) const;
    // Removes `finalizer` from `object` (deleting it when none is left).
    void removeFinalizer(const QString &storageId, const ObjectPtr &object,
                         const QString &finalizer);

    ServerContext &m_context;
    bool m_sweepPending = false;
};

} // namespace informant::sim
