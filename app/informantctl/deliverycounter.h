#pragma once

// DeliveryCounter: counts the changes an informer hands to its handlers after
// the first sync (the initial list's adds are not counted) and times the
// span from the first to the last of them: the end-to-end rate a consumer
// sees, socket to handler, as a client-node informer's handler counts it.
// Used by `--stats` ("delivered", "delivered_per_s") and `dump --until-events`.
// The updates a relist hands over for objects it read again unchanged (same
// resourceVersion, unchangedupdate.h) are no change: counted apart
// ("relist_unchanged"), so a relist of 10,000 objects does not pass for
// 10,000 changes nor end `dump --until-events` early.

#include "informer/informers/sharedindexinformer.h"

#include <QElapsedTimer>

#include <atomic>

namespace informantctl {

class DeliveryCounter
{
public:
    DeliveryCounter() { m_clock.start(); }

    // Registers the counting handler; false (with the reason) if the
    // informer refused it.
    informant::Result<void> attachTo(informant::SharedIndexInformer &informer);

    qint64 count() const { return m_count.load(std::memory_order_acquire); }
    // The unchanged updates of relists, not in count().
    qint64 relistUnchanged() const { return m_relistUnchanged.load(std::memory_order_relaxed); }
    // Deliveries per second from the first to the last (0 for fewer than 2).
    double perSecond() const;

private:
    void record();

    QElapsedTimer m_clock; // monotonic, started at construction
    std::atomic<qint64> m_count{0};
    std::atomic<qint64> m_relistUnchanged{0};
    std::atomic<qint64> m_firstNs{-1};
    std::atomic<qint64> m_lastNs{-1};
};

} // namespace informantctl
