#pragma once

// Where a kind appears in the resource tree, grouped the way people think of
// a cluster: Workloads, Network, Config, Storage, Cluster, and Custom
// Resources by API group (anything not built in).

#include "models/kindinfo.h"

#include <QString>

namespace informant {

enum class ResourceCategory { Workloads, Network, Config, Storage, Cluster, Custom };

ResourceCategory resourceCategory(const KindInfo &kind);
QString categoryTitle(ResourceCategory category);
// Display order of built-in kinds inside their category (lower first).
int builtinKindRank(const KindInfo &kind);

} // namespace informant
