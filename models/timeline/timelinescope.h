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

#include <optional>

namespace informant {

// uids of the objects in `indexers` that carry `labels` (label key -> accepted
// values; an empty value set means "has the key"), plus the name key of each
// such Node (objectidentity.h), as TimelineFilter::objectUids wants them.
// Empty `labels`: no uids.
QSet<QString> labelledObjectUids(const QList<const Indexer *> &indexers,
                                 const QMap<QString, QSet<QString>> &labels);

// The objects a label choice keeps on the timeline, gathered as they are
// found: an object that matched keeps its lane after it is deleted, since its
// last events (Killing, FailedScheduling...) are often the interesting ones.
class LabelledObjects
{
public:
    // The uids (labelledObjectUids) of every object found to carry `labels`
    // since they were chosen; nullopt for no labels (every object).
    std::optional<QSet<QString>> update(const QList<const Indexer *> &indexers,
                                        const QMap<QString, QSet<QString>> &labels);
    bool hasLabels() const { return !m_labels.isEmpty(); }

private:
    QMap<QString, QSet<QString>> m_labels;
    QSet<QString> m_uids;
};

} // namespace informant
