#include "ui/namespacedialog.h"

#include "ui/namespaceentry.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace informant {

NamespaceDialog::NamespaceDialog(const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_entry(new NamespaceEntry(this))
    , m_all(new QPushButton(QStringLiteral("All namespaces"), this))
{
    setObjectName(QStringLiteral("namespaceDialog"));
    setWindowTitle(QStringLiteral("Watch one namespace"));
    auto *why = new QLabel(
        current.isEmpty()
            ? QStringLiteral("Show one namespace only. Kinds you may not list in every namespace "
                             "are watched in it alone, as with -n at start.")
            : QStringLiteral("Kinds you may not list in every namespace are watched in "
                             "namespace %1. Choose another to show and watch, or every "
                             "namespace again.")
                  .arg(current),
        this);
    why->setWordWrap(true);
    m_entry->setNamespaceName(current);
    m_entry->field()->selectAll();
    m_all->setObjectName(QStringLiteral("namespaceDialogAll"));
    m_all->setEnabled(!current.isEmpty());
    m_all->setAutoDefault(false);
    auto *cancel = new QPushButton(QStringLiteral("Cancel"), this);
    cancel->setAutoDefault(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_all);
    buttons->addStretch(1);
    buttons->addWidget(cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(why);
    layout->addWidget(m_entry);
    layout->addLayout(buttons);
    connect(m_entry, &NamespaceEntry::chosen, this, [this](const QString &namespaceName) {
        Q_EMIT chosen(namespaceName);
        accept();
    });
    connect(m_all, &QPushButton::clicked, this, [this] {
        Q_EMIT chosen(QString());
        accept();
    });
    connect(cancel, &QPushButton::clicked, this, &QDialog::reject);
    m_entry->field()->setFocus();
}

} // namespace informant
