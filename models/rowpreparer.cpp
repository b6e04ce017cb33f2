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
    out.rows.reserve(batch.changes.size());
    for (const ObjectChange &change : batch.changes) {
        PreparedRow row;
        row.key = change.key;
        row.receivedNs = change.receivedNs;
        if (change.type == ObjectChange::Type::Delete || change.object.isNull()) {
            m_objects.remove(change.key);
        } else {
            m_objects.insert(change.key, change.object);
            if (prepare(change.object, nowMs, &row.sortKey))
                row.object = change.object;
        }
        if (row.object.isNull()) {
            if (!m_shown.remove(change.key))
                continue; // hidden before and after: nothing for the model to do
        } else {
            m_shown.insert(change.key);
        }
        out.rows.append(std::move(row));
    }
    out.totalObjects = m_objects.size();
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
    m_shown.clear();
    m_shown.reserve(out.rows.size());
    for (const PreparedRow &row : std::as_const(out.rows))
        m_shown.insert(row.key);
    return out;
}

} // namespace informant
