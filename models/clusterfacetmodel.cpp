#include "models/clusterfacetmodel.h"

namespace informant {

ClusterFacetModel::ClusterFacetModel(QObject *parent)
    : ListFacetModel(QStringLiteral("Cluster"), QString(), parent)
{
}

} // namespace informant
