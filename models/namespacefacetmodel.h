#pragma once

// NamespaceFacetModel: the filter pane's namespace list — every namespace
// that has objects of the kind, with its live count (the table's
// FacetCounts: the objects the other filters pass, O(values) per refresh,
// never a scan of objects), and a check box per namespace (several may be
// checked: OR).
//
// refresh() diffs the new counts against the rows: one insert/remove per
// changed namespace and dataChanged for changed counts, never a reset.
// Counts, staleness and ticked namespaces kept listed: FacetModel.
// Columns: 0 name, 1 count. GUI thread.

#include "models/facetmodel.h"

#include <QList>
#include <QSet>

#include <utility>

namespace informant {

class NamespaceFacetModel final : public FacetModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NamespaceFacetModel)

public:
    enum NamespaceRole { ValueRole = FirstSubclassRole };

    explicit NamespaceFacetModel(QObject *parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

    // (namespace, count) sorted by namespace, as Indexer::indexValueCounts gives.
    void refresh(const QList<std::pair<QString, qsizetype>> &counted);
    const QSet<QString> &checked() const { return m_checked; }
    void setChecked(const QSet<QString> &namespaces);
    void toggle(const QString &name);

private:
    QList<std::pair<QString, qsizetype>> m_rows;
    QSet<QString> m_checked;
};

} // namespace informant
