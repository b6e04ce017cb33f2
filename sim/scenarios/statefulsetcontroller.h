#pragma once

// A small stand-in for kube-controller-manager's statefulset controller
// (OrderedReady pod management, RollingUpdate): a StatefulSet's pods are
// <name>-0..<name>-(N-1), created one at a time in order, each once the one
// before runs; scaling down and template updates delete the highest ordinal
// first, one at a time, and a deleted pod comes back under its name once it
// is gone. Pods carry controller-revision-hash, statefulset.kubernetes.io/
// pod-name and apps.kubernetes.io/pod-index, hostname and subdomain. Status:
// replicas, readyReplicas, availableReplicas, currentReplicas,
// updatedReplicas and the revisions. Before a pod, its claims: one
// PersistentVolumeClaim per volumeClaimTemplate, <template>-<set>-<ordinal>,
// labelled with the selector's labels and mounted as the template's volume;
// one that exists is reused. spec.persistentVolumeClaimRetentionPolicy is
// honoured through the claims' ownerReferences (see claimretention.h): with
// Retain, the default, claims stay when pods and the set go. Used by the demo
// scenario only. Server thread only.

#include "sim/scenarios/workloadpods.h"

namespace informant::sim {

class StatefulSetController
{
public:
    StatefulSetController(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_events(events)
        , m_pods(context, events)
    {
    }

    // One pass over every StatefulSet and its pods.
    void reconcile();

private:
    void reconcileSet(const ObjectPtr &set);
    // Creates, deletes or waits: at most one pod changes per pass.
    void step(const ObjectPtr &set, const QJsonObject &spec, const QString &revision,
              const std::map<int, ObjectPtr> &byOrdinal);
    void createPod(const ObjectPtr &set, const QJsonObject &spec, const QString &revision,
                   int ordinal);
    // Creates the claims of pod `podName` that do not exist yet; false when
    // one could not be made (the pod waits, as the controller's does).
    bool createClaims(const ObjectPtr &set, const QJsonObject &spec, const QString &podName,
                      int ordinal);
    // Gives the claims of `pod` the owners the retention policy asks for.
    void updateClaimOwners(const ObjectPtr &set, const QJsonObject &spec, const StoredObject &pod,
                           int ordinal);

    ServerContext &m_context;
    EventRecorder &m_events;
    WorkloadPods m_pods;
};

} // namespace informant::sim
