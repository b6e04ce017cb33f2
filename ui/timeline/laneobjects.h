#pragma once

// LaneObjects: the cluster object a timeline lane stands for, as the
// window's caches and History know it.
//
// A lane names its object as the Events do (kind, apiVersion if given,
// namespace, name, uid; models/timeline/objectidentity.h). Following a lane,
// showing its object in the details pane and telling how an earlier object
// went all start by finding that object's kind, its key in the kind's
// source, and whether the cache still holds it. GUI thread.

#include "informer/core/kubeobject.h"
#include "models/kindinfo.h"
#include "models/timeline/timelineevent.h"

namespace informant {

class ClusterSession;
class HistoryStore;
class KindSource;
struct EarlierObject;

class LaneObjects
{
public:
    LaneObjects(ClusterSession *session, const HistoryStore *history);

    // The kind the Events name: by apiVersion when they give one (a Knative
    // Service is not a core Service), else the first kind so called; invalid
    // if the cluster serves none.
    KindInfo kindOf(const InvolvedObject &object) const;
    // The object's key as an object of `kind`: "namespace/name" or "name".
    static QString keyOf(const InvolvedObject &object, const KindInfo &kind);
    // Its key in the source of `kind`: keyOf(), after its cluster in a
    // window of several (models/clusterrowkey.h).
    static QString rowKeyOf(const InvolvedObject &object, const KindInfo &kind);
    // "Pod shop/web-1", and " (uid …)" after it if `withUid` and it has one.
    static QString describe(const InvolvedObject &object, bool withUid = false);
    // The uid the object must have: empty for one identified by its name (a
    // Node, whose kubelet events name no real uid), which any uid matches.
    static QString uidOf(const InvolvedObject &object);

    // The source of `kind` if it is watched already; null if not (or invalid).
    KindSource *watchedSourceOf(const KindInfo &kind) const;
    // The object is not in its kind's cache (another with another uid may
    // hold its name), and that kind is watched and listed (a kind not
    // watched yet is not started for the question).
    bool isKnownGone(const InvolvedObject &object) const;
    // How an earlier object went, as History saw it; null if it did not.
    EarlierObject endOf(const InvolvedObject &object) const;
    // The last state History recorded of the object; null if none.
    KubeObject lastStateOf(const InvolvedObject &object) const;

private:
    ClusterSession *m_session;
    const HistoryStore *m_history;
};

} // namespace informant
