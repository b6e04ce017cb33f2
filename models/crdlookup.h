#pragma once

// CrdLookup: the CustomResourceDefinition of a custom kind, from the
// session's CRD informer (started on first use), and word when the CRDs
// change.
//
// Why: custom resources print their CRD's additionalPrinterColumns (spec
// §2.4), as informantctl does. The CRD informer often syncs after a custom
// kind is first shown, and an edited CRD may change its columns: the table
// asks again on changed(). GUI thread.

#include "informer/core/kubeobject.h"
#include "models/kindinfo.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace informant {

class ClusterSession;
class KindSource;

class CrdLookup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrdLookup)

public:
    explicit CrdLookup(ClusterSession *session, QObject *parent = nullptr);

    // The CRD of `kind`; nullopt for a built-in kind (the built-in check
    // keeps core and well-known kinds off the CRD cache) or an unknown CRD.
    std::optional<KubeObject> crdOf(const KindInfo &kind);

Q_SIGNALS:
    // The CRD cache changed (once crdOf() has started its informer).
    void changed();

private:
    ClusterSession *m_session;
    QPointer<KindSource> m_source;
};

} // namespace informant
