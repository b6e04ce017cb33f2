#include "informer/informers/backoff.h"

#include <QRandomGenerator>

namespace informant {

double defaultRandom()
{
    return QRandomGenerator::global()->generateDouble();
}

Backoff::Backoff(std::shared_ptr<Clock> clock, BackoffParameters parameters,
                 std::function<double()> random)
    : m_clock(std::move(clock))
    , m_parameters(parameters)
    , m_random(random ? std::move(random) : std::function<double()>(defaultRandom))
{
    reset();
}

void Backoff::reset()
{
    m_durationMs = m_parameters.initialMs;
    m_steps = m_parameters.steps;
    m_lastResetMs = m_clock->nowMs();
}

qint64 Backoff::nextDelayMs()
{
    // DelayWithReset: the timer restarts at each reset, so the state goes back
    // to the initial delay every resetInterval regardless of how it was used;
    // only once more than resetInterval has passed (backoffManager.Step's ">").
    if (m_parameters.resetIntervalMs > 0 &&
        m_clock->nowMs() - m_lastResetMs > m_parameters.resetIntervalMs)
        reset();

    qint64 duration = m_durationMs;
    if (m_steps >= 1) {
        --m_steps;
        if (m_parameters.factor != 0) {
            m_durationMs = qint64(double(m_durationMs) * m_parameters.factor);
            if (m_parameters.capMs > 0 && m_durationMs > m_parameters.capMs) {
                m_durationMs = m_parameters.capMs;
                m_steps = 0;
            }
        }
    }
    if (m_parameters.jitter > 0)
        duration += qint64(m_random() * m_parameters.jitter * double(duration));
    return duration;
}

} // namespace informant
