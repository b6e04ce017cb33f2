#include "models/resourcetablemodel.h"

#include "models/secondclock.h"
#include "models/statustone.h"

#include <QColor>
#include <QFont>
#include <QSet>

#include <algorithm>

namespace informant {

// What one incremental batch does to the rows, worked out before any signal.
struct ResourceTableModel::Plan
{
    struct Move
    {
        Row *row;
        KubeObject object;
        SortKey key;
    };
    std::vector<int> removePositions; // deleted rows
    std::vector<Row *> deleted;       // freed after the signals
    // Rows whose new sort key puts them elsewhere. They are moved, not removed
    // and inserted again, so that views keep them selected and current.
    std::vector<Move> moves;
    std::vector<Row *> inserts; // new rows
    std::vector<Row *> updated; // changed in place (moved rows too, once moved)
    QList<qint64> received;
};

ResourceTableModel::ResourceTableModel(std::shared_ptr<const RowFormatter> formatter,
                                       QObject *parent)
    : QAbstractTableModel(parent)
    , m_formatter(std::move(formatter))
{
}

ResourceTableModel::~ResourceTableModel()
{
    qDeleteAll(m_byKey);
}

int ResourceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResourceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_formatter->columnCount();
}

qint64 ResourceTableModel::nowMs() const
{
    // Ages count in the cluster's time: a replay shows them as recorded.
    return m_fixedNowMs ? m_fixedNowMs : SecondClock::clusterNowMs();
}

const QStringList &ResourceTableModel::cellsFor(const Row *row) const
{
    const qint64 now = nowMs();
    const qint64 second = now / 1000;
    if (const QStringList *cached = m_cells.find(row->key, row->object, second))
        return *cached;
    return m_cells.insert(row->key, row->object, second,
                          m_formatter->cells(row->object, now, row->key));
}

QVariant ResourceTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row *row = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return cellsFor(row).value(index.column());
    case Qt::ToolTipRole:
        if (index.column() == m_formatter->nameColumn())
            return row->key;
        return {};
    case Qt::FontRole:
        // An object being deleted: its NAME in italics, and its STATUS
        // ("Terminating") in its tone. Not the whole row greyed: faded text
        // means the last known state of a watch that is not live.
        if (row->object.isBeingDeleted() && index.column() == m_formatter->nameColumn()) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole: {
        // A cell that tells a state (a STATUS, an event's TYPE) in its tone.
        const QString &column = m_formatter->columns().at(index.column()).name;
        const QColor tone = toneColor(cellTone(column, cellsFor(row).value(index.column())));
        return tone.isValid() ? QVariant(tone) : QVariant();
    }
    case ObjectRole:
        return QVariant::fromValue(row->object);
    case KeyRole:
        return row->key;
    case BeingDeletedRole:
        return row->object.isBeingDeleted();
    default:
        return {};
    }
}

QVariant ResourceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole)
        return m_formatter->columns().at(section).name;
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    // Empty cells of a kind watched metadata-only say why on their header.
    if (role == Qt::ToolTipRole && !m_rows.empty() && m_rows.front()->object.isMetadataOnly() &&
        !m_formatter->columnIsFromMetadata(section))
        return tr("Not read: this kind is watched metadata-only, so %1 is not known. Its "
                  "objects' other fields are read on request in the details pane.")
            .arg(m_formatter->columns().at(section).name);
    return {};
}

void ResourceTableModel::sort(int column, Qt::SortOrder order)
{
    Q_EMIT sortRequested(column, order);
}

int ResourceTableModel::lowerBound(const SortKey &key, const QString &objectKey) const
{
    const Qt::SortOrder order = m_order;
    auto it =
        std::lower_bound(m_rows.begin(), m_rows.end(), nullptr, [&](const Row *r, std::nullptr_t) {
            return rowLess(r->sortKey, r->key, key, objectKey, order);
        });
    return int(it - m_rows.begin());
}

int ResourceTableModel::positionOf(const Row *row) const
{
    const int pos = lowerBound(row->sortKey, row->key);
    return (pos < int(m_rows.size()) && m_rows[size_t(pos)] == row) ? pos : -1;
}

