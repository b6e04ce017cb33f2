#pragma once

// Server-side write semantics shared by the HTTP handlers, scenarios and the
// demo controllers: create (uid, creationTimestamp, generation, generateName,
// namespace checks), update (optimistic concurrency on resourceVersion,
// generation bump on spec change, status kept or replaced per subresource),
// delete (finalizers honoured via deletionTimestamp, ownerReference garbage
// collection, namespace contents), and CRD registration. Server thread only.

#include "sim/servercontext.h"

#include "informer/core/apistatus.h"

#include <QJsonObject>

namespace informant::sim {

enum class UpdateScope { Object, Status, Everything };

class ObjectWriter
{
public:
    explicit ObjectWriter(ServerContext &context)
        : m_context(context)
    {
    }

    static QJsonObject toJson(const StoredObject &object);

    Result<EventPtr, ApiStatus> create(const ResourceType &type, QJsonObject object,
                                       const QString &namespaceName, bool dryRun = false);
    // `object` is the complete new state. Its resourceVersion, if set, must match.
    Result<EventPtr, ApiStatus> update(const ResourceType &type, QJsonObject object,
                                       const ObjectPtr &current, UpdateScope scope,
                                       bool dryRun = false);
    // Deletes, or marks for deletion when finalizers remain. Returns the last state.
    Result<ObjectPtr, ApiStatus> remove(const ResourceType &type, const ObjectPtr &current,
                                        bool dryRun = false);

private:
    Result<EventPtr, ApiStatus> store(const ResourceType &type, const QJsonObject &object);
    // Deletes now (finalizers done), then collects dependents.
    Result<ObjectPtr, ApiStatus> destroy(const ResourceType &type, const ObjectPtr &current);
    void collectGarbage(const QString &ownerUid);
    void deleteNamespaceContents(const QString &namespaceName);
    void onCrdStored(const QJsonObject &crd);
    void onCrdDeleted(const StoredObject &crd);

    ServerContext &m_context;
};

QString nowTimestamp(); // RFC 3339 UTC, seconds precision

} // namespace informant::sim
