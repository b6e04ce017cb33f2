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
// PATH often lacks them. A failure carries the plugin's stderr. Thread-safe:
// concurrent callers wait for one run.

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"

#include <QDateTime>
#include <QMutex>

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

    // The cached credential, running the plugin when there is none or it
    // expired. Blocks while the plugin runs.
    Result<ExecCredential> credential();
    // The server answered 401 to a request made with `usedToken`: drops the
    // cached credential unless another caller already replaced it (so many
    // concurrent 401s re-run the plugin once, as client-go's authenticator).
    // An empty `usedToken` (certificate credentials) always drops it.
    void invalidate(const QString &usedToken = {});
    // How many times the plugin was started (for tests and --stats).
    int runCount() const;

    // PATH with the usual install locations appended (no duplicates).
    static QString extendedPath(const QString &path, const QString &home);
    // Parses the plugin's stdout; `apiVersion` is the one that was requested.
    static Result<ExecCredential> parseOutput(const QByteArray &json, const QString &apiVersion);

private:
    Result<ExecCredential> run();
    QByteArray execInfo(bool interactive) const;

    const ExecConfig m_config;
    QString m_server;
    QString m_tlsServerName;
    bool m_insecure = false;
    QByteArray m_caPem;
    QString m_proxyUrl;

    mutable QMutex m_mutex;
    std::optional<ExecCredential> m_cached;
    int m_runs = 0;
};

} // namespace informant
