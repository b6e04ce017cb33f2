#include "models/clustersession.h"

#include "informer/cache/indexfuncs.h"
#include "models/kindsource.h"

#include <algorithm>

namespace informant {

KindInfo ClusterSession::findKind(const QString &name) const
{
    const QList<KindInfo> all = kinds();
    // Core and built-in groups win over custom kinds of the same name, as in
    // kubectl's resource priority.
    const KindInfo *custom = nullptr;
    for (const KindInfo &k : all) {
        if (!k.matchesName(name))
            continue;
        if (k.group.isEmpty() || !k.group.contains(QLatin1Char('.')) ||
            k.group.endsWith(QLatin1String(".k8s.io")))
            return k;
        if (!custom)
            custom = &k;
    }
    return custom ? *custom : KindInfo();
}

QList<KindInfo> ClusterSession::similarKinds(const QString &name, qsizetype limit) const
{
    // A typo is a few edits from what was meant: one in a short name, up to
    // three in a long one. More would suggest unrelated kinds.
    const int allowed = std::max<int>(1, int(name.trimmed().size() / 3));
    QList<std::pair<int, KindInfo>> close;
    for (const KindInfo &k : kinds()) {
        const int distance = k.nameDistance(name);
        if (distance <= allowed)
            close.append({distance, k});
    }
    // Stable: among equals, discovery's order (core and built-in kinds first).
    std::stable_sort(close.begin(), close.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<KindInfo> out;
    for (const auto &[distance, k] : std::as_const(close)) {
        if (out.size() == limit)
            break;
        out.append(k);
    }
    return out;
}

KindInfo ClusterSession::kindOf(const QString &apiVersion, const QString &kind) const
{
    const qsizetype slash = apiVersion.indexOf(QLatin1Char('/'));
    const QString group = slash < 0 ? QString() : apiVersion.left(slash);
    for (const KindInfo &k : kinds()) {
        if (k.kind == kind && k.group == group)
            return k;
    }
    return {};
}

QList<KubeObject> ClusterSession::controlledBy(const KubeObject &owner) const
{
    QList<KubeObject> out;
    if (owner.uid().isEmpty())
        return out;
    for (KindSource *source : sources()) {
        const auto found = source->indexer().byIndex(QString(kOwnerIndex), owner.uid());
        if (found.ok())
            out.append(found.value());
        if (out.size() > 50)
            break;
    }
    return out;
}

} // namespace informant
