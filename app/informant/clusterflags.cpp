#include "clusterflags.h"

#include "informer/kube/connectionflags.h"

namespace informant {

Result<ClusterConfig> resolveClusterConfig(const Options &options)
{
    ConnectionFlags flags = options;
    // -n only picks the window's first filter here (initialNamespace): the
    // informers watch every namespace, so the context keeps its own.
    flags.namespaceName.clear();
    return resolveConnectionFlags(flags);
}

QString initialNamespace(const Options &options, const ClusterConfig &config)
{
    if (options.allNamespaces)
        return {};
    if (!options.namespaceName.isEmpty())
        return options.namespaceName;
    return config.namespaceName;
}

} // namespace informant
