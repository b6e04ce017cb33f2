#pragma once

// Kubeconfig: kubectl's configuration files, parsed with yaml-cpp and merged
// with kubectl's rules (clientcmd's ClientConfigLoadingRules):
//   - an explicit --kubeconfig file must exist and is the only file read;
//   - otherwise KUBECONFIG (':'-separated) lists the files, missing ones are
//     skipped; otherwise ~/.kube/config (missing = empty configuration);
//   - the first file that sets a cluster, user or context name wins, and
//     current-context comes from the first file that sets it;
//   - relative paths (certificate-authority, client-certificate, client-key,
//     tokenFile, an exec command containing '/') resolve against the
//     directory of the file that names them.
// Hostile or broken files yield an Error naming the file and the field; the
// parser never throws and never crashes. Error messages never quote tokens,
// passwords or key material. Plain value type, no threads.

#include "informer/core/result.h"
#include "informer/kube/clusterconfig.h"

#include <QMap>

namespace informant {

struct KubeconfigCluster
{
    QString server;
    QString certificateAuthority; // absolute path
    QByteArray certificateAuthorityData;
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QString proxyUrl;
    QString sourceFile;
};

struct KubeconfigUser
{
    QString token;
    QString tokenFile; // absolute path
    QString clientCertificate;
    QByteArray clientCertificateData;
    QString clientKey;
    QByteArray clientKeyData;
    QString username;
    QString password;
    std::optional<ExecConfig> exec;
    QString authProvider; // e.g. "oidc"
    QString oidcIdToken;
    QString sourceFile;
};

struct KubeconfigContext
{
    QString cluster;
    QString user;
    QString namespaceName;
    QString sourceFile;
};

class Kubeconfig
{
public:
    // One file. `path` names the file in errors and anchors relative paths.
    static Result<Kubeconfig> parse(const QByteArray &yaml, const QString &path);
    static Result<Kubeconfig> loadFile(const QString &path);
    // kubectl's precedence (see above). `kubeconfigEnv` is $KUBECONFIG, `home`
    // the home directory.
    static Result<Kubeconfig> load(const QString &explicitPath, const QString &kubeconfigEnv,
                                   const QString &home);
    // Uses the process environment ($KUBECONFIG, $HOME).
    static Result<Kubeconfig> loadDefault(const QString &explicitPath);

    // Adds what `later` sets and this does not (first file wins).
    void merge(const Kubeconfig &later);

    // The connection for `context` (or current-context when empty).
    Result<ClusterConfig> resolve(const QString &context = {}) const;

    QString currentContext;
    QMap<QString, KubeconfigCluster> clusters;
    QMap<QString, KubeconfigUser> users;
    QMap<QString, KubeconfigContext> contexts;
    QStringList files; // the files that were read, in order
};

} // namespace informant
