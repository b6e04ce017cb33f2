#pragma once

// ReflectorStore: what a Reflector writes into (client-go's ReflectorStore).
// DeltaFIFO implements it for informers; tests may use a recording store.
// Implementations must be thread-safe: the Reflector calls them from its own
// thread while a consumer pops.

#include "informer/core/kubeobject.h"

#include <QList>

namespace informant {

class ReflectorStore
{
public:
    virtual ~ReflectorStore() = default;
    virtual Result<void> add(const KubeObject &object) = 0;
    virtual Result<void> update(const KubeObject &object) = 0;
    virtual Result<void> remove(const KubeObject &object) = 0; // client-go Delete
    virtual Result<void> replace(const QList<KubeObject> &objects,
                                 const QString &resourceVersion) = 0;
    virtual Result<void> resync() = 0;

    // The object already cached under the same key when it is the same
    // version (same uid and resourceVersion), else `object` itself. A relist
    // passes every listed object through this so that unchanged objects are
    // shared with the cache instead of being held twice until the Replace is
    // processed (for 100k pods that is the whole cache again). client-go
    // requires transforms to be idempotent because cached objects may come
    // back through Replace, so handing back a transformed object is safe.
    // The default knows no cache.
    virtual KubeObject knownVersion(const KubeObject &object) const { return object; }
};

} // namespace informant
