#pragma once

// A small stand-in for kube-controller-manager's daemonset controller: one
// pod per node (spec.nodeName set, as the scheduler would), pods on nodes
// that are gone and extra pods deleted, and a template change rolled out one
// node at a time (RollingUpdate, maxUnavailable 1). Pods carry
// controller-revision-hash and pod-template-generation. Status:
// desiredNumberScheduled, currentNumberScheduled, numberReady,
// numberAvailable, numberUnavailable, updatedNumberScheduled. Used by the
// demo scenario only. Server thread only.

#include "sim/scenarios/workloadpods.h"

namespace informant::sim {

class DaemonSetController
{
public:
    DaemonSetController(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_pods(context, events)
    {
    }

    // One pass over every DaemonSet, the nodes and the pods.
    void reconcile();

private:
    void reconcileSet(const ObjectPtr &set, const QStringList &nodes);
    void updateStatus(const ObjectPtr &set, const QJsonObject &object, const QStringList &nodes,
                      const QString &revision);

    ServerContext &m_context;
    WorkloadPods m_pods;
};

} // namespace informant::sim
