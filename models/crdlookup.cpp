#include "models/crdlookup.h"

#include "informer/printers/resourceprinter.h"
#include "models/clustersession.h"
#include "models/kindsource.h"

namespace informant {

CrdLookup::CrdLookup(ClusterSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
}

std::optional<KubeObject> CrdLookup::crdOf(const KindInfo &kind)
{
    if (!kind.isValid() || kind.group.isEmpty() || hasBuiltinPrinter(kind.group, kind.kind))
        return std::nullopt;
    const KindInfo crds =
        m_session->findKind(QStringLiteral("customresourcedefinitions.apiextensions.k8s.io"));
    KindSource *source = crds.isValid() ? m_session->source(crds) : nullptr;
    if (!source)
        return std::nullopt;
    if (source != m_source) {
        m_source = source;
        connect(source, &KindSource::contentChanged, this, &CrdLookup::changed);
    }
    return source->indexer().getByKey(kind.plural + u'.' + kind.group);
}

} // namespace informant
