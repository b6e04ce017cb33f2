#pragma once

// A small stand-in for kube-controller-manager's deployment and replica set
// controllers, so the demo looks alive: every Deployment gets a ReplicaSet
// per pod-template hash and pods that follow spec.replicas; a template change
// rolls pods over one at a time (maxSurge 1); pods go Pending -> Running on
// the next tick; statuses and the usual events (ScalingReplicaSet,
// SuccessfulCreate, Scheduled, Pulled, Created, Started, Killing) are
// written; old ReplicaSets beyond spec.revisionHistoryLimit are deleted.
// Pods are made, started and deleted as WorkloadPods does.
// Used by the demo scenario only. Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/scenarios/workloadpods.h"
#include "sim/servercontext.h"

#include <QJsonObject>

namespace informant::sim {

class DeploymentController
{
public:
    DeploymentController(ServerContext &context, EventRecorder &events, int nodeCount)
        : m_context(context)
        , m_events(events)
        , m_pods(context, events, nodeCount)
    {
    }

    // One pass over every Deployment, ReplicaSet and pod.
    void reconcile();

private:
    void reconcileDeployment(const ObjectPtr &deployment);
    ObjectPtr ensureReplicaSet(const ObjectPtr &deployment, const QJsonObject &object,
                               const QString &hash, int replicas);
    void pruneHistory(const QJsonObject &spec, const std::vector<ObjectPtr> &oldSets);
    void createPod(const ObjectPtr &replicaSet, const QJsonObject &replicaSetJson);
    std::vector<ObjectPtr> replicaSetsOf(const QString &deploymentUid) const;

    ServerContext &m_context;
    EventRecorder &m_events;
    WorkloadPods m_pods;
};

} // namespace informant::sim
