#pragma once

// The resources the simulator serves: the built-in table (core, apps, batch,
// networking, storage, policy, autoscaling, discovery, coordination,
// apiextensions, events) plus the resources of every CustomResourceDefinition
// created in it, added and removed live so discovery follows them.
// Server thread only.

#include "sim/resourcetype.h"

#include <QHash>
#include <QJsonObject>
#include <QList>

#include <optional>

namespace informant::sim {

class ResourceTable
{
public:
    ResourceTable();

    const QList<ResourceType> &types() const { return m_types; }
    // By group, version and plural (or, if `plural` is not one, by short or singular name).
    std::optional<ResourceType> find(const QString &group, const QString &version,
                                     const QString &resource) const;
    std::optional<ResourceType> findByStorage(const QString &storageId) const;
    // Groups in discovery order, each with its versions (preferred first).
    QList<QPair<QString, QStringList>> groups() const;

    // Registers (or re-registers) the served versions of a CRD; returns the
    // storage id its objects live under. Errors for a malformed CRD.
    std::optional<QString> addCustomResource(const QJsonObject &crd, QString *error);
    void removeCustomResource(const QString &crdName);

private:
    void addBuiltIns();
    QList<ResourceType> m_types;
};

} // namespace informant::sim
