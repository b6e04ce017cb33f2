#pragma once

// The `demo` scenario: a small cluster that looks alive. Three nodes, a few
// namespaces, deployments (with ReplicaSets and pods, kept by a small
// controller that also honours kubectl apply/scale), a StatefulSet (with its
// headless Service and a claim per pod, bound to volumes of the default
// StorageClass's provisioner) and a DaemonSet with their controllers,
// Services whose targetPort names their pods' container port, with their
// Endpoints and EndpointSlices, now and then a rollout of one of the team's
// deployments (a new image or a restart; the first a few seconds in, so the
// cluster is seen changing at once), a crash-looping pod restarting on the
// kubelet's back-off with BackOff warnings (count and series), a pending
// unschedulable pod (it asks for a GPU no node has), the scheduler and, for
// pods of nobody's (kubectl run), the kubelet (PodScheduler), the Jobs
// people make run to completion (JobController), a CronJob
// whose Job runs every minute (DemoCronJob), a
// CRD (widgets.demo.informant.io) with additionalPrinterColumns and a few
// custom resources, the nodes' kubelets' heartbeats (NodeHeartbeat), and
// realistic events. What changes follows --seed; when
// follows the clock (the CronJob runs at each minute of it). The cluster
// opens with a past: nodes and namespaces weeks old, the services hours to
// weeks, their ReplicaSets and pods made after them (DemoHistory), the
// crash-looping pod as old as its restarts took. With --churn, --pods pods
// (default 200) in namespace "churn" churn as well.

#include "sim/scenarios/crashloopingpod.h"
#include "sim/scenarios/daemonsetcontroller.h"
#include "sim/scenarios/democronjob.h"
#include "sim/scenarios/deploymentcontroller.h"
#include "sim/scenarios/endpointscontroller.h"
#include "sim/scenarios/eventrecorder.h"
#include "sim/scenarios/jobcontroller.h"
#include "sim/scenarios/namespacecontroller.h"
#include "sim/scenarios/nodeheartbeat.h"
#include "sim/scenarios/podfactory.h"
#include "sim/scenarios/podscheduler.h"
#include "sim/scenarios/scenario.h"
#include "sim/scenarios/statefulsetcontroller.h"
#include "sim/scenarios/volumeprovisioner.h"

#include <QTimer>

namespace informant::sim {

class ObjectWriter;

class DemoScenario final : public Scenario
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoScenario)

public:
    DemoScenario(ServerContext &context, const SimOptions &options);

    Result<void> populate() override;
    void start() override;
    void setPaused(bool paused) override;

private:
    ResourceType type(const char *group, const char *resource) const;
    // A writer that makes objects `ageSeconds` before `now`.
    ObjectWriter writerAgo(const QDateTime &now, qint64 ageSeconds);
    void createClusterObjects(const QDateTime &now);
    void createApps(const QDateTime &now);
    void createWidgets(const QDateTime &now);
    void rollOut();
    bool rolloutInProgress() const;
    // The Deployment (made `ageSeconds` ago) and ReplicaSet that `pod` (one
    // of the demo's own, not made by the controllers) comes from; `pod` is
    // named and owned to match.
    void createOwners(PodParams &pod, qint64 ageSeconds);
    void createCrashLoopingPod();
    void createPendingPod();
    void reconcile();

    EventRecorder m_events;
    DeploymentController m_controller;
    StatefulSetController m_statefulSets;
    DaemonSetController m_daemonSets;
    PodScheduler m_scheduler;
    JobController m_jobs;
    VolumeProvisioner m_volumes;
    EndpointsController m_endpoints;
    NamespaceController m_namespaces;
    PodFactory m_factory;
    DemoCronJob m_cronJob;
    QTimer m_reconcileTimer;
    QTimer m_rolloutTimer;    // single shot, set for the next rollout
    int m_lastRolledOut = -1; // index of the app (demo.cpp's kApps)
    QTimer m_cronTimer;
    std::unique_ptr<CrashLoopingPod> m_crashLoop;
    NodeHeartbeat m_heartbeat;
};

} // namespace informant::sim
