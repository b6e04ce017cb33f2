#pragma once

// Whether an informer's update is no change at all. After a relist (a watch
// that expired, a cut stream) the informer hands its handlers an update for
// every object the list read again, changed or not, with the same
// resourceVersion when it did not change: client-go's Replaced delta, a
// "sync" update that reaches every listener of an informer without resync
// (client-go cache semantics §6.2 and §10 note 4). A raw watch, which
// kubectl get -w reads, never sends such an event: the server sends one per
// change, and every change has a new resourceVersion. What informantctl
// prints or records as the watch's events leaves these out.

#include "informer/core/kubeobject.h"

namespace informantctl {

// An object without a resourceVersion cannot be told unchanged: it counts
// as changed, so no real change is ever hidden.
inline bool isUnchangedUpdate(const informant::KubeObject &oldObject,
                              const informant::KubeObject &newObject)
{
    const QString version = newObject.resourceVersion();
    return !version.isEmpty() && version == oldObject.resourceVersion();
}

} // namespace informantctl
