#include "models/timeline/timelinescope.h"

#include "models/clusterrowkey.h"
#include "models/facetselection.h"
#include "models/timeline/objectidentity.h"

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
            const std::optional<KubeObject> object = indexer->getByKey(key);
            if (!object)
                continue;
            InvolvedObject involved = referenceTo(*object);
            involved.cluster = clusterOfRowKey(key).toString();
            if (const QString uid = knownObjectUid(involved); !uid.isEmpty())
                uids.insert(uid);
            // The kubelet's events about a Node name no real uid.
            if (isIdentifiedByName(involved))
                uids.insert(objectKey(involved));
        }
    }
    return uids;
}

std::optional<QSet<QString>> LabelledObjects::update(const QList<const Indexer *> &indexers,
                                                     const QMap<QString, QSet<QString>> &labels)
{
    if (labels != m_labels) {
        m_labels = labels;
        m_uids.clear();
    }
    if (labels.isEmpty())
        return std::nullopt;
    m_uids.unite(labelledObjectUids(indexers, labels));
    return m_uids;
}

} // namespace informant
