#include "informer/core/decodethreads.h"

#include <QList>
#include <QRunnable>
#include <QScopeGuard>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>

#include <exception>
#include <memory>
#include <vector>

namespace informant::DecodeThreads {

QThreadPool &pool()
{
    static QThreadPool *const shared = [] {
        auto *threads = new QThreadPool; // leaked: decoding may run during exit
        threads->setObjectName(QStringLiteral("informant-decode"));
        threads->setMaxThreadCount(qMax(1, QThread::idealThreadCount() - 1));
        return threads;
    }();
    return *shared;
}

int perStream()
{
    static const int threads = [] {
        bool set = false;
        const int fromEnvironment = qEnvironmentVariableIntValue("INFORMANT_DECODE_THREADS", &set);
        if (set && fromEnvironment >= 1)
            return fromEnvironment;
        return qMax(1, QThread::idealThreadCount());
    }();
    return threads;
}

namespace {

// One part for the pool, owned by runParts (so tryTake can hand it back).
class PartRunnable final : public QRunnable
{
public:
    PartRunnable(const std::function<void(int)> &work, int part, std::shared_ptr<QSemaphore> done)
        : m_work(work)
        , m_part(part)
        , m_done(std::move(done))
    {
        setAutoDelete(false);
    }
    void run() override
    {
        // release() still touches the semaphore (the futex wake) after the
        // waiter may have seen the token, returned and destroyed this
        // runnable: a reference of our own keeps the semaphore alive. A
        // part that throws is done too, or its waiter would wait forever.
        const std::shared_ptr<QSemaphore> done = m_done;
        const auto release = qScopeGuard([&done] { done->release(); });
        m_work(m_part);
    }

private:
    const std::function<void(int)> &m_work;
    const int m_part;
    const std::shared_ptr<QSemaphore> m_done;
};

} // namespace

void runParts(int parts, const std::function<void(int part)> &work)
{
    QThreadPool &threads = pool();
    const auto done = std::make_shared<QSemaphore>();
    std::vector<std::unique_ptr<PartRunnable>> others;
    for (int part = 1; part < parts; ++part) {
        others.push_back(std::make_unique<PartRunnable>(work, part, done));
        threads.start(others.back().get());
    }
    // The parts on the pool refer to `work` and to their runnables, both
    // gone once this returns: a part that throws here (bad_alloc, say) is
    // rethrown only after every other part has finished.
    std::exception_ptr failure;
    const auto runHere = [&failure](const auto &run) {
        try {
            run();
        } catch (...) {
            if (!failure)
                failure = std::current_exception();
        }
    };
    if (parts > 0)
        runHere([&] { work(0); });
    for (const auto &part : others) {
        if (threads.tryTake(part.get()))
            runHere([&] { part->run(); });
    }
    done->acquire(int(others.size()));
    if (failure)
        std::rethrow_exception(failure);
}

QList<qsizetype> splitBySize(qsizetype count, int threads, qsizetype minBytes,
                             const std::function<qsizetype(qsizetype)> &size)
{
    qsizetype total = 0;
    for (qsizetype i = 0; i < count; ++i)
        total += size(i);
    const qsizetype groups =
        qBound<qsizetype>(1, qMin<qsizetype>(threads, total / minBytes), count);
    QList<qsizetype> starts{0};
    qsizetype bytes = 0;
    for (qsizetype i = 0; i < count && starts.size() < groups; ++i) {
        bytes += size(i);
        if (bytes >= total * starts.size() / groups && i + 1 < count)
            starts.append(i + 1);
    }
    starts.append(count);
    return starts;
}

} // namespace informant::DecodeThreads
