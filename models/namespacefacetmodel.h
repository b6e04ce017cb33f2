#pragma once

// NamespaceFacetModel: the filter pane's namespace list — every namespace
// that has objects of the kind, with its live object count (from the cache's
// "namespace" index, O(values) per refresh, never a scan of objects), and a
// check box per namespace (several may be checked: OR).
//
// refresh() diffs the new counts against the rows: one insert/remove per
// changed namespace and dataChanged for changed counts, never a reset.
// While the kind is not watched (setStale) the counts are the last known:
// faded and italic, as the table's rows, with why in their tooltip.
// Columns: 0 name, 1 count. GUI thread.

#include <QAbstractTableModel>
#include <QList>
#include <QSet>

#include <utility>

namespace informant {

class NamespaceFacetModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NamespaceFacetModel)

public:
    enum Role { CountRole = Qt::UserRole + 1, ValueRole };

    explicit NamespaceFacetModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // (namespace, count) sorted by namespace, as Indexer::indexValueCounts gives.
    void refresh(const QList<std::pair<QString, qsizetype>> &counted);
    const QSet<QString> &checked() const { return m_checked; }
    void setChecked(const QSet<QString> &namespaces);
    void toggle(const QString &name);
    // The counts are the last known state: `why` ("not watched since
    // 14:02:15 (...)"); empty: live again.
    void setStale(const QString &why);
    const QString &stale() const { return m_stale; }

Q_SIGNALS:
    void checkedChanged();

private:
    QList<std::pair<QString, qsizetype>> m_rows;
    QSet<QString> m_checked;
    QString m_stale;
};

} // namespace informant
