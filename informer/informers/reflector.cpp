#include "informer/informers/reflector.h"

#include "informer/informers/informerstatustracker.h"
#include "informer/informers/logging.h"
#include "informer/informers/pager.h"
#include "informer/informers/reflectortimer.h"

#include <QHash>

namespace informant {

namespace {

using State = InformerStatus::State;

ApiError otherError(const QString &message)
{
    return ApiError{ApiError::Kind::Transport, message, {}};
}

ApiError withContext(ApiError error, const QString &context)
{
    error.message = context + QLatin1String(": ") + error.message;
    return error;
}

// The temporary store a streaming list collects into before one Replace.
// On a relist, unchanged objects are taken from the real store's cache
// (knownVersion) as they arrive, so a relist holds only the changed ones
// twice. Before the first list nothing is cached: the lookup (a key built
// and hashed once more per object) is skipped.
//
// The objects are handed on in the order they arrived (client-go's store
// hands on its map's order: any is conforming). That is the order they were
// decoded into memory, so the Replace and the processing after it walk the
// 100k objects of an initial sync through memory in order, not at random.
class TemporaryStore final : public ReflectorStore
{
public:
    TemporaryStore(const ReflectorStore &known, bool lookUpKnown)
        : m_known(known)
        , m_lookUpKnown(lookUpKnown)
    {
    }
    Result<void> add(const KubeObject &object) override
    {
        const KubeObject stored = m_lookUpKnown ? m_known.knownVersion(object) : object;
        const qsizetype before = m_positions.size();
        qsizetype &position = m_positions[object.key()];
        if (m_positions.size() == before) {
            m_objects[position] = stored; // the key's object is replaced where it was
        } else {
            position = m_objects.size();
            m_objects.append(stored);
        }
        return {};
    }
    Result<void> update(const KubeObject &object) override { return add(object); }
    Result<void> remove(const KubeObject &object) override
    {
        const auto found = m_positions.constFind(object.key());
        if (found != m_positions.cend()) {
            m_objects[*found] = KubeObject(); // left out by takeItems
            m_positions.erase(found);
        }
        return {};
    }
    Result<void> replace(const QList<KubeObject> &, const QString &) override { return {}; }
    Result<void> resync() override { return {}; }
    // Empties the store (the objects are moved, not copied).
    QList<KubeObject> takeItems()
    {
        QList<KubeObject> items;
        items.reserve(m_positions.size());
        for (KubeObject &object : m_objects) {
            if (!object.isNull())
                items.append(std::move(object));
        }
        m_objects.clear();
        m_positions.clear();
        return items;
    }
    qsizetype size() const { return m_positions.size(); }

private:
    const ReflectorStore &m_known;
    const bool m_lookUpKnown;
    QList<KubeObject> m_objects;           // in arrival order; a removed one is null
    QHash<QString, qsizetype> m_positions; // key -> its object's index in m_objects
};

} // namespace

Reflector::Reflector(std::shared_ptr<ListerWatcher> listerWatcher, ReflectorStore &store,
                     ReflectorOptions options)
    : m_listerWatcher(std::move(listerWatcher))
    , m_store(store)
    , m_options(std::move(options))
    , m_clock(m_options.clock ? m_options.clock : SystemClock::shared())
    , m_random(m_options.random ? m_options.random : std::function<double()>(defaultRandom))
    , m_backoff(m_clock, m_options.backoff, m_random)
    , m_timer(std::make_unique<ReflectorTimer>(m_clock, store))
{
    // A watch request sent again on its own (a 503 with Retry-After from an
    // API server restarting) took seconds in which the status still named
    // the error before it, such as a refused connection, and said nothing of
    // the wait: the "Reconnect now" that cuts it was not offered.
    m_listerWatcher->setWatchRetryObserver([this](const ApiError &error, qint64 retryInMs) {
        if (m_status)
            m_status->setLastError(error.message);
        if (retryInMs > 0)
            reportState(int(State::BackingOff), {}, m_clock->wallMs() + retryInMs);
    });
}

Reflector::~Reflector()
{
    stop();
    m_timer->shutdown();
    m_listerWatcher->setWatchRetryObserver({});
}

void Reflector::setWatchErrorHandler(std::function<void(const ApiError &)> handler)
{
    m_watchErrorHandler = std::move(handler);
}

void Reflector::stop()
{
    m_stop.stop();
    m_listerWatcher->cancel();
    {
        std::lock_guard lock(m_streamMutex);
        if (m_stream)
            m_stream->stop();
    }
    m_timer->shutdown();
}

void Reflector::armTimer(WatchStream *stream, qint64 startMs, int timeoutSeconds)
{
    {
        std::lock_guard lock(m_streamMutex);
        m_stream = stream;
        if (m_stop.isStopped())
            stream->stop();
    }
    m_armedTimeoutSeconds = timeoutSeconds;
    if (m_options.watchdog)
        m_timer->armWatch(stream, 2 * m_options.bookmarkIntervalMs,
                          startMs + qint64(timeoutSeconds) * 1000 + m_options.watchGraceMs);
    else
        m_timer->armWatch(stream, 0, -1);
}

void Reflector::disarmTimer()
{
    m_timer->disarmWatch();
    std::lock_guard lock(m_streamMutex);
    m_stream = nullptr;
}

QString Reflector::lastSyncResourceVersion() const
{
    std::lock_guard lock(m_rvMutex);
    return m_lastSyncResourceVersion;
}

void Reflector::setLastSyncResourceVersion(const QString &resourceVersion)
{
    std::lock_guard lock(m_rvMutex);
    m_lastSyncResourceVersion = resourceVersion;
}

void Reflector::recordListed(const QString &resourceVersion)
{
    // Whether or not a status hears of it: a relist's streaming list takes
    // unchanged objects from the cache only once something was listed.
    const bool relist = std::exchange(m_hasListed, true);
    if (m_status)
        m_status->listed(resourceVersion, relist);
}

QString Reflector::relistResourceVersion() const
{
    std::lock_guard lock(m_rvMutex);
    if (m_lastSyncResourceVersionUnavailable)
        return QString(); // a consistent read: the last RV is gone
    if (m_lastSyncResourceVersion.isEmpty())
        return QStringLiteral("0"); // initial list, served from the watch cache
    return m_lastSyncResourceVersion;
}

QString Reflector::rewatchResourceVersion() const
{
    std::lock_guard lock(m_rvMutex);
    if (m_lastSyncResourceVersionUnavailable)
        return QString();
    return m_lastSyncResourceVersion;
}

int Reflector::randomWatchTimeoutSeconds()
{
    const int minimum = qMax(300, m_options.minWatchTimeoutSeconds);
    const int maximum = 2 * minimum;
    return minimum + int(m_random() * double(maximum - minimum));
}

void Reflector::reportState(int state, const QString &error, qint64 retryAtMs)
{
    if (m_status)
        m_status->setState(State(state), error, retryAtMs);
}

bool Reflector::backoffSleep()
{
    const qint64 delay = m_backoff.nextDelayMs();
    reportState(int(State::BackingOff), {}, m_clock->wallMs() + delay);
    return m_clock->sleep(m_stop, delay);
}

bool Reflector::internalErrorRetryAllowed(const ApiError &error)
{
    // RetryWithDeadline(max, minReset = 1 min, IsInternalError): After() ...
    const qint64 now = m_clock->nowMs();
    if (error.isInternalError()) {
        if (m_lastInternalErrorMs >= 0 && now - m_lastInternalErrorMs >= kInternalErrorResetMs)
            m_firstInternalErrorMs = -1;
        if (m_firstInternalErrorMs < 0)
            m_firstInternalErrorMs = now;
        m_lastInternalErrorMs = now;
    }
    if (!error.isInternalError())
        return false;
    // ... then ShouldRetry().
    if (m_options.maxInternalErrorRetryMs <= 0)
        return false;
    if (now - m_firstInternalErrorMs <= m_options.maxInternalErrorRetryMs)
        return true;
    m_firstInternalErrorMs = -1;
    m_lastInternalErrorMs = -1;
    return false;
}

void Reflector::run()
{
    while (!m_stop.isStopped()) {
        const ApiResult<void> result = listAndWatch();
        if (m_stop.isStopped())
            break;
        if (!result.ok()) {
            const ApiError &error = result.error();
            if (m_status)
                m_status->setLastError(error.message);
            if (m_watchErrorHandler)
                m_watchErrorHandler(error);
            else if (error.isExpired())
                qCDebug(lcInformer) << m_options.name << "watch error:" << error.message;
            else
                qCWarning(lcInformer) << m_options.name << "failed to watch:" << error.message;
        }
        if (std::exchange(m_relistAtOnce, false))
            continue;
        // Sliding: the delay is computed after every iteration, failed or not.
        const qint64 delay = m_backoff.nextDelayMs();
        State state = State::BackingOff;
        if (!result.ok() && result.error().isStatus() && result.error().status.isUnauthorized())
            state = State::Unauthorized;
        else if (!result.ok() && result.error().isAuthError())
            state = State::Forbidden;
        reportState(int(state), {}, m_clock->wallMs() + delay);
        if (!m_clock->sleep(m_stop, delay))
            break;
    }
    reportState(int(State::Stopped));
}

ApiResult<void> Reflector::listAndWatch()
{
    if (m_stop.isStopped())
        return {};
    std::unique_ptr<WatchStream> stream;
    bool fallbackToList = !m_options.useWatchList || !m_listerWatcher->supportsWatchList();
    if (!fallbackToList) {
        ApiResult<std::unique_ptr<WatchStream>> streamed = watchList();
        if (m_stop.isStopped())
            return {};
        if (streamed.ok()) {
            stream = std::move(streamed.value());
        } else {
            // Any failure of the streaming list falls back to a paged list.
            qCDebug(lcInformer) << m_options.name << "streaming list failed, falling back:"
                                << streamed.error().message;
            fallbackToList = true;
        }
    }
    if (fallbackToList) {
        ApiResult<void> listed = list();
        if (m_stop.isStopped())
            return {};
        if (!listed.ok())
            return listed;
    }
    m_timer->startResync(m_options.resyncPeriodMs, m_options.shouldResync);
    ApiResult<void> result = watchLoop(std::move(stream));
    m_timer->stopResync();
    return result;
}

ApiResult<void> Reflector::list()
{
    const QString resourceVersion = relistResourceVersion();
    if (m_status)
        m_status->setListing(0);

    // Page size (§1.6): explicit; else 500 if an RV "0" list came back
    // paginated; else unpaginated for an explicit RV (served "not older
    // than" from the watch cache); else 500.
    qint64 pageSize = ListPager::kDefaultPageSize;
    if (m_options.pageSize > 0)
        pageSize = m_options.pageSize;
    else if (!m_paginatedResult && !resourceVersion.isEmpty() &&
             resourceVersion != QLatin1String("0"))
        pageSize = 0;
    ListPager pager(*m_listerWatcher, pageSize);
    if (m_hasListed) // before the first list nothing is cached to share
        pager.setItemMapper(
            [this](const KubeObject &object) { return m_store.knownVersion(object); });
    const auto progress = [this](qint64 items) {
        if (m_status)
            m_status->setListing(items);
    };

    ListOptions options;
    options.resourceVersion = resourceVersion;
    ApiResult<PagedList> listed = pager.list(options, progress);
    if (!listed.ok() &&
        (listed.error().isExpired() || listed.error().isTooLargeResourceVersion())) {
        {
            std::lock_guard lock(m_rvMutex);
            m_lastSyncResourceVersionUnavailable = true;
        }
        // Immediately, with the same pager: a consistent read.
        options.resourceVersion.clear();
        listed = pager.list(options, progress);
    }
    if (!listed.ok()) {
        if (listed.error().kind == ApiError::Kind::Cancelled)
            return {};
        return withContext(listed.error(), QStringLiteral("failed to list %1").arg(m_options.name));
    }
    if (resourceVersion == QLatin1String("0") && listed->paginated)
        m_paginatedResult = true;
    {
        std::lock_guard lock(m_rvMutex);
        m_lastSyncResourceVersionUnavailable = false;
    }
    const Result<void> replaced = m_store.replace(listed->items, listed->resourceVersion);
    if (!replaced.ok())
        return otherError(
            QStringLiteral("unable to sync list result: %1").arg(replaced.errorMessage()));
    setLastSyncResourceVersion(listed->resourceVersion);
    recordListed(listed->resourceVersion);
    return {};
}

// A streaming list whose resourceVersion expired (410) or is ahead of the
// server is retried at once without one, a consistent read (client-go's
// isErrorRetriableWithSideEffectsFn). One that had none is not: client-go
// would retry it at once too, and a server answering 410 to every request
// (seen from a faulty proxy, and from informant-sim's gone=1 fault) then got
// thousands of streaming lists a second. It fails like any other error: the
// paged list follows, then the backoff.
bool Reflector::isRetriedWithoutResourceVersion(const ApiError &error, const ListOptions &options)
{
    return (error.isExpired() || error.isTooLargeResourceVersion()) &&
           !options.resourceVersion.isEmpty();
}

ApiResult<std::unique_ptr<WatchStream>> Reflector::watchList()
{
    for (;;) {
        if (m_stop.isStopped())
            return std::unique_ptr<WatchStream>();
        // A resync that failed after the last watch ended asks for a relist:
        // this streaming list is one (returning without a stream would have
        // gone on watching from the old resourceVersion instead).
        m_timer->takeResyncError();
        TemporaryStore temporary(m_store, m_hasListed);
        ListOptions options;
        options.sendInitialEvents = true;
        options.resourceVersionMatch = QStringLiteral("NotOlderThan");
        options.allowWatchBookmarks = true;
        options.timeoutSeconds = randomWatchTimeoutSeconds();
        options.resourceVersion = rewatchResourceVersion();

        const qint64 start = m_clock->nowMs();
        ApiResult<std::unique_ptr<WatchStream>> started = startWatch(options, true);
        if (!started.ok()) {
            const ApiError &error = started.error();
            if (error.kind == ApiError::Kind::Cancelled || m_stop.isStopped())
                return std::unique_ptr<WatchStream>();
            if (error.isRetriableWatchError()) {
                if (m_status) // "backing off" says why (429, refused), as the watch loop's does
                    m_status->setLastError(error.message);
                if (!backoffSleep())
                    return std::unique_ptr<WatchStream>();
                continue;
            }
            if (isRetriedWithoutResourceVersion(error, options)) {
                // The server answers again, if not as before: the status
                // says so instead of the error of a connection it refused.
                if (m_status)
                    m_status->setLastError(error.message);
                std::lock_guard lock(m_rvMutex);
                m_lastSyncResourceVersionUnavailable = true;
                continue;
            }
            return error;
        }
        std::unique_ptr<WatchStream> stream = std::move(started.value());
        armTimer(stream.get(), start, options.timeoutSeconds);
        WatchOutcome outcome = handleWatch(*stream, start, temporary, true, false);
        disarmTimer();
        if (outcome.kind == WatchOutcome::Kind::InitialEventsEnd) {
            {
                std::lock_guard lock(m_rvMutex);
                m_lastSyncResourceVersionUnavailable = false;
            }
            const Result<void> replaced =
                m_store.replace(temporary.takeItems(), outcome.listResourceVersion);
            if (!replaced.ok()) {
                stream->stop();
                return otherError(QStringLiteral("unable to sync watch-list result: %1")
                                      .arg(replaced.errorMessage()));
            }
            setLastSyncResourceVersion(outcome.listResourceVersion);
            recordListed(outcome.listResourceVersion);
            m_pendingEvents = std::move(outcome.leftover);
            m_streamTimeoutSeconds = options.timeoutSeconds;
            m_streamStartMs = start;
            return stream;
        }
        stream->stop();
        if (outcome.kind == WatchOutcome::Kind::Stopped || m_stop.isStopped())
            return std::unique_ptr<WatchStream>();
        if (outcome.kind == WatchOutcome::Kind::Error) {
            const ApiError &error = outcome.error;
            if (error.isRetriableWatchError()) {
                if (m_status) // "backing off" says why (429, refused), as the watch loop's does
                    m_status->setLastError(error.message);
                if (!backoffSleep())
                    return std::unique_ptr<WatchStream>();
                continue;
            }
            if (isRetriedWithoutResourceVersion(error, options)) {
                // The server answers again, if not as before: the status
                // says so instead of the error of a connection it refused.
                if (m_status)
                    m_status->setLastError(error.message);
                std::lock_guard lock(m_rvMutex);
                m_lastSyncResourceVersionUnavailable = true;
                continue;
            }
            return error;
        }
        // Closed before the initial-events-end bookmark: a new attempt
        // (reference §2.10 step 5), but after the backoff, where client-go
        // tries again at once. A server that ends every stream after an
        // event drew thousands of requests a second, with nothing said.
        if (m_status)
            m_status->setLastError(
                outcome.closedBecause.isEmpty()
                    ? QStringLiteral(
                          "the streaming list ended before its initial-events-end bookmark")
                    : outcome.closedBecause);
        if (!backoffSleep())
            return std::unique_ptr<WatchStream>();
    }
}

} // namespace informant
