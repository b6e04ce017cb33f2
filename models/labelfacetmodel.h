#pragma once

// LabelFacetModel: the filter pane's label tree — label keys at the top, each
// with its values below, every node with its object count (the table's
// FacetCounts, or the cache's "labels" index: values "key=value" and bare
// "key"). Values are checkable: OR within a key, AND across keys; checking a
// key itself means "has this label".
//
// refresh() diffs the counts against the tree: inserts/removes per changed
// key or value and dataChanged for counts, never a reset. Key nodes are heap
// records so child indexes stay valid while keys come and go.
// Counts, staleness and ticked values kept listed: FacetModel.
// Columns: 0 name, 1 count. GUI thread.

#include "models/facetcounts.h"
#include "models/facetmodel.h"

#include <QMap>
#include <QSet>

#include <memory>
#include <utility>
#include <vector>

namespace informant {

class LabelFacetModel final : public FacetModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabelFacetModel)

public:
    enum LabelRole { LabelKeyRole = FirstSubclassRole, LabelValueRole };
    // Keys with more values than this show the biggest ones only (a label
    // like pod-template-hash has one value per ReplicaSet).
    static constexpr int kMaxValuesPerKey = 200;

    explicit LabelFacetModel(QObject *parent = nullptr);
    ~LabelFacetModel() override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

    // key -> (objects with the key, [(value, objects)] sorted by value).
    using Grouped = LabelCounts;

    // The "labels" index counts (Indexer::indexValueCounts) grouped by key,
    // values capped per key; `ticked` values (checked()) are kept beyond the
    // cap with their counts. Pure; safe on any thread (run it off the GUI
    // thread for big caches).
    static Grouped group(const QList<std::pair<QString, qsizetype>> &labelIndexCounts,
                         const QMap<QString, QSet<QString>> &ticked = {});
    void refresh(const QList<std::pair<QString, qsizetype>> &labelIndexCounts)
    {
        refreshGrouped(group(labelIndexCounts, m_checked));
    }
    void refreshGrouped(const Grouped &counted);
    // key -> checked values (empty set: the key itself is checked).
    const QMap<QString, QSet<QString>> &checked() const { return m_checked; }
    void setChecked(const QMap<QString, QSet<QString>> &checked);

private:
    struct KeyNode
    {
        QString key;
        qsizetype count = 0;
        QList<std::pair<QString, qsizetype>> values; // sorted by value
    };
    int rowOfNode(const KeyNode *node) const;
    void toggle(const QString &key, const QString *value, bool on);

    std::vector<std::unique_ptr<KeyNode>> m_keys; // sorted by key
    QMap<QString, QSet<QString>> m_checked;
};

} // namespace informant
