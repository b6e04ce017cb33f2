#pragma once

// HelpMenu: a main window's Help menu, kept last in its menu bar whatever
// menus are added after it (the application's Demo menu): Keyboard
// Shortcuts… (the platform's HelpContents key, F1 on Linux and Windows,
// and Ctrl+? and Ctrl+/ as k9s and Lens users try) opens a ShortcutsDialog of
// the window; About Informant tells the version and the Qt it runs on.

#include <QMenu>
#include <QPointer>

class QMainWindow;

namespace informant {

class ShortcutsDialog;

class HelpMenu final : public QMenu
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpMenu)

public:
    // Adds itself to `window`'s menu bar.
    explicit HelpMenu(QMainWindow *window);

    static QString aboutText();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showShortcuts();

    QMainWindow *m_window;
    QPointer<ShortcutsDialog> m_shortcuts;
};

} // namespace informant