bool ResourceTableModel::fitsAt(int position, const SortKey &key, const QString &objectKey) const
{
    if (position > 0) {
        const Row *prev = m_rows[size_t(position - 1)];
        if (!rowLess(prev->sortKey, prev->key, key, objectKey, m_order))
            return false;
    }
    if (position + 1 < int(m_rows.size())) {
        const Row *next = m_rows[size_t(position + 1)];
        if (!rowLess(key, objectKey, next->sortKey, next->key, m_order))
            return false;
    }
    return true;
}

int ResourceTableModel::rowOfKey(const QString &key) const
{
    const Row *row = m_byKey.value(key);
    return row ? positionOf(row) : -1;
}

QString ResourceTableModel::keyAt(int row) const
{
    return (row >= 0 && row < int(m_rows.size())) ? m_rows[size_t(row)]->key : QString();
}

KubeObject ResourceTableModel::objectAt(int row) const
{
    return (row >= 0 && row < int(m_rows.size())) ? m_rows[size_t(row)]->object : KubeObject();
}

void ResourceTableModel::applyBatch(const PreparedBatch &batch)
{
    Q_EMIT batchAboutToBeApplied();
    m_totalObjects = batch.totalObjects;
    if (batch.ordered)
        applyOrdered(batch);
    else
        applyIncremental(batch);
    if (m_latencyObserver) {
        QList<qint64> received;
        received.reserve(batch.rows.size());
        for (const PreparedRow &row : batch.rows) {
            if (row.receivedNs > 0)
                received.append(row.receivedNs);
        }
        if (!received.isEmpty())
            m_latencyObserver(received);
    }
    Q_EMIT batchApplied();
}

void ResourceTableModel::classify(const PreparedBatch &batch, Plan &plan)
{
    // A key appears at most once per batch; should a producer break that, the
    // last change wins instead of corrupting the rows.
    QSet<QString> seen;
    for (qsizetype i = batch.rows.size() - 1; i >= 0; --i) {
        const PreparedRow &p = batch.rows.at(i);
        if (seen.contains(p.key))
            continue;
        seen.insert(p.key);
        if (p.receivedNs > 0)
            plan.received.append(p.receivedNs);
        Row *row = m_byKey.value(p.key);
        if (p.object.isNull()) {
            if (!row)
                continue;
            const int pos = positionOf(row);
            Q_ASSERT(pos >= 0);
            if (pos >= 0)
                plan.removePositions.push_back(pos);
            plan.deleted.push_back(row);
            m_byKey.remove(p.key);
            continue;
        }
        if (!row) {
            row = new Row{p.key, p.object, p.sortKey};
            m_byKey.insert(p.key, row);
            plan.inserts.push_back(row);
            continue;
        }
        const int pos = positionOf(row);
        if (compareSortKeys(row->sortKey, p.sortKey) == 0 || fitsAt(pos, p.sortKey, p.key)) {
            row->object = p.object;
            row->sortKey = p.sortKey;
            plan.updated.push_back(row);
        } else {
            plan.moves.push_back(Plan::Move{row, p.object, p.sortKey});
        }
    }
}

void ResourceTableModel::applyIncremental(const PreparedBatch &batch)
{
    Plan plan;
    classify(batch, plan);
    const size_t structural = plan.removePositions.size() + plan.moves.size() + plan.inserts.size();
    if (structural > size_t(m_bulkThreshold))
        applyAsLayoutChange(plan);
    else
        applyStructural(plan);
    emitUpdates(plan.updated);
    qDeleteAll(plan.deleted);
}

