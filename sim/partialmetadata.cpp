#include "sim/partialmetadata.h"

#include "sim/storedobject.h"

namespace informant::sim {

QByteArray metaApiVersion(const QByteArray &metaVersion)
{
    return "meta.k8s.io/" + metaVersion;
}

QByteArray partialObjectMetadata(const QByteArray &objectJson, const QByteArray &metaVersion)
{
    QByteArray metadata = jsonMember(objectJson, {"metadata"});
    if (metadata.isEmpty())
        metadata = "{}";
    return "{\"kind\":\"PartialObjectMetadata\",\"apiVersion\":\"" + metaApiVersion(metaVersion) +
           "\",\"metadata\":" + metadata + '}';
}

} // namespace informant::sim
