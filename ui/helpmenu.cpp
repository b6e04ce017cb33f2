#include "ui/helpmenu.h"

#include "ui/shortcutsdialog.h"

#include <QActionEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

namespace informant {

HelpMenu::HelpMenu(QMainWindow *window)
    : QMenu(QStringLiteral("&Help"), window->menuBar())
    , m_window(window)
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::HelpContents);
    for (const QKeySequence &key :
         {QKeySequence(Qt::CTRL | Qt::Key_Question), QKeySequence(Qt::CTRL | Qt::Key_Slash)}) {
        if (!keys.contains(key))
            keys.append(key);
    }
    QAction *shortcuts =
        addAction(QStringLiteral("&Keyboard Shortcuts…"), this, &HelpMenu::showShortcuts);
    shortcuts->setShortcuts(keys);
    addSeparator();
    QAction *about = addAction(QStringLiteral("&About Informant"), this, [this] {
        QMessageBox::about(m_window, QStringLiteral("About Informant"), aboutText());
    });
    about->setMenuRole(QAction::AboutRole);
    window->menuBar()->addMenu(this);
    window->menuBar()->installEventFilter(this);
}

QString HelpMenu::aboutText()
{
    return QStringLiteral("<h3>Informant %1</h3>"
                          "<p>Watches Kubernetes clusters live, as client-go's informers "
                          "see them.</p>"
                          "<p>Built with Qt %2, running on Qt %3.</p>")
        .arg(QStringLiteral(INFORMANT_VERSION), QStringLiteral(QT_VERSION_STR),
             QString::fromLatin1(qVersion()));
}

bool HelpMenu::eventFilter(QObject *watched, QEvent *event)
{
    // Help goes last, where users look for it, even after a menu added later.
    if (event->type() == QEvent::ActionAdded &&
        static_cast<QActionEvent *>(event)->action() != menuAction()) {
        auto *bar = static_cast<QMenuBar *>(watched);
        bar->removeAction(menuAction());
        bar->addAction(menuAction());
    }
    return QMenu::eventFilter(watched, event);
}

void HelpMenu::showShortcuts()
{
    if (!m_shortcuts) {
        m_shortcuts = new ShortcutsDialog(m_window);
        m_shortcuts->setAttribute(Qt::WA_DeleteOnClose);
    } else {
        m_shortcuts->refresh(); // the window's actions of the moment
    }
    m_shortcuts->show();
    m_shortcuts->raise();
    m_shortcuts->activateWindow();
}

} // namespace informant
