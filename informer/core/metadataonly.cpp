#include "informer/core/metadataonly.h"

namespace informant {

bool isPartialObjectMetadata(QStringView kind, QStringView apiVersion)
{
    return kind == u"PartialObjectMetadata" &&
           (apiVersion == u"meta.k8s.io/v1" || apiVersion == u"meta.k8s.io/v1beta1");
}

} // namespace informant
