#pragma once

// Test doubles for the reflector conformance tests: a FakeClock whose time
// moves only when the code under test sleeps (or the test advances it), and a
// FakeListerWatcher that records every request's options and answers from a
// script. When the script runs out, list()/watch() and open streams block
// until cancel()/stop(), so a test waits for N requests and then stops.

#include "informer/cache/listerwatcher.h"
#include "informer/informers/clock.h"

#include <QStringList>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <variant>

namespace informant::test {

class FakeClock final : public Clock
{
public:
    qint64 nowMs() const override { return m_now.load(); }
    qint64 wallMs() const override { return 1'700'000'000'000 + m_now.load(); }
    bool sleep(StopSignal &stop, qint64 ms) override;
    bool waitUntil(StopSignal &stop, qint64 deadlineMs) override;
    void advance(qint64 ms) { m_now.fetch_add(ms); }
    QList<qint64> sleeps() const;

private:
    std::atomic<qint64> m_now{1'000'000};
    mutable std::mutex m_mutex;
    QList<qint64> m_sleeps;
};

// One step of a scripted watch stream.
struct StreamStep
{
    // TransportError: the connection is reset (an EOF); TlsError: a failure
    // that is no EOF (client-go reports it as a 500 InternalError).
    enum class Kind {
        Events,
        Close,
        TransportError,
        TlsError,
        DecodeError,
        AdvanceClock,
        Block,
        WaitGate
    };
    Kind kind = Kind::Events;
    QList<WatchEvent> events;
    qint64 advanceMs = 0;
    // WaitGate: the stream waits until the test sets the gate (or stop()).
    std::shared_ptr<std::atomic<bool>> gate;
};

class FakeWatchStream final : public WatchStream
{
public:
    FakeWatchStream(QList<StreamStep> steps, FakeClock *clock, bool blockAtEnd,
                    std::shared_ptr<std::atomic<bool>> stoppedFlag);
    Next next(QList<WatchEvent> &out) override;
    ApiError error() const override { return m_error; }
    void stop() override;
    qint64 bytesReceived() const override { return m_bytes.load(); }

private:
    std::shared_ptr<std::atomic<bool>> m_stoppedFlag;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<StreamStep> m_steps;
    FakeClock *m_clock;
    bool m_blockAtEnd;
    bool m_stopped = false;
    ApiError m_error;
    std::atomic<qint64> m_bytes{0};
};

class FakeListerWatcher final : public ListerWatcher
{
public:
    explicit FakeListerWatcher(FakeClock *clock = nullptr)
        : m_clock(clock)
    {
    }

    // Scripted answers, consumed in order.
    void addList(ApiResult<ListPage> page);
    void addWatch(ApiError error);
    // blockAtEnd: after the last step the stream stays open until stopped;
    // otherwise it closes normally.
    void addWatch(QList<StreamStep> steps, bool blockAtEnd = true);
    void setSupportsWatchList(bool supported) { m_supportsWatchList = supported; }

    ApiResult<ListPage> list(const ListOptions &options) override;
    ApiResult<std::unique_ptr<WatchStream>> watch(const ListOptions &options) override;
    void cancel() override;
    bool supportsWatchList() const override { return m_supportsWatchList; }

    // "list limit=500&resourceVersion=0", "watch allowWatchBookmarks=true&..."
    QStringList requests() const;
    // Waits (real time, up to timeoutMs) until at least n requests were made.
    bool waitForRequests(qsizetype n, int timeoutMs = 5000) const;
    // Streams handed out so far, and whether each was stopped (the streams
    // themselves belong to the reflector and may be gone).
    qsizetype streamCount() const;
    bool streamStopped(qsizetype index) const;

private:
    using WatchAnswer = std::variant<ApiError, std::pair<QList<StreamStep>, bool>>;
    void record(const QString &request);
    // Blocks until cancelled; returns the Cancelled error.
    ApiError blockUntilCancelled(std::unique_lock<std::mutex> &lock);

    FakeClock *m_clock;
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_cv;
    std::deque<ApiResult<ListPage>> m_lists;
    std::deque<WatchAnswer> m_watches;
    QStringList m_requests;
    QList<std::shared_ptr<std::atomic<bool>>> m_streamStopped;
    bool m_cancelled = false;
    bool m_supportsWatchList = false;
};

// Helpers to build objects and events.
KubeObject makePod(const QString &name, const QString &resourceVersion,
                   const QString &ns = QStringLiteral("ns"), const QString &uid = {});
WatchEvent makeEvent(WatchEvent::Type type, const KubeObject &object);
WatchEvent makeBookmark(const QString &resourceVersion, bool initialEventsEnd = false);
WatchEvent makeErrorEvent(int code, const QString &reason, const QString &message = {});
ApiError makeStatusError(int code, const QString &reason, const QString &message = {});
ListPage makePage(const QString &resourceVersion, const QList<KubeObject> &items,
                  const QString &continueToken = {});

} // namespace informant::test
