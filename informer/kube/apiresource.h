#pragma once

// ApiResource: one resource kind as discovery describes it (metav1.APIResource
// plus its group and version), and ApiGroup: a group's versions in the
// server's preference order. Plain value types.

#include "informer/kube/resourcepath.h"

#include <QStringList>

namespace informant {

struct ApiResource
{
    QString group; // "" for the core group
    QString version;
    QString name; // plural, e.g. "deployments"
    QString singularName;
    QString kind;
    bool namespaced = false;
    QStringList verbs;
    QStringList shortNames;
    QStringList categories;

    QString groupVersion() const
    {
        return group.isEmpty() ? version : group + QLatin1Char('/') + version;
    }
    // Only kinds an informer can follow are offered (product spec §2.3).
    bool canListWatch() const
    {
        return verbs.contains(QLatin1String("list")) && verbs.contains(QLatin1String("watch"));
    }
    // "deployments.apps", or "pods" for the core group.
    QString qualifiedName() const
    {
        return group.isEmpty() ? name : name + QLatin1Char('.') + group;
    }
    ResourcePath path(const QString &namespaceName = {}) const
    {
        return ResourcePath{group, version, name, namespaced ? namespaceName : QString(),
                            namespaced};
    }
};

struct ApiGroup
{
    QString name;         // "" for the core group
    QStringList versions; // preferred first
    QString preferredVersion;
};

} // namespace informant
