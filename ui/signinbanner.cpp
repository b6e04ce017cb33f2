#include "ui/signinbanner.h"

#include "models/freshness.h"
#include "models/secondclock.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTimer>
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
    , m_quietRun(new QTimer(this))
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
    connect(copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_lines.isEmpty() ? m_note : m_lines.join(u'\n'));
    });
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

    m_quietRun->setSingleShot(true);
    m_quietRun->setInterval(kQuietRunMs);
    connect(m_quietRun, &QTimer::timeout, this, &SignInBanner::showQuietRun);
    connect(SecondClock::instance(), &SecondClock::ticked, this, [this] {
        if (m_running && !isHidden())
            showWaitingHeading();
    });
}

void SignInBanner::beginRun()
{
    m_lines.clear(); // a new run: its lines replace the last one's
    m_running = true;
    m_startedMs = SecondClock::nowMs();
}

void SignInBanner::start(const QString &commandName)
{
    beginRun();
    m_commandName = commandName;
    // Still showing the last run (its failure): the new one replaces it at
    // once, there is no flash to spare the user.
    if (isHidden())
        m_quietRun->start();
    else
        showQuietRun();
}

void SignInBanner::showQuietRun()
{
    if (!m_running || !m_lines.isEmpty())
        return;
    showWaitingHeading();
    setTone(FreshnessLevel::Working);
    showNote(QStringLiteral("It has written nothing yet: it may be waiting for you to sign in in "
                            "a browser window, or for input it cannot ask for here."));
}

void SignInBanner::addLine(const QString &line)
{
    if (!m_running)
        beginRun();
    m_lines.append(line);
    if (m_lines.size() > kMaxLines)
        m_lines.remove(0, m_lines.size() - kMaxLines);
    showWaitingHeading();
    setTone(FreshnessLevel::Working);
    showLines();
}

void SignInBanner::finish(const QString &error)
{
    m_running = false;
    m_quietRun->stop();
    if (error.isEmpty()) {
        hide();
        return;
    }
    const QString plugin = pluginPhrase();
    if (!m_lines.isEmpty()) {
        m_heading->setText(
            QStringLiteral("Signing in to %1 failed — %2 said:").arg(m_context, plugin));
        setTone(FreshnessLevel::Failed);
        showLines();
        return;
    }
    // A run that failed before it was shown is told by the kinds' banners
    // alone; one the user saw waiting says how it ended.
    if (isHidden())
        return;
    m_heading->setText(QStringLiteral("Signing in to %1 with %2 failed:").arg(m_context, plugin));
    setTone(FreshnessLevel::Failed);
    showNote(error);
}

QString SignInBanner::pluginPhrase() const
{
    return m_commandName.isEmpty() ? QStringLiteral("the credential plugin")
                                   : QStringLiteral("the credential plugin %1").arg(m_commandName);
}

void SignInBanner::showWaitingHeading()
{
    const QString plugin = pluginPhrase();
    // From the tick-aligned clock, as every other count on screen.
    const qint64 seconds = qMax<qint64>(0, (SecondClock::nowMs() - m_startedMs) / 1000);
    m_heading->setText(QStringLiteral("Waiting for %1 to sign in to %2… (%3 s)%4")
                           .arg(plugin, m_context, QString::number(seconds),
                                m_lines.isEmpty() ? QString() : QStringLiteral(" It says:")));
}

QString SignInBanner::text() const
{
    return m_heading->text() + u'\n' + (m_lines.isEmpty() ? m_note : m_lines.join(u'\n'));
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

void SignInBanner::showNote(const QString &note)
{
    m_note = note;
    m_body->setText(note.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
    show();
}

void SignInBanner::showLines()
{
    m_note.clear();
    QStringList html;
    for (const QString &line : std::as_const(m_lines))
        html.append(linkified(line));
    m_body->setText(html.join(QStringLiteral("<br>")));
    show();
}

} // namespace informant
