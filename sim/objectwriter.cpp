#include "sim/objectwriter.h"

#include "sim/generation.h"
#include "sim/objectnames.h"
#include "sim/objectvalidation.h"
#include "sim/serviceallocator.h"
#include "sim/statuses.h"
#include "sim/storageprotection.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QUuid>

#include <utility>

namespace informant::sim {

namespace {

QString randomSuffix()
{
    static const char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString out;
    for (int i = 0; i < 5; ++i)
        out +=
            QLatin1Char(kAlphabet[QRandomGenerator::global()->bounded(int(sizeof(kAlphabet) - 1))]);
    return out;
}

// Values that print the same are the same: JSON numbers parsed as integers
// and computed as doubles must not count as a change.
bool sameJson(const QJsonValue &a, const QJsonValue &b)
{
    return QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact) ==
           QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact);
}

QJsonObject metadataOf(const QJsonObject &object)
{
    return object.value(QLatin1String("metadata")).toObject();
}

bool isCoreServices(const ResourceType &type)
{
    return type.group.isEmpty() && type.resource == QLatin1String("services");
}

bool isCorePods(const ResourceType &type)
{
    return type.group.isEmpty() && type.resource == QLatin1String("pods");
}

bool isNamespaces(const ResourceType &type)
{
    return type.group.isEmpty() && type.resource == QLatin1String("namespaces");
}

// A namespace's spec.finalizers ("kubernetes": the namespace controller's),
// which keep it, Terminating, until its contents are gone.
bool holdsNamespace(const ResourceType &type, const QJsonObject &object)
{
    return isNamespaces(type) && !object.value(QLatin1String("spec"))
                                      .toObject()
                                      .value(QLatin1String("finalizers"))
                                      .toArray()
                                      .isEmpty();
}

QJsonObject crdStatus(const QJsonObject &crd)
{
    const QJsonObject spec = crd.value(QLatin1String("spec")).toObject();
    QJsonArray stored;
    for (const QJsonValue &version : spec.value(QLatin1String("versions")).toArray()) {
        if (version.toObject().value(QLatin1String("storage")).toBool())
            stored.append(version.toObject().value(QLatin1String("name")));
    }
    const QString now = nowTimestamp();
    const auto condition = [&](const char *type, const char *reason, const char *message) {
        return QJsonObject{{"type", type},
                           {"status", "True"},
                           {"lastTransitionTime", now},
                           {"reason", reason},
                           {"message", message}};
    };
    return QJsonObject{
        {"acceptedNames", spec.value(QLatin1String("names"))},
        {"conditions", QJsonArray{condition("NamesAccepted", "NoConflicts", "no conflicts found"),
                                  condition("Established", "InitialNamesAccepted",
                                            "the initial names have been accepted")}},
        {"storedVersions", stored}};
}

// Metadata a write cannot change: taken from the stored object.
void keepFixedMetadata(QJsonObject &metadata, const QJsonObject &oldMetadata)
{
    for (const char *fixed : {"name", "namespace", "uid", "creationTimestamp", "deletionTimestamp",
                              "deletionGracePeriodSeconds", "generation"}) {
        const QJsonValue value = oldMetadata.value(QLatin1String(fixed));
        if (value.isUndefined())
            metadata.remove(QLatin1String(fixed));
        else
            metadata.insert(QLatin1String(fixed), value);
    }
    metadata.remove(QLatin1String("resourceVersion"));
}

// What a dry run answers: the object as it would be stored. A dry-run
// update keeps the stored resourceVersion, as kube-apiserver's dry-run
// storage answers what the update would store without storing it; a
// dry-run create has none yet (0).
Result<EventPtr, ApiStatus> previewEvent(QJsonObject object, quint64 resourceVersion = 0)
{
    if (resourceVersion != 0) {
        QJsonObject metadata = metadataOf(object);
        metadata.insert(QLatin1String("resourceVersion"), QString::number(resourceVersion));
        object.insert(QLatin1String("metadata"), metadata);
    }
    auto event = std::make_shared<StoredEvent>();
    Result<ObjectPtr> preview =
        StoredObject::fromJson(QJsonDocument(object).toJson(QJsonDocument::Compact), {});
    if (!preview.ok())
        return statuses::badRequest(preview.errorMessage());
    event->object = preview.value();
    return EventPtr(event);
}

