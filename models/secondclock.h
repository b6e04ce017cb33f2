#pragma once

// SecondClock: the one "now" that everything on screen counting seconds is
// computed from (ages, "last event 3 s ago", "reconnecting in 4 s"), and one
// tick just after each whole second of the wall clock to refresh them on.
//
// Why: views that each read the wall clock on a 1 s timer of their own showed
// one object's age a second apart ("3s" in the table beside "Age 2s" in the
// details pane; the status bar's "last event 0 s ago" above "1 s ago" in the
// informers panel). Computed from the same instant and refreshed together,
// they agree; between ticks, a repaint shows what the last tick showed.
//
// Threading: instance() and the tick belong to the GUI thread; nowMs() may be
// read anywhere.

#include <QObject>
#include <QTimer>

#include <atomic>

namespace informant {

class SecondClock final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecondClock)

public:
    // The application's clock, made on first use (a child of the
    // application object).
    static SecondClock *instance();

    // The wall clock at the last tick (ms since the epoch), or the start of
    // the current second when its tick is still to come; the wall clock
    // itself while no clock runs (programs without a GUI).
    static qint64 nowMs();

Q_SIGNALS:
    void ticked();

private:
    explicit SecondClock(QObject *parent);
    ~SecondClock() override;
    void tick();
    void scheduleNext(qint64 nowMs);

    QTimer m_timer;
    static std::atomic<qint64> s_tickMs; // 0: no clock
};

} // namespace informant
