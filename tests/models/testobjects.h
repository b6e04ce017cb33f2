#pragma once

// Synthetic objects and batches for the model tests.

#include "informer/core/kubeobject.h"
#include "informer/informers/changebatch.h"
#include "models/rowformatter.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <memory>

namespace informant::test {

inline KubeObject makeObject(const QString &ns, const QString &name,
                             const QMap<QString, QString> &labels = {},
                             const QString &created = QStringLiteral("2024-05-01T10:00:00Z"),
                             const QString &rv = QStringLiteral("1"), bool deleting = false,
                             const QString &kind = QStringLiteral("Pod"))
{
    QJsonObject meta{{QStringLiteral("name"), name},
                     {QStringLiteral("uid"), QStringLiteral("uid-") + ns + name},
                     {QStringLiteral("resourceVersion"), rv},
                     {QStringLiteral("creationTimestamp"), created}};
    if (!ns.isEmpty())
        meta.insert(QStringLiteral("namespace"), ns);
    if (deleting)
        meta.insert(QStringLiteral("deletionTimestamp"), QStringLiteral("2024-05-02T10:00:00Z"));
    QJsonObject l;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        l.insert(it.key(), it.value());
    if (!labels.isEmpty())
        meta.insert(QStringLiteral("labels"), l);
    const QJsonObject obj{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                          {QStringLiteral("kind"), kind},
                          {QStringLiteral("metadata"), meta}};
    auto decoded = KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact));
    return decoded.ok() ? decoded.value() : KubeObject();
}

inline ObjectChange upsert(const KubeObject &object)
{
    return ObjectChange{ObjectChange::Type::Upsert, object.key(), object, 1};
}

inline ObjectChange remove(const KubeObject &object)
{
    return ObjectChange{ObjectChange::Type::Delete, object.key(), object, 1};
}

inline ChangeBatch batchOf(QList<ObjectChange> changes, bool snapshot = false)
{
    return ChangeBatch{snapshot, std::move(changes)};
}

// NAMESPACE, NAME, STATUS (the "status" label), AGE.
inline std::shared_ptr<const RowFormatter> testFormatter()
{
    QList<RowFormatter::Column> columns{
        {QStringLiteral("NAME"), 0}, {QStringLiteral("STATUS"), 0}, {QStringLiteral("AGE"), 0}};
    auto cells = [](const KubeObject &o, qint64 nowMs) {
        return QList<PrintCell>{
            {o.name(), std::nullopt},
            {o.label(QStringLiteral("status")).value_or(QString()), std::nullopt},
            {humanAge(nowMs - o.creationTimestampMs()), std::nullopt}};
    };
    return std::make_shared<const RowFormatter>(true, columns, cells);
}

} // namespace informant::test
