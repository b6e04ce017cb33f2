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

bool RowPreparer::prepare(const KubeObject &object, qint64 nowMs, SortKey *key) const
{
    if (!m_query.facets.matches(object))
        return false;
    if (!m_query.selector.isEmpty() && !m_query.selector.matches(object))
        return false;

    if (!m_query.quickText.isEmpty()) {
        const auto cs = Qt::CaseInsensitive;
        bool hit = object.name().contains(m_query.quickText, cs) ||
                   object.namespaceName().contains(m_query.quickText, cs);
        if (!hit) {
            const QStringList cells = m_formatter->cells(object, nowMs);
            hit = std::any_of(cells.cbegin(), cells.cend(),
                              [&](const QString &c) { return c.contains(m_query.quickText, cs); });
        }
        if (!hit)
            return false;
    }
    *key = m_formatter->sortKey(object, m_query.sortColumn, nowMs);
    return true;
}

PreparedBatch RowPreparer::applyChanges(const ChangeBatch &batch, qint64 nowMs)
{
    if (batch.snapshot) {
        m_facetsCounted = false;
        m_objects.clear();
        m_objects.reserve(batch.changes.size());
        for (const ObjectChange &change : batch.changes) {
            if (change.type == ObjectChange::Type::Upsert && !change.object.isNull())
                m_objects.insert(change.key, change.object);
        }
        PreparedBatch out = orderedSnapshot(nowMs);
        return out;
    }
    PreparedBatch out = header(false);
    out.facets.scope = facetScope();
    out.rows.reserve(batch.changes.size());
    for (const ObjectChange &change : batch.changes) {
        PreparedRow row;
        row.key = change.key;
        row.receivedNs = change.receivedNs;
        const bool deleted = change.type == ObjectChange::Type::Delete || change.object.isNull();
        // Hidden or not, every object counts in the facets: the namespace
        // facet lists the namespaces the user has not ticked too.
        const auto mirrored = m_objects.find(change.key);
        if (mirrored == m_objects.end()) {
            out.facets.countChange(KubeObject(), deleted ? KubeObject() : change.object);
            if (!deleted)
                m_objects.insert(change.key, change.object);
        } else {
            out.facets.countChange(*mirrored, deleted ? KubeObject() : change.object);
            if (deleted)
                m_objects.erase(mirrored);
            else
                *mirrored = change.object;
        }
        if (!deleted && prepare(change.object, nowMs, &row.sortKey))
            row.object = change.object;
        if (row.object.isNull()) {
            if (!m_shown.remove(change.key))
                continue; // hidden before and after: nothing for the model to do
        } else {
            m_shown.insert(change.key);
        }
        out.rows.append(std::move(row));
    }
    out.totalObjects = m_objects.size();
    m_facetCounts.add(out.facets);
    return out;
}

PreparedBatch RowPreparer::setQuery(const TableQuery &query, int generation, qint64 nowMs)
{
    m_query = query;
    m_generation = generation;
    return orderedSnapshot(nowMs);
}

PreparedBatch RowPreparer::orderedSnapshot(qint64 nowMs)
{
    PreparedBatch out = header(true);
    out.rows.reserve(m_objects.size());
    for (auto it = m_objects.cbegin(); it != m_objects.cend(); ++it) {
        PreparedRow row;
        if (!prepare(it.value(), nowMs, &row.sortKey))
            continue;
        row.key = it.key();
        row.object = it.value();
        out.rows.append(std::move(row));
    }
    const Qt::SortOrder order = m_query.order;
    std::sort(out.rows.begin(), out.rows.end(),
              [order](const PreparedRow &a, const PreparedRow &b) {
                  return rowLess(a.sortKey, a.key, b.sortKey, b.key, order);
              });
    out.totalObjects = m_objects.size();
    // A new sort or quick filter leaves the counts as they are; typing in
    // the filter box must not recount 100k objects per key press.
    if (!m_facetsCounted || m_facetCounts.scope != facetScope()) {
        m_facetCounts = FacetCounts::of(m_objects, facetScope());
        m_facetsCounted = true;
    }
    out.facets = m_facetCounts;
    m_shown.clear();
    m_shown.reserve(out.rows.size());
    for (const PreparedRow &row : std::as_const(out.rows))
        m_shown.insert(row.key);
    return out;
}

} // namespace informant
