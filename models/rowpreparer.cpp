#include "models/rowpreparer.h"

#include <algorithm>

namespace informant {

RowPreparer::RowPreparer(std::shared_ptr<const RowFormatter> formatter)
    : m_formatter(std::move(formatter))
{
}

PreparedBatch RowPreparer::header(bool ordered) const
{
    PreparedBatch batch;
    batch.ordered = ordered;
    batch.generation = m_generation;
    batch.sortColumn = m_query.sortColumn;
    batch.order = m_query.order;
    return batch;
}

bool RowPreparer::containsQuickText(const KubeObject &object, const QString &rowKey,
                                    qint64 nowMs) const
{
    const auto cs = Qt::CaseInsensitive;
    if (object.name().contains(m_query.quickText, cs) ||
        object.namespaceName().contains(m_query.quickText, cs))
        return true;
    const QStringList cells = m_formatter->cells(object, nowMs, rowKey);
    return std::any_of(cells.cbegin(), cells.cend(),
                       [&](const QString &c) { return c.contains(m_query.quickText, cs); });
}

bool RowPreparer::passesQuickText(const KubeObject &object, const QString &rowKey, qint64 nowMs,
                                  QuickTextVerdicts &verdicts) const
{
    const qsizetype length = m_query.quickText.size();
    if (const std::optional<bool> known = verdicts.known(length))
        return *known;
    const bool contains = containsQuickText(object, rowKey, nowMs);
    verdicts.record(length, contains);
    return contains;
}

FacetMembership RowPreparer::prepare(MirroredObject &mirrored, const QString &rowKey, qint64 nowMs,
                                     SortKey *key) const
{
    const KubeObject &object = mirrored.object;
    const bool inClusters = m_query.facets.matchesClusters(rowKey);
    const bool inNamespaces = m_query.facets.matchesNamespaces(object);
    const bool inLabels = m_query.facets.matchesLabels(object);
    // Out of two facets' ticks: no facet counts it, whatever the rest says.
    if (int(inClusters) + int(inNamespaces) + int(inLabels) < 2)
        return {};
    if (!m_query.selector.isEmpty() && !m_query.selector.matches(object))
        return {};
    if (!passesQuickText(object, rowKey, nowMs, mirrored.quickText))
        return {};
    const FacetMembership counted{.clusterFacet = inNamespaces && inLabels,
                                  .namespaceFacet = inClusters && inLabels,
                                  .labelFacet = inClusters && inNamespaces};
    if (counted.shown())
        *key = m_formatter->sortKey(object, m_query.sortColumn, nowMs, rowKey);
    return counted;
}

PreparedBatch RowPreparer::applyChanges(const ChangeBatch &batch, qint64 nowMs)
{
    if (batch.snapshot) {
        m_objects.clear();
        m_objects.reserve(batch.changes.size());
        for (const ObjectChange &change : batch.changes) {
            if (change.type == ObjectChange::Type::Upsert && !change.object.isNull())
                m_objects.insert(change.key, MirroredObject{{change.object, {}}, {}});
        }
        return orderedSnapshot(nowMs, m_quickTextMemo.text().size());
    }
    PreparedBatch out = header(false);
    out.rows.reserve(batch.changes.size());
    for (const ObjectChange &change : batch.changes) {
        PreparedRow row;
        row.key = change.key;
        row.receivedNs = change.receivedNs;
        const bool deleted = change.type == ObjectChange::Type::Delete || change.object.isNull();
        // A changed object's text is asked afresh: the verdicts it had were
        // for its old cells.
        MirroredObject after;
        if (!deleted) {
            after.object = change.object;
            after.counted = prepare(after, change.key, nowMs, &row.sortKey);
        }
        // Hidden or not, every object counts in the facets: the namespace
        // facet lists the namespaces the user has not ticked too.
        bool wasShown = false;
        const auto mirrored = m_objects.find(change.key);
        if (mirrored == m_objects.end()) {
            out.facets.countChange(FacetedObject{}, after, change.key);
            if (!deleted)
                m_objects.insert(change.key, after);
        } else {
            wasShown = mirrored->counted.shown();
            out.facets.countChange(*mirrored, after, change.key);
            if (deleted)
                m_objects.erase(mirrored);
            else
                *mirrored = after;
        }
        if (after.counted.shown())
            row.object = change.object;
        else if (!wasShown)
            continue; // hidden before and after: nothing for the model to do
        out.rows.append(std::move(row));
    }
    out.totalObjects = m_objects.size();
    return out;
}

PreparedBatch RowPreparer::setQuery(const TableQuery &query, int generation, qint64 nowMs)
{
    m_query = query;
    m_generation = generation;
    return orderedSnapshot(nowMs, m_quickTextMemo.retype(query.quickText, nowMs));
}

PreparedBatch RowPreparer::orderedSnapshot(qint64 nowMs, qsizetype verdictsKept)
{
    PreparedBatch out = header(true);
    out.rows.reserve(m_objects.size());
    // Counted afresh with the verdicts taken here: a new selector, quick
    // filter or tick changes the other facets' counts.
    FacetTally tally;
    for (auto it = m_objects.begin(); it != m_objects.end(); ++it) {
        PreparedRow row;
        it->quickText.keepPrefix(verdictsKept);
        it->counted = prepare(*it, it.key(), nowMs, &row.sortKey);
        tally.add(it->object, it.key(), it->counted);
        if (!it->counted.shown())
            continue;
        row.key = it.key();
        row.object = it->object;
        out.rows.append(std::move(row));
    }
    const Qt::SortOrder order = m_query.order;
    std::sort(out.rows.begin(), out.rows.end(),
              [order](const PreparedRow &a, const PreparedRow &b) {
                  return rowLess(a.sortKey, a.key, b.sortKey, b.key, order);
              });
    out.totalObjects = m_objects.size();
    out.facets = tally.counts();
    return out;
}

} // namespace informant
