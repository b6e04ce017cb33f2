#pragma once

// NamespaceFacetModel: the filter pane's namespace list — every namespace
// that has objects of the kind, with its live count, and a check box per
// namespace (several may be checked: OR). Cluster-scoped objects' empty
// namespace reads "(cluster)". Rows, counts and checks: ListFacetModel.
// GUI thread.

#include "models/listfacetmodel.h"

namespace informant {

class NamespaceFacetModel final : public ListFacetModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NamespaceFacetModel)

public:
    explicit NamespaceFacetModel(QObject *parent = nullptr);
};

} // namespace informant
