#pragma once

// What the kubelets of a scenario's nodes write to say they are alive, as
// the NodeLease heartbeat does: a Lease per node in kube-node-lease
// (holderIdentity the node, owned by the Node, leaseDurationSeconds 40)
// whose spec.renewTime is renewed every 10 s (a quarter of the lease), and
// every 30th renewal (the kubelet's nodeStatusReportFrequency of 5 min) the
// lastHeartbeatTime of the node's conditions. Each renewal is a write, with
// its watch event and resourceVersion, so the scenarios whose events or
// resourceVersions are counted (scale, churn, replay) have none; the demo
// has it unless SimOptions::nodeLeaseRenewMs is 0. Paused with the
// scenario. Server thread only.

#include "sim/servercontext.h"

#include <QObject>
#include <QTimer>

namespace informant::sim {

class NodeHeartbeat final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NodeHeartbeat)

public:
    static constexpr int kLeaseDurationSeconds = 40;    // kubelet's nodeLeaseDurationSeconds
    static constexpr int kRenewalsPerStatusReport = 30; // 5 min of 10 s renewals
    static constexpr auto kLeaseNamespace = "kube-node-lease";

    // Renews every `renewIntervalMs` (0: never).
    NodeHeartbeat(ServerContext &context, int renewIntervalMs);

    // The kubelets of the stored nodes start: each node's Lease (made when
    // its node was) renewed now, and the node's status reported now.
    void populate();
    void start();
    void setPaused(bool paused);

private:
    void beat();
    void renewLeases(const QDateTime &now);
    void reportNodeStatus(const QDateTime &now);

    ServerContext &m_context;
    const int m_renewIntervalMs;
    QTimer m_timer;
    int m_renewals = 0;
};

} // namespace informant::sim
