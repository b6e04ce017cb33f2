#include "models/countstick.h"

#include <QCoreApplication>

#include <utility>

namespace informant {

CountsTick *CountsTick::instance()
{
    static QPointer<CountsTick> tick;
    if (!tick)
        tick = new CountsTick(QCoreApplication::instance());
    return tick;
}

CountsTick::CountsTick(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &CountsTick::tick);
}

void CountsTick::request(QObject *receiver, std::function<void()> refresh)
{
    // A request left by a receiver since deleted (another object may have
    // its address now) does not stand for the new one's.
    const auto it = m_requests.constFind(receiver);
    if (it == m_requests.cend() || !it->receiver)
        m_requests.insert(receiver, Request{receiver, std::move(refresh)});
    if (!m_timer.isActive())
        m_timer.start();
}

void CountsTick::tick()
{
    // Taken first: a refresh may ask for the next tick.
    const QHash<QObject *, Request> requests = std::exchange(m_requests, {});
    for (const Request &r : requests) {
        if (r.receiver)
            r.refresh();
    }
    Q_EMIT ticked();
}

} // namespace informant
