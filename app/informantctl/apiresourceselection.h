#pragma once

// Which resources `informantctl api-resources` lists and in which order, as
// kubectl api-resources chooses them (kubectl/pkg/cmd/apiresources):
//   --namespaced=true|false   only namespaced / only cluster-scoped resources
//   --api-group=GROUP         only that group ("" is the core group)
//   --verbs=V[,V...]          only resources supporting every verb listed
//   --categories=C[,C...]     only resources in every category listed
//   --sort-by=name|kind       else by group; ties by name, then discovery order
//   --cached                  accepted; discovery is always read afresh, which
//                             is what kubectl prints from a cold cache
// Resources without verbs are never listed. A filter applies only when its
// flag is given: `--api-group=` keeps the core group alone, as kubectl does.

#include "informer/core/result.h"
#include "informer/kube/discoveryresult.h"

#include <QCommandLineParser>

#include <optional>

namespace informantctl {

struct ApiResourceSelection
{
    enum class SortBy { Group, Name, Kind };

    std::optional<bool> namespaced;
    std::optional<QString> apiGroup;
    QStringList verbs;
    QStringList categories;
    SortBy sortBy = SortBy::Group;

    // kubectl's messages (without "error: ") for values it refuses.
    static informant::Result<ApiResourceSelection> fromParser(const QCommandLineParser &parser);

    // The preferred version of each resource discovery found, filtered and
    // sorted as kubectl api-resources prints them.
    QList<informant::ApiResource> select(const informant::DiscoveryResult &discovery) const;
};

// Declares the options above that no other command declares (--sort-by is
// get's too).
void addApiResourceSelectionOptions(QCommandLineParser &parser);

} // namespace informantctl