EventPtr unchangedEvent(const ObjectPtr &current)
{
    auto event = std::make_shared<StoredEvent>();
    event->object = current;
    return event;
}

} // namespace

QString nowTimestamp()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

QDateTime ObjectWriter::writeTime() const
{
    return m_at.isValid() ? m_at.toUTC() : QDateTime::currentDateTimeUtc();
}

QJsonObject ObjectWriter::toJson(const StoredObject &object)
{
    return QJsonDocument::fromJson(object.json).object();
}

Result<EventPtr, ApiStatus> ObjectWriter::store(const ResourceType &type, const QJsonObject &object)
{
    Result<EventPtr> event =
        m_context.storage.put(type.storageId, QJsonDocument(object).toJson(QJsonDocument::Compact));
    if (!event.ok())
        return statuses::badRequest(event.errorMessage());
    m_context.storageProtection.changed(type);
    return event.value();
}

std::optional<ApiStatus> ObjectWriter::complete(const ResourceType &type, QJsonObject &object,
                                                const QString &key, const QJsonObject &old,
                                                DefaultsFor write)
{
    applyDefaults(type, object, write);
    if (std::optional<ApiStatus> invalid = invalidSpec(type, object))
        return invalid;
    if (!isCoreServices(type))
        return std::nullopt;
    return ServiceAllocator(m_context.storage.store(type.storageId), key).allocate(object, old);
}

Result<EventPtr, ApiStatus> ObjectWriter::create(const ResourceType &type, QJsonObject object,
                                                 const QString &namespaceName, bool dryRun)
{
    QJsonObject metadata = metadataOf(object);
    QString name = metadata.value(QLatin1String("name")).toString();
    if (name.isEmpty() && metadata.contains(QLatin1String("generateName")))
        name = metadata.value(QLatin1String("generateName")).toString() + randomSuffix();
    if (name.isEmpty())
        return statuses::invalid(
            type.kind, QString(), QStringLiteral("metadata.name"),
            QStringLiteral("FieldValueRequired"),
            QStringLiteral("Required value: name or generateName is required"));
    const QString bodyNamespace = metadata.value(QLatin1String("namespace")).toString();
    if (type.namespaced) {
        if (!bodyNamespace.isEmpty() && bodyNamespace != namespaceName)
            return statuses::badRequest(
                QStringLiteral("the namespace of the provided object does "
                               "not match the namespace sent on the request"));
        const ObjectPtr owningNamespace =
            m_context.storage.store(QStringLiteral("/namespaces")).get(namespaceName);
        if (!owningNamespace)
            return statuses::notFound(QString(), QStringLiteral("namespaces"), namespaceName);
        if (owningNamespace->beingDeleted)
            return statuses::namespaceTerminating(type.group, type.resource, name, namespaceName);
        metadata.insert(QLatin1String("namespace"), namespaceName);
    } else {
        metadata.remove(QLatin1String("namespace"));
    }
    if (const std::optional<QString> reason = invalidNameReason(type, name))
        return statuses::invalid(qualifiedKind(type), name, QStringLiteral("metadata.name"),
                                 QStringLiteral("FieldValueInvalid"), *reason);
    const QString key = type.namespaced ? namespaceName + '/' + name : name;
    if (m_context.storage.store(type.storageId).get(key))
        return statuses::alreadyExists(type.group, type.resource, name);
    metadata.insert(QLatin1String("name"), name);
    metadata.insert(QLatin1String("uid"), QUuid::createUuid().toString(QUuid::WithoutBraces));
    metadata.insert(QLatin1String("creationTimestamp"), writeTime().toString(Qt::ISODate));
    setCreatedGeneration(type, metadata);
    metadata.remove(QLatin1String("resourceVersion"));
    metadata.remove(QLatin1String("deletionTimestamp"));
    metadata.remove(QLatin1String("deletionGracePeriodSeconds"));
    StorageProtection::admit(type, metadata);
    object.insert(QLatin1String("metadata"), metadata);
    object.insert(QLatin1String("kind"), type.kind);
    object.insert(QLatin1String("apiVersion"), type.apiVersion());
    if (isNamespaces(type)) {
        object.insert(QLatin1String("spec"), QJsonObject{{"finalizers", QJsonArray{"kubernetes"}}});
        object.insert(QLatin1String("status"), QJsonObject{{"phase", "Active"}});
    }
    if (type.resource == QLatin1String("customresourcedefinitions")) {
        QString error;
        ResourceTable probe;
        if (!probe.addCustomResource(object, &error))
            return statuses::invalid(type.kind, name, QStringLiteral("spec"),
                                     QStringLiteral("FieldValueInvalid"), error);
        object.insert(QLatin1String("status"), crdStatus(object));
    }
    if (const auto error = complete(type, object, key, QJsonObject(), DefaultsFor::Create))
        return *error;
    if (dryRun)
        return previewEvent(object);
    if (type.resource == QLatin1String("customresourcedefinitions"))
        onCrdStored(object);
    return store(type, object);
}

