#pragma once

// The simulated kube-apiserver running on the simulator's thread: accepts
// HTTP or HTTPS connections (QSslServer; optional client-certificate
// verification), routes requests, runs the scenario and the connection-level
// faults (restart). Created, used and destroyed on its own thread.

#include "sim/httpconnection.h"
#include "sim/router.h"
#include "sim/scenarios/scenario.h"
#include "sim/servercontext.h"
#include "sim/simoptions.h"

#include <QHostAddress>
#include <QObject>
#include <QSet>
#include <QTimer>

class QTcpServer;

namespace informant::sim {

class ApiServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiServer)

public:
    explicit ApiServer(const SimOptions &options);
    ~ApiServer() override;

    // Populates the scenario and starts listening; returns the port.
    Result<quint16> start(const QHostAddress &address, quint16 port);
    ServerContext &context() { return m_context; }
    int connectionCount() const { return int(m_connections.size()); }

private:
    Result<void> setUpTls();
    void onPendingConnection();
    void applyFaults(const FaultSpec &spec);
    void cutAllConnections();

    SimOptions m_options;
    ServerContext m_context;
    Router m_router;
    QTcpServer *m_server = nullptr;
    QSet<HttpConnection *> m_connections;
    QTimer m_restartTimer;
    std::unique_ptr<Scenario> m_scenario;
};

} // namespace informant::sim
