#include "models/facetcounts.h"

#include "models/clusterrowkey.h"

#include <algorithm>
#include <vector>

namespace informant {

namespace {

template<typename Key>
void bump(QHash<Key, FacetCounts::Tally> &counts, const Key &key, FacetCounts::Tally n)
{
    auto it = counts.find(key);
    if (it == counts.end()) {
        counts.insert(key, n);
        return;
    }
    it->objects += n.objects;
    it->matching += n.matching;
    if (*it == FacetCounts::Tally{})
        counts.erase(it);
}

FacetCounts::Tally tally(qsizetype objects, bool counted)
{
    return FacetCounts::Tally{objects, counted ? objects : 0};
}

} // namespace

void FacetTally::add(const KubeObject &object, QStringView rowKey, FacetMembership counted)
{
    if (const QStringView cluster = clusterOfRowKey(rowKey); !cluster.isEmpty()) {
        auto it = std::find_if(m_clusters.begin(), m_clusters.end(),
                               [cluster](const Cluster &c) { return c.name == cluster; });
        if (it == m_clusters.end())
            it = m_clusters.insert(m_clusters.end(), Cluster{cluster.toString(), {}});
        ++it->tally.objects;
        if (counted.clusterFacet)
            ++it->tally.matching;
    }
    const QString namespaceName = object.namespaceName();
    Namespace &ns = m_namespaces[namespaceName.constData()];
    if (ns.tally.objects++ == 0)
        ns.name = namespaceName;
    if (counted.namespaceFacet)
        ++ns.tally.matching;
    const QList<Label> &labels = object.labels();
    if (labels.isEmpty())
        return;
    LabelList &list = m_labelLists[labels.constData()];
    if (list.tally.objects++ == 0)
        list.labels = labels;
    if (counted.labelFacet)
        ++list.tally.matching;
}

FacetCounts FacetTally::counts() const
{
    FacetCounts counts;
    for (const Cluster &cluster : m_clusters)
        counts.clusters.insert(cluster.name, cluster.tally);
    for (const Namespace &ns : m_namespaces) {
        FacetCounts::Tally &total = counts.namespaces[ns.name];
        total.objects += ns.tally.objects;
        total.matching += ns.tally.matching;
    }
    // By the addresses of the labels' strings first: a label is in many
    // lists (app=web in each ReplicaSet's of the Deployment).
    QHash<std::pair<const QChar *, const QChar *>, std::pair<Label, FacetCounts::Tally>> byLabel;
    for (const LabelList &list : m_labelLists) {
        for (const Label &label : list.labels) {
            auto &[tallied, tally] = byLabel[{label.key.constData(), label.value.constData()}];
            tallied = label;
            tally.objects += list.tally.objects;
            tally.matching += list.tally.matching;
        }
    }
    for (const auto &[label, tally] : std::as_const(byLabel)) {
        FacetCounts::Tally &total = counts.labels[label];
        total.objects += tally.objects;
        total.matching += tally.matching;
    }
    return counts;
}

void FacetCounts::count(const FacetedObject &faceted, QStringView cluster, qsizetype sign)
{
    if (!cluster.isEmpty())
        bump(clusters, cluster.toString(), tally(sign, faceted.counted.clusterFacet));
    bump(namespaces, faceted.object.namespaceName(), tally(sign, faceted.counted.namespaceFacet));
    const Tally labelTally = tally(sign, faceted.counted.labelFacet);
    for (const Label &label : faceted.object.labels())
        bump(labels, label, labelTally);
}

void FacetCounts::countChange(const FacetedObject &before, const FacetedObject &after,
                              QStringView rowKey)
{
    // One row key, one cluster: only the verdicts tell its count changed.
    // Shared label lists compare by pointer first (QList::operator==).
    if (!before.object.isNull() && !after.object.isNull() && before.counted == after.counted &&
        before.object.namespaceName() == after.object.namespaceName() &&
        before.object.labels() == after.object.labels())
        return;
    const QStringView cluster = clusterOfRowKey(rowKey);
    if (!before.object.isNull())
        count(before, cluster, -1);
    if (!after.object.isNull())
        count(after, cluster, +1);
}

void FacetCounts::add(const FacetCounts &delta)
{
    for (auto it = delta.clusters.cbegin(); it != delta.clusters.cend(); ++it)
        bump(clusters, it.key(), it.value());
    for (auto it = delta.namespaces.cbegin(); it != delta.namespaces.cend(); ++it)
        bump(namespaces, it.key(), it.value());
    for (auto it = delta.labels.cbegin(); it != delta.labels.cend(); ++it)
        bump(labels, it.key(), it.value());
}

QList<std::pair<QString, qsizetype>> FacetCounts::clusterCounts() const
{
    QList<std::pair<QString, qsizetype>> out;
    out.reserve(clusters.size());
    for (auto it = clusters.cbegin(); it != clusters.cend(); ++it)
        out.append({it.key(), it->matching});
    std::sort(out.begin(), out.end());
    return out;
}

QList<std::pair<QString, qsizetype>> FacetCounts::namespaceCounts() const
{
    QList<std::pair<QString, qsizetype>> out;
    out.reserve(namespaces.size());
    for (auto it = namespaces.cbegin(); it != namespaces.cend(); ++it) {
        if (!it.key().isEmpty())
            out.append({it.key(), it->matching});
    }
    std::sort(out.begin(), out.end());
    return out;
}

LabelCounts FacetCounts::labelCounts(const QMap<QString, QSet<QString>> &ticked,
                                     qsizetype maxValuesPerKey) const
{
    struct Entry
    {
        const Label *label;
        qsizetype count;
    };
    struct Key
    {
        QString name;
        std::vector<Entry> entries;
    };
    // By key, as pointers into the hash: strings are copied only for the
    // values kept.
    std::vector<Key> keys;
    QHash<QString, size_t> keyIndex;
    const QChar *lastKey = nullptr;
    size_t last = 0;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        const Label &label = it.key();
        if (keys.empty() || label.key.constData() != lastKey) {
            auto found = keyIndex.constFind(label.key);
            if (found == keyIndex.cend()) {
                found = keyIndex.insert(label.key, keys.size());
                keys.push_back(Key{label.key, {}});
            }
            last = *found;
            lastKey = label.key.constData();
        }
        keys[last].entries.push_back(Entry{&label, it->matching});
    }
    LabelCounts out;
    for (Key &key : keys) {
        auto &[keyCount, values] = out[key.name];
        std::vector<Entry> &entries = key.entries;
        for (const Entry &entry : entries)
            keyCount += entry.count; // an object has a key once, with one value
        if (qsizetype(entries.size()) > maxValuesPerKey) {
            // Ticked values first, then the biggest: a ticked value keeps its
            // row and its real count however many values the key has.
            auto rest = entries.begin();
            if (const auto keep = ticked.constFind(key.name); keep != ticked.cend())
                rest = std::partition(entries.begin(), entries.end(), [&keep](const Entry &e) {
                    return keep->contains(e.label->value);
                });
            const auto room =
                std::max<std::ptrdiff_t>(maxValuesPerKey - (rest - entries.begin()), 0);
            if (entries.end() - rest > room) {
                std::nth_element(rest, rest + room, entries.end(),
                                 [](const Entry &a, const Entry &b) { return a.count > b.count; });
                entries.erase(rest + room, entries.end());
            }
        }
        values.reserve(qsizetype(entries.size()));
        for (const Entry &entry : entries)
            values.append({entry.label->value, entry.count});
        std::sort(values.begin(), values.end());
    }
    return out;
}

} // namespace informant
