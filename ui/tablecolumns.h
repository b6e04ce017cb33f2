#pragma once

// TableColumns: the resource table's columns — their widths, order and
// visibility, remembered per kind (QSettings `tables/<kind id>/...`), and
// NAME widened to the names in view until the user sets a kind's widths.
//
// It exists apart from ResourceView because telling the widths the view set
// itself from the widths the user chose is state of its own: the header's
// state is saved at every kind switch, untouched widths too, so only a
// separate "widths by user" flag lets a later start keep fitting NAME to
// long generated pod names instead of freezing a sample-text width for good.
// The header's context menu (columnsmenu.h) shows and hides columns through
// it; NAME stays. GUI thread; the view owns it and says when the kind changes.

#include <QList>
#include <QString>

class QMenu;
class QTableView;
class QWidget;

namespace informant {

class ResourceTableModel;

class TableColumns final
{
    Q_DISABLE_COPY_MOVE(TableColumns)

public:
    explicit TableColumns(QTableView *table);

    // `model` (now the table's) shows the kind `kindId`: its columns get the
    // widths, order and visibility last saved for the kind, or the defaults,
    // and the model's sort order on the header.
    void restore(const ResourceTableModel *model, const QString &kindId);
    // The table shows no kind any more (its model is about to go): nothing to
    // save or fit until the next restore().
    void clear();
    // Saves the shown kind's header state and whether the user set its widths.
    void save() const;
    // Widens NAME to the names in view. Cheap (the rows in view only): call
    // it when rows change, the view scrolls, grows or is shown.
    void fitName();
    // The header's show/hide-columns menu (the caller owns it); null when no
    // kind is shown.
    QMenu *createMenu(QWidget *parent);

private:
    void applyDefaultWidths();
    // Notes the widths the view gave the columns itself, and tells them from
    // widths the user has set since (the stretched last column aside).
    void rememberOwnWidths();
    bool userChangedWidths() const;
    // The user showed or hid a column from the header's menu.
    void onVisibilityChanged();

    QTableView *m_table;
    const ResourceTableModel *m_model = nullptr; // the shown kind's, null when none
    QString m_kindId;
    bool m_fitName = false;      // no widths set by the user: NAME grows to the names
    bool m_widthsByUser = false; // the user has set this kind's widths (remembered)
    QList<int> m_ownWidths;      // per logical column, as the view last set them
};

} // namespace informant
