#pragma once

// The keyboard shortcuts of a window, as Help ▸ Keyboard Shortcuts lists them.
// Generated from what the window holds when asked, so the list stays true as
// actions come and go: the actions of its menu bar with their keys, by menu
// (a submenu as "View ▸ Theme"); its actions and QShortcuts outside the menus
// (a QShortcut says what it does in its whatsThis); then the keys its views
// handle in code, which no action names (the table's Home and End, the
// timeline's Enter on a lane, the kind switcher's arrows). GUI thread.

#include <QList>
#include <QString>

class QMainWindow;

namespace informant {

struct KeyboardShortcut
{
    QString group; // a menu's title without '&', or a view's name
    QString what;  // the action's text without '&'
    QString keys;  // every key of it, in the platform's words, comma-separated
};

QList<KeyboardShortcut> keyboardShortcutsOf(const QMainWindow &window);

} // namespace informant
