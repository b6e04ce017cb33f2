// The Reflector's watch half: the watch loop (reference §2.5) and event
// handling (§2.6). The list half is in reflector.cpp.

#include "informer/informers/informerstatustracker.h"
#include "informer/informers/logging.h"
#include "informer/informers/reflector.h"
#include "informer/informers/reflectortimer.h"

namespace informant {

namespace {

using State = InformerStatus::State;

// client-go's watch.NewEmptyWatch: what Request.Watch hands back once its
// retries of a closed connection or a timeout are spent.
class EmptyWatchStream final : public WatchStream
{
public:
    Next next(QList<WatchEvent> &) override { return Next::Closed; }
    ApiError error() const override { return {}; }
    void stop() override {}
    qint64 bytesReceived() const override { return 0; }
};

// A stream that failed mid-way with anything but an EOF or a timeout:
// client-go's StreamWatcher reports it as an ERROR event carrying this Status
// (NewClientErrorReporter(500, "GET", "ClientWatchDecoding")), which the
// watch loop treats as an internal error.
ApiError streamFailure(const ApiError &error)
{
    ApiStatus status = ApiStatus::failure(
        500, QStringLiteral("InternalError"),
        QStringLiteral("an error on the server (\"unable to decode an event from the watch "
                       "stream: %1\") has prevented the request from succeeding")
            .arg(error.message));
    status.causes = {StatusCause{QStringLiteral("UnexpectedServerResponse"), error.message, {}},
                     StatusCause{QStringLiteral("ClientWatchDecoding"), error.message, {}}};
    return ApiError::fromStatus(std::move(status), QStringLiteral("watch"));
}

QString secondsText(qint64 ms)
{
    return QString::number(double(ms) / 1000.0);
}

// Why the watchdog cut a stream, for the status: the stream had looked
// healthy until then, so the message names the cause, not what follows.
QString watchdogMessage(ReflectorTimer::WatchdogCause cause, const ReflectorOptions &options,
                        int timeoutSeconds)
{
    if (cause == ReflectorTimer::WatchdogCause::Silent)
        return QStringLiteral("no data from the server for %1 s, not even a bookmark")
            .arg(secondsText(2 * options.bookmarkIntervalMs));
    return QStringLiteral("the server did not end the watch %1 s after its timeout of %2 s")
        .arg(secondsText(options.watchGraceMs))
        .arg(timeoutSeconds);
}

} // namespace

ApiResult<std::unique_ptr<WatchStream>> Reflector::requestWatch(const ListOptions &options)
{
    const qint64 answerTimeoutMs = m_options.watchAnswerTimeoutMs;
    m_timer->armRequest(answerTimeoutMs, [this, answerTimeoutMs] {
        reportState(int(State::Error),
                    QStringLiteral("no answer from the server for %1 s: the watch request is "
                                   "still waiting for a response")
                        .arg(secondsText(answerTimeoutMs)));
    });
    ApiResult<std::unique_ptr<WatchStream>> started = m_listerWatcher->watch(options);
    m_timer->disarmRequest();
    return started;
}

ApiResult<std::unique_ptr<WatchStream>> Reflector::startWatch(const ListOptions &options,
                                                              bool streamingList)
{
    for (int retries = 0;; ++retries) {
        if (streamingList && m_status)
            m_status->setListing(0);
        else if (!streamingList)
            reportState(int(State::Connecting));
        ApiResult<std::unique_ptr<WatchStream>> started = requestWatch(options);
        if (started.ok() || !started.error().isRetriedByWatchRequest() || m_stop.isStopped())
            return started;
        if (m_status)
            m_status->setLastError(started.error().message);
        if (retries >= kWatchRequestRetries) {
            qCDebug(lcInformer) << m_options.name << "watch request failed" << retries + 1
                                << "times, last:" << started.error().message;
            return std::unique_ptr<WatchStream>(std::make_unique<EmptyWatchStream>());
        }
        reportState(int(State::BackingOff), {}, m_clock->wallMs() + kWatchRequestRetryMs);
        if (!m_clock->sleep(m_stop, kWatchRequestRetryMs))
            return ApiError{ApiError::Kind::Cancelled, QStringLiteral("stopped"), {}};
    }
}

ApiResult<void> Reflector::watchLoop(std::unique_ptr<WatchStream> stream)
{
    qint64 start = m_streamStartMs; // the open stream's request time, for the watchdog
    int timeoutSeconds = m_streamTimeoutSeconds;
    bool first = true;
    for (;;) {
        if (m_stop.isStopped())
            return {};
        if (m_timer->takeResyncError())
            return {}; // the resync failed while no stream was open: relist
        // client-go's watch() takes `start := r.clock.Now()` at the top of every
        // iteration, also for the stream carried over from a streaming list: a
        // "very short watch" is counted from the end of the list, not from
        // the list request.
        qint64 iterationStart = m_clock->nowMs();
        bool hold = false;
        if (!stream) {
            ListOptions options;
            options.resourceVersion = lastSyncResourceVersion();
            options.timeoutSeconds = timeoutSeconds = randomWatchTimeoutSeconds();
            options.allowWatchBookmarks = true;
            // Recorded before the request: some proxies hold the headers back
            // until the first event.
            start = iterationStart = m_clock->nowMs();
            ApiResult<std::unique_ptr<WatchStream>> started = startWatch(options, false);
            if (!started.ok()) {
                const ApiError &error = started.error();
                if (error.kind == ApiError::Kind::Cancelled || m_stop.isStopped())
                    return {};
                if (error.isRetriableWatchError()) {
                    if (m_status)
                        m_status->setLastError(error.message);
                    if (!backoffSleep())
                        return {};
                    continue;
                }
                if (error.isTooLargeResourceVersion())
                    relistAfterTooLargeResourceVersion(error);
                return error;
            }
            stream = std::move(started.value());
            if (!first && m_status)
                m_status->addWatchRestart();
            // A watch from "" or "0" starts with synthetic ADDED events in any
            // RV order: the RV is not advanced until the first other event.
            hold =
                options.resourceVersion.isEmpty() || options.resourceVersion == QLatin1String("0");
        }
        first = false;
        reportState(int(State::Watching));
        armTimer(stream.get(), start, timeoutSeconds);
        WatchOutcome outcome;
        if (!m_pendingEvents.isEmpty()) {
            const QList<WatchEvent> pending = std::exchange(m_pendingEvents, {});
            if (!applyEvents(pending, m_store, false, hold, outcome)) {
                // The batch that ended the streaming list also ended the watch.
            } else {
                // The events that followed the bookmark count for this watch,
                // as they would in client-go's channel.
                outcome =
                    handleWatch(*stream, iterationStart, m_store, false, hold, outcome.events);
            }
        } else {
            outcome = handleWatch(*stream, iterationStart, m_store, false, hold);
        }
        disarmTimer();
        stream->stop();
        stream.reset();
        if (outcome.events > 0)
            m_relistedForTooLarge = false;
        if (!outcome.closedBecause.isEmpty())
            reportState(int(State::Connecting), outcome.closedBecause);

        const bool retryInternal =
            outcome.kind == WatchOutcome::Kind::Error && internalErrorRetryAllowed(outcome.error);
        switch (outcome.kind) {
        case WatchOutcome::Kind::Stopped:
            return {};
        case WatchOutcome::Kind::Closed:
        case WatchOutcome::Kind::InitialEventsEnd:
            continue; // re-watch from the last RV at once
        case WatchOutcome::Kind::Error:
            break;
        }
        const ApiError &error = outcome.error;
        if (m_status)
            m_status->setLastError(error.message);
        if (m_stop.isStopped())
            return {};
        if (error.isExpired()) {
            qCDebug(lcInformer) << m_options.name << "watch closed:" << error.message;
            return {}; // relist at the last RV (not forcing "")
        }
        if (error.isTooLargeResourceVersion()) {
            qCDebug(lcInformer) << m_options.name << "watch closed:" << error.message;
            relistAfterTooLargeResourceVersion(error);
            return {};
        }
        if (error.isTooManyRequests()) {
            if (!backoffSleep())
                return {};
            continue;
        }
        if (retryInternal)
            continue;
        qCWarning(lcInformer) << m_options.name << "watch ended with error:" << error.message;
        return {};
    }
}

// client-go's reflector relists at once without a resourceVersion when a
// list or a streaming list is answered "too large resource version"
// (isTooLargeResourceVersionError: setIsLastSyncResourceVersionUnavailable,
// then "retry immediately"), but a plain watch so answered takes the path of
// any other error: a backoff, then a relist at the same resourceVersion, whose
// answer is too large again. After an API server restored with an older
// state, or replaced by one that lost it, that resourceVersion may never be
// reached, and the backoff is at its cap from the outage: a minute before the
// relist began. The watch takes the list's rule here. Once only while no
// watch has received anything since: a server whose replicas disagree behind
// a load balancer (the list from one, the watch on one behind it) would
// otherwise be relisted from without a pause.
void Reflector::relistAfterTooLargeResourceVersion(const ApiError &error)
{
    {
        std::lock_guard lock(m_rvMutex);
        m_lastSyncResourceVersionUnavailable = true;
    }
    if (m_status)
        m_status->setLastError(error.message);
    m_relistAtOnce = !std::exchange(m_relistedForTooLarge, true);
}

Reflector::WatchOutcome Reflector::handleWatch(WatchStream &stream, qint64 startMs,
                                               ReflectorStore &store, bool streamingList,
                                               bool holdResourceVersion, qint64 priorEvents)
{
    WatchOutcome outcome;
    outcome.events = priorEvents;
    QList<WatchEvent> events;
    qint64 bytes = stream.bytesReceived();
    for (;;) {
        events.clear();
        const WatchStream::Next next = stream.next(events);
        if (m_status) {
            const qint64 received = stream.bytesReceived();
            if (received != bytes && events.isEmpty())
                m_status->addBytes(received - bytes);
            else if (received != bytes)
                m_status->addEvents(0, received - bytes, {});
            bytes = received;
        }
        if (next == WatchStream::Next::Events) {
            m_timer->touch();
            if (!applyEvents(events, store, streamingList, holdResourceVersion, outcome))
                return outcome;
            continue;
        }
        if (next == WatchStream::Next::Stopped || m_stop.isStopped()) {
            if (m_stop.isStopped()) {
                outcome.kind = WatchOutcome::Kind::Stopped;
                return outcome;
            }
            if (auto resyncError = m_timer->takeResyncError(); resyncError) {
                outcome.kind = WatchOutcome::Kind::Error;
                outcome.error = ApiError{ApiError::Kind::Transport,
                                         QStringLiteral("resync failed: %1").arg(*resyncError),
                                         {}};
                return outcome;
            }
            // The watchdog (or someone else) cut it: reopen from the last RV.
            const ReflectorTimer::WatchdogCause cause = m_timer->takeWatchdogFired();
            if (cause != ReflectorTimer::WatchdogCause::None)
                outcome.closedBecause = watchdogMessage(cause, m_options, m_armedTimeoutSeconds);
            outcome.kind = WatchOutcome::Kind::Closed;
            return outcome;
        }
        if (next == WatchStream::Next::Error) {
            // As client-go's StreamWatcher: an EOF (closed, reset) or a
            // timeout mid-stream closes the watch; any other failure is an
            // ERROR event with a 500 InternalError Status.
            const ApiError error = stream.error();
            if (m_status)
                m_status->setLastError(error.message);
            if (!error.isRetriedByWatchRequest() && error.kind != ApiError::Kind::Cancelled) {
                outcome.kind = WatchOutcome::Kind::Error;
                outcome.error = error.isStatus() ? error : streamFailure(error);
                return outcome;
            }
            qCDebug(lcInformer) << m_options.name << "watch stream ended:" << error.message;
        }
        break; // Closed, or a transport error treated as a close
    }
    if (m_clock->nowMs() - startMs < kVeryShortWatchMs && outcome.events == 0) {
        outcome.kind = WatchOutcome::Kind::Error;
        outcome.error = ApiError{
            ApiError::Kind::Transport,
            QStringLiteral("very short watch: %1: Unexpected watch close - watch lasted less "
                           "than a second and no items received")
                .arg(m_options.name),
            {}};
        return outcome;
    }
    outcome.kind = WatchOutcome::Kind::Closed;
    return outcome;
}

bool Reflector::applyEvents(const QList<WatchEvent> &events, ReflectorStore &store,
                            bool streamingList, bool &holdResourceVersion, WatchOutcome &outcome)
{
    QString lastResourceVersion;
    qint64 applied = 0;
    bool keepGoing = true;
    const ReflectorStoreBatch batch(store);
    for (qsizetype i = 0; i < events.size(); ++i) {
        const WatchEvent &event = events.at(i);
        if (event.type == WatchEvent::Type::Error) {
            outcome.kind = WatchOutcome::Kind::Error;
            outcome.error = ApiError::fromStatus(event.status, QStringLiteral("watch"));
            keepGoing = false;
            break;
        }
        if (event.object.isNull() || isMetaTable(event.object.kind(), event.object.apiVersion())) {
            qCDebug(lcInformer) << m_options.name << "skipping an unsupported watch event";
            continue;
        }
        Result<void> stored;
        bool initialEventsEnd = false;
        switch (event.type) {
        case WatchEvent::Type::Added:
            stored = store.add(event.object);
            break;
        case WatchEvent::Type::Modified:
            stored = store.update(event.object);
            break;
        case WatchEvent::Type::Deleted:
            stored = store.remove(event.object);
            break;
        case WatchEvent::Type::Bookmark:
            initialEventsEnd = streamingList && event.isInitialEventsEnd();
            break;
        case WatchEvent::Type::Error:
            break;
        }
        if (!stored.ok())
            qCWarning(lcInformer) << m_options.name
                                  << "unable to store a watch event:" << stored.errorMessage();
        const QString resourceVersion = event.object.resourceVersion();
        if (streamingList) {
            if (event.type != WatchEvent::Type::Added)
                outcome.listResourceVersion = resourceVersion;
        } else {
            if (event.type != WatchEvent::Type::Added)
                holdResourceVersion = false;
            if (!holdResourceVersion)
                lastResourceVersion = resourceVersion;
        }
        ++outcome.events; // bookmarks too: client-go's handleWatch counts them
        // A bookmark moves the resourceVersion, not the data: "events/s" and
        // "last event" speak of changes, so an idle kind does not look busy.
        if (event.type != WatchEvent::Type::Bookmark)
            ++applied;
        if (initialEventsEnd) {
            outcome.kind = WatchOutcome::Kind::InitialEventsEnd;
            outcome.leftover = events.mid(i + 1);
            keepGoing = false;
            break;
        }
    }
    if (!lastResourceVersion.isEmpty())
        setLastSyncResourceVersion(lastResourceVersion);
    if (m_status) {
        if (streamingList && outcome.kind != WatchOutcome::Kind::InitialEventsEnd)
            m_status->setListing(outcome.events);
        else if (!streamingList)
            m_status->addEvents(applied, 0, lastResourceVersion);
    }
    return keepGoing;
}

} // namespace informant
