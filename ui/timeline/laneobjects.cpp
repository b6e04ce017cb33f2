#include "ui/timeline/laneobjects.h"

#include "models/clusterrowkey.h"
#include "models/clustersession.h"
#include "models/history/historystore.h"
#include "models/kindsource.h"
#include "models/timeline/objectidentity.h"

#include <algorithm>

namespace informant {

LaneObjects::LaneObjects(ClusterSession *session, const HistoryStore *history)
    : m_session(session)
    , m_history(history)
{
}

KindInfo LaneObjects::kindOf(const InvolvedObject &object) const
{
    if (!object.apiVersion.isEmpty())
        return m_session->kindOf(object.apiVersion, object.kind);
    const QList<KindInfo> kinds = m_session->kinds();
    const auto named = std::find_if(kinds.begin(), kinds.end(),
                                    [&](const KindInfo &k) { return k.kind == object.kind; });
    return named != kinds.end() ? *named : KindInfo();
}

QString LaneObjects::keyOf(const InvolvedObject &object, const KindInfo &kind)
{
    return object.namespaceName.isEmpty() || !kind.namespaced
               ? object.name
               : object.namespaceName + u'/' + object.name;
}

QString LaneObjects::rowKeyOf(const InvolvedObject &object, const KindInfo &kind)
{
    const QString key = keyOf(object, kind);
    return object.cluster.isEmpty() ? key : clusterRowKey(object.cluster, key);
}

QString LaneObjects::describe(const InvolvedObject &object, bool withUid)
{
    QString text =
        object.kind + u' ' +
        (object.namespaceName.isEmpty() ? object.name : object.namespaceName + u'/' + object.name);
    if (const QString uid = uidOf(object); withUid && !uid.isEmpty())
        text += QStringLiteral(" (uid %1)").arg(uid);
    return text;
}

QString LaneObjects::uidOf(const InvolvedObject &object)
{
    return isIdentifiedByName(object) ? QString() : object.uid;
}

KindSource *LaneObjects::watchedSourceOf(const KindInfo &kind) const
{
    if (!kind.isValid())
        return nullptr;
    for (KindSource *source : m_session->sources()) {
        if (source->kind().sameEndpoint(kind))
            return source;
    }
    return nullptr;
}

bool LaneObjects::isKnownGone(const InvolvedObject &object) const
{
    const KindInfo kind = kindOf(object);
    const KindSource *source = watchedSourceOf(kind);
    if (!source || !source->status().synced)
        return false;
    const std::optional<KubeObject> cached = source->indexer().getByKey(rowKeyOf(object, kind));
    const QString uid = uidOf(object);
    return !cached || (!uid.isEmpty() && cached->uid() != uid);
}

EarlierObject LaneObjects::endOf(const InvolvedObject &object) const
{
    const KindInfo kind = kindOf(object);
    if (!kind.isValid())
        return EarlierObject();
    // History keys a window of several clusters' objects by cluster too.
    return m_history->endOf(kind.id(), rowKeyOf(object, kind), objectKey(object));
}

KubeObject LaneObjects::lastStateOf(const InvolvedObject &object) const
{
    const KindInfo kind = kindOf(object);
    if (!kind.isValid())
        return KubeObject();
    const QList<ObjectRevision> revisions = m_history->revisions(kind.id(), objectKey(object));
    return revisions.isEmpty() ? KubeObject() : revisions.constLast().object;
}

} // namespace informant
