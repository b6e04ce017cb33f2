#pragma once

// The demo's kube-scheduler and, for pods that have no owner, their
// kubelet. A pod goes to a node that is schedulable (not
// cordoned: spec.unschedulable), whose labels have every key and value of
// the pod's spec.nodeSelector, and whose status.allocatable has each
// extended resource (nvidia.com/gpu, ...) the pod's containers ask for; of
// those, the one running the fewest pods (ties: the first by name), as the
// scheduler's balanced spreading tends to. A pod no node fits stays Pending
// with PodScheduled False, reason Unschedulable, and the scheduler's message
// and FailedScheduling warning ("0/3 nodes are available: 1 node(s) didn't
// match Pod's node affinity/selector, 2 node(s) were unschedulable. ...");
// it is tried again on each pass, so uncordoning a node or labelling it
// lets it run. CPU and memory are not counted: the demo's nodes have room.
// Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/servercontext.h"

#include <QJsonObject>
#include <QString>

namespace informant::sim {

class PodScheduler
{
public:
    PodScheduler(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_events(events)
    {
    }

    struct Placement
    {
        QString nodeName;       // empty: no node fits
        QString failureMessage; // why not, in the scheduler's words
    };
    // The node for a pod of `podSpec` (it is not bound to any yet).
    Placement place(const QJsonObject &podSpec) const;

    // Binds `pod` to the node place() finds, or records why it waits (once
    // per reason); a pod on a node already is left there.
    void schedule(const ObjectPtr &pod);
    // One pass: schedules each pending pod that has no node, and starts the
    // bound pods that have no owner (kubectl run), whose kubelet nothing
    // else plays.
    void reconcile();

private:
    void bind(const ObjectPtr &pod, const QString &nodeName);
    void markUnschedulable(const ObjectPtr &pod, const QString &message);

    ServerContext &m_context;
    EventRecorder &m_events;
};

} // namespace informant::sim
