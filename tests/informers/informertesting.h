#pragma once

// Steps and options the informer tests share: a scripted watch's steps
// (events, a gate the test opens) and an informer set up for a
// FakeListerWatcher (no watch-list, no watchdog, no jitter).

#include "fakelisterwatcher.h"
#include "informer/informers/sharedindexinformer.h"

#include <atomic>
#include <memory>

namespace informant::test {

inline StreamStep eventsStep(QList<WatchEvent> list)
{
    StreamStep step;
    step.events = std::move(list);
    return step;
}

inline StreamStep gateStep(const std::shared_ptr<std::atomic<bool>> &gate)
{
    StreamStep step;
    step.kind = StreamStep::Kind::WaitGate;
    step.gate = gate;
    return step;
}

inline SharedIndexInformerOptions testOptions(std::shared_ptr<Clock> clock = SystemClock::shared())
{
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = false;
    options.reflector.watchdog = false;
    options.reflector.random = [] { return 0.0; };
    options.reflector.clock = std::move(clock);
    return options;
}

} // namespace informant::test
