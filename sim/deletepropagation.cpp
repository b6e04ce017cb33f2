#include "sim/deletepropagation.h"

#include "sim/objectwriter.h"
#include "sim/statuses.h"

#include <QJsonArray>

#include <vector>

namespace informant::sim {

Result<DeletePropagation, ApiStatus> deletePropagation(const HttpRequest &request,
                                                       const QJsonObject &options)
{
    QString policy = options.value(QLatin1String("propagationPolicy")).toString();
    if (policy.isEmpty())
        policy = request.param(QStringLiteral("propagationPolicy"));
    if (policy.isEmpty()) {
        const QJsonValue orphan = options.value(QLatin1String("orphanDependents"));
        const bool legacyOrphan =
            orphan.isBool()
                ? orphan.toBool()
                : request.param(QStringLiteral("orphanDependents")) == QLatin1String("true");
        return legacyOrphan ? DeletePropagation::Orphan : DeletePropagation::Background;
    }
    if (policy == QLatin1String("Orphan"))
        return DeletePropagation::Orphan;
    if (policy == QLatin1String("Foreground"))
        return DeletePropagation::Foreground;
    if (policy == QLatin1String("Background"))
        return DeletePropagation::Background;
    return statuses::invalid(
        QStringLiteral("DeleteOptions"), QString(), QStringLiteral("propagationPolicy"),
        QStringLiteral("FieldValueNotSupported"),
        QStringLiteral("Unsupported value: \"%1\": supported values: \"Foreground\", "
                       "\"Background\", \"Orphan\"")
            .arg(policy));
}

void orphanDependents(ServerContext &context, const QString &ownerUid)
{
    if (ownerUid.isEmpty())
        return;
    ObjectWriter writer(context);
    for (const QString &storageId : context.storage.storageIds()) {
        const auto type = context.table.findByStorage(storageId);
        if (!type)
            continue;
        std::vector<ObjectPtr> dependents;
        for (const auto &[key, object] : context.storage.store(storageId).objects()) {
            if (object->ownerUids.contains(ownerUid))
                dependents.push_back(object);
        }
        for (const ObjectPtr &dependent : dependents) {
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
            (void)writer.update(*type, object, dependent, UpdateScope::Everything);
        }
    }
}

} // namespace informant::sim
