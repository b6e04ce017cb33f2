#include "sim/scenarios/churnloop.h"

namespace informant::sim {

namespace {
constexpr int kTickMs = 10;
constexpr qint64 kTickBudgetMs = 4;
constexpr int kChangesBetweenClockChecks = 16;
} // namespace

ChurnLoop::ChurnLoop(double perSecond, std::function<void()> changeOne, QObject *parent)
    : QObject(parent)
    , m_rate(perSecond)
    , m_changeOne(std::move(changeOne))
{
    connect(&m_timer, &QTimer::timeout, this, &ChurnLoop::tick);
}

void ChurnLoop::start()
{
    m_started = true;
    if (m_rate <= 0 || m_paused)
        return;
    m_done = 0;
    m_clock.start();
    m_timer.start(kTickMs);
}

void ChurnLoop::setPaused(bool paused)
{
    m_paused = paused;
    if (paused)
        m_timer.stop();
    else if (m_started && !m_timer.isActive())
        start();
}

void ChurnLoop::tick()
{
    QElapsedTimer budget;
    budget.start();
    const double due = m_rate * double(m_clock.elapsed()) / 1000.0;
    const qint64 count = qint64(due - m_done);
    qint64 done = 0;
    while (done < count) {
        m_changeOne();
        ++done;
        if (done % kChangesBetweenClockChecks == 0 && budget.elapsed() >= kTickBudgetMs)
            break;
    }
    m_done += double(done);
    m_total += quint64(done);
    if (due - m_done > m_rate)
        m_done = due - m_rate; // more than a second behind: drop the backlog
    // Behind: come back sooner than a full tick, but after as long as this
    // batch took, so requests and watch streams keep at least half of the
    // server thread whatever the rate asked for.
    m_timer.setInterval(done < count ? int(std::min<qint64>(budget.elapsed(), kTickMs)) : kTickMs);
}

} // namespace informant::sim
