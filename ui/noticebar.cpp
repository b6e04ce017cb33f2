#include "ui/noticebar.h"

#include "models/freshness.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace informant {

NoticeBar::NoticeBar(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("noticeBar"));
    const QColor color = freshnessColor(FreshnessLevel::Working);
    setStyleSheet(QStringLiteral("#noticeBar { background: rgba(%1,%2,%3,40); border: 1px "
                                 "solid rgba(%1,%2,%3,160); border-radius: 4px; }")
                      .arg(color.red())
                      .arg(color.green())
                      .arg(color.blue()));
    auto *icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    icon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxInformation, nullptr, this).pixmap(size, size));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(QStringLiteral("Hide"));
    connect(close, &QToolButton::clicked, this, [this] { clearNotice(); });
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 3, 4, 3);
    layout->setSpacing(8);
    layout->addWidget(icon);
    layout->addWidget(m_label, 1);
    layout->addWidget(close, 0, Qt::AlignVCenter);
    hide();
}

void NoticeBar::showNotice(const QString &text)
{
    m_label->setText(text);
    show();
}

void NoticeBar::clearNotice()
{
    m_label->clear();
    hide();
}

void NoticeBar::withdrawNotice(const QString &text)
{
    if (!text.isEmpty() && text == m_label->text())
        clearNotice();
}

QString NoticeBar::text() const
{
    return m_label->text();
}

} // namespace informant
