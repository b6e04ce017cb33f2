#include "informer/kube/discoveryresult.h"

#include <QHash>

#include <algorithm>

namespace informant {

QList<ApiResource> DiscoveryResult::preferredResources() const
{
    QList<ApiResource> out = preferredResourcesInServerOrder();
    std::stable_sort(out.begin(), out.end(), [](const ApiResource &a, const ApiResource &b) {
        const int byGroup = QString::compare(a.group, b.group);
        return byGroup != 0 ? byGroup < 0 : a.name < b.name;
    });
    return out;
}

QList<ApiResource> DiscoveryResult::preferredResourcesInServerOrder() const
{
    // As client-go's ServerPreferredResources: walk each group's versions in
    // order; a resource seen in an earlier version is replaced only by the
    // preferred version's entry.
    QList<ApiResource> out;
    QHash<QString, qsizetype> index; // "group/resource" -> position in out
    for (const ApiGroup &group : groups) {
        for (const QString &version : group.versions) {
            for (const ApiResource &resource : resources) {
                if (resource.group != group.name || resource.version != version)
                    continue;
                const QString key = group.name + QLatin1Char('/') + resource.name;
                const auto it = index.constFind(key);
                if (it == index.cend()) {
                    index.insert(key, out.size());
                    out.append(resource);
                } else if (version == group.preferredVersion) {
                    out[*it] = resource;
                }
            }
        }
    }
    return out;
}

namespace {

// Match strength, strongest first, as kubectl's RESTMapper tries them.
int matchRank(const ApiResource &resource, const QString &name)
{
    if (resource.name == name)
        return 0;
    if (resource.singularName == name)
        return 1;
    if (resource.shortNames.contains(name))
        return 2;
    if (resource.kind.toLower() == name)
        return 3;
    return -1;
}

} // namespace

Result<ApiResource> DiscoveryResult::resolve(const QString &text) const
{
    const QString typed = text.trimmed();
    const QString lower = typed.toLower();
    QString name = lower;
    QString group;
    if (const qsizetype dot = lower.indexOf(QLatin1Char('.')); dot > 0) {
        name = lower.left(dot);
        group = lower.mid(dot + 1);
    }

    // In discovery's order, for the ties below: kubectl's RESTMapper and
    // short-name expansion prefer the server's group order, not the
    // alphabetical one api-resources prints (a CRD in aaa.example.com with
    // the short name `deploy` must not win over apps).
    const QList<ApiResource> candidates = preferredResourcesInServerOrder();
    const ApiResource *best = nullptr;
    int bestRank = 99;
    const auto consider = [&](const ApiResource &resource, int rank) {
        // Stronger match wins; on a tie the core group, then server order.
        if (rank < bestRank ||
            (rank == bestRank && best && !best->group.isEmpty() && resource.group.isEmpty())) {
            best = &resource;
            bestRank = rank;
        }
    };
    for (const ApiResource &resource : candidates) {
        const int rank = matchRank(resource, name);
        if (rank < 0)
            continue;
        if (group.isEmpty()) {
            consider(resource, rank);
        } else if (resource.group.toLower() == group) {
            consider(resource, rank);
        } else if (group == resource.version + QLatin1Char('.') + resource.group.toLower()) {
            consider(resource, rank); // resource.version.group
        }
    }
    // resource.version.group naming a non-preferred version.
    if (!group.isEmpty() && group.contains(QLatin1Char('.'))) {
        for (const ApiResource &resource : resources) {
            const int rank = matchRank(resource, name);
            if (rank >= 0 &&
                group == resource.version + QLatin1Char('.') + resource.group.toLower())
                consider(resource, rank);
        }
    }
    if (!best)
        return makeError(
            QStringLiteral("the server doesn't have a resource type \"%1\"").arg(typed));
    if (!best->canListWatch())
        return makeError(QStringLiteral("resource type \"%1\" (%2) does not support list and watch")
                             .arg(typed, best->qualifiedName()));
    return *best;
}

} // namespace informant
