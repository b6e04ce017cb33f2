#pragma once

// ResourceTableModel: the live table of one resource kind. Rows are kept in
// display order in a vector of small records (key, object, sort key); a hash
// maps key -> record and a binary search on (sort key, key) finds a record's
// row, so no per-row index needs updating when rows shift.
//
// Updates arrive as PreparedBatches (filtering and sort keys already done off
// the GUI thread by a RowPreparer):
//   - small batches: one beginRemoveRows per contiguous range of removed rows,
//     one beginInsertRows per contiguous range of new rows, one dataChanged
//     per contiguous range of rows updated in place (explicit roles);
//   - bulk batches (more than bulkThreshold() structural changes) and ordered
//     snapshots: one layout change, persistent indexes (selection, current
//     item) moved to their rows' new places. Never a model reset on an event.
// Cell text is formatted lazily for the rows views ask about, through a
// bounded CellCache. Sorting is requested with sort(); the answer is an
// ordered snapshot from the preparer.
//
// GUI thread only.

#include "informer/core/kubeobject.h"
#include "models/cellcache.h"
#include "models/preparedbatch.h"
#include "models/rowformatter.h"

#include <QAbstractTableModel>
#include <QHash>

#include <functional>
#include <memory>
#include <vector>

namespace informant {

class ResourceTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTableModel)

public:
    enum Role {
        ObjectRole = Qt::UserRole + 1, // KubeObject
        KeyRole,                       // "namespace/name"
        BeingDeletedRole,              // bool: deletionTimestamp set
    };
    static constexpr int kDefaultBulkThreshold = 64;

    explicit ResourceTableModel(std::shared_ptr<const RowFormatter> formatter,
                                QObject *parent = nullptr);
    ~ResourceTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    // Asks for a new order (emits sortRequested); rows move when the ordered
    // snapshot for it arrives.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void applyBatch(const PreparedBatch &batch);

    const RowFormatter &formatter() const { return *m_formatter; }
    int rowOfKey(const QString &key) const; // -1 when not shown
    QString keyAt(int row) const;
    KubeObject objectAt(int row) const;
    qint64 totalObjects() const { return m_totalObjects; }
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_order; }

    void setBulkThreshold(int changes) { m_bulkThreshold = changes; }
    int bulkThreshold() const { return m_bulkThreshold; }
    // Fixes the clock used for AGE text (tests); 0 = the cluster's time
    // (SecondClock::clusterNowMs: a replay's is the replayed moment).
    void setFixedNowMs(qint64 nowMs) { m_fixedNowMs = nowMs; }
    // Called after each applied batch with the receivedNs of its changes
    // (change-to-screen latency for --bench-report).
    void setLatencyObserver(std::function<void(const QList<qint64> &)> observer)
    {
        m_latencyObserver = std::move(observer);
    }

Q_SIGNALS:
    void sortRequested(int column, Qt::SortOrder order);
    void batchAboutToBeApplied();
    void batchApplied();

private:
    struct Row
    {
        QString key;
        KubeObject object;
        SortKey sortKey;
    };
    struct Plan;

    qint64 nowMs() const;
    int positionOf(const Row *row) const;
    int lowerBound(const SortKey &key, const QString &objectKey) const;
    bool fitsAt(int position, const SortKey &key, const QString &objectKey) const;
    const QStringList &cellsFor(const Row *row) const;

    void applyOrdered(const PreparedBatch &batch);
    void applyIncremental(const PreparedBatch &batch);
    void classify(const PreparedBatch &batch, Plan &plan);
    void applyStructural(Plan &plan);
    // Gives `row` its new values and moves it where its new key sorts.
    void moveRow(Row *row, const KubeObject &object, const SortKey &key);
    void applyAsLayoutChange(Plan &plan);
    void emitUpdates(const std::vector<Row *> &updated);
    void replaceRows(std::vector<Row *> rows, bool sortHint);

    std::shared_ptr<const RowFormatter> m_formatter;
    std::vector<Row *> m_rows; // display order
    QHash<QString, Row *> m_byKey;
    int m_sortColumn = -1;
    Qt::SortOrder m_order = Qt::AscendingOrder;
    qint64 m_totalObjects = 0;
    int m_bulkThreshold = kDefaultBulkThreshold;
    qint64 m_fixedNowMs = 0;
    mutable CellCache m_cells;
    std::function<void(const QList<qint64> &)> m_latencyObserver;
};

} // namespace informant
