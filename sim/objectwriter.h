#pragma once

// Server-side write semantics shared by the HTTP handlers, scenarios and the
// demo controllers: create (uid, creationTimestamp, generation for the kinds
// that have one (generation.h), generateName, namespace checks, the API
// defaults, a Service's cluster IP and node ports and the storage protection
// finalizers (storageprotection.h); a dry run shows them too), update
// (optimistic concurrency on resourceVersion, defaults again, allocated
// values kept, generation bump on spec change, status kept or replaced per
// subresource; writes of pods, claims and volumes tell StorageProtection; a
// dry run answers the object it would store, stored resourceVersion kept),
// delete (finalizers honoured via
// deletionTimestamp, pods deleted gracefully, ownerReference garbage collection (an owner
// deleted in Foreground waits for its dependents: deletepropagation.h), namespace
// contents), and CRD registration. Server thread only.

#include "sim/defaults.h"
#include "sim/deletepropagation.h"
#include "sim/servercontext.h"

#include "informer/core/apistatus.h"

#include <QDateTime>
#include <QJsonObject>

#include <optional>
#include <utility>
#include <vector>

namespace informant::sim {

enum class UpdateScope { Object, Status, Everything };

class ObjectWriter
{
public:
    // The writes happen `at` that time (creationTimestamp, deletionTimestamp),
    // so that a scenario can start with the history a real cluster would
    // have; invalid: now.
    explicit ObjectWriter(ServerContext &context, QDateTime at = {})
        : m_context(context)
        , m_at(std::move(at))
    {
    }

    static QJsonObject toJson(const StoredObject &object);

    Result<EventPtr, ApiStatus> create(const ResourceType &type, QJsonObject object,
                                       const QString &namespaceName, bool dryRun = false);
    // `object` is the complete new state. Its resourceVersion, if set, must match.
    // A dry run stores nothing and sends no watch event; the event it returns
    // carries the object the update would have stored.
    Result<EventPtr, ApiStatus> update(const ResourceType &type, QJsonObject object,
                                       const ObjectPtr &current, UpdateScope scope,
                                       bool dryRun = false);
    // Deletes, or marks for deletion when finalizers remain or a pod gets a
    // grace period (`gracePeriodSeconds` of the DeleteOptions; none: the
    // pod's own; see PodTerminator). Returns the last state. With Foreground
    // `propagation` the object stays, marked, until its dependents are gone;
    // with Orphan it is marked, its dependents orphaned, then it goes
    // (deletepropagation.h); the state returned is the marked one. An
    // object already being deleted has its finalizers updated for an
    // explicit `propagation` (none: left as they are).
    Result<ObjectPtr, ApiStatus>
    remove(const ResourceType &type, const ObjectPtr &current, bool dryRun = false,
           std::optional<int> gracePeriodSeconds = std::nullopt,
           std::optional<DeletePropagation> propagation = std::nullopt);
    // A controller's update that takes `finalizer` from `object`'s
    // metadata.finalizers; with none left, an object being deleted (its
    // grace period over) goes, as the registry's update does it.
    Result<EventPtr, ApiStatus> removeFinalizer(const ResourceType &type, const ObjectPtr &object,
                                                const QString &finalizer);

private:
    // Applies the defaults, then a Service's cluster IP and node ports.
    std::optional<ApiStatus> complete(const ResourceType &type, QJsonObject &object,
                                      const QString &key, const QJsonObject &old,
                                      DefaultsFor write);
    Result<EventPtr, ApiStatus> store(const ResourceType &type, const QJsonObject &object);
    // A DELETE of `current`, already being deleted: a shorter grace period,
    // the finalizers for `propagation`, or deleted now when neither remains.
    Result<ObjectPtr, ApiStatus> removeAgain(const ResourceType &type, const ObjectPtr &current,
                                             int gracePeriodSeconds,
                                             std::optional<DeletePropagation> propagation);
    // Sets deletionTimestamp (now + grace; an earlier one is kept when
    // `keepEarlierTimestamp`) and deletionGracePeriodSeconds, and the
    // finalizers to `finalizers`.
    Result<ObjectPtr, ApiStatus> markDeleted(const ResourceType &type, const ObjectPtr &current,
                                             int gracePeriodSeconds, const QJsonArray &finalizers,
                                             bool keepEarlierTimestamp = false);
    // Deletes now (finalizers done), then collects dependents.
    Result<ObjectPtr, ApiStatus> destroy(const ResourceType &type, const ObjectPtr &current);
    void collectGarbage(const QString &ownerUid);
    // As the namespace registry and controller: a namespace whose
    // spec.finalizers remain ("kubernetes") is marked Terminating, its
    // contents are deleted (pods gracefully), and once nothing is left in it
    // its finalizer goes and then the namespace (finishNamespace, also run
    // when its last object goes later).
    Result<ObjectPtr, ApiStatus> terminateNamespace(const ResourceType &type,
                                                    const ObjectPtr &current);
    void deleteNamespaceContents(const QString &namespaceName);
    void finishNamespace(const QString &namespaceName);
    // A namespace without finalizers goes at once, and its contents with it.
    void dropNamespaceContents(const QString &namespaceName);
    // Every object stored in the namespace, with its type.
    std::vector<std::pair<ResourceType, ObjectPtr>> contentsOf(const QString &namespaceName) const;
    void onCrdStored(const QJsonObject &crd);
    void onCrdDeleted(const StoredObject &crd);

    QDateTime writeTime() const;

    ServerContext &m_context;
    QDateTime m_at;
    // The namespace whose contents deleteNamespaceContents is deleting: each
    // object this writer deletes does not look for the namespace's end (it
    // does once, after; other writers' deletions may look meanwhile).
    QString m_clearingNamespace;
};

QString nowTimestamp(); // RFC 3339 UTC, seconds precision

} // namespace informant::sim
