#include "ui/signinbanner.h"

#include "models/freshness.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>

namespace informant {

namespace {

// A prompt is a few lines; a chatty plugin's progress is cut to its end.
constexpr qsizetype kMaxLines = 20;

// `text` as HTML with its http(s) URLs as links.
QString linkified(const QString &text)
{
    static const QRegularExpression url(QStringLiteral(R"(https?://[^\s<>"']+[^\s<>"'.,;:!?)])"));
    const QString escaped = text.toHtmlEscaped();
    QString html;
    qsizetype done = 0;
    for (auto it = url.globalMatch(escaped); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        html += escaped.mid(done, match.capturedStart() - done);
        html += QStringLiteral("<a href=\"%1\">%1</a>").arg(match.captured());
        done = match.capturedEnd();
    }
    return html + escaped.mid(done);
}

} // namespace

SignInBanner::SignInBanner(QString context, QWidget *parent)
    : QFrame(parent)
    , m_context(std::move(context))
    , m_heading(new QLabel(this))
    , m_body(new QLabel(this))
{
    setObjectName(QStringLiteral("signInBanner"));
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->setWordWrap(true);
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::RichText);
    m_body->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_body->setOpenExternalLinks(true);

    auto *copy = new QPushButton(QStringLiteral("Copy"), this);
    copy->setToolTip(QStringLiteral("Copy what the credential plugin wrote"));
    connect(copy, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_lines.join(u'\n')); });
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(QStringLiteral("Hide"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);

    auto *texts = new QVBoxLayout;
    texts->setSpacing(4);
    texts->addWidget(m_heading);
    texts->addWidget(m_body);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->addLayout(texts, 1);
    layout->addWidget(copy, 0, Qt::AlignTop);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void SignInBanner::addLine(const QString &line)
{
    if (m_finished) { // a new run: its lines replace the last one's
        m_lines.clear();
        m_finished = false;
    }
    m_lines.append(line);
    if (m_lines.size() > kMaxLines)
        m_lines.remove(0, m_lines.size() - kMaxLines);
    m_heading->setText(
        QStringLiteral("Signing in to %1 — the credential plugin says:").arg(m_context));
    setTone(FreshnessLevel::Working);
    showLines();
}

void SignInBanner::finish(const QString &error)
{
    m_finished = true;
    if (error.isEmpty()) {
        hide();
        return;
    }
    // Only a run that spoke to the user is shown; a failure alone is told by
    // the kinds' banners.
    if (m_lines.isEmpty())
        return;
    m_heading->setText(
        QStringLiteral("Signing in to %1 failed — the credential plugin said:").arg(m_context));
    setTone(FreshnessLevel::Failed);
    showLines();
}

QString SignInBanner::text() const
{
    return m_heading->text() + u'\n' + m_lines.join(u'\n');
}

QString SignInBanner::linesHtml() const
{
    return m_body->text();
}

void SignInBanner::setTone(FreshnessLevel level)
{
    const QColor color = freshnessColor(level);
    setStyleSheet(QStringLiteral("#signInBanner { background: rgba(%1,%2,%3,40); border: 1px "
                                 "solid rgba(%1,%2,%3,160); border-radius: 4px; }")
                      .arg(color.red())
                      .arg(color.green())
                      .arg(color.blue()));
}

void SignInBanner::showLines()
{
    QStringList html;
    for (const QString &line : std::as_const(m_lines))
        html.append(linkified(line));
    m_body->setText(html.join(QStringLiteral("<br>")));
    show();
}

} // namespace informant
