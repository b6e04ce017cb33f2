#include "ui/namespaceentry.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>

namespace informant {

namespace {
constexpr int kMaxNamespaceNameChars = 63; // a DNS-1123 label
}

NamespaceEntry::NamespaceEntry(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(QStringLiteral("Watch namespace:"), this))
    , m_field(new QLineEdit(this))
    , m_watch(new QPushButton(QStringLiteral("Watch"), this))
{
    setObjectName(QStringLiteral("namespaceEntry"));
    m_field->setObjectName(QStringLiteral("namespaceEntryField"));
    m_watch->setObjectName(QStringLiteral("namespaceEntryWatch"));
    m_label->setBuddy(m_field);
    m_field->setPlaceholderText(QStringLiteral("namespace"));
    m_field->setClearButtonEnabled(true);
    m_field->setMaxLength(kMaxNamespaceNameChars);
    // Wide enough for most names without taking the banner's text's room.
    m_field->setMinimumWidth(m_field->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 12);
    m_watch->setToolTip(QStringLiteral("Watch this namespace only, for this and other kinds"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(m_label);
    layout->addWidget(m_field);
    layout->addWidget(m_watch);
    connect(m_field, &QLineEdit::textChanged, this, &NamespaceEntry::updateWatchButton);
    const auto choose = [this] {
        if (isValidNamespaceName(namespaceName()))
            Q_EMIT chosen(namespaceName());
    };
    connect(m_field, &QLineEdit::returnPressed, this, choose);
    connect(m_watch, &QPushButton::clicked, this, choose);
    updateWatchButton();
}

void NamespaceEntry::setNamespaceName(const QString &namespaceName)
{
    if (m_field->hasFocus() && !m_field->text().isEmpty())
        return;
    m_field->setText(namespaceName);
}

QString NamespaceEntry::namespaceName() const
{
    return m_field->text().trimmed();
}

bool NamespaceEntry::isValidNamespaceName(const QString &name)
{
    static const QRegularExpression label(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
    return name.size() <= kMaxNamespaceNameChars && label.match(name).hasMatch();
}

void NamespaceEntry::updateWatchButton()
{
    const QString name = namespaceName();
    const bool valid = isValidNamespaceName(name);
    m_watch->setEnabled(valid);
    // Said on the field, not in a dialog: a capital or a dot is a slip.
    m_field->setToolTip(valid || name.isEmpty()
                            ? QString()
                            : QStringLiteral("Not a namespace name: lowercase letters, digits "
                                             "and '-', at most 63, starting and ending with a "
                                             "letter or digit"));
}

} // namespace informant
