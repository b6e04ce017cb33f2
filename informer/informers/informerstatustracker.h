#pragma once

// InformerStatusTracker: collects one informer's live statistics from its
// reflector and processing threads and publishes them as InformerStatus
// values: status() returns a consistent copy (rates computed at the time of
// the call) and statusChanged() is emitted on every state change and, while
// counters move, at most every kPublishIntervalMs.
//
// Threading: every method is thread-safe; statusChanged() is emitted from the
// thread that made the change, so connect with a context object in the
// receiver's thread (queued).

#include "informer/informers/clock.h"
#include "informer/informers/informerstatus.h"

#include <QObject>

#include <mutex>

namespace informant {

class InformerStatusTracker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InformerStatusTracker)

public:
    static constexpr qint64 kPublishIntervalMs = 250;
    static constexpr qint64 kRateWindowMs = 5000;

    explicit InformerStatusTracker(std::shared_ptr<Clock> clock = SystemClock::shared(),
                                   QObject *parent = nullptr);

    InformerStatus status() const;

    void setState(InformerStatus::State state, const QString &error = {}, qint64 retryAtMs = -1);
    void setListing(qint64 itemsSoFar);
    void setLastError(const QString &error);
    // A list's objects reached the store (its Replace): the first list's
    // time from start is listedMs; later ones count as relists.
    void listed(const QString &resourceVersion, bool relist);
    void setObjects(qint64 objects);
    // The backlog fields of InformerStatus (published with the next change).
    void setBacklog(qint64 backlog, qint64 peak, qint64 coalesced);
    void markSynced();
    void addWatchRestart();
    // `events` watch events applied, `bytes` more body bytes received.
    void addEvents(qint64 events, qint64 bytes, const QString &resourceVersion);
    void addBytes(qint64 bytes);

Q_SIGNALS:
    void statusChanged(const informant::InformerStatus &status);

private:
    struct Sample
    {
        qint64 ms = 0;
        qint64 events = 0;
        qint64 bytes = 0;
    };
    InformerStatus snapshotLocked(qint64 nowMs) const;
    void sampleLocked(qint64 nowMs);
    // Emits when forced or the publish interval passed; releases the lock.
    void publish(std::unique_lock<std::mutex> &lock, bool force);

    std::shared_ptr<Clock> m_clock;
    mutable std::mutex m_mutex;
    InformerStatus m_status;
    qint64 m_bytes = 0;
    qint64 m_startMs = 0;
    qint64 m_lastPublishMs = -1;
    QList<Sample> m_samples; // oldest first, one per kPublishIntervalMs at most
};

} // namespace informant
