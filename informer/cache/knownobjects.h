#pragma once

// KnownObjects: the read side of the cache that DeltaFIFO consults to decide
// whether a Delete is news, which tombstones a Replace must emit, and what a
// Resync re-delivers (client-go's KeyListerGetter, reference §3.2). The
// informer's Indexer implements it. Implementations must be thread-safe: the
// DeltaFIFO calls them while holding its own lock (lock order: queue, then
// store), so they must never call back into the queue.

#include "informer/core/kubeobject.h"

#include <QStringList>

#include <optional>

namespace informant {

class KnownObjects
{
public:
    virtual ~KnownObjects() = default;
    // Every key currently held, in no particular order.
    virtual QStringList listKeys() const = 0;
    // The object stored under `key`, or nullopt if there is none.
    virtual std::optional<KubeObject> getByKey(const QString &key) const = 0;
};

} // namespace informant
