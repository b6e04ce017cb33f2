#pragma once

// ChangeBatch: what a coalescing handler hands to a consumer (the GUI) after
// the cache was updated: at most one change per key per batch, in the order
// the keys first changed. Implicitly shared value types only, so a batch can
// cross threads in a queued signal.

#include "informer/core/kubeobject.h"

#include <QList>
#include <QMetaType>

namespace informant {

struct ObjectChange
{
    enum class Type { Upsert, Delete };

    Type type = Type::Upsert;
    QString key;
    // Upsert: the newest cached object. Delete: the last known state (may be
    // null for a tombstone without one).
    KubeObject object;
    // Monotonic time (QElapsedTimer::msecsSinceReference domain, ns) at which
    // the change first reached the reflector, for change-to-screen latency.
    qint64 receivedNs = 0;
    // Upsert: the cached object this change replaced (null for an add; when
    // changes were merged, the one before the first of them). What History
    // records as the state before a change.
    KubeObject previous = {};
    // Delete: no watch event said so; the object was missing from a relist
    // (client-go's DeletedFinalStateUnknown). History words it as such.
    bool missingFromRelist = false;
};

struct ChangeBatch
{
    // When true, `changes` is the complete current contents (the initial
    // snapshot for a late handler, or after a relist that replaced everything)
    // and the consumer should drop what it had.
    bool snapshot = false;
    QList<ObjectChange> changes;
};

} // namespace informant

Q_DECLARE_METATYPE(informant::ChangeBatch)