Result<EventPtr, ApiStatus> ObjectWriter::update(const ResourceType &type, QJsonObject object,
                                                 const ObjectPtr &current, UpdateScope scope,
                                                 bool dryRun)
{
    const QJsonObject old = toJson(*current);
    QJsonObject metadata = metadataOf(object);
    const QString rv = metadata.value(QLatin1String("resourceVersion")).toString();
    if (!rv.isEmpty() && rv != QString::number(current->resourceVersion))
        return statuses::conflict(type.group, type.resource, current->name);
    const QJsonObject oldMetadata = metadataOf(old);
    keepFixedMetadata(metadata, oldMetadata);
    object.insert(QLatin1String("kind"), type.kind);
    object.insert(QLatin1String("apiVersion"), type.apiVersion());
    const bool hasStatusSubresource = type.subresources.contains(QStringLiteral("status"));
    if (scope == UpdateScope::Status) {
        QJsonObject onlyStatus = old;
        onlyStatus.insert(QLatin1String("status"), object.value(QLatin1String("status")));
        object = onlyStatus;
        metadata = oldMetadata;
        metadata.remove(QLatin1String("resourceVersion"));
    } else if (scope == UpdateScope::Object && hasStatusSubresource) {
        if (old.contains(QLatin1String("status")))
            object.insert(QLatin1String("status"), old.value(QLatin1String("status")));
        else
            object.remove(QLatin1String("status"));
    }
    object.insert(QLatin1String("metadata"), metadata);
    // A spec that differs from the old one only by defaults is not a change:
    // kube-apiserver reads the old object back defaulted too.
    QJsonObject oldDefaulted = old;
    if (scope != UpdateScope::Status) {
        if (const auto error = complete(type, object, current->key, old, DefaultsFor::Update))
            return *error;
        metadata = metadataOf(object);
        applyDefaults(type, oldDefaulted, DefaultsFor::Update);
    }
    if (const qint64 generation = generationAfterUpdate(type, oldDefaulted, object))
        metadata.insert(QLatin1String("generation"), generation);
    object.insert(QLatin1String("metadata"), metadata);
    QJsonObject unchanged = old;
    QJsonObject unchangedMetadata = oldMetadata;
    unchangedMetadata.remove(QLatin1String("resourceVersion"));
    unchanged.insert(QLatin1String("metadata"), unchangedMetadata);
    if (sameJson(object, unchanged))
        return unchangedEvent(current);
    if (dryRun)
        return previewEvent(object, current->resourceVersion);
    // As the registry's shouldDeleteDuringUpdate: the last finalizer removed
    // from an object whose grace period is over (a Terminating pod stays).
    if (current->beingDeleted && metadata.value(QLatin1String("finalizers")).toArray().isEmpty() &&
        metadata.value(QLatin1String("deletionGracePeriodSeconds")).toInt() == 0 &&
        !holdsNamespace(type, object)) {
        const Result<ObjectPtr, ApiStatus> removed = destroy(type, current);
        if (!removed.ok())
            return removed.error();
        auto event = std::make_shared<StoredEvent>();
        event->type = StoredEvent::Type::Deleted;
        event->object = removed.value();
        return EventPtr(event);
    }
    if (type.resource == QLatin1String("customresourcedefinitions"))
        onCrdStored(object);
    const Result<EventPtr, ApiStatus> stored = store(type, object);
    // As the garbage collector's graph builder: a dependent whose
    // ownerReferences changed (one removed, blockOwnerDeletion turned off)
    // may have been the last to block an owner waiting in foreground deletion.
    if (stored.ok() && !current->ownerUids.isEmpty() &&
        metadata.value(QLatin1String("ownerReferences")) !=
            oldMetadata.value(QLatin1String("ownerReferences")))
        releaseWaitingOwners(m_context, *current);
    return stored;
}

