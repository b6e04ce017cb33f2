#pragma once

// FreshnessBanner: the strip above a table that says, on the table itself,
// when its watch is not healthy ("Watch of pods lost (connection refused) —
// reconnecting in 3 s. Showing the last known state."). Hidden while the
// informer is watching. Re-words itself every second for countdowns.

#include "informer/informers/informerstatus.h"

#include <QFrame>

class QAbstractButton;
class QLabel;
class QPushButton;

namespace informant {

class FreshnessBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FreshnessBanner)

public:
    explicit FreshnessBanner(QWidget *parent = nullptr);

    void setStatus(const InformerStatus &status, const QString &what);
    QString text() const;
    // "Reconnect now", offered while the informer waits to retry.
    QAbstractButton *retryButton() const;

Q_SIGNALS:
    void retryRequested();

private:
    void refresh();

    InformerStatus m_status;
    QString m_what;
    QLabel *m_icon;
    QLabel *m_label;
    QPushButton *m_retry;
};

} // namespace informant
