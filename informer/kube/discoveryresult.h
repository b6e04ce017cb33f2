#pragma once

// DiscoveryResult: what the API server serves — groups with their versions
// and every resource of every group version (subresources left out) — plus
// the questions asked of it:
//   - preferredResources(): kubectl's ServerPreferredResources (one entry per
//     group/resource, from the preferred version, or from another version
//     when the preferred one lacks it), sorted as kubectl api-resources sorts
//     (by group, then name);
//   - resolve(): a user-typed KIND (plural, singular, Kind, short name like
//     `po`/`deploy`, `resource.group`, `resource.version.group`), as
//     kubectl's RESTMapper does, the core group, then the server's group
//     order winning ties.
// `failures` lists group versions that could not be read (kubectl's
// "unable to retrieve the complete list of server APIs"). Plain value type.

#include "informer/core/result.h"
#include "informer/kube/apiresource.h"

namespace informant {

struct DiscoveryResult
{
    bool aggregated = false; // served by aggregated (v2) discovery
    QList<ApiGroup> groups;  // in server order, core first
    QList<ApiResource> resources;
    QStringList failures; // "metrics.k8s.io/v1beta1: 503 ServiceUnavailable: ..."

    // Each resource at its group's preferred version, sorted by group and
    // name (kubectl api-resources' order).
    QList<ApiResource> preferredResources() const;
    // The same in the server's order: groups by priority, as kubectl expands
    // a category (`get all`).
    QList<ApiResource> preferredResourcesInServerOrder() const;
    // Only kinds with list and watch are returned; the error says why not.
    Result<ApiResource> resolve(const QString &text) const;
};

} // namespace informant
