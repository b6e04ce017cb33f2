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
    // Recorded in the order of the frame's bytes: a close's offset (the byte
    // after it) may equal the next opening's.
    auto it =
        std::lower_bound(ends.begin(), ends.end(), offset,
                         [](const ValueEnds::End &end, qsizetype at) { return end.offset < at; });
    while (it != ends.end() && it->offset == offset && !it->opening)
        ++it;
    if (it == ends.end() || it->offset != offset || !it->opening || it->depth != containerDepth)
        return nullptr;
    // Closes inside the value leave the count above containerDepth; the
    // first that does not is the value's own.
    it = std::find_if(it + 1, ends.end(), [&](const ValueEnds::End &end) {
        return !end.opening && end.depth <= containerDepth;
    });
    if (it == ends.end() || it->depth != containerDepth)
        return nullptr;
    return m_frameBegin + it->offset;
}

} // namespace informant::detail
