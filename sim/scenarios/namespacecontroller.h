#pragma once

// The demo's stand-in for kube-controller-manager's serviceaccount
// controller: every namespace has a ServiceAccount "default". A namespace
// made with kubectl gets one, as on a real cluster, and it is made again
// when deleted; a terminating namespace gets none. A namespace's first is
// created at the namespace's creationTimestamp, so the demo's long-standing
// namespaces do not show a brand-new one; one made again is new. (The
// root-ca-cert-publisher's kube-root-ca.crt ConfigMap is not played.) Used
// by the demo scenario only. Server thread only.

#include "sim/servercontext.h"

#include <QSet>

namespace informant::sim {

class NamespaceController
{
public:
    explicit NamespaceController(ServerContext &context)
        : m_context(context)
    {
    }

    void reconcile();

private:
    ServerContext &m_context;
    QSet<QString> m_served; // uids of the namespaces given their first
};

} // namespace informant::sim
