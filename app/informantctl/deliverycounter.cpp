#include "deliverycounter.h"

#include "unchangedupdate.h"

using namespace informant;

namespace informantctl {

Result<void> DeliveryCounter::attachTo(SharedIndexInformer &informer)
{
    ResourceEventHandler handler;
    handler.onAdd = [this](const KubeObject &, bool isInInitialList) {
        if (!isInInitialList)
            record();
    };
    handler.onUpdate = [this](const KubeObject &oldObject, const KubeObject &newObject) {
        if (isUnchangedUpdate(oldObject, newObject))
            m_relistUnchanged.fetch_add(1, std::memory_order_relaxed);
        else
            record();
    };
    handler.onDelete = [this](const Delta &) { record(); };
    auto handle = informer.addEventHandler(std::move(handler));
    if (!handle)
        return handle.error();
    return {};
}

// Handlers of one registration run one at a time, so only the readers race:
// the stamps are stored before the count is published.
void DeliveryCounter::record()
{
    const qint64 now = m_clock.nsecsElapsed();
    if (m_firstNs.load(std::memory_order_relaxed) < 0)
        m_firstNs.store(now, std::memory_order_relaxed);
    m_lastNs.store(now, std::memory_order_relaxed);
    m_count.fetch_add(1, std::memory_order_release);
}

double DeliveryCounter::perSecond() const
{
    const qint64 count = m_count.load(std::memory_order_acquire);
    const qint64 spanNs =
        m_lastNs.load(std::memory_order_relaxed) - m_firstNs.load(std::memory_order_relaxed);
    if (count < 2 || spanNs <= 0)
        return 0.0;
    return double(count - 1) * 1e9 / double(spanNs);
}

} // namespace informantctl
