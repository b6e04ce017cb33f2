#include "fakelisterwatcher.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace informant::test {

bool FakeClock::sleep(StopSignal &stop, qint64 ms)
{
    {
        std::lock_guard lock(m_mutex);
        m_sleeps.append(ms);
    }
    m_now.fetch_add(ms);
    return !stop.isStopped();
}

bool FakeClock::waitUntil(StopSignal &stop, qint64 deadlineMs)
{
    Q_UNUSED(deadlineMs);
    return stop.waitFor(1); // fake time only moves when someone advances it
}

QList<qint64> FakeClock::sleeps() const
{
    std::lock_guard lock(m_mutex);
    return m_sleeps;
}

FakeWatchStream::FakeWatchStream(QList<StreamStep> steps, FakeClock *clock, bool blockAtEnd,
                                 std::shared_ptr<std::atomic<bool>> stoppedFlag)
    : m_stoppedFlag(std::move(stoppedFlag))
    , m_steps(steps.begin(), steps.end())
    , m_clock(clock)
    , m_blockAtEnd(blockAtEnd)
{
}

WatchStream::Next FakeWatchStream::next(QList<WatchEvent> &out)
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_stopped)
            return Next::Stopped;
        if (m_steps.empty()) {
            if (!m_blockAtEnd)
                return Next::Closed;
            m_cv.wait(lock, [&] { return m_stopped; });
            return Next::Stopped;
        }
        StreamStep step = std::move(m_steps.front());
        m_steps.pop_front();
        switch (step.kind) {
        case StreamStep::Kind::Events:
            for (const WatchEvent &event : std::as_const(step.events))
                m_bytes.fetch_add(event.object.jsonSize() + 20);
            out.append(step.events);
            return Next::Events;
        case StreamStep::Kind::Close:
            return Next::Closed;
        case StreamStep::Kind::TransportError:
            m_error = ApiError{
                ApiError::Kind::ConnectionClosed, QStringLiteral("connection reset by peer"), {}};
            return Next::Error;
        case StreamStep::Kind::TlsError:
            m_error =
                ApiError{ApiError::Kind::Transport, QStringLiteral("TLS: bad record MAC"), {}};
            return Next::Error;
        case StreamStep::Kind::DecodeError:
            m_error = ApiError{ApiError::Kind::Decode, QStringLiteral("bad frame"), {}};
            return Next::Error;
        case StreamStep::Kind::AdvanceClock:
            if (m_clock)
                m_clock->advance(step.advanceMs);
            continue;
        case StreamStep::Kind::WaitGate:
            while (!m_stopped && !step.gate->load())
                m_cv.wait_for(lock, std::chrono::milliseconds(1));
            continue;
        case StreamStep::Kind::Block:
            m_cv.wait(lock, [&] { return m_stopped; });
            return Next::Stopped;
        }
    }
}

void FakeWatchStream::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopped = true;
    }
    m_stoppedFlag->store(true);
    m_cv.notify_all();
}

void FakeListerWatcher::addList(ApiResult<ListPage> page)
{
    std::lock_guard lock(m_mutex);
    m_lists.push_back(std::move(page));
    m_cv.notify_all();
}

void FakeListerWatcher::addWatch(ApiError error)
{
    std::lock_guard lock(m_mutex);
    m_watches.push_back(WatchAnswer(std::move(error)));
    m_cv.notify_all();
}

void FakeListerWatcher::addWatch(QList<StreamStep> steps, bool blockAtEnd)
{
    std::lock_guard lock(m_mutex);
    m_watches.push_back(WatchAnswer(std::make_pair(std::move(steps), blockAtEnd)));
    m_cv.notify_all();
}

void FakeListerWatcher::record(const QString &request)
{
    m_requests.append(request);
    m_cv.notify_all();
}

ApiError FakeListerWatcher::blockUntilCancelled(std::unique_lock<std::mutex> &lock)
{
    m_cv.wait(lock, [&] { return m_cancelled; });
    return ApiError{ApiError::Kind::Cancelled, QStringLiteral("cancelled"), {}};
}

ApiResult<ListPage> FakeListerWatcher::list(const ListOptions &options)
{
    std::unique_lock lock(m_mutex);
    if (m_cancelled)
        return ApiError{ApiError::Kind::Cancelled, QStringLiteral("cancelled"), {}};
    record(QStringLiteral("list ") + options.toQuery(false).toString());
    if (m_lists.empty())
        return blockUntilCancelled(lock);
    ApiResult<ListPage> answer = std::move(m_lists.front());
    m_lists.pop_front();
    return answer;
}

