#pragma once

// ExecPlugin: a client-go exec credential plugin (users[].user.exec), run
// with QProcess and never through a shell. It speaks
// client.authentication.k8s.io/v1 and v1beta1 ExecCredential: the request
// goes in KUBERNETES_EXEC_INFO (with the cluster when provideClusterInfo is
// set), the plugin prints an ExecCredential holding a token or a client
// certificate and key, optionally with status.expirationTimestamp.
//
// The credential is cached until its expiration (or until invalidate() after
// a 401), so the plugin runs once per token lifetime however many threads
// ask. PATH is extended with the usual install locations (/usr/local/bin,
// ~/.local/bin, /opt/homebrew/bin, ~/go/bin, ...) because a desktop session's
// PATH often lacks them. The plugin's stderr is read as it arrives and goes
// to the observer, if one is set: its bytes unchanged (informantctl passes
// them to its own stderr raw, as kubectl lets the plugin write to the
// terminal) and complete lines (the GUI shows them in the window), so that
// a prompt such as kubelogin's device code is seen while the plugin waits;
// its last 4 KiB explain a failure.
//
// One ExecPlugin may serve several Credentials of the same exec config
// (execplugincache.h, as client-go's process-wide authenticator cache): each
// registers its own observer, and all of them hear every run.
//
// Thread-safe: concurrent callers share one run. requestCredential() never
// blocks its caller: the plugin runs on a helper thread and the answer is
// queued to the caller's context object, so a thread that needs credentials
// keeps serving its event loop (and can be interrupted) while a plugin waits
// for, say, a browser login. credential() is the blocking form.

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"

#include <QDateTime>
#include <QMutex>
#include <QObject>
#include <QWaitCondition>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

class QThread;

namespace informant {

struct ExecCredential
{
    QString token;
    QByteArray clientCertificatePem;
    QByteArray clientKeyPem;
    QDateTime expiration; // invalid: no expiry
};

class ExecPlugin
{
public:
    // `cluster` supplies provideClusterInfo's data.
    ExecPlugin(ExecConfig config, const ClusterConfig &cluster);
    // Stops a running plugin (it is killed) and waits for its helper thread.
    ~ExecPlugin();
    Q_DISABLE_COPY_MOVE(ExecPlugin)

    using Done = std::function<void(const Result<ExecCredential> &)>;
    // The cached credential, running the plugin when there is none or it
    // expired. Blocks while the plugin runs.
    Result<ExecCredential> credential();
    // Non-blocking: calls `done` at once (in the calling thread) with a
    // valid cached credential; otherwise starts the plugin if it is not
    // already running and later calls `done` in `context`'s thread, unless
    // `context` was destroyed first.
    void requestCredential(QObject *context, Done done);
    // The server answered 401 to a request made with `usedToken`: drops the
    // cached credential unless another caller already replaced it (so many
    // concurrent 401s re-run the plugin once, as client-go's authenticator).
    // An empty `usedToken` (certificate credentials) always drops it.
    void invalidate(const QString &usedToken = {});
    // How many times the plugin was started (for tests and --stats).
    int runCount() const;
    // Who shows a run to the user: its start (the plugin's process is
    // running; `commandName` as commandName() says it), each line the plugin
    // writes to stderr as it runs, then the run's end (`error` empty when it
    // gave a credential), so that a prompt shown can be taken down. A plugin
    // waiting in silence (for a browser it could not open) is seen to wait
    // from its start. Called in the plugin's helper thread (or credential()'s
    // caller); any may be empty. Takes effect from the next run.
    // `stderrBytes`, for a terminal: the plugin's stderr exactly as it
    // wrote it, chunk by chunk as it arrives (a prompt without a newline,
    // colour codes, carriage returns), as kubectl hands the plugin its own
    // stderr; `stderrLine` for a window: the same text in lines.
    struct Observer
    {
        std::function<void(const QString &commandName)> started;
        std::function<void(const QString &line)> stderrLine;
        std::function<void(const QString &error)> finished;
        std::function<void(const QByteArray &chunk)> stderrBytes;
    };
    // `owner`'s observer, replacing the one it set before; an empty observer
    // removes it. Every owner's observer hears every run.
    void setObserver(const void *owner, Observer observer);

    // What the user is shown about the credential: its expiry (the
    // ExecCredential's expirationTimestamp, else the notAfter of the client
    // certificate it returned), kept from the last run that gave one while a
    // new run goes on or after it failed.
    struct Status
    {
        QDateTime expiration;       // UTC; invalid: none
        QString certificateSubject; // when the credential is a client certificate
        bool running = false;
    };
    Status status() const;
    // The command's file name ("aws", "gke-gcloud-auth-plugin"): no arguments,
    // which may hold anything.
    QString commandName() const;

    // PATH with the usual install locations appended (no duplicates).
    static QString extendedPath(const QString &path, const QString &home);
    // Parses the plugin's stdout; `apiVersion` is the one that was requested.
    static Result<ExecCredential> parseOutput(const QByteArray &json, const QString &apiVersion);

private:
    struct Waiter
    {
        quint64 id = 0;
        QObject *context = nullptr;
        Done done;
        QMetaObject::Connection destroyed; // forgets the waiter with its context
    };
    bool cacheValidLocked() const;
    // The observers, copied under the mutex for a run to call without it.
    std::vector<Observer> observersLocked() const;
    // Records a run's result, wakes blocking callers and queues it to waiters.
    void finishRun(const Result<ExecCredential> &result);
    Result<ExecCredential> run();
    QByteArray execInfo(bool interactive) const;

    const ExecConfig m_config;
    QString m_server;
    QString m_tlsServerName;
    bool m_insecure = false;
    QByteArray m_caPem;
    QString m_proxyUrl;

    mutable QMutex m_mutex;
    QWaitCondition m_runFinished;
    std::optional<ExecCredential> m_cached;
    std::optional<Result<ExecCredential>> m_lastRun; // for callers that waited
    bool m_running = false;
    int m_runs = 0;
    std::vector<std::pair<const void *, Observer>> m_observers;
    Status m_status; // without `running`, which is m_running
    quint64 m_nextWaiterId = 1;
    std::vector<Waiter> m_waiters;
    std::unique_ptr<QThread> m_runner;
    std::atomic<bool> m_stopping{false};
};

} // namespace informant
