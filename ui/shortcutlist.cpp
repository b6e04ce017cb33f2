#include "ui/shortcutlist.h"

#include <QAction>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QShortcut>

namespace informant {

namespace {

// "&Filter rows" as the menu shows it ("Save && quit": "Save & quit").
QString withoutMnemonic(const QString &text)
{
    QString shown;
    shown.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != u'&')
            shown += text[i];
        else if (i + 1 < text.size() && text[i + 1] == u'&')
            shown += text[++i];
    }
    return shown;
}

QString nativeText(const QList<QKeySequence> &keys)
{
    QStringList texts;
    for (const QKeySequence &key : keys) {
        if (!key.isEmpty())
            texts.append(key.toString(QKeySequence::NativeText));
    }
    return texts.join(QStringLiteral(", "));
}

void addMenu(const QMenu &menu, const QString &group, QList<KeyboardShortcut> &out,
             QSet<const QAction *> &listed)
{
    for (QAction *action : menu.actions()) {
        listed.insert(action);
        if (action->isSeparator() || !action->isVisible())
            continue;
        if (const QMenu *submenu = action->menu()) {
            addMenu(*submenu, group + QStringLiteral(" ▸ ") + withoutMnemonic(submenu->title()),
                    out, listed);
        } else if (!action->shortcuts().isEmpty()) {
            out.append({group, withoutMnemonic(action->text()), nativeText(action->shortcuts())});
        }
    }
}

// Keys that views handle in their key events, not through an action: kept
// here beside the code that handles them, named in each group's comment.
void addViewKeys(QList<KeyboardShortcut> &out)
{
    const auto keys = [](std::initializer_list<QKeySequence> list) {
        return nativeText(QList<QKeySequence>(list));
    };
    // RowTableView (Home, End) and ResourceView::eventFilter (the rest).
    const QString table = QStringLiteral("Table");
    out.append({table, QStringLiteral("Select the first row"),
                keys({Qt::Key_Home, Qt::CTRL | Qt::Key_Home})});
    out.append({table, QStringLiteral("Select the last row"),
                keys({Qt::Key_End, Qt::CTRL | Qt::Key_End})});
    out.append({table, QStringLiteral("Extend the selection to the first or last row"),
                keys({Qt::SHIFT | Qt::Key_Home, Qt::SHIFT | Qt::Key_End})});
    out.append(
        {table, QStringLiteral("Show the row's details"), keys({Qt::Key_Return, Qt::Key_Enter})});
    out.append({table, QStringLiteral("Copy the selected rows"),
                nativeText(QKeySequence::keyBindings(QKeySequence::Copy))});
    out.append({table, QStringLiteral("From the row filter or selector, go to the rows"),
                keys({Qt::Key_Down, Qt::Key_Return})});
    // TimelineCanvas::keyPressEvent.
    const QString timeline = QStringLiteral("Timeline");
    out.append({timeline, QStringLiteral("Follow the selected lane to its object"),
                keys({Qt::Key_Return, Qt::Key_Enter})});
    out.append({timeline, QStringLiteral("Zoom in"), keys({Qt::Key_Plus, Qt::Key_Equal})});
    out.append({timeline, QStringLiteral("Zoom out"), keys({Qt::Key_Minus})});
    out.append({timeline, QStringLiteral("Zoom to fit"), keys({Qt::Key_Home})});
    out.append({timeline, QStringLiteral("Follow live on or off"), keys({Qt::Key_F})});
    // KindSwitcher: its input's eventFilter and returnPressed.
    const QString switcher = QStringLiteral("Kind switcher");
    out.append(
        {switcher, QStringLiteral("Next or previous kind"), keys({Qt::Key_Down, Qt::Key_Up})});
    out.append({switcher, QStringLiteral("Show the kind"), keys({Qt::Key_Return})});
    out.append({switcher, QStringLiteral("Close"), keys({Qt::Key_Escape})});
}

} // namespace

QList<KeyboardShortcut> keyboardShortcutsOf(const QMainWindow &window)
{
    QList<KeyboardShortcut> out;
    QSet<const QAction *> listed;
    for (QAction *action : window.menuBar()->actions()) {
        listed.insert(action);
        if (const QMenu *menu = action->menu(); menu && action->isVisible())
            addMenu(*menu, withoutMnemonic(menu->title()), out, listed);
    }
    // Keys outside the menus: a widget's actions, the window's QShortcuts.
    const QString other = QStringLiteral("Other keys");
    QList<const QWidget *> widgets{&window};
    for (const QWidget *widget : window.findChildren<QWidget *>())
        widgets.append(widget);
    for (const QWidget *widget : widgets) {
        for (QAction *action : widget->actions()) {
            if (!listed.contains(action) && !action->shortcuts().isEmpty()) {
                listed.insert(action);
                out.append(
                    {other, withoutMnemonic(action->text()), nativeText(action->shortcuts())});
            }
        }
    }
    for (const QShortcut *shortcut : window.findChildren<QShortcut *>()) {
        if (!shortcut->isEnabled() || shortcut->keys().isEmpty())
            continue;
        const QString what = shortcut->whatsThis().isEmpty() ? QStringLiteral("(not described)")
                                                             : shortcut->whatsThis();
        out.append({other, what, nativeText(shortcut->keys())});
    }
    addViewKeys(out);
    return out;
}

} // namespace informant
