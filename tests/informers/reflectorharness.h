#pragma once

// The reflector tests' shared harness: one reflector on a FakeClock over a
// FakeListerWatcher, with the request strings the reference's traces use.

#include "fakelisterwatcher.h"
#include "informer/informers/informerstatustracker.h"
#include "informer/informers/reflector.h"
#include "recordingstore.h"

#include <QTest>

#include <thread>

namespace informant::test {

inline const QString kInitialList = QStringLiteral("list limit=500&resourceVersion=0");
inline const QString kStreamingWatch = QStringLiteral(
    "watch allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true"
    "&timeoutSeconds=300&watch=true");

inline QString watchAt(const QString &rv)
{
    return QStringLiteral("watch allowWatchBookmarks=true&resourceVersion=%1&timeoutSeconds=300"
                          "&watch=true")
        .arg(rv);
}

inline StreamStep events(QList<WatchEvent> list)
{
    StreamStep step;
    step.kind = StreamStep::Kind::Events;
    step.events = std::move(list);
    return step;
}

inline StreamStep stepOf(StreamStep::Kind kind, qint64 advanceMs = 0)
{
    StreamStep step;
    step.kind = kind;
    step.advanceMs = advanceMs;
    return step;
}

// One reflector on a fake clock with deterministic randomness (timeouts of
// 300 s, no jitter), run on its own thread.
struct Harness
{
    std::shared_ptr<FakeClock> clock = std::make_shared<FakeClock>();
    std::shared_ptr<FakeListerWatcher> lw = std::make_shared<FakeListerWatcher>(clock.get());
    RecordingStore store;
    InformerStatusTracker status{clock};
    ReflectorOptions options;
    std::unique_ptr<Reflector> reflector;
    std::thread thread;
    QList<ApiError> handledErrors;

    Harness()
    {
        options.clock = clock;
        options.random = [] { return 0.0; };
        options.useWatchList = false;
        options.watchdog = false;
    }
    void start()
    {
        reflector = std::make_unique<Reflector>(lw, store, options);
        reflector->setStatusTracker(&status);
        reflector->setWatchErrorHandler([this](const ApiError &e) { handledErrors.append(e); });
        thread = std::thread([this] { reflector->run(); });
    }
    // Waits for n requests, then stops and joins.
    bool finish(qsizetype n)
    {
        const bool reached = lw->waitForRequests(n);
        if (!reached)
            qWarning() << "requests so far:" << lw->requests();
        reflector->stop();
        thread.join();
        return reached;
    }
    ~Harness()
    {
        if (thread.joinable()) {
            reflector->stop();
            thread.join();
        }
    }
};

} // namespace informant::test
