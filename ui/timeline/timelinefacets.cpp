#include "ui/timeline/timelinefacets.h"

#include "models/clusterrowkey.h"
#include "models/clustersession.h"
#include "models/kindsource.h"
#include "models/timeline/objectidentity.h"
#include "models/timeline/timelinefacetcounts.h"
#include "ui/timeline/timelinecanvas.h"

#include <QHash>

#include <algorithm>

namespace informant {

TimelineFacets::TimelineFacets(ClusterSession *session, const EventStore *store,
                               TimelineCanvas *canvas, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_store(store)
    , m_canvas(canvas)
{
    connect(canvas, &TimelineCanvas::layoutRebuilt, this, &TimelineFacets::changed);
}

FacetCounts TimelineFacets::counts(const FacetSelection &ticked) const
{
    const QList<KindInfo> kinds = m_session->kinds();
    const QList<KindSource *> sources = m_session->sources();
    // The informer of the kind an event names, by its apiVersion when it
    // gives one (a Knative Service is no core Service), else the first kind
    // so called; null when that kind is not watched. Looked up once per kind.
    QHash<std::pair<QString, QString>, KindSource *> sourceByKind;
    const auto sourceOf = [&](const InvolvedObject &object) {
        const std::pair<QString, QString> named{object.apiVersion, object.kind};
        if (const auto found = sourceByKind.constFind(named); found != sourceByKind.cend())
            return *found;
        KindInfo kind;
        if (!object.apiVersion.isEmpty()) {
            kind = m_session->kindOf(object.apiVersion, object.kind);
        } else if (const auto first =
                       std::find_if(kinds.cbegin(), kinds.cend(),
                                    [&object](const KindInfo &k) { return k.kind == object.kind; });
                   first != kinds.cend()) {
            kind = *first;
        }
        const auto watched = std::find_if(sources.cbegin(), sources.cend(), [&](KindSource *s) {
            return kind.isValid() && s->kind().sameEndpoint(kind);
        });
        KindSource *source = watched != sources.cend() ? *watched : nullptr;
        sourceByKind.insert(named, source);
        return source;
    };
    const auto cached = [&](const InvolvedObject &object) -> std::optional<KubeObject> {
        KindSource *source = sourceOf(object);
        if (!source)
            return std::nullopt;
        const QString key = object.namespaceName.isEmpty() || !source->kind().namespaced
                                ? object.name
                                : object.namespaceName + u'/' + object.name;
        std::optional<KubeObject> found = source->indexer().getByKey(
            object.cluster.isEmpty() ? key : clusterRowKey(object.cluster, key));
        // Another object under its name now: not the one the events are about.
        if (const QString uid = knownObjectUid(object);
            found && !uid.isEmpty() && found->uid() != uid)
            return std::nullopt;
        return found;
    };
    return timelineFacetCounts(*m_store, m_canvas->filter(), ticked, cached);
}

} // namespace informant
