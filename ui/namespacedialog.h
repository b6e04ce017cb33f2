#pragma once

// NamespaceDialog: View ▸ Watch one namespace…, for narrowing the session at
// any time, not only when a list was forbidden: the namespace entry, and
// "All namespaces" to watch and show every namespace again (offered while one
// is chosen). Emits `chosen` (empty for all namespaces) and closes.

#include <QDialog>

class QPushButton;

namespace informant {

class NamespaceEntry;

class NamespaceDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NamespaceDialog)

public:
    // `current`: the namespace chosen now, empty when every namespace is.
    NamespaceDialog(const QString &current, QWidget *parent = nullptr);

    NamespaceEntry *entry() const { return m_entry; }
    QPushButton *allNamespacesButton() const { return m_all; }

Q_SIGNALS:
    void chosen(const QString &namespaceName);

private:
    NamespaceEntry *m_entry;
    QPushButton *m_all;
};

} // namespace informant
