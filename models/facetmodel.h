#pragma once

// FacetModel: what the filter pane's two facet models share (the namespace
// list, NamespaceFacetModel, and the label tree, LabelFacetModel): two
// columns, a name with a check box and its object count; rows of (value,
// count) kept sorted by value and brought to new counts row by row; counts
// that may be the last known state. The subclasses give the rows' shape and
// what a check means.
//
// A ticked value stays listed (at 0) when no object has it any more: it
// still filters the table, so the user must be able to see and untick it.
// While the kind is not watched (setStale) the counts are faded and italic,
// as the table's rows, with why in their tooltip. GUI thread.

#include <QAbstractItemModel>
#include <QList>
#include <QSet>

#include <utility>

namespace informant {

class FacetModel : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FacetModel)

public:
    enum Role { CountRole = Qt::UserRole + 1, FirstSubclassRole };
    // (value, objects) sorted by value.
    using ValueCounts = QList<std::pair<QString, qsizetype>>;

    int columnCount(const QModelIndex &parent = {}) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The counts are the last known state: `why` ("not watched since
    // 14:02:15 (...)"); empty: live again.
    void setStale(const QString &why);
    const QString &stale() const { return m_stale; }

Q_SIGNALS:
    void checkedChanged();

protected:
    // `nameHeader`: column 0's title ("Namespace", "Label").
    explicit FacetModel(const QString &nameHeader, QObject *parent);

    // The count column's text, alignment and staleness, and CountRole on
    // either column, for a row counting `count` objects; null for other roles.
    QVariant countData(const QModelIndex &index, qsizetype count, int role) const;

    // The order values are listed in: the table's order of names, so
    // app-2 comes before app-10 (compareNames). `counts` and rows are kept in it.
    static bool listedBefore(const QString &a, const QString &b);
    static void sortForListing(ValueCounts &counts);
    // Adds to `counts` (in listing order) every value of `ticked` it lacks, at 0.
    static void keepTickedListed(ValueCounts &counts, const QSet<QString> &ticked);
    // Brings `rows`, the children of `parent`, to `counts`: one insert or
    // remove per value that came or went, dataChanged for a changed count,
    // never a reset.
    void syncCountRows(const QModelIndex &parent, ValueCounts &rows, const ValueCounts &counts);

private:
    void emitCountsChanged(const QModelIndex &parent, const QList<int> &roles);

    QString m_nameHeader;
    QString m_stale;
};

} // namespace informant
