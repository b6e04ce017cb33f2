#pragma once

// ResourcePath: which collection a request addresses (group, version,
// resource plural, namespace) and how it maps to a URL path, as client-go's
// REST client builds it: /api/v1/... for the core group, /apis/G/V/...
// otherwise; /namespaces/NS/ only for namespaced resources with a namespace.

#include <QString>

namespace informant {

struct ResourcePath
{
    QString group; // "" for the core group
    QString version;
    QString resource;      // plural, e.g. "pods"
    QString namespaceName; // "" = all namespaces (or cluster-scoped)
    bool namespaced = true;

    QString groupVersion() const
    {
        return group.isEmpty() ? version : group + QLatin1Char('/') + version;
    }

    QString collectionPath() const
    {
        QString path = group.isEmpty()
                           ? QStringLiteral("/api/") + version
                           : QStringLiteral("/apis/") + group + QLatin1Char('/') + version;
        if (namespaced && !namespaceName.isEmpty())
            path += QStringLiteral("/namespaces/") + namespaceName;
        return path + QLatin1Char('/') + resource;
    }

    // "pods" or "deployments.apps", for messages.
    QString displayName() const
    {
        return group.isEmpty() ? resource : resource + QLatin1Char('.') + group;
    }
};

} // namespace informant