Result<ObjectPtr, ApiStatus> ObjectWriter::remove(const ResourceType &type,
                                                  const ObjectPtr &current, bool dryRun,
                                                  std::optional<int> gracePeriodSeconds,
                                                  std::optional<DeletePropagation> propagation)
{
    if (dryRun)
        return current;
    // From the stored state: an earlier write of the same request (the
    // deletion of an owner, in a DeleteCollection) may have changed it, or
    // deleted it.
    const ObjectPtr latest = m_context.storage.store(type.storageId).get(current->key);
    if (!latest || latest->uid != current->uid)
        return current;
    const QJsonObject object = toJson(*latest);
    const int grace =
        isCorePods(type) ? PodTerminator::gracePeriodSeconds(object, gracePeriodSeconds) : 0;
    if (holdsNamespace(type, object))
        return latest->beingDeleted ? latest : terminateNamespace(type, latest);
    if (latest->beingDeleted)
        return removeAgain(type, latest, grace, propagation);
    // As the registry's BeforeDelete with Foreground propagation: the owner
    // waits, marked, on a finalizer the garbage collector removes.
    const QJsonArray finalizers = finalizersForDeletion(
        metadataOf(object).value(QLatin1String("finalizers")).toArray(), propagation);
    if (grace == 0 && finalizers.isEmpty())
        return destroy(type, latest);
    const Result<ObjectPtr, ApiStatus> marked = markDeleted(type, latest, grace, finalizers);
    if (!marked.ok())
        return marked;
    if (grace > 0)
        m_context.podTerminator.schedule(*marked.value(), grace);
    if (finalizers.contains(QString(kForegroundDeletionFinalizer)))
        deleteDependentsInForeground(m_context, type, *marked.value());
    if (finalizers.contains(QString(kOrphanFinalizer)))
        orphanDependents(m_context, type, *marked.value());
    return marked;
}

// As the registry's BeforeDelete and updateForGracefulDeletionAndFinalizers:
// while a grace period is pending, a second DELETE may only shorten it and
// changes nothing else; otherwise it updates the finalizers for its policy.
// With neither a grace period nor finalizers left, the object goes.
Result<ObjectPtr, ApiStatus> ObjectWriter::removeAgain(const ResourceType &type,
                                                       const ObjectPtr &current,
                                                       int gracePeriodSeconds,
                                                       std::optional<DeletePropagation> propagation)
{
    const QJsonObject metadata = metadataOf(toJson(*current));
    const int pending = metadata.value(QLatin1String("deletionGracePeriodSeconds")).toInt();
    if (pending > 0 && gracePeriodSeconds >= pending)
        return current;
    const int grace = pending > 0 ? gracePeriodSeconds : 0;
    const QJsonArray finalizers = metadata.value(QLatin1String("finalizers")).toArray();
    const QJsonArray wanted = finalizersForDeletion(finalizers, propagation);
    if (grace == 0 && wanted.isEmpty())
        return destroy(type, current);
    if (grace == pending && wanted == finalizers)
        return current;
    const Result<ObjectPtr, ApiStatus> marked =
        markDeleted(type, current, grace, wanted, pending == 0);
    if (!marked.ok())
        return marked;
    const QString foreground(kForegroundDeletionFinalizer);
    if (wanted.contains(foreground) && !finalizers.contains(foreground))
        deleteDependentsInForeground(m_context, type, *marked.value());
    const QString orphan(kOrphanFinalizer);
    if (wanted.contains(orphan) && !finalizers.contains(orphan))
        orphanDependents(m_context, type, *marked.value());
    return marked;
}

