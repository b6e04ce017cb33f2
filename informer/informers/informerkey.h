#pragma once

// InformerKey: what makes two informers the same in a SharedInformerFactory
// (product spec §2.2): cluster, resource, namespace, selectors and whether
// it holds metadata only (client-go keeps those in a factory of their own,
// metadatainformer's: the same resource's informers differ). `cluster`
// and `resource` are the caller's identifiers (e.g. a context name and
// "deployments.v1.apps"); the factory only compares them.

#include <QHashFunctions>
#include <QString>

namespace informant {

struct InformerKey
{
    QString cluster;
    QString resource;
    QString namespaceName; // "" = all namespaces
    QString labelSelector;
    QString fieldSelector;
    bool metadataOnly = false;

    friend bool operator==(const InformerKey &, const InformerKey &) = default;

    QString displayName() const
    {
        QString text = resource;
        if (!namespaceName.isEmpty())
            text += QStringLiteral(" -n ") + namespaceName;
        if (!labelSelector.isEmpty())
            text += QStringLiteral(" -l ") + labelSelector;
        if (!fieldSelector.isEmpty())
            text += QStringLiteral(" --field-selector ") + fieldSelector;
        if (metadataOnly)
            text += QStringLiteral(" (metadata only)");
        return text;
    }
};

inline size_t qHash(const InformerKey &key, size_t seed = 0)
{
    return qHashMulti(seed, key.cluster, key.resource, key.namespaceName, key.labelSelector,
                      key.fieldSelector, key.metadataOnly);
}

} // namespace informant
