#pragma once

// RowTableView: a table whose Home and End keys go to the first and last
// row, with or without Ctrl, and select it, as in k9s, Lens and file
// managers (Shift extends the selection there). Qt's Home and End go to the
// first and last column of the row, which a table of whole-row selection
// does not show, and its Ctrl+Home and Ctrl+End move the current cell
// without selecting it, leaving the details pane on no object.

#include <QTableView>

namespace informant {

class RowTableView final : public QTableView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RowTableView)

public:
    using QTableView::QTableView;

protected:
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    QItemSelectionModel::SelectionFlags selectionCommand(const QModelIndex &index,
                                                         const QEvent *event) const override;
};

} // namespace informant
