#pragma once

// The kubectl command line that shows the same objects as the table's rows:
// `kubectl get pod web-1 -n web -o yaml --context prod`, pasted into a
// terminal, reaches the cluster the window watches (its kubeconfig, context,
// or server when there is no context) and reads nothing else. Read-only
// verbs only: the menu that copies it must not become a way to change the
// cluster. Words a shell would split or expand are quoted (POSIX sh), so a
// context named "team a" or a kubeconfig path with spaces survives the paste.
// In a window of several clusters each row's command reaches its own
// cluster (KubectlTargets).

#include "informer/core/kubeobject.h"
#include "models/kindinfo.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace informant {

// How kubectl reaches the window's cluster: the connection flags informant
// was started with, or the context a window was opened for.
struct KubectlTarget
{
    QString kubeconfig;           // --kubeconfig; empty: kubectl's own default
    QString context;              // --context
    QString server;               // --server: without a context, or overriding its server
    QString certificateAuthority; // --certificate-authority (a file)
    bool insecureSkipTlsVerify = false;
    // Why there is no command for this window (a replay: no cluster kubectl
    // could ask); empty when there is one.
    QString unavailableReason;

    // The reason there is no command: unavailableReason, or that nothing
    // says where the cluster is. Empty when there is a command.
    QString whyUnavailable() const;
};

// How kubectl reaches the clusters of a window's rows: `single` for a window
// of one cluster (its rows' keys name none), and one target per cluster for
// a window of several, by the cluster's name as the rows' keys give it
// (models/clusterrowkey.h): its kubeconfig context.
struct KubectlTargets
{
    KubectlTarget single;
    QHash<QString, KubectlTarget> byCluster;

    // The target of the row `rowKey`; for a cluster with none, one whose
    // whyUnavailable() says so.
    KubectlTarget forRow(QStringView rowKey) const;
    // Why the rows `rowKeys` have no command (the first cluster of them
    // without one, named in a window of several); empty when they have.
    QString whyUnavailable(const QStringList &rowKeys) const;
};

enum class KubectlVerb {
    GetYaml,  // kubectl get ... -o yaml
    Describe, // kubectl describe ...
};

// One line per namespace, in the order the objects first name it, each with
// the names in the order given: `kubectl get pod a b -n web -o yaml
// --context prod`. A core kind goes by its singular ("pod"), another by
// plural.group ("deployments.apps": a CRD's own singular is not always its
// kind's, and the group keeps it from meaning another API's kind of the same
// name, as pods.metrics.k8s.io). Empty when `target` has no command.
QString kubectlCommand(KubectlVerb verb, const KindInfo &kind, const QList<KubeObject> &objects,
                       const KubectlTarget &target);

// The rows' objects (`objects`, of the rows `rowKeys`, in the same order):
// each cluster's lines as above, with its own target, the clusters in the
// order the rows first name them. Empty when `targets` has no command for
// one of them.
QString kubectlCommand(KubectlVerb verb, const KindInfo &kind, const QList<KubeObject> &objects,
                       const QStringList &rowKeys, const KubectlTargets &targets);

// `word` as one POSIX shell word: unchanged when it holds only characters no
// shell treats specially, else in single quotes ('it'\''s').
QString shellQuoted(const QString &word);

} // namespace informant
