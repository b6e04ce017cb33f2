#include "sim/objectvalidation.h"

#include "sim/defaults.h"
#include "sim/statuses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace informant::sim {

namespace {

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

// Go's %#v of a map[string]string, as the server prints labels in a message.
QString goMap(const QJsonObject &labels)
{
    QStringList pairs;
    for (auto it = labels.begin(); it != labels.end(); ++it) // QJsonObject keys are sorted
        pairs.append(QStringLiteral("\"%1\":\"%2\"").arg(it.key(), it.value().toString()));
    return QStringLiteral("map[string]string{%1}").arg(pairs.join(QStringLiteral(", ")));
}

bool isApps(const ResourceType &type, const char *resource)
{
    return type.group == QLatin1String("apps") && type.resource == QLatin1String(resource);
}

} // namespace

QString qualifiedKind(const ResourceType &type)
{
    return type.group.isEmpty() ? type.kind : type.kind + u'.' + type.group;
}

std::optional<ApiStatus> invalidSpec(const ResourceType &type, const QJsonObject &object)
{
    const QString kind = qualifiedKind(type);
    const QString name = member(object, "metadata").value(QLatin1String("name")).toString();
    const QJsonObject spec = member(object, "spec");
    if (type.group.isEmpty() && type.resource == QLatin1String("pods")) {
        if (spec.value(QLatin1String("containers")).toArray().isEmpty())
            return statuses::invalid(kind, name, QStringLiteral("spec.containers"),
                                     QStringLiteral("FieldValueRequired"),
                                     QStringLiteral("Required value"));
        return std::nullopt;
    }
    const bool scaled =
        isApps(type, "deployments") || isApps(type, "replicasets") || isApps(type, "statefulsets");
    if (!scaled && !isApps(type, "daemonsets"))
        return std::nullopt;
    if (scaled && spec.value(QLatin1String("replicas")).toInt(0) < 0)
        return statuses::invalid(
            kind, name, QStringLiteral("spec.replicas"), QStringLiteral("FieldValueInvalid"),
            QStringLiteral("Invalid value: %1: must be greater than or equal to 0")
                .arg(spec.value(QLatin1String("replicas")).toInt()));
    const QJsonObject matchLabels = member(member(spec, "selector"), "matchLabels");
    const QJsonObject labels = member(member(member(spec, "template"), "metadata"), "labels");
    for (auto it = matchLabels.begin(); it != matchLabels.end(); ++it) {
        if (labels.value(it.key()) != it.value())
            return statuses::invalid(
                kind, name, QStringLiteral("spec.template.metadata.labels"),
                QStringLiteral("FieldValueInvalid"),
                QStringLiteral("Invalid value: %1: `selector` does not match template `labels`")
                    .arg(goMap(labels)));
    }
    return std::nullopt;
}

namespace {

QStringList finalizersOf(const QJsonObject &object)
{
    QStringList names;
    const QJsonObject metadata = object.value(QLatin1String("metadata")).toObject();
    for (const QJsonValue &name : metadata.value(QLatin1String("finalizers")).toArray())
        names.append(name.toString());
    return names;
}

// ValidateObjectMetaUpdate's rule for an object being deleted.
std::optional<StatusCause> newFinalizerWhileDeleting(const QJsonObject &old,
                                                     const QJsonObject &object)
{
    const QStringList before = finalizersOf(old);
    QStringList added;
    for (const QString &name : finalizersOf(object)) {
        if (!before.contains(name) && !added.contains(name))
            added.append(name);
    }
    if (added.isEmpty())
        return std::nullopt;
    added.sort(); // Go's sets.List()
    QStringList quoted;
    for (const QString &name : added)
        quoted.append(u'"' + name + u'"');
    return StatusCause{QStringLiteral("FieldValueForbidden"),
                       QStringLiteral("Forbidden: no new finalizers can be added if the object "
                                      "is being deleted, found new finalizers []string{%1}")
                           .arg(quoted.join(QStringLiteral(", "))),
                       QStringLiteral("metadata.finalizers")};
}

// ValidateConfigMapUpdate and ValidateSecretUpdate, of `object` defaulted as
// it would be stored (a Secret's stringData written into data, its type
// Opaque if none: defaults.cpp).
QList<StatusCause> immutableFieldsChanged(const ResourceType &type, const QJsonObject &old,
                                          const QJsonObject &object)
{
    QList<StatusCause> causes;
    const bool secret = type.kind == QLatin1String("Secret");
    const QJsonValue newType = object.value(QLatin1String("type"));
    if (secret && newType != old.value(QLatin1String("type")))
        causes.append(
            {QStringLiteral("FieldValueInvalid"),
             QStringLiteral("Invalid value: \"%1\": field is immutable").arg(newType.toString()),
             QStringLiteral("type")});
    if (!old.value(QLatin1String("immutable")).toBool())
        return causes;
    const QString frozen = QStringLiteral("Forbidden: field is immutable when `immutable` is set");
    if (!object.value(QLatin1String("immutable")).toBool())
        causes.append({QStringLiteral("FieldValueForbidden"), frozen, QStringLiteral("immutable")});
    // As reflect.DeepEqual: an absent map is not an empty one. A Secret has
    // no binaryData.
    const QStringList fields =
        secret ? QStringList{QStringLiteral("data")}
               : QStringList{QStringLiteral("data"), QStringLiteral("binaryData")};
    for (const QString &field : fields) {
        if (object.value(field) != old.value(field))
            causes.append({QStringLiteral("FieldValueForbidden"), frozen, field});
    }
    return causes;
}

} // namespace

std::optional<ApiStatus> invalidUpdate(const ResourceType &type, const StoredObject &current,
                                       const QJsonObject &object)
{
    const bool frozenKind = type.group.isEmpty() && (type.kind == QLatin1String("ConfigMap") ||
                                                     type.kind == QLatin1String("Secret"));
    if (!current.beingDeleted && !frozenKind)
        return std::nullopt;
    const QJsonObject old = QJsonDocument::fromJson(current.json).object();
    QList<StatusCause> causes;
    if (current.beingDeleted) {
        if (std::optional<StatusCause> cause = newFinalizerWhileDeleting(old, object))
            causes.append(*cause);
    }
    if (frozenKind) {
        QJsonObject defaulted = object;
        applyDefaults(type, defaulted, DefaultsFor::Update);
        causes += immutableFieldsChanged(type, old, defaulted);
    }
    if (causes.isEmpty())
        return std::nullopt;
    return statuses::invalid(qualifiedKind(type), current.name, causes);
}

} // namespace informant::sim
