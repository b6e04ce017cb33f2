#pragma once

// Deltas: what DeltaFIFO accumulates per key (reference §3.2).

#include "informer/core/kubeobject.h"

#include <QList>

namespace informant {

enum class DeltaType { Added, Updated, Deleted, Replaced, Sync };

QString deltaTypeName(DeltaType type); // "Added", "Updated", ...

struct Delta
{
    DeltaType type = DeltaType::Added;
    // The object; for a tombstone the last known state, which may be null.
    KubeObject object;
    // Set only for client-go's DeletedFinalStateUnknown: the object was
    // deleted while we were not watching, and `object` may be stale or null.
    QString tombstoneKey;

    bool isTombstone() const { return !tombstoneKey.isEmpty(); }
};

// Ordered oldest first.
using Deltas = QList<Delta>;

} // namespace informant
