#pragma once

// NamespaceEntry: "Watch namespace: [____] [Watch]", the small form a user
// allowed only some namespaces types the one they may read into (k9s's
// `:pods web`). Emits `chosen` with a valid namespace name (DNS-1123 label,
// as the API server requires): Watch stays disabled until the text is one.

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace informant {

class NamespaceEntry final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NamespaceEntry)

public:
    explicit NamespaceEntry(QWidget *parent = nullptr);

    // What the field shows, e.g. the namespace tried last (kept while the
    // user is typing in it).
    void setNamespaceName(const QString &namespaceName);
    QString namespaceName() const;
    QLineEdit *field() const { return m_field; }
    QPushButton *watchButton() const { return m_watch; }
    static bool isValidNamespaceName(const QString &name);

Q_SIGNALS:
    void chosen(const QString &namespaceName);

private:
    void updateWatchButton();

    QLabel *m_label;
    QLineEdit *m_field;
    QPushButton *m_watch;
};

} // namespace informant
