#include "sim/deletepropagation.h"

#include "sim/objectwriter.h"
#include "sim/statuses.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <optional>
#include <vector>

namespace informant::sim {

namespace {

struct Dependent
{
    ResourceType type;
    ObjectPtr object;
};

std::vector<Dependent> dependentsOf(ServerContext &context, const QString &ownerUid)
{
    std::vector<Dependent> dependents;
    for (const QString &storageId : context.storage.storageIds()) {
        const auto type = context.table.findByStorage(storageId);
        if (!type)
            continue;
        for (const auto &[key, object] : context.storage.store(storageId).objects()) {
            if (object->ownerUids.contains(ownerUid))
                dependents.push_back({*type, object});
        }
    }
    return dependents;
}

QJsonArray metadataArray(const StoredObject &object, const char *member)
{
    return QJsonDocument::fromJson(jsonMember(object.json, {"metadata", member})).array();
}

bool blocksOwner(const StoredObject &dependent, const QString &ownerUid)
{
    for (const QJsonValue &reference : metadataArray(dependent, "ownerReferences")) {
        const QJsonObject fields = reference.toObject();
        if (fields.value(QLatin1String("uid")).toString() == ownerUid &&
            fields.value(QLatin1String("blockOwnerDeletion")).toBool())
            return true;
    }
    return false;
}

bool waitsForDependents(const StoredObject &object)
{
    return object.beingDeleted && object.hasFinalizers &&
           metadataArray(object, "finalizers").contains(QString(kForegroundDeletionFinalizer));
}

std::optional<ResourceType> typeOfKind(const ResourceTable &table, const QString &apiVersion,
                                       const QString &kind)
{
    for (const ResourceType &type : table.types()) {
        if (type.kind == kind && type.apiVersion() == apiVersion)
            return type;
    }
    return std::nullopt;
}

// The stored state of `object` if it is still that object (same uid).
ObjectPtr latest(ServerContext &context, const ResourceType &type, const StoredObject &object)
{
    const ObjectPtr stored = context.storage.store(type.storageId).get(object.key);
    return stored && stored->uid == object.uid ? stored : nullptr;
}

void releaseIfUnblocked(ServerContext &context, const ResourceType &type, const ObjectPtr &owner)
{
    if (!waitsForDependents(*owner))
        return;
    for (const Dependent &dependent : dependentsOf(context, owner->uid)) {
        if (blocksOwner(*dependent.object, owner->uid))
            return;
    }
    (void)ObjectWriter(context).removeFinalizer(type, owner, kForegroundDeletionFinalizer);
}

} // namespace

Result<std::optional<DeletePropagation>, ApiStatus> deletePropagation(const HttpRequest &request,
                                                                      const QJsonObject &options)
{
    QString policy = options.value(QLatin1String("propagationPolicy")).toString();
    if (policy.isEmpty())
        policy = request.param(QStringLiteral("propagationPolicy"));
    if (policy.isEmpty()) {
        // The legacy orphanDependents, when given, is a policy too: false
        // deletes in Background whatever the object's finalizers say.
        const QJsonValue orphan = options.value(QLatin1String("orphanDependents"));
        const QString param = QStringLiteral("orphanDependents");
        if (!orphan.isBool() && !request.hasParam(param))
            return std::optional<DeletePropagation>();
        const bool legacyOrphan =
            orphan.isBool() ? orphan.toBool() : request.param(param) == QLatin1String("true");
        return std::optional(legacyOrphan ? DeletePropagation::Orphan
                                          : DeletePropagation::Background);
    }
    if (policy == QLatin1String("Orphan"))
        return std::optional(DeletePropagation::Orphan);
    if (policy == QLatin1String("Foreground"))
        return std::optional(DeletePropagation::Foreground);
    if (policy == QLatin1String("Background"))
        return std::optional(DeletePropagation::Background);
    return statuses::invalid(
        QStringLiteral("DeleteOptions"), QString(), QStringLiteral("propagationPolicy"),
        QStringLiteral("FieldValueNotSupported"),
        QStringLiteral("Unsupported value: \"%1\": supported values: \"Foreground\", "
                       "\"Background\", \"Orphan\"")
            .arg(policy));
}

QJsonArray finalizersForDeletion(const QJsonArray &finalizers,
                                 std::optional<DeletePropagation> propagation)
{
    if (!propagation)
        return finalizers;
    QJsonArray out;
    for (const QJsonValue &finalizer : finalizers) {
        if (finalizer.toString() != kForegroundDeletionFinalizer &&
            finalizer.toString() != kOrphanFinalizer)
            out.append(finalizer);
    }
    if (*propagation == DeletePropagation::Foreground)
        out.append(QString(kForegroundDeletionFinalizer));
    if (*propagation == DeletePropagation::Orphan)
        out.append(QString(kOrphanFinalizer));
    return out;
}

void orphanDependents(ServerContext &context, const ResourceType &type, const StoredObject &owner)
{
    const QString &ownerUid = owner.uid;
    ObjectWriter writer(context);
    for (const auto &[dependentType, dependent] : dependentsOf(context, ownerUid)) {
        QJsonObject object = ObjectWriter::toJson(*dependent);
        QJsonObject metadata = object.value(QLatin1String("metadata")).toObject();
        QJsonArray kept;
        for (const QJsonValue &reference :
             metadata.value(QLatin1String("ownerReferences")).toArray()) {
            if (reference.toObject().value(QLatin1String("uid")).toString() != ownerUid)
                kept.append(reference);
        }
        if (kept.isEmpty())
            metadata.remove(QLatin1String("ownerReferences"));
        else
            metadata.insert(QLatin1String("ownerReferences"), kept);
        metadata.remove(QLatin1String("resourceVersion"));
        object.insert(QLatin1String("metadata"), metadata);
        (void)writer.update(dependentType, object, dependent, UpdateScope::Everything);
    }
    if (const ObjectPtr current = latest(context, type, owner))
        (void)ObjectWriter(context).removeFinalizer(type, current, kOrphanFinalizer);
}

void deleteDependentsInForeground(ServerContext &context, const ResourceType &type,
                                  const StoredObject &owner)
{
    ObjectWriter writer(context);
    for (const Dependent &dependent : dependentsOf(context, owner.uid)) {
        // An earlier dependent's deletion may have taken this one with it.
        const ObjectPtr current = latest(context, dependent.type, *dependent.object);
        if (!current || current->beingDeleted)
            continue;
        // As the collector's attemptToDeleteItem: a dependent whose owner
        // waits is deleted in Foreground if it has dependents itself.
        const DeletePropagation propagation = dependentsOf(context, current->uid).empty()
                                                  ? DeletePropagation::Background
                                                  : DeletePropagation::Foreground;
        (void)writer.remove(dependent.type, current, false, std::nullopt, propagation);
    }
    if (const ObjectPtr current = latest(context, type, owner))
        releaseIfUnblocked(context, type, current);
}

void releaseWaitingOwners(ServerContext &context, const StoredObject &dependent)
{
    if (dependent.ownerUids.isEmpty())
        return;
    for (const QJsonValue &reference : metadataArray(dependent, "ownerReferences")) {
        const QJsonObject fields = reference.toObject();
        const auto type =
            typeOfKind(context.table, fields.value(QLatin1String("apiVersion")).toString(),
                       fields.value(QLatin1String("kind")).toString());
        if (!type)
            continue;
        const QString name = fields.value(QLatin1String("name")).toString();
        const ObjectPtr owner =
            context.storage.store(type->storageId)
                .get(type->namespaced ? dependent.namespaceName + '/' + name : name);
        if (owner && owner->uid == fields.value(QLatin1String("uid")).toString())
            releaseIfUnblocked(context, *type, owner);
    }
}

} // namespace informant::sim
