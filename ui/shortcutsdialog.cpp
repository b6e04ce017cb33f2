#include "ui/shortcutsdialog.h"

#include "ui/shortcutlist.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace informant {

ShortcutsDialog::ShortcutsDialog(QMainWindow *window)
    : QDialog(window)
    , m_window(window)
    , m_filter(new QLineEdit(this))
    , m_shortcuts(new QStandardItemModel(this))
    , m_shown(new QSortFilterProxyModel(this))
    , m_view(new QTreeView(this))
{
    setWindowTitle(QStringLiteral("Keyboard Shortcuts"));
    m_filter->setPlaceholderText(QStringLiteral("Filter by action or key"));
    m_filter->setClearButtonEnabled(true);
    m_shown->setSourceModel(m_shortcuts);
    m_shown->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_shown->setFilterKeyColumn(-1);
    m_shown->setRecursiveFilteringEnabled(true);
    m_shown->setAutoAcceptChildRows(true); // a group's name keeps all its rows
    m_view->setModel(m_shown);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->header()->setStretchLastSection(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_filter, &QLineEdit::textChanged, this, &ShortcutsDialog::showFiltered);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(560, 620);
    refresh();
}

void ShortcutsDialog::refresh()
{
    m_shortcuts->clear();
    m_shortcuts->setHorizontalHeaderLabels({QStringLiteral("Action"), QStringLiteral("Keys")});
    QHash<QString, QStandardItem *> groups;
    for (const KeyboardShortcut &shortcut : keyboardShortcutsOf(*m_window)) {
        QStandardItem *&group = groups[shortcut.group];
        if (!group) {
            group = new QStandardItem(shortcut.group);
            QFont bold = group->font();
            bold.setBold(true);
            group->setFont(bold);
            m_shortcuts->appendRow({group, new QStandardItem});
        }
        group->appendRow({new QStandardItem(shortcut.what), new QStandardItem(shortcut.keys)});
    }
    showFiltered(m_filter->text());
    m_view->resizeColumnToContents(0);
}

void ShortcutsDialog::showFiltered(const QString &text)
{
    m_shown->setFilterFixedString(text.trimmed());
    m_view->expandAll();
}

} // namespace informant
