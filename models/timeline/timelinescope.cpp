#include "models/timeline/timelinescope.h"

#include "models/facetselection.h"

namespace informant {

QSet<QString> labelledObjectUids(const QList<const Indexer *> &indexers,
                                 const QMap<QString, QSet<QString>> &labels)
{
    QSet<QString> uids;
    if (labels.isEmpty())
        return uids;
    FacetSelection selection;
    selection.labels = labels;
    for (const Indexer *indexer : indexers) {
        const std::optional<QSet<QString>> keys = facetKeys(*indexer, selection);
        if (!keys)
            continue;
        for (const QString &key : *keys) {
            // The key may have gone between the index read and this lookup.
            if (const std::optional<KubeObject> object = indexer->getByKey(key);
                object && !object->uid().isEmpty())
                uids.insert(object->uid());
        }
    }
    return uids;
}

} // namespace informant
