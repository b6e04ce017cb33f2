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
};

} // namespace informant
