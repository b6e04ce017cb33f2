#pragma once

// Drives a steady stream of changes at a rate (changes per second) on the
// server thread. Changes are made in batches, one batch per timer tick
// (every 10 ms, sooner when behind), and a batch stops after a few
// milliseconds of work, followed by at least as long for everything else,
// so requests and watch streams keep flowing: at rates the server cannot
// keep up with, the rate achieved is what fits in half of the thread and the
// backlog is dropped after a second instead of starving everything else.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>

namespace informant::sim {

class ChurnLoop final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChurnLoop)

public:
    ChurnLoop(double perSecond, std::function<void()> changeOne, QObject *parent = nullptr);

    void start();
    void setPaused(bool paused);
    double rate() const { return m_rate; }
    quint64 changesMade() const { return m_total; }

private:
    void tick();

    double m_rate;
    std::function<void()> m_changeOne;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_done = 0; // changes made since m_clock started
    quint64 m_total = 0;
    bool m_paused = false;
    bool m_started = false;
};

} // namespace informant::sim
