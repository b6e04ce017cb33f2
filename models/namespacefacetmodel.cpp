#include "models/namespacefacetmodel.h"

namespace informant {

NamespaceFacetModel::NamespaceFacetModel(QObject *parent)
    : ListFacetModel(QStringLiteral("Namespace"), QStringLiteral("(cluster)"), parent)
{
}

} // namespace informant
