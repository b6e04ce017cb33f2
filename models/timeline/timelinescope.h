#pragma once

// The filter pane's choice as the timeline applies it. The pane describes
// objects, not kinds: its namespaces keep the events whose involved object is
// in one of them, and its labels keep the events whose involved object carries
// them (OR within a key, AND across keys), in any watched kind, so choosing
// app=web shows the events of the web Deployment, its ReplicaSets and its
// Pods alike. Matching objects are found through each cache's label index,
// never by a scan. Plain functions; the indexers are thread-safe.

#include "informer/cache/indexer.h"

#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

namespace informant {

// uids of the objects in `indexers` that carry `labels` (label key -> accepted
// values; an empty value set means "has the key"), plus the name key of each
// such Node (objectidentity.h), as TimelineFilter::objectUids wants them.
// Empty `labels`: no uids.
QSet<QString> labelledObjectUids(const QList<const Indexer *> &indexers,
                                 const QMap<QString, QSet<QString>> &labels);

} // namespace informant
