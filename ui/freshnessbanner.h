#pragma once

// FreshnessBanner: the strip above a table that says, on the table itself,
// when its watch is not healthy ("Watch of pods lost (connection refused) —
// reconnecting in 3 s. Showing the last known state."). Hidden while the
// informer is watching. Re-words itself every second for countdowns. When the
// list is forbidden and the kind could be watched in one namespace, it offers
// "Watch namespace: [____] [Watch]" (offerNamespaceEntry).

#include "informer/informers/informerstatus.h"

#include <QFrame>

#include <functional>

class QAbstractButton;
class QLabel;
class QPushButton;

namespace informant {

class NamespaceEntry;

class FreshnessBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FreshnessBanner)

public:
    explicit FreshnessBanner(QWidget *parent = nullptr);

    // Whether trying again now may end `status`'s refusal: not a 403 (the
    // informer keeps retrying, and picks up a role granted meanwhile), nor
    // a 401 from a server no credentials are sent to. A 401 otherwise may
    // be answered by a new sign-in or token.
    static bool retryMayHelp(const InformerStatus &status);

    void setStatus(const InformerStatus &status, const QString &what);
    QString text() const;
    // "Reconnect now", offered while the informer waits to retry, when
    // retryMayHelp.
    QAbstractButton *retryButton() const;
    // Shows the namespace entry below the text while the status is Forbidden
    // and `offered()` says a namespace would help (the kind is namespaced and
    // the session can watch one); the choice comes as namespaceChosen.
    void offerNamespaceEntry(std::function<bool()> offered);
    NamespaceEntry *namespaceEntry() const { return m_namespaceEntry; }

Q_SIGNALS:
    void retryRequested();
    void namespaceChosen(const QString &namespaceName);

private:
    void refresh();

    InformerStatus m_status;
    QString m_what;
    QLabel *m_icon;
    QLabel *m_label;
    QPushButton *m_retry;
    NamespaceEntry *m_namespaceEntry;
    std::function<bool()> m_namespaceEntryOffered;
};

} // namespace informant
