#pragma once

// A small stand-in for kube-controller-manager's deployment controller (with
// the replicaset controller it drives, ReplicaSetController), so the demo
// looks alive and reads as a real cluster to kubectl: every Deployment gets a
// ReplicaSet per pod template (<name>-<pod-template-hash>, annotated with
// deployment.kubernetes.io/revision, desired-replicas and max-replicas); a
// template change rolls over as the RollingUpdate strategy does (the new
// ReplicaSet scaled up within maxSurge, old ones scaled down as far as
// maxUnavailable allows, step by step, with "Scaled up/down replica set X
// from A to B" events); Recreate scales the old ones to zero first; a scale
// with no rollout in progress sets the ReplicaSet at once. A paused
// Deployment makes no ReplicaSet for a new template and rolls nothing over
// until resumed, but is scaled; a template rolled back to (kubectl rollout
// undo) takes its ReplicaSet back under a new revision. The status
// (observedGeneration, replicas, updated/ready/available/unavailableReplicas,
// the Available and Progressing conditions with their reasons) is computed as
// the controller's calculateStatus and syncRolloutStatus do, so `kubectl
// rollout status` follows along. Old ReplicaSets beyond
// spec.revisionHistoryLimit are deleted. Used by the demo scenario only.
// Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/scenarios/replicasetcontroller.h"
#include "sim/scenarios/workloadpods.h"
#include "sim/servercontext.h"

#include <QJsonObject>

namespace informant::sim {

class DeploymentController
{
public:
    DeploymentController(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_events(events)
        , m_replicaSets(context, events)
        , m_status(context, events)
    {
    }

    // One pass over every ReplicaSet and pod, then every Deployment.
    void reconcile();

    // The resolved spec.strategy of a Deployment of `desired` replicas.
    struct Strategy
    {
        bool recreate = false;
        int maxSurge = 0;
        int maxUnavailable = 0;
    };
    static Strategy strategyOf(const QJsonObject &spec, int desired);

private:
    void reconcileDeployment(const ObjectPtr &deployment);
    ObjectPtr createReplicaSet(const ObjectPtr &deployment, const QJsonObject &spec,
                               const QString &hash, int replicas, int revision);
    // Sets spec.replicas (and the replica annotations) of `replicaSet`, with
    // the ScalingReplicaSet event; returns the stored ReplicaSet.
    ObjectPtr scale(const ObjectPtr &deployment, const ObjectPtr &replicaSet, int replicas,
                    int maxReplicas);
    void rollOldSetsDown(const ObjectPtr &deployment, const ObjectPtr &newSet,
                         std::vector<ObjectPtr> &oldSets, int desired, const Strategy &strategy);
    void syncPaused(const ObjectPtr &deployment, const ObjectPtr &newSet,
                    const std::vector<ObjectPtr> &oldSets, int desired, int maxReplicas);
    // `newSet`: null while a paused Deployment's template has none.
    void writeStatus(const ObjectPtr &deployment, const ObjectPtr &newSet,
                     const std::vector<ObjectPtr> &oldSets, bool created);
    // Sets the deployment.kubernetes.io/revision annotation; returns the stored object.
    ObjectPtr setRevision(const QString &storageId, const ObjectPtr &object, int revision);
    void pruneHistory(const QJsonObject &spec, const std::vector<ObjectPtr> &oldSets);
    std::vector<ObjectPtr> replicaSetsOf(const QString &deploymentUid) const;

    ServerContext &m_context;
    EventRecorder &m_events;
    ReplicaSetController m_replicaSets;
    WorkloadPods m_status; // for its status writes only
};

} // namespace informant::sim
