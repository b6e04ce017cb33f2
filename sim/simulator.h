#pragma once

// informant::sim::Simulator: a simulated Kubernetes API server that runs in
// its own thread, for informant-sim, `informant --demo`, the tests and the
// benchmarks. start() returns once the scenario is populated and the server
// listens; stop() (or the destructor) cuts every connection and joins the
// thread. The public methods are meant for one owning thread (not the
// simulator's own: those that reach the server block until it has answered).

#include "sim/scenarios/recordingreplaycontrol.h"
#include "sim/servercontext.h"
#include "sim/simoptions.h"

#include "informer/core/result.h"

#include <QHostAddress>
#include <QObject>

#include <functional>

class QThread;

namespace informant::sim {

class ApiServer;

class Simulator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Simulator)

public:
    explicit Simulator(QObject *parent = nullptr);
    ~Simulator() override;

    Result<void> start(const SimOptions &options,
                       const QHostAddress &address = QHostAddress::LocalHost, quint16 port = 0);
    void stop();

    bool isRunning() const { return m_server != nullptr; }
    quint16 port() const { return m_port; }
    QString url() const { return m_url; } // "http://127.0.0.1:PORT" (https with TLS)
    // Where the replay scenario's changes are (nullopt for other scenarios).
    std::optional<ReplayInfo> replay() const { return m_replay; }

    // The replay of a recording (--replay FILE, RecordingReplayControl):
    // where it is, and its controls. nullopt, or an error, when the simulator
    // is not running or replays no recording.
    std::optional<RecordingReplayState> recordingReplayState() const;
    Result<void> setRecordingReplayPaused(bool paused);
    Result<void> seekRecordingReplay(qint64 positionMs);
    Result<void> setRecordingReplaySpeed(double speed);

private:
    // Runs `action` on the server thread with the recording's replay and
    // waits for it; an error when there is none.
    Result<void>
    withRecordingReplay(const std::function<Result<void>(RecordingReplayControl &)> &action) const;

    QThread *m_thread = nullptr;
    QObject *m_anchor = nullptr; // lives in m_thread; target of blocking calls
    ApiServer *m_server = nullptr;
    quint16 m_port = 0;
    QString m_url;
    std::optional<ReplayInfo> m_replay;
};

// What a client needs to reach the simulator, for --write-kubeconfig.
struct KubeconfigFor
{
    QString url;
    QString token;          // the user's bearer token, if the server requires one
    QString caFile;         // PEM embedded as certificate-authority-data, if any
    QString clientCertFile; // client identity (PEM paths), when the server
    QString clientKeyFile;  // requires client certificates
};

// Writes a kubeconfig (cluster "informant-sim", context and user of the same
// name, owner-only permissions). Certificate files are embedded as -data
// fields, so the kubeconfig works wherever it is copied. A token needs an
// https URL: no client sends one to an http server.
Result<void> writeKubeconfig(const QString &path, const KubeconfigFor &client);

} // namespace informant::sim
