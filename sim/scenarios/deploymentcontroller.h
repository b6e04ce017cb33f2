#pragma once

// A small stand-in for kube-controller-manager's deployment and replica set
// controllers, so the demo looks alive: every Deployment gets a ReplicaSet
// per pod-template hash and pods that follow spec.replicas; a template change
// rolls pods over one at a time (maxSurge 1); pods go Pending -> Running on
// the next tick; statuses and the usual events (ScalingReplicaSet,
// SuccessfulCreate, Scheduled, Pulled, Created, Started, Killing) are
// written; old ReplicaSets beyond spec.revisionHistoryLimit are deleted.
// Used by the demo scenario only. Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/servercontext.h"

#include <QJsonObject>

namespace informant::sim {

class DeploymentController
{
public:
    DeploymentController(ServerContext &context, EventRecorder &events, int nodeCount)
        : m_context(context)
        , m_events(events)
        , m_nodeCount(nodeCount)
    {
    }

    // One pass over every Deployment, ReplicaSet and pod.
    void reconcile();

private:
    void reconcileDeployment(const ObjectPtr &deployment);
    ObjectPtr ensureReplicaSet(const ObjectPtr &deployment, const QJsonObject &object,
                               const QString &hash, int replicas);
    std::vector<ObjectPtr> podsOf(const QString &ownerUid) const;
    void pruneHistory(const QJsonObject &spec, const std::vector<ObjectPtr> &oldSets);
    void createPod(const ObjectPtr &replicaSet, const QJsonObject &replicaSetJson);
    void startPod(const ObjectPtr &pod);
    void deletePod(const ObjectPtr &pod);
    void updateStatus(const ObjectPtr &object, const QString &resourceGroup,
                      const QString &resource, const QJsonObject &status);
    std::vector<ObjectPtr> replicaSetsOf(const QString &deploymentUid) const;

    ServerContext &m_context;
    EventRecorder &m_events;
    int m_nodeCount;
    quint32 m_nextNode = 0;
    quint32 m_podCounter = 0;
};

} // namespace informant::sim
