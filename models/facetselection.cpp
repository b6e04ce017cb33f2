#include "models/facetselection.h"

#include "informer/cache/indexfuncs.h"
#include "models/clusterrowkey.h"

#include <QStringList>

#include <algorithm>

namespace informant {

bool FacetSelection::matchesClusters(QStringView rowKey) const
{
    if (clusters.isEmpty())
        return true;
    // A few clusters: compared in place, no string made per object.
    const QStringView cluster = clusterOfRowKey(rowKey);
    return std::any_of(clusters.cbegin(), clusters.cend(),
                       [cluster](const QString &c) { return c == cluster; });
}

bool FacetSelection::matchesNamespaces(const KubeObject &object) const
{
    return namespaces.isEmpty() || namespaces.contains(object.namespaceName());
}

bool FacetSelection::matchesLabels(const KubeObject &object) const
{
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        const std::optional<QString> value = object.label(it.key());
        if (!value)
            return false;
        if (!it.value().isEmpty() && !it.value().contains(*value))
            return false;
    }
    return true;
}

QString FacetSelection::describe() const
{
    QStringList parts;
    if (!clusters.isEmpty()) {
        QStringList names(clusters.cbegin(), clusters.cend());
        std::sort(names.begin(), names.end());
        parts.append(QStringLiteral("cluster: ") + names.join(QStringLiteral(", ")));
    }
    if (!namespaces.isEmpty()) {
        QStringList ns(namespaces.cbegin(), namespaces.cend());
        std::sort(ns.begin(), ns.end());
        parts.append(QStringLiteral("namespace: ") + ns.join(QStringLiteral(", ")));
    }
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        QStringList values(it.value().cbegin(), it.value().cend());
        std::sort(values.begin(), values.end());
        parts.append(values.isEmpty()
                         ? it.key()
                         : it.key() + QStringLiteral(": ") + values.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral(" · "));
}

namespace {

QSet<QString> unionOf(const Indexer &indexer, const QString &index, const QStringList &values)
{
    QSet<QString> keys;
    for (const QString &value : values) {
        const auto found = indexer.indexKeys(index, value);
        if (found.ok())
            keys.unite(QSet<QString>(found.value().cbegin(), found.value().cend()));
    }
    return keys;
}

} // namespace

std::optional<QSet<QString>> facetKeys(const Indexer &indexer, const FacetSelection &selection)
{
    if (selection.isEmpty())
        return std::nullopt;
    // Smallest set first keeps the intersections cheap.
    QList<QSet<QString>> sets;
    if (selection.namespaces.isEmpty() && selection.labels.isEmpty()) {
        // Clusters only: no index names them, the keys do.
        const QStringList keys = indexer.listKeys();
        sets.append(QSet<QString>(keys.cbegin(), keys.cend()));
    }
    if (!selection.namespaces.isEmpty())
        sets.append(
            unionOf(indexer, QString(kNamespaceIndex),
                    QStringList(selection.namespaces.cbegin(), selection.namespaces.cend())));
    for (auto it = selection.labels.cbegin(); it != selection.labels.cend(); ++it) {
        QStringList values;
        if (it.value().isEmpty())
            values.append(it.key());
        for (const QString &v : it.value())
            values.append(labelIndexValue(it.key(), v));
        sets.append(unionOf(indexer, QString(kLabelsIndex), values));
    }
    std::sort(sets.begin(), sets.end(),
              [](const QSet<QString> &a, const QSet<QString> &b) { return a.size() < b.size(); });
    QSet<QString> result = sets.takeFirst();
    for (const QSet<QString> &s : std::as_const(sets))
        result.intersect(s);
    result.removeIf([&selection](const QString &key) { return !selection.matchesClusters(key); });
    return result;
}

} // namespace informant
