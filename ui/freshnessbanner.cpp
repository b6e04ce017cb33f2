#include "ui/freshnessbanner.h"

#include "models/freshness.h"
#include "models/secondclock.h"
#include "ui/namespaceentry.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace informant {

FreshnessBanner::FreshnessBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_label(new QLabel(this))
    , m_retry(new QPushButton(QStringLiteral("Reconnect now"), this))
    , m_namespaceEntry(new NamespaceEntry(this))
{
    setObjectName(QStringLiteral("freshnessBanner"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 5, 10, 5);
    layout->setSpacing(8);
    layout->addWidget(m_icon);
    // The entry under the text it answers, the text keeping the width.
    auto *text = new QVBoxLayout;
    text->setSpacing(4);
    text->addWidget(m_label);
    text->addWidget(m_namespaceEntry, 0, Qt::AlignLeft);
    layout->addLayout(text, 1);
    m_namespaceEntry->hide();
    connect(m_namespaceEntry, &NamespaceEntry::chosen, this, &FreshnessBanner::namespaceChosen);
    layout->addWidget(m_retry, 0, Qt::AlignVCenter);
    m_retry->setToolTip(QStringLiteral("Try again now instead of at the end of the wait"));
    connect(m_retry, &QPushButton::clicked, this, &FreshnessBanner::retryRequested);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Only a banner on screen has a countdown to re-word; whether it shows
    // depends on the status alone.
    connect(SecondClock::instance(), &SecondClock::ticked, this, [this] {
        if (!isHidden())
            refresh();
    });
    hide();
}

bool FreshnessBanner::retryMayHelp(const InformerStatus &status)
{
    if (status.state == InformerStatus::State::Forbidden)
        return false;
    return status.state != InformerStatus::State::Unauthorized || !status.credentialsWithheld;
}

void FreshnessBanner::setStatus(const InformerStatus &status, const QString &what)
{
    m_status = status;
    m_what = what;
    refresh();
}

QString FreshnessBanner::text() const
{
    return m_label->text();
}

QAbstractButton *FreshnessBanner::retryButton() const
{
    return m_retry;
}

void FreshnessBanner::offerNamespaceEntry(std::function<bool()> offered)
{
    m_namespaceEntryOffered = std::move(offered);
    refresh();
}

void FreshnessBanner::refresh()
{
    const FreshnessLevel level = freshnessLevel(m_status);
    // A first list in progress is shown by the status bar; the banner is for
    // data that is (or may be) stale. A kind a replay did not record has no
    // data: the empty table or timeline says so.
    const bool visible = (level == FreshnessLevel::Stale || level == FreshnessLevel::Failed) &&
                         m_status.state != InformerStatus::State::NotRecorded;
    if (!visible) {
        hide();
        return;
    }
    const QColor color = freshnessColor(level);
    setStyleSheet(QStringLiteral("#freshnessBanner { background: rgba(%1,%2,%3,40); border: 1px "
                                 "solid rgba(%1,%2,%3,160); border-radius: 4px; }")
                      .arg(color.red())
                      .arg(color.green())
                      .arg(color.blue()));
    // The style's icons: the emoji had no glyph in common desktop fonts.
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()
                          ->standardIcon(level == FreshnessLevel::Failed
                                             ? QStyle::SP_MessageBoxCritical
                                             : QStyle::SP_MessageBoxWarning,
                                         nullptr, this)
                          .pixmap(size, size));
    m_label->setText(freshnessSentence(m_status, m_what, SecondClock::nowMs()));
    // Only a wait can be cut short; a list in progress is already trying.
    m_retry->setVisible(m_status.retryAtMs >= 0 &&
                        m_status.state != InformerStatus::State::Listing && retryMayHelp(m_status));
    m_namespaceEntry->setVisible(m_status.state == InformerStatus::State::Forbidden &&
                                 m_namespaceEntryOffered && m_namespaceEntryOffered());
    show();
}

} // namespace informant
