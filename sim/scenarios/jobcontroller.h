#pragma once

// The demo's job controller for the Jobs people make (kubectl create job,
// apply, create job --from=cronjob/...): the Jobs the demo's CronJob
// scheduled are run by DemoCronJob. As
// kube-controller-manager's, it keeps up to spec.parallelism pods running
// (default 1) until spec.completions (default 1; a work queue without
// completions is not played) have succeeded, then marks
// the Job complete (SuccessCriteriaMet and Complete conditions,
// completionTime, the Completed event); its status counts active, ready and
// succeeded pods. The pods are scheduled (PodScheduler) and started by their
// kubelet, and each succeeds kRunMs after its container started: the
// simulator runs no image, so every command "succeeds". Suspended Jobs and
// finished ones are left alone. Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/scenarios/workloadpods.h"
#include "sim/servercontext.h"

namespace informant::sim {

class JobController
{
public:
    static constexpr qint64 kRunMs = 5000;

    JobController(ServerContext &context, EventRecorder &events)
        : m_context(context)
        , m_events(events)
        , m_pods(context, events)
    {
    }

    void reconcile();

private:
    void reconcileJob(const ObjectPtr &job);
    // The kubelet's part: a pod whose container has run kRunMs exits 0.
    void finishIfDone(const ObjectPtr &pod);

    ServerContext &m_context;
    EventRecorder &m_events;
    WorkloadPods m_pods;
};

} // namespace informant::sim
