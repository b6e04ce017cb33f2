#pragma once

// Reflector: lists and watches one resource through a ListerWatcher and
// writes every change into a ReflectorStore (DeltaFIFO), a straight port of
// client-go master's reflector.go (reference §2, Appendix A):
//
//  - streaming list first (sendInitialEvents=true, NotOlderThan, ended by the
//    k8s.io/initial-events-end bookmark), falling back to a paged list on any
//    error; initial list at resourceVersion "0" in pages of 500, relists at
//    the last resourceVersion unpaginated, "" after a 410/too-large list;
//  - watch at the last resourceVersion with bookmarks and timeoutSeconds in
//    [300, 600); the §2.7 error table (410 relist, 429/conn-refused re-watch
//    with backoff, very short watch, 500 retry window, other errors relist);
//  - one deviation from that table: a watch answered "too large resource
//    version" (a server restored with an older state) relists at once
//    without a resourceVersion, where client-go backs off and relists at the
//    last one first (see watchLoop);
//  - a watch request that fails with a closed connection or a timeout is
//    sent again a second later, 10 times, then taken as an empty watch, as
//    client-go's Request.Watch does: the watch resumes from the last
//    resourceVersion, never relisting for it; a stream that fails mid-way
//    with anything but an EOF or a timeout ends as client-go's synthetic
//    500 InternalError (relist, or re-watch within the retry window);
//  - backoff 0.8 s → 30 s with jitter, reset every 2 minutes;
//  - a timer thread for the resync period and a watchdog that stops a
//    stream that went silent (no event, not even a bookmark, for
//    2 × bookmarkInterval) or outlived timeoutSeconds + grace, after which
//    the watch is reopened from the last resourceVersion.
//
// Threading: run() blocks and is meant for a dedicated thread (the REST
// ListerWatcher needs a QThread); stop() may be called from any thread and
// makes run() return promptly. The store is called from the reflector thread
// and (resync) from the timer thread.

#include "informer/cache/listerwatcher.h"
#include "informer/cache/reflectorstore.h"
#include "informer/informers/backoff.h"
#include "informer/informers/clock.h"

#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace informant {

class InformerStatusTracker;
class ReflectorTimer;

struct ReflectorOptions
{
    QString name = QStringLiteral("reflector");
    qint64 resyncPeriodMs = 0; // 0: never
    std::function<bool()> shouldResync;
    qint64 pageSize = 0;      // WatchListPageSize; 0: client-go's rules (§1.6)
    bool useWatchList = true; // try a streaming list first
    qint64 maxInternalErrorRetryMs = 0;
    int minWatchTimeoutSeconds = 300; // honoured only when above 300
    // Watchdog: a stream with no event for 2 × bookmarkIntervalMs, or open
    // longer than timeoutSeconds + watchGraceMs, is stopped and reopened.
    bool watchdog = true;
    qint64 bookmarkIntervalMs = 60000;
    qint64 watchGraceMs = 30000;
    // A watch request whose response has not started after this long turns
    // the status from Connecting to Error, naming the silence (0: never).
    // The request itself goes on: the ListerWatcher's own timeout ends it.
    // API servers answer a watch at once; one that accepts the connection
    // and says nothing (hung, stopped) was shown as watching.
    qint64 watchAnswerTimeoutMs = 20000;
    BackoffParameters backoff;
    std::shared_ptr<Clock> clock = SystemClock::shared();
    std::function<double()> random; // U[0,1); default QRandomGenerator
};

class Reflector
{
public:
    static constexpr qint64 kVeryShortWatchMs = 1000;
    static constexpr qint64 kInternalErrorResetMs = 60000;
    // client-go's Request.Watch: maxRetries 10, each after a Retry-After of 1 s.
    static constexpr int kWatchRequestRetries = 10;
    static constexpr qint64 kWatchRequestRetryMs = 1000;

    Reflector(std::shared_ptr<ListerWatcher> listerWatcher, ReflectorStore &store,
              ReflectorOptions options = {});
    ~Reflector();
    Q_DISABLE_COPY_MOVE(Reflector)

    // Optional statistics sink (must outlive the reflector).
    void setStatusTracker(InformerStatusTracker *tracker) { m_status = tracker; }
    // Called with the error whenever listAndWatch() fails (§2.12); set before run().
    void setWatchErrorHandler(std::function<void(const ApiError &)> handler);