Result<ObjectPtr, ApiStatus> ObjectWriter::markDeleted(const ResourceType &type,
                                                       const ObjectPtr &current,
                                                       int gracePeriodSeconds,
                                                       const QJsonArray &finalizers,
                                                       bool keepEarlierTimestamp)
{
    QJsonObject object = toJson(*current);
    QJsonObject metadata = metadataOf(object);
    if (finalizers.isEmpty())
        metadata.remove(QLatin1String("finalizers"));
    else
        metadata.insert(QLatin1String("finalizers"), finalizers);
    if (!keepEarlierTimestamp || !metadata.contains(QLatin1String("deletionTimestamp")))
        metadata.insert(QLatin1String("deletionTimestamp"),
                        writeTime().addSecs(gracePeriodSeconds).toString(Qt::ISODate));
    metadata.insert(QLatin1String("deletionGracePeriodSeconds"), gracePeriodSeconds);
    object.insert(QLatin1String("metadata"), metadata);
    const Result<EventPtr, ApiStatus> marked = store(type, object);
    if (!marked.ok())
        return marked.error();
    return marked.value()->object;
}

Result<ObjectPtr, ApiStatus> ObjectWriter::destroy(const ResourceType &type,
                                                   const ObjectPtr &current)
{
    if (isNamespaces(type))
        dropNamespaceContents(current->name);
    const Result<EventPtr> removed = m_context.storage.remove(type.storageId, current->key);
    if (!removed.ok())
        return statuses::notFound(type.group, type.resource, current->name);
    m_context.storageProtection.changed(type);
    if (type.resource == QLatin1String("customresourcedefinitions"))
        onCrdDeleted(*current);
    collectGarbage(current->uid);
    releaseWaitingOwners(m_context, *current);
    if (type.namespaced && current->namespaceName != m_clearingNamespace)
        finishNamespace(current->namespaceName);
    return removed.value()->object;
}

Result<EventPtr, ApiStatus> ObjectWriter::removeFinalizer(const ResourceType &type,
                                                          const ObjectPtr &object,
                                                          const QString &finalizer)
{
    QJsonObject json = toJson(*object);
    QJsonObject metadata = metadataOf(json);
    QJsonArray finalizers = metadata.value(QLatin1String("finalizers")).toArray();
    for (qsizetype i = finalizers.size() - 1; i >= 0; --i) {
        if (finalizers.at(i).toString() == finalizer)
            finalizers.removeAt(i);
    }
    if (finalizers.isEmpty())
        metadata.remove(QLatin1String("finalizers"));
    else
        metadata.insert(QLatin1String("finalizers"), finalizers);
    json.insert(QLatin1String("metadata"), metadata);
    return update(type, json, object, UpdateScope::Object);
}

Result<ObjectPtr, ApiStatus> ObjectWriter::terminateNamespace(const ResourceType &type,
                                                              const ObjectPtr &current)
{
    QJsonObject object = toJson(*current);
    QJsonObject metadata = metadataOf(object);
    metadata.insert(QLatin1String("deletionTimestamp"), writeTime().toString(Qt::ISODate));
    metadata.insert(QLatin1String("deletionGracePeriodSeconds"), 0);
    object.insert(QLatin1String("metadata"), metadata);
    QJsonObject status = object.value(QLatin1String("status")).toObject();
    status.insert(QLatin1String("phase"), QStringLiteral("Terminating"));
    object.insert(QLatin1String("status"), status);
    const Result<EventPtr, ApiStatus> marked = store(type, object);
    if (!marked.ok())
        return marked.error();
    deleteNamespaceContents(current->name);
    finishNamespace(current->name);
    // The state the DELETE answers with: Terminating, whatever came after.
    return marked.value()->object;
}

