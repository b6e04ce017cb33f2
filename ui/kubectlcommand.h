#pragma once

// The kubectl command line that shows the same objects as the table's rows:
// `kubectl get pod web-1 -n web -o yaml --context prod`, pasted into a
// terminal, reaches the cluster the window watches (its kubeconfig, context,
// or server when there is no context) and reads nothing else. Read-only
// verbs only: the menu that copies it must not become a way to change the
// cluster. Words a shell would split or expand are quoted (POSIX sh), so a
// context named "team a" or a kubeconfig path with spaces survives the paste.

#include "informer/core/kubeobject.h"
#include "models/kindinfo.h"

#include <QList>
#include <QString>

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

// `word` as one POSIX shell word: unchanged when it holds only characters no
// shell treats specially, else in single quotes ('it'\''s').
QString shellQuoted(const QString &word);

} // namespace informant
