#pragma once

// A small stand-in for kube-controller-manager's persistentvolume controller
// together with one CSI external provisioner (`provisioner`, e.g.
// hostpath.csi.k8s.io) whose StorageClasses bind at once (Immediate): a
// Pending claim of such a class (a claim naming no class gets the default
// one, as the controller's retroactive default class assignment does) gets a
// PersistentVolume pvc-<claim uid> of its size, access modes and volume mode,
// with the class's reclaim policy and a claimRef to the claim; both show
// Bound, with the Provisioning and ProvisioningSucceeded events on the claim.
// A bound volume whose claim is gone shows Released, and is then deleted
// when the reclaim policy is Delete (it goes once StorageProtection removes
// its pv-protection finalizer). Claims of other provisioners, of
// WaitForFirstConsumer classes or naming a volume stay as they are.
// Used by the demo scenario only. Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/servercontext.h"

#include <QJsonObject>
#include <QSet>

namespace informant::sim {

class VolumeProvisioner
{
public:
    VolumeProvisioner(ServerContext &context, EventRecorder &events, const QString &provisioner)
        : m_context(context)
        , m_events(events)
        , m_provisioner(provisioner)
    {
    }

    // One pass over every claim and volume.
    void reconcile();

private:
    // The class `claimSpec` names, or the default class when it names none;
    // empty when there is none.
    QJsonObject classOf(const QJsonObject &claimSpec) const;
    void provision(const ObjectPtr &claim, const QJsonObject &storageClass);
    bool bindClaim(const ObjectPtr &claim, const QJsonObject &storageClass,
                   const QJsonObject &volume);
    void reclaim(const ObjectPtr &volume, const QSet<QString> &claimUids);

    ServerContext &m_context;
    EventRecorder &m_events;
    QString m_provisioner;
};

} // namespace informant::sim