    // Runs listAndWatch() with backoff until stop(). Blocks.
    void run();
    // One list-then-watch iteration; returns an error only when a list, a
    // store sync or a watch start failed (§2.3).
    ApiResult<void> listAndWatch();
    // Thread-safe; idempotent. Cancels the ListerWatcher for good.
    void stop();
    bool isStopped() const { return m_stop.isStopped(); }
    // Thread-safe: ends a wait now (e.g. a user pressed "retry", or a dump is
    // due), the backoff's or a server's Retry-After; the next attempt starts
    // at once.
    void retryNow()
    {
        m_stop.wake();
        m_listerWatcher->retryNow();
    }

    QString lastSyncResourceVersion() const;
    const QString &name() const { return m_options.name; }

private:
    friend class ReflectorTimer;
    struct WatchOutcome
    {
        enum class Kind { Closed, Stopped, Error, InitialEventsEnd };
        Kind kind = Kind::Closed;
        ApiError error;
        qint64 events = 0;
        QString listResourceVersion; // streaming: RV of the last non-ADDED event
        QString closedBecause;       // Closed by the watchdog: why, for the status
        QList<WatchEvent> leftover;  // events after the initial-events-end bookmark
    };

    ApiResult<void> list();
    ApiResult<std::unique_ptr<WatchStream>> watchList();
    static bool isRetriedWithoutResourceVersion(const ApiError &error, const ListOptions &options);
    ApiResult<void> watchLoop(std::unique_ptr<WatchStream> stream);
    // One watch request with client-go's Request.Watch retries; after the
    // last one an empty (at once closed) stream instead of the error. The
    // status says Listing (a streaming list) or Connecting meanwhile, and
    // Error once the server has not answered for watchAnswerTimeoutMs.
    ApiResult<std::unique_ptr<WatchStream>> startWatch(const ListOptions &options,
                                                       bool streamingList);
    ApiResult<std::unique_ptr<WatchStream>> requestWatch(const ListOptions &options);
    // priorEvents: events of this watch applied before (a streaming list's
    // leftover batch); they count against the very-short-watch rule.
    WatchOutcome handleWatch(WatchStream &stream, qint64 startMs, ReflectorStore &store,
                             bool streamingList, bool holdResourceVersion, qint64 priorEvents = 0);
    // Applies one batch; returns false when the batch ended the watch.
    bool applyEvents(const QList<WatchEvent> &events, ReflectorStore &store, bool streamingList,
                     bool &holdResourceVersion, WatchOutcome &outcome);

    QString relistResourceVersion() const;
    QString rewatchResourceVersion() const;
    void setLastSyncResourceVersion(const QString &resourceVersion);
    // After a list's Replace (paged or streaming): later lists are relists.
    void recordListed(const QString &resourceVersion);
    int randomWatchTimeoutSeconds();
    bool backoffSleep(); // false when stopped
    // Registers the open stream with stop() and the timer thread.
    void armTimer(WatchStream *stream, qint64 startMs, int timeoutSeconds);
    void disarmTimer();
    bool internalErrorRetryAllowed(const ApiError &error);
    // A watch answered "too large resource version": the next relist is a
    // consistent read, asked for at once unless the last one was already.
    void relistAfterTooLargeResourceVersion(const ApiError &error);
    void reportState(int state, const QString &error = {}, qint64 retryAtMs = -1);

    std::shared_ptr<ListerWatcher> m_listerWatcher;
    ReflectorStore &m_store;
    ReflectorOptions m_options;
    std::shared_ptr<Clock> m_clock;
    std::function<double()> m_random;
    Backoff m_backoff;
    StopSignal m_stop;
    std::unique_ptr<ReflectorTimer> m_timer;
    std::mutex m_streamMutex;
    WatchStream *m_stream = nullptr; // the open stream, for stop()
    InformerStatusTracker *m_status = nullptr;
    std::function<void(const ApiError &)> m_watchErrorHandler;

    mutable std::mutex m_rvMutex;
    QString m_lastSyncResourceVersion;
    bool m_lastSyncResourceVersionUnavailable = false;
    bool m_paginatedResult = false;
    bool m_hasListed = false; // later lists count as relists
    // The watch loop asks run() for the next relist without the backoff.
    bool m_relistAtOnce = false;
    // A relist was made at once for a too-large resourceVersion and no watch
    // has received anything since: the next such answer backs off instead.
    bool m_relistedForTooLarge = false;

    // A streaming list hands its open stream to the watch loop together with
    // the events that followed the initial-events-end bookmark in its batch.
    QList<WatchEvent> m_pendingEvents;
    int m_streamTimeoutSeconds = 0;
    int m_armedTimeoutSeconds = 0; // the armed stream's, for the watchdog's message
    qint64 m_streamStartMs = 0;

    // Internal-error retry window (RetryWithDeadline).
    qint64 m_firstInternalErrorMs = -1;
    qint64 m_lastInternalErrorMs = -1;
};

} // namespace informant
