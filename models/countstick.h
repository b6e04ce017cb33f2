#pragma once

// CountsTick: the one moment the counts on screen are refreshed at while
// caches change — the table's header ("10,123 of 99,999"), the filter
// pane's facet counts and the kind tree's counts (with the status bar's).
// Whoever has something to recount asks for the next tick; every request
// made before it is served in that tick, in one turn of the event loop.
//
// Why: on timers of their own (250 ms, 500 ms and 1 s) the three disagreed
// during a rollout: the header counted the new pods while the tree and the
// namespace facet still gave the old numbers, for up to a second. The
// interval is the facets' 500 ms, so the GUI thread does no more than
// before at 100k pods: the header's new text (a relayout of its bar, 6.6 %
// of the GUI thread when it was set on every batch) comes half as often as
// at 250 ms, the facets recount (off the GUI thread) as often as before, and
// the tree's counts, one size() and status() per informer, twice as often.
//
// No request, no tick: an idle window is not woken. GUI thread.

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace informant {

class CountsTick final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountsTick)

public:
    static constexpr int kIntervalMs = 500;

    // The application's tick, made on first use (a child of the application
    // object).
    static CountsTick *instance();

    // Calls `refresh` at the next tick, at most kIntervalMs from the first
    // request after the last tick. One refresh per `receiver` and tick: the
    // first request of a receiver stands until then. Skipped when `receiver`
    // is gone by then.
    void request(QObject *receiver, std::function<void()> refresh);

Q_SIGNALS:
    // After the refreshes of the tick.
    void ticked();

private:
    explicit CountsTick(QObject *parent);
    void tick();

    struct Request
    {
        QPointer<QObject> receiver;
        std::function<void()> refresh;
    };
    QTimer m_timer;
    QHash<QObject *, Request> m_requests;
};

} // namespace informant
