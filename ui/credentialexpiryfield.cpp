#include "ui/credentialexpiryfield.h"

#include <QLocale>
#include <QPalette>
#include <QTimer>

namespace informant {

namespace {

constexpr int kRefreshMs = 1000;
// Beyond this a countdown says nothing useful (a client certificate valid for
// a year): the date is shown instead, quietly.
constexpr qint64 kDistantSeconds = 48 * 3600;

// "45 s", "12 min", "3 h 20 min": rounded down, so that the last 5 minutes
// read "4 min" and below, as the warning colour starts.
QString remainingText(qint64 seconds)
{
    if (seconds < 60)
        return QStringLiteral("%1 s").arg(seconds);
    if (seconds < 3600)
        return QStringLiteral("%1 min").arg(seconds / 60);
    const qint64 minutes = (seconds % 3600) / 60;
    if (minutes == 0)
        return QStringLiteral("%1 h").arg(seconds / 3600);
    return QStringLiteral("%1 h %2 min").arg(seconds / 3600).arg(minutes);
}

// What happens next, in the tooltip's last line.
QString nextStep(const CredentialExpiry &expiry, bool expired)
{
    if (expiry.renewing)
        return QStringLiteral("The plugin is running now to renew them.");
    if (expiry.source == CredentialExpiry::Source::ClientCertificate)
        return expired ? QStringLiteral("The server refuses an expired certificate: renew it in "
                                        "the kubeconfig.")
                       : QStringLiteral("Renew the certificate in the kubeconfig before then.");
    return expired ? QStringLiteral("The plugin runs again at the next request to the server; "
                                    "open watches go on until the server ends them.")
                   : QStringLiteral("The plugin runs again when they expire.");
}

QColor levelColor(CredentialExpiryText::Level level)
{
    // The freshness dot's amber and red (models/freshness.cpp), so one
    // warning looks like another in the status bar.
    switch (level) {
    case CredentialExpiryText::Level::Warning:
        return QColor(0xd0, 0x8c, 0x12);
    case CredentialExpiryText::Level::Expired:
        return QColor(0xd9, 0x3f, 0x3f);
    default:
        return {};
    }
}

} // namespace

CredentialExpiryText describeCredentialExpiry(const CredentialExpiry &expiry, const QDateTime &now)
{
    using Level = CredentialExpiryText::Level;
    CredentialExpiryText result;
    if (!expiry.expires())
        return result;
    const qint64 seconds = now.secsTo(expiry.expiresAt);
    const bool expired = seconds <= 0;
    if (expired) {
        // An exec plugin's token runs out every hour and is replaced at the
        // next request (open watches go on meanwhile): amber. A kubeconfig's
        // certificate is not replaced by anything here: red.
        const bool replaced = expiry.source == CredentialExpiry::Source::ExecPlugin;
        result.level = replaced || expiry.renewing ? Level::Warning : Level::Expired;
        result.text = expiry.renewing ? QStringLiteral("credentials expired — refreshing")
                                      : QStringLiteral("credentials expired");
    } else if (seconds >= kDistantSeconds) {
        result.level = Level::Distant;
        result.text = QStringLiteral("credentials valid until ") +
                      expiry.expiresAt.toLocalTime().date().toString(Qt::ISODate);
    } else {
        result.level =
            seconds <= CredentialExpiryField::kWarningSeconds ? Level::Warning : Level::Normal;
        result.text = QStringLiteral("credentials expire in ") + remainingText(seconds);
        if (expiry.renewing)
            result.text += QStringLiteral(" — refreshing");
    }
    const QString when = QLocale().toString(expiry.expiresAt.toLocalTime(), QLocale::LongFormat);
    result.toolTip =
        QStringLiteral("Credentials: %1\n%2 %3\n%4")
            .arg(expiry.origin, expired ? QStringLiteral("Expired:") : QStringLiteral("Expire:"),
                 when, nextStep(expiry, expired));
    return result;
}

CredentialExpiryField::CredentialExpiryField(Source source, QWidget *parent, Clock clock)
    : QLabel(parent)
    , m_source(std::move(source))
    , m_clock(clock ? std::move(clock) : [] { return QDateTime::currentDateTimeUtc(); })
    , m_timer(new QTimer(this))
{
    hide();
    m_timer->setInterval(kRefreshMs);
    connect(m_timer, &QTimer::timeout, this, &CredentialExpiryField::refresh);
    m_timer->start();
    refresh();
}

void CredentialExpiryField::refresh()
{
    const CredentialExpiryText shown = describeCredentialExpiry(m_source(), m_clock());
    m_level = shown.level;
    setText(shown.text);
    setToolTip(shown.toolTip);
    // Only the colour set here; the rest follows the status bar's palette.
    QPalette palette;
    const QColor color = levelColor(shown.level);
    if (color.isValid())
        palette.setColor(QPalette::WindowText, color);
    setPalette(palette);
    setForegroundRole(shown.level == CredentialExpiryText::Level::Distant
                          ? QPalette::PlaceholderText
                          : QPalette::WindowText);
    setVisible(shown.level != CredentialExpiryText::Level::Hidden);
}

} // namespace informant
