#pragma once

// Rediscovery: when a cluster's API discovery must run again, so that custom
// kinds appear and disappear while the window is open (spec §2.3):
// - a CRD was added, edited or removed: once the CRD informer's cache has been
//   still for kSettleMs (a Helm chart creates its CRDs in a burst, and the API
//   server serves a kind once its CRD is Established);
// - the last discovery failed, wholly or for some group versions (an
//   aggregated API down): again after kFirstRetryMs, doubling up to
//   kMaxRetryMs;
// - the CRDs cannot be watched (a user without the right to list them, which
//   is common for namespace-scoped users): every kPollMs instead, as
//   discovery itself is open to every authenticated user.
// The owner runs discovery on due() and reports each run's start and end.
// GUI thread.

#include "models/kindinfo.h"

#include <QObject>
#include <QTimer>

namespace informant {

class KindSource;

class Rediscovery final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Rediscovery)

public:
    static constexpr int kSettleMs = 1000;
    static constexpr int kFirstRetryMs = 5'000;
    static constexpr int kMaxRetryMs = 300'000;
    static constexpr int kPollMs = 60'000;

    explicit Rediscovery(QObject *parent = nullptr);

    // Tests shorten the waits.
    void setTimings(int settleMs, int firstRetryMs, int pollMs);
    // Follows the CRD informer's source from now on (once).
    void follow(KindSource *crds);
    bool following() const { return m_crds != nullptr; }

    // A discovery starts: the CRDs it will see are the ones cached now (a
    // change while it runs is seen by the next check).
    void started();
    void finished(bool failed);

Q_SIGNALS:
    void due();

private:
    // The CRDs by key and resourceVersion.
    QString crdSignature() const;
    void onCrdsStatus();

    KindSource *m_crds = nullptr;
    QString m_signatureDiscovered;
    QTimer m_settled;
    QTimer m_retry;
    QTimer m_poll;
    int m_firstRetryMs = kFirstRetryMs;
    int m_retryMs = kFirstRetryMs;
};

// The kinds after a discovery run: `discovered`, plus the kinds of `before`
// whose group version the run could not read (an aggregated API that is down
// has not gone). A run that read nothing keeps `before` whole.
QList<KindInfo> kindsAfterDiscovery(QList<KindInfo> discovered, const QList<KindInfo> &before,
                                    const QStringList &failedGroupVersions);

} // namespace informant
