#pragma once

// A resource request path taken apart: the resource type, namespace, object
// name and subresource of /api/v1/... or /apis/<group>/<version>/....

#include "sim/resourcetype.h"

namespace informant::sim {

struct RequestTarget
{
    ResourceType type;
    QString namespaceName;
    QString name;
    QString subresource;
};

} // namespace informant::sim
