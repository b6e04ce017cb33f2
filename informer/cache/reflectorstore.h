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
    // processed (for 100k pods that is the whole cache again). The object
    // handed back is already transformed: a store that transforms must not
    // transform it again (DeltaFIFO's replace() recognises the cached
    // instance), as client-go transforms each object once, fresh from the
    // wire. The default knows no cache.
    virtual KubeObject knownVersion(const KubeObject &object) const { return object; }

    // The calls between beginBatch() and endBatch() are the events of one
    // read of the watch stream. A store may wake its consumer once at the end
    // instead of on every call: a consumer faster than the decoder was
    // otherwise woken, and put back to sleep, once per event (two context
    // switches each). The default does nothing.
    virtual void beginBatch() {}
    virtual void endBatch() {}
};

// Brackets a batch of ReflectorStore calls (endBatch on every path out).
class ReflectorStoreBatch
{
public:
    explicit ReflectorStoreBatch(ReflectorStore &store)
        : m_store(store)
    {
        m_store.beginBatch();
    }
    ~ReflectorStoreBatch() { m_store.endBatch(); }
    ReflectorStoreBatch(const ReflectorStoreBatch &) = delete;
    ReflectorStoreBatch &operator=(const ReflectorStoreBatch &) = delete;

private:
    ReflectorStore &m_store;
};

} // namespace informant
