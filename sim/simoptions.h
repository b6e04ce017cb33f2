#pragma once

// Options of one simulated API server (the informant-sim command line).

#include <QString>
#include <QStringList>

namespace informant::sim {

struct SimOptions
{
    QString scenario = QStringLiteral("demo"); // demo, empty, scale, churn, replay
    int pods = 0;                              // pod count (0: scenario default)
    int namespaces = 0;                        // scale/churn/replay: namespace count (0: default)
    double churnPerSecond = 0;    // any scenario: changes per second (0: the scenario's default)
    qint64 replayChanges = 0;     // replay: changes kept for replay (0: default)
    bool replayOnRequest = false; // replay: make the changes at POST /sim/v1/replay/start
    QString replayFile;           // replay: serve this recording (informantctl record) instead
    double replaySpeed = 1;       // replay of a recording: 10 plays ten times faster
    int crds = 0;                 // any scenario: this many extra CRDs, a few objects each
    quint32 seed = 1;
    int history = 10000; // events kept per resource
    QString faults;      // --faults spec
    QString tlsCert;     // PEM files
    QString tlsKey;
    QString clientCa; // require client certificates signed by this CA
    QString token;    // require this bearer token
    int bookmarkIntervalMs = 2000;
    qint64 continueTtlMs = 5 * 60 * 1000;
    int podStopMs = 4000; // a gracefully deleted pod's containers stop in this long
    // demo: each node's kubelet renews its Lease this often (the kubelet's
    // 10 s), and its status every 30th time (NodeHeartbeat); 0: never.
    int nodeLeaseRenewMs = 10000;
    // Reads allowed only in these namespaces (a user whose RBAC Role binds
    // there alone); empty: everything allowed.
    QStringList readableNamespaces;
};

} // namespace informant::sim
