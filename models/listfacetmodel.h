#pragma once

// ListFacetModel: a flat facet of the filter pane — one row per value that
// objects of the kind have (a namespace, a cluster), with its live count (the
// table's FacetCounts: the objects the other filters pass, O(values) per
// refresh, never a scan of objects), and a check box per value (several may
// be checked: OR).
//
// refresh() diffs the new counts against the rows: one insert/remove per
// changed value and dataChanged for changed counts, never a reset. Counts,
// staleness and ticked values kept listed: FacetModel. Columns: 0 name,
// 1 count. GUI thread.

#include "models/facetmodel.h"

#include <QList>
#include <QSet>

#include <utility>

namespace informant {

class ListFacetModel : public FacetModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ListFacetModel)

public:
    enum ListRole { ValueRole = FirstSubclassRole };

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

    // (value, count) sorted by value, as FacetCounts gives.
    void refresh(const QList<std::pair<QString, qsizetype>> &counted);
    const QSet<QString> &checked() const { return m_checked; }
    void setChecked(const QSet<QString> &values);
    void toggle(const QString &value);

protected:
    // `nameHeader`: column 0's title; `emptyValueText`: what an empty value
    // reads as ("(cluster)" for the cluster-scoped objects' namespace).
    ListFacetModel(const QString &nameHeader, const QString &emptyValueText, QObject *parent);

private:
    QString m_emptyValueText;
    QList<std::pair<QString, qsizetype>> m_rows;
    QSet<QString> m_checked;
};

} // namespace informant
