#pragma once

// ClusterFacetModel: the filter pane's cluster list in a window of several
// clusters (informant --context a --context b) — every cluster that has
// objects of the kind, with its live count, and a check box per cluster
// (several may be checked: OR). A cluster is a kubeconfig context, as the
// table's CLUSTER column and its row keys name it (models/clusterrowkey.h).
// Rows, counts and checks: ListFacetModel. GUI thread.

#include "models/listfacetmodel.h"

namespace informant {

class ClusterFacetModel final : public ListFacetModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterFacetModel)

public:
    explicit ClusterFacetModel(QObject *parent = nullptr);
};

} // namespace informant
