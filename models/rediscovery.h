#pragma once

// Rediscovery: when a cluster's API discovery must run again, so that custom
// kinds appear and disappear while the window is open (spec §2.3):
// - a CRD was added, edited or removed: once the CRD informer's cache has been
//   still for kSettleMs (a Helm chart creates its CRDs in a burst, and the API
//   server serves a kind once its CRD is Established). The first discovery
//   runs before the CRDs are known: their first sync is due only when it
//   names a CRD that run did not discover (a CRD's name is its kind's id);
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
#include <QSet>
#include <QTimer>

#include <optional>

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
    // `kindIds`: KindInfo::id() of each kind the window has after the run.
    void finished(bool failed, const QSet<QString> &kindIds = {});

Q_SIGNALS:
    void due();

private:
    // The CRDs by key and resourceVersion.
    QString crdSignature() const;
    void onCrdsStatus();

    // The CRDs were still for kSettleMs: due if discovery has not seen them.
    void onCrdsSettled();

    KindSource *m_crds = nullptr;
    // The CRDs the last discovery saw; nullopt when it ran before they were
    // followed.
    std::optional<QString> m_signatureDiscovered;
    QSet<QString> m_kindIdsDiscovered;
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