void ResourceTableModel::applyStructural(Plan &plan)
{
    // Removals from the bottom up, one signal per contiguous range.
    auto &positions = plan.removePositions;
    std::sort(positions.begin(), positions.end(), std::greater<int>());
    for (size_t i = 0; i < positions.size();) {
        const int last = positions[i];
        size_t j = i + 1;
        while (j < positions.size() && positions[j] == positions[j - 1] - 1)
            ++j;
        const int first = positions[j - 1];
        beginRemoveRows({}, first, last);
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
        i = j;
    }
    for (const Plan::Move &move : plan.moves) {
        moveRow(move.row, move.object, move.key);
        plan.updated.push_back(move.row);
    }
    // Insertions: rows sorted, grouped by insertion point, highest point first
    // so that lower points stay valid.
    auto &inserts = plan.inserts;
    const Qt::SortOrder order = m_order;
    std::sort(inserts.begin(), inserts.end(), [order](const Row *a, const Row *b) {
        return rowLess(a->sortKey, a->key, b->sortKey, b->key, order);
    });
    std::vector<int> points(inserts.size());
    for (size_t i = 0; i < inserts.size(); ++i)
        points[i] = lowerBound(inserts[i]->sortKey, inserts[i]->key);
    for (size_t end = inserts.size(); end > 0;) {
        size_t begin = end - 1;
        while (begin > 0 && points[begin - 1] == points[end - 1])
            --begin;
        const int at = points[begin];
        const int count = int(end - begin);
        beginInsertRows({}, at, at + count - 1);
        m_rows.insert(m_rows.begin() + at, inserts.begin() + qsizetype(begin),
                      inserts.begin() + qsizetype(end));
        endInsertRows();
        end = begin;
    }
}

void ResourceTableModel::moveRow(Row *row, const KubeObject &object, const SortKey &key)
{
    const int from = positionOf(row);
    Q_ASSERT(from >= 0);
    if (from < 0)
        return;
    // Where the new key goes, counted with the row still in its old place:
    // beginMoveRows' numbering. Landing next to itself is not a move.
    const int to = lowerBound(key, row->key);
    row->object = object;
    row->sortKey = key;
    if (to == from || to == from + 1)
        return;
    beginMoveRows({}, from, from, {}, to);
    m_rows.erase(m_rows.begin() + from);
    m_rows.insert(m_rows.begin() + (to > from ? to - 1 : to), row);
    endMoveRows();
}

void ResourceTableModel::applyAsLayoutChange(Plan &plan)
{
    Q_EMIT layoutAboutToBeChanged();
    const QModelIndexList oldIndexes = persistentIndexList();
    std::vector<Row *> oldRows;
    oldRows.reserve(size_t(oldIndexes.size()));
    for (const QModelIndex &index : oldIndexes)
        oldRows.push_back(m_rows[size_t(index.row())]);

    std::vector<char> leaving(m_rows.size(), 0);
    for (int pos : plan.removePositions)
        leaving[size_t(pos)] = 1;
    for (const Plan::Move &move : plan.moves) {
        const int pos = positionOf(move.row); // by its old key, before it changes
        Q_ASSERT(pos >= 0);
        if (pos < 0)
            continue;
        leaving[size_t(pos)] = 1;
        plan.inserts.push_back(move.row);
    }
    std::vector<Row *> kept;
    kept.reserve(m_rows.size() + plan.inserts.size());
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (!leaving[i])
            kept.push_back(m_rows[i]);
    }
    for (const Plan::Move &move : plan.moves) {
        move.row->object = move.object;
        move.row->sortKey = move.key;
    }
    const Qt::SortOrder order = m_order;
    auto less = [order](const Row *a, const Row *b) {
        return rowLess(a->sortKey, a->key, b->sortKey, b->key, order);
    };
    std::sort(plan.inserts.begin(), plan.inserts.end(), less);
    std::vector<Row *> merged;
    merged.reserve(kept.size() + plan.inserts.size());
    std::merge(kept.begin(), kept.end(), plan.inserts.begin(), plan.inserts.end(),
               std::back_inserter(merged), less);
    m_rows = std::move(merged);

    QModelIndexList newIndexes;
    newIndexes.reserve(oldIndexes.size());
    for (qsizetype i = 0; i < oldIndexes.size(); ++i) {
        const int pos =
            m_byKey.contains(oldRows[size_t(i)]->key) ? positionOf(oldRows[size_t(i)]) : -1;
        newIndexes.append(pos < 0 ? QModelIndex() : index(pos, oldIndexes.at(i).column()));
    }
    changePersistentIndexList(oldIndexes, newIndexes);
    Q_EMIT layoutChanged();
}

