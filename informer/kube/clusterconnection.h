#pragma once

// ClusterConnection: a resolved ClusterConfig plus its shared Credentials.
// Immutable apart from the Credentials' own thread-safe caches; share it with
// std::shared_ptr between every thread and RestClient of one cluster, so an
// exec plugin runs once per token lifetime for the whole process.

#include "informer/kube/clusterconfig.h"
#include "informer/kube/credentials.h"

#include <memory>

namespace informant {

struct ClusterConnection
{
    ClusterConfig config;
    std::shared_ptr<Credentials> credentials;

    static std::shared_ptr<const ClusterConnection> create(ClusterConfig config)
    {
        auto credentials = std::make_shared<Credentials>(config);
        return std::make_shared<const ClusterConnection>(
            ClusterConnection{std::move(config), std::move(credentials)});
    }
};

} // namespace informant
