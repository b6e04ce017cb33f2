#include "ui/rowtableview.h"

#include <QKeyEvent>

namespace informant {

namespace {

bool isHomeOrEnd(const QEvent *event)
{
    if (!event || event->type() != QEvent::KeyPress)
        return false;
    const int key = static_cast<const QKeyEvent *>(event)->key();
    return key == Qt::Key_Home || key == Qt::Key_End;
}

} // namespace

QModelIndex RowTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    if (cursorAction != MoveHome && cursorAction != MoveEnd)
        return QTableView::moveCursor(cursorAction, modifiers);
    // Qt's Ctrl+Home and Ctrl+End go to the first and last row (and column).
    const QModelIndex row = QTableView::moveCursor(cursorAction, modifiers | Qt::ControlModifier);
    // The column stays: the last one would scroll the rows' names out of view.
    const QModelIndex current = currentIndex();
    if (row.isValid() && current.isValid() && !isColumnHidden(current.column()))
        return row.siblingAtColumn(current.column());
    return row;
}

QItemSelectionModel::SelectionFlags RowTableView::selectionCommand(const QModelIndex &index,
                                                                   const QEvent *event) const
{
    // Qt selects nothing on a key with Ctrl (Ctrl+arrows move the current
    // cell only, for Ctrl+Space to toggle), Ctrl+Home and Ctrl+End included.
    if (selectionMode() == ExtendedSelection && isHomeOrEnd(event)) {
        const bool extend = static_cast<const QKeyEvent *>(event)->modifiers() & Qt::ShiftModifier;
        QItemSelectionModel::SelectionFlags command =
            extend ? QItemSelectionModel::SelectCurrent : QItemSelectionModel::ClearAndSelect;
        if (selectionBehavior() == SelectRows)
            command |= QItemSelectionModel::Rows;
        else if (selectionBehavior() == SelectColumns)
            command |= QItemSelectionModel::Columns;
        return command;
    }
    return QTableView::selectionCommand(index, event);
}

} // namespace informant
