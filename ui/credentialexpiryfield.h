#pragma once

// CredentialExpiryField: the status bar's word on when the connection's
// credentials expire — "credentials expire in 12 min", amber in the last
// 5 minutes, "credentials expired — refreshing" while the exec plugin runs
// again, "credentials expired" until it does (red for a kubeconfig's client
// certificate, which nothing renews) — and nothing for credentials that do
// not expire. Its tooltip says where they come from (the
// exec command's name or the client certificate's subject), never a token
// or a key. It reads the expiry once a second (Credentials::expiry() takes a
// mutex and runs nothing), so a new expiry shows within a second of the
// plugin's run. GUI thread.

#include "informer/kube/credentialexpiry.h"

#include <QLabel>

#include <functional>

class QTimer;

namespace informant {

// What the field says at `now` about `expiry`.
struct CredentialExpiryText
{
    enum class Level { Hidden, Distant, Normal, Warning, Expired };
    Level level = Level::Hidden;
    QString text;
    QString toolTip;
};
CredentialExpiryText describeCredentialExpiry(const CredentialExpiry &expiry, const QDateTime &now);

class CredentialExpiryField final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CredentialExpiryField)

public:
    using Source = std::function<CredentialExpiry()>;
    using Clock = std::function<QDateTime()>;
    // `clock` is the current time (tests set it; default: the system's).
    explicit CredentialExpiryField(Source source, QWidget *parent = nullptr, Clock clock = {});

    // Reads the expiry and shows it (the timer calls this every second).
    void refresh();
    CredentialExpiryText::Level level() const { return m_level; }

    static constexpr qint64 kWarningSeconds = 5 * 60;

private:
    Source m_source;
    Clock m_clock;
    QTimer *m_timer;
    CredentialExpiryText::Level m_level = CredentialExpiryText::Level::Hidden;
};

} // namespace informant
