#pragma once

// Which object an Event is about, as the timeline groups and filters events.
//
// Most objects are identified by the uid the Event names. Nodes are not: the
// kubelet records its Node events (Starting, NodeReady, NodeHasDiskPressure,
// ...) with involvedObject.uid set to the node's *name* (pkg/kubelet builds
// its nodeRef with UID: types.UID(nodeName)), while the node controllers name
// the Node's real uid. Keyed by uid, one Node became two lanes and a label
// filter (real uids) dropped the kubelet's events. So a Node's uid that is its
// name is treated as unknown, and a Node is identified by its name, which is
// unique among cluster-scoped objects. An object whose Event names no uid at
// all (rare: events about objects being created) is identified by name too.
// A name is unique in one cluster only: in a window of several, a key by name
// names the cluster too (models/clusterrowkey.h). Uids are unique across
// clusters.
//
// Plain functions; thread-safe.

#include "models/timeline/timelineevent.h"

#include <QString>

namespace informant {

// What an Event about `object` names as its involved object.
InvolvedObject referenceTo(const KubeObject &object);

// The object's uid, or empty when the Event names none or a stand-in for it.
QString knownObjectUid(const InvolvedObject &object);

// True when the object is identified by objectNameKey(), not by its uid.
bool isIdentifiedByName(const InvolvedObject &object);

// "kind/namespace/name": the key of an object identified by name. The filter
// pane adds it for the Nodes it selects (see labelledObjectUids).
QString objectNameKey(QStringView kind, QStringView namespaceName, QStringView name);

// The key one lane (and one filter entry) stands for: objectNameKey() for an
// object identified by name (after its cluster's name, if any), else its uid.
QString objectKey(const InvolvedObject &object);

} // namespace informant
