#pragma once

// Backoff: the reflector's retry delays, as client-go master's
// wait.Backoff{Duration: 800ms, Factor: 2, Jitter: 1, Cap: 30s, Steps: 38}
// behind Backoff.DelayWithReset(clock, 2 min) (reference §2.2).
//
// Base delays 0.8, 1.6, 3.2, 6.4, 12.8, 25.6 s, then 30 s forever; each wait
// is base + U[0,1)·base. The state goes back to 0.8 s once more than 2
// minutes have passed since the last reset. One instance is shared by the run loop and the
// in-watch retries (connection refused, 429). Not thread-safe: used by the
// reflector thread only.

#include "informer/informers/clock.h"

#include <functional>
#include <memory>

namespace informant {

struct BackoffParameters
{
    qint64 initialMs = 800;
    double factor = 2.0;
    double jitter = 1.0;
    qint64 capMs = 30000;
    int steps = 38; // ceil(30 s / 800 ms)
    qint64 resetIntervalMs = 120000;
};

class Backoff
{
public:
    // `random` returns U[0,1); it defaults to QRandomGenerator::global().
    Backoff(std::shared_ptr<Clock> clock, BackoffParameters parameters = {},
            std::function<double()> random = {});

    // The next delay in milliseconds (jittered), advancing the state.
    qint64 nextDelayMs();
    // The un-jittered base the next call will use (for tests and status).
    qint64 currentBaseMs() const { return m_durationMs; }

private:
    void reset();

    std::shared_ptr<Clock> m_clock;
    BackoffParameters m_parameters;
    std::function<double()> m_random;
    qint64 m_durationMs = 0;
    int m_steps = 0;
    qint64 m_lastResetMs = 0;
};

// U[0,1) from QRandomGenerator::global() (thread-safe).
double defaultRandom();

} // namespace informant
