#pragma once

// ResourceEventHandler: the callbacks of one informer registration
// (client-go's ResourceEventHandlerDetailedFuncs, reference §5.3). Any of the
// three may be empty. They run on the registration's own thread, one at a
// time, in order, always after the cache was updated. Objects must not be
// changed (they are immutable anyway).

#include "informer/cache/delta.h"

#include <functional>

namespace informant {

struct ResourceEventHandler
{
    std::function<void(const KubeObject &object, bool isInInitialList)> onAdd;
    std::function<void(const KubeObject &oldObject, const KubeObject &newObject)> onUpdate;
    // `deleted.object` is the last known state; for a DeletedFinalStateUnknown
    // tombstone `deleted.tombstoneKey` is set and the object may be null.
    std::function<void(const Delta &deleted)> onDelete;
};

// One notification travelling from the informer to its registrations.
struct Notification
{
    enum class Type : quint8 { Add, Update, Delete };
    Type type = Type::Add;
    bool isInInitialList = false;
    KubeObject object;    // Add/Update: the new object; Delete: the last state
    KubeObject oldObject; // Update only
    QString tombstoneKey; // Delete of a DeletedFinalStateUnknown
    qint64 receivedNs = 0;

    QString key() const { return tombstoneKey.isEmpty() ? object.key() : tombstoneKey; }
};

} // namespace informant
