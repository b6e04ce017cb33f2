#pragma once

// ShortcutsDialog: Help ▸ Keyboard Shortcuts: every shortcut of a window
// (keyboardShortcutsOf), by group, with a filter box on top that keeps the
// rows whose text, keys or group hold what is typed. Modeless, so a key read
// can be tried at once; refresh() lists the window's shortcuts of the moment.

#include <QDialog>

class QLineEdit;
class QMainWindow;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace informant {

class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    explicit ShortcutsDialog(QMainWindow *window);

    void refresh();

private:
    void showFiltered(const QString &text);

    QMainWindow *m_window;
    QLineEdit *m_filter;
    QStandardItemModel *m_shortcuts;
    QSortFilterProxyModel *m_shown;
    QTreeView *m_view;
};

} // namespace informant