void ResourceTableModel::emitUpdates(const std::vector<Row *> &updated)
{
    if (updated.empty())
        return;
    std::vector<int> rows;
    rows.reserve(updated.size());
    for (const Row *row : updated) {
        const int pos = positionOf(row);
        if (pos >= 0)
            rows.push_back(pos);
    }
    std::sort(rows.begin(), rows.end());
    const int lastColumn = columnCount() - 1;
    const QList<int> roles{Qt::DisplayRole, Qt::ForegroundRole, Qt::FontRole, ObjectRole,
                           BeingDeletedRole};
    for (size_t i = 0; i < rows.size();) {
        size_t j = i + 1;
        while (j < rows.size() && rows[j] == rows[j - 1] + 1)
            ++j;
        Q_EMIT dataChanged(index(rows[i], 0), index(rows[j - 1], lastColumn), roles);
        i = j;
    }
}

void ResourceTableModel::applyOrdered(const PreparedBatch &batch)
{
    std::vector<Row *> rows;
    std::vector<const PreparedRow *> sources; // new values, set inside the signals
    rows.reserve(size_t(batch.rows.size()));
    sources.reserve(size_t(batch.rows.size()));
    QHash<QString, Row *> byKey;
    byKey.reserve(batch.rows.size());
    for (const PreparedRow &p : batch.rows) {
        if (p.object.isNull() || byKey.contains(p.key))
            continue;
        Row *row = m_byKey.take(p.key);
        if (!row)
            row = new Row{p.key, p.object, p.sortKey};
        rows.push_back(row);
        sources.push_back(&p);
        byKey.insert(p.key, row);
    }
    std::vector<Row *> gone;
    gone.reserve(size_t(m_byKey.size()));
    for (Row *row : std::as_const(m_byKey))
        gone.push_back(row);
    auto adopt = [&] {
        for (size_t i = 0; i < rows.size(); ++i) {
            rows[i]->object = sources[i]->object;
            rows[i]->sortKey = sources[i]->sortKey;
        }
        m_rows = std::move(rows);
        m_byKey = std::move(byKey);
        m_sortColumn = batch.sortColumn;
        m_order = batch.order;
    };

    if (m_rows.empty() || rows.empty()) {
        if (!m_rows.empty()) {
            // The keys go first: a view told of the removal (its current row
            // is cleared inside beginRemoveRows) must find its object's row
            // gone, not merely unselected.
            m_byKey.clear();
            beginRemoveRows({}, 0, int(m_rows.size()) - 1);
            m_rows.clear();
            endRemoveRows();
        }
        if (!rows.empty()) {
            beginInsertRows({}, 0, int(rows.size()) - 1);
            adopt();
            endInsertRows();
        } else {
            adopt();
        }
        qDeleteAll(gone);
        return;
    }

    const auto hint = rows.size() == m_rows.size() ? QAbstractItemModel::VerticalSortHint
                                                   : QAbstractItemModel::NoLayoutChangeHint;
    Q_EMIT layoutAboutToBeChanged({}, hint);
    const QModelIndexList oldIndexes = persistentIndexList();
    std::vector<Row *> oldRows;
    oldRows.reserve(size_t(oldIndexes.size()));
    for (const QModelIndex &index : oldIndexes)
        oldRows.push_back(m_rows[size_t(index.row())]);
    adopt();
    QModelIndexList newIndexes;
    newIndexes.reserve(oldIndexes.size());
    for (qsizetype k = 0; k < oldIndexes.size(); ++k) {
        const Row *row = oldRows[size_t(k)];
        const int pos = m_byKey.value(row->key) == row ? positionOf(row) : -1;
        newIndexes.append(pos < 0 ? QModelIndex() : index(pos, oldIndexes.at(k).column()));
    }
    changePersistentIndexList(oldIndexes, newIndexes);
    Q_EMIT layoutChanged({}, hint);
    qDeleteAll(gone);
}

} // namespace informant
