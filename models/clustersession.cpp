#include "models/clustersession.h"

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

} // namespace informant