ApiResult<std::unique_ptr<WatchStream>> FakeListerWatcher::watch(const ListOptions &options)
{
    std::unique_lock lock(m_mutex);
    if (m_cancelled)
        return ApiError{ApiError::Kind::Cancelled, QStringLiteral("cancelled"), {}};
    record(QStringLiteral("watch ") + options.toQuery(true).toString());
    if (m_watches.empty())
        return blockUntilCancelled(lock);
    WatchAnswer answer = std::move(m_watches.front());
    m_watches.pop_front();
    if (auto *error = std::get_if<ApiError>(&answer))
        return *error;
    auto &[steps, blockAtEnd] = std::get<1>(answer);
    auto flag = std::make_shared<std::atomic<bool>>(false);
    m_streamStopped.append(flag);
    auto stream = std::make_unique<FakeWatchStream>(steps, m_clock, blockAtEnd, flag);
    return std::unique_ptr<WatchStream>(std::move(stream));
}

void FakeListerWatcher::cancel()
{
    std::lock_guard lock(m_mutex);
    m_cancelled = true;
    m_cv.notify_all();
}

QStringList FakeListerWatcher::requests() const
{
    std::lock_guard lock(m_mutex);
    return m_requests;
}

bool FakeListerWatcher::waitForRequests(qsizetype n, int timeoutMs) const
{
    std::unique_lock lock(m_mutex);
    return m_cv.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                         [&] { return m_requests.size() >= n; });
}

qsizetype FakeListerWatcher::streamCount() const
{
    std::lock_guard lock(m_mutex);
    return m_streamStopped.size();
}

bool FakeListerWatcher::streamStopped(qsizetype index) const
{
    std::lock_guard lock(m_mutex);
    return m_streamStopped.value(index) && m_streamStopped.value(index)->load();
}

KubeObject makePod(const QString &name, const QString &resourceVersion, const QString &ns,
                   const QString &uid)
{
    QJsonObject metadata{
        {QStringLiteral("name"), name},
        {QStringLiteral("resourceVersion"), resourceVersion},
        {QStringLiteral("uid"), uid.isEmpty() ? QStringLiteral("uid-") + name : uid}};
    if (!ns.isEmpty())
        metadata.insert(QStringLiteral("namespace"), ns);
    const QJsonObject pod{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                          {QStringLiteral("kind"), QStringLiteral("Pod")},
                          {QStringLiteral("metadata"), metadata}};
    return KubeObject::fromJson(QJsonDocument(pod).toJson(QJsonDocument::Compact)).value();
}

WatchEvent makeEvent(WatchEvent::Type type, const KubeObject &object)
{
    WatchEvent event;
    event.type = type;
    event.object = object;
    return event;
}

WatchEvent makeBookmark(const QString &resourceVersion, bool initialEventsEnd)
{
    QJsonObject metadata{{QStringLiteral("resourceVersion"), resourceVersion}};
    if (initialEventsEnd)
        metadata.insert(
            QStringLiteral("annotations"),
            QJsonObject{{QStringLiteral("k8s.io/initial-events-end"), QStringLiteral("true")}});
    const QJsonObject pod{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                          {QStringLiteral("kind"), QStringLiteral("Pod")},
                          {QStringLiteral("metadata"), metadata}};
    WatchEvent event;
    event.type = WatchEvent::Type::Bookmark;
    event.object = KubeObject::fromJson(QJsonDocument(pod).toJson(QJsonDocument::Compact)).value();
    return event;
}

WatchEvent makeErrorEvent(int code, const QString &reason, const QString &message)
{
    WatchEvent event;
    event.type = WatchEvent::Type::Error;
    event.status = ApiStatus::failure(code, reason, message);
    return event;
}

ApiError makeStatusError(int code, const QString &reason, const QString &message)
{
    return ApiError::fromStatus(ApiStatus::failure(code, reason, message));
}

ListPage makePage(const QString &resourceVersion, const QList<KubeObject> &items,
                  const QString &continueToken)
{
    ListPage page;
    page.kind = QStringLiteral("PodList");
    page.apiVersion = QStringLiteral("v1");
    page.resourceVersion = resourceVersion;
    page.continueToken = continueToken;
    page.items = items;
    return page;
}

} // namespace informant::test