std::vector<std::pair<ResourceType, ObjectPtr>>
ObjectWriter::contentsOf(const QString &namespaceName) const
{
    std::vector<std::pair<ResourceType, ObjectPtr>> contents;
    for (const QString &storageId : m_context.storage.storageIds()) {
        const auto type = m_context.table.findByStorage(storageId);
        if (!type || !type->namespaced)
            continue;
        for (const auto &[key, object] : m_context.storage.store(storageId).objects()) {
            if (object->namespaceName == namespaceName)
                contents.emplace_back(*type, object);
        }
    }
    return contents;
}

void ObjectWriter::deleteNamespaceContents(const QString &namespaceName)
{
    const QString outer = std::exchange(m_clearingNamespace, namespaceName);
    for (const auto &[type, object] : contentsOf(namespaceName))
        (void)remove(type, object); // from its stored state: an owner's deletion may have taken it
    m_clearingNamespace = outer;
}

void ObjectWriter::finishNamespace(const QString &namespaceName)
{
    const std::optional<ResourceType> namespaces =
        m_context.table.findByStorage(QStringLiteral("/namespaces"));
    if (!namespaces)
        return;
    const ObjectPtr terminating = m_context.storage.store(namespaces->storageId).get(namespaceName);
    if (!terminating || !terminating->beingDeleted)
        return;
    if (!contentsOf(namespaceName).empty())
        return; // still being deleted (a pod's grace period, a finalizer)
    // The controller's finalize (its finalizer taken from spec.finalizers),
    // then its DELETE, which now deletes.
    QJsonObject object = toJson(*terminating);
    QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    QJsonArray finalizers;
    for (const QJsonValue &finalizer : spec.value(QLatin1String("finalizers")).toArray()) {
        if (finalizer.toString() != QLatin1String("kubernetes"))
            finalizers.append(finalizer);
    }
    spec.insert(QLatin1String("finalizers"), finalizers);
    object.insert(QLatin1String("spec"), spec);
    const Result<EventPtr, ApiStatus> finalized = store(*namespaces, object);
    if (finalized.ok() && finalizers.isEmpty() && !finalized.value()->object->hasFinalizers)
        (void)destroy(*namespaces, finalized.value()->object);
}

void ObjectWriter::collectGarbage(const QString &ownerUid)
{
    if (ownerUid.isEmpty())
        return;
    for (const QString &storageId : m_context.storage.storageIds()) {
        const auto type = m_context.table.findByStorage(storageId);
        if (!type)
            continue;
        std::vector<ObjectPtr> dependents;
        for (const auto &[key, object] : m_context.storage.store(storageId).objects()) {
            if (object->ownerUids.contains(ownerUid))
                dependents.push_back(object);
        }
        for (const ObjectPtr &dependent : dependents)
            (void)remove(*type, dependent);
    }
}

void ObjectWriter::dropNamespaceContents(const QString &namespaceName)
{
    for (const auto &[type, object] : contentsOf(namespaceName))
        (void)m_context.storage.remove(type.storageId, object->key);
}

void ObjectWriter::onCrdStored(const QJsonObject &crd)
{
    QString error;
    (void)m_context.table.addCustomResource(crd, &error);
}

void ObjectWriter::onCrdDeleted(const StoredObject &crd)
{
    const auto storageIds = m_context.storage.storageIds();
    const QJsonObject object = toJson(crd);
    const QJsonObject spec = object.value(QLatin1String("spec")).toObject();
    const QString storageId =
        spec.value(QLatin1String("group")).toString() + '/' +
        spec.value(QLatin1String("names")).toObject().value(QLatin1String("plural")).toString();
    m_context.table.removeCustomResource(crd.name);
    if (storageIds.contains(storageId)) {
        std::vector<QString> keys;
        for (const auto &[key, value] : m_context.storage.store(storageId).objects())
            keys.push_back(key);
        for (const QString &key : keys)
            (void)m_context.storage.remove(storageId, key);
    }
}

} // namespace informant::sim
