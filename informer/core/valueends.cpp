#include "informer/core/valueends.h"

#include <algorithm>
#include <atomic>

namespace informant::detail {

namespace {

std::atomic<bool> g_enabled{true};

} // namespace

void ValueEnds::setEnabled(bool enabled)
{
    g_enabled.store(enabled, std::memory_order_relaxed);
}

bool ValueEnds::enabled()
{
    return g_enabled.load(std::memory_order_relaxed);
}

const char *FrameValueEnds::endOfValue(const char *open, int containerDepth) const
{
    if (containerDepth > ValueEnds::kDepth)
        return nullptr;
    const std::vector<ValueEnds::End> &ends = m_ends.ends();
    const qsizetype offset = open - m_frameBegin;
    auto it =
        std::upper_bound(ends.begin(), ends.end(), offset,
                         [](qsizetype at, const ValueEnds::End &end) { return at < end.offset; });
    // Closes inside the value leave the count above containerDepth; the
    // first that does not is the value's own, if the value is where the
    // caller thinks it is.
    it = std::find_if(it, ends.end(),
                      [&](const ValueEnds::End &end) { return end.depth <= containerDepth; });
    if (it == ends.end() || it->depth != containerDepth)
        return nullptr;
    return m_frameBegin + it->offset;
}

} // namespace informant::detail
