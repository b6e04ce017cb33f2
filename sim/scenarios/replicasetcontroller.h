#pragma once

// A small stand-in for kube-controller-manager's replicaset controller: every
// ReplicaSet (a Deployment's or one of its own) gets pods that follow its
// spec.replicas: the missing ones made at once (SuccessfulCreate), the excess
// deleted (SuccessfulDelete), pods not running first, then the newest. Its
// status is written as the controller's calculateStatus does: replicas
// (active pods, terminating ones not counted), fullyLabeledReplicas,
// readyReplicas, availableReplicas (minReadySeconds 0: ready is available)
// and observedGeneration; zero counts are left out as the API's omitempty
// does, so a ReplicaSet scaled to zero shows {observedGeneration, replicas: 0}.
// The kubelet's part, starting a pending pod, happens on the pass after it
// is made (WorkloadPods). Used by the demo scenario only. Server thread only.

#include "sim/scenarios/workloadpods.h"

namespace informant::sim {

class ReplicaSetController
{
public:
    ReplicaSetController(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_events(events)
        , m_pods(context, events)
    {
    }

    // One pass over every ReplicaSet and its pods.
    void reconcile();
    // The pods ReplicaSet `uid` controls, terminating ones only with `withTerminating`.
    std::vector<ObjectPtr> podsOf(const QString &uid, bool withTerminating = false) const
    {
        return m_pods.podsOf(uid, withTerminating);
    }

private:
    void reconcileSet(const ObjectPtr &replicaSet);
    void deletePods(const ObjectPtr &replicaSet, std::vector<ObjectPtr> pods, int count);

    ServerContext &m_context;
    EventRecorder &m_events;
    WorkloadPods m_pods;
};

} // namespace informant::sim
