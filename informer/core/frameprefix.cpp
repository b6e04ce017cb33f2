#include "informer/core/frameprefix.h"

#include "informer/core/jsonutil.h"

#include <atomic>
#include <cstddef>
#include <cstring>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace informant::detail {

namespace {

constexpr std::string_view kManagedFields = R"(,"managedFields":[)";
// Closes the copy: an empty managedFields, then metadata, the object and the frame.
constexpr std::string_view kStandIn = R"("managedFields":[]}}})";

std::atomic<bool> g_enabled{true};

std::vector<char> &copyBuffer()
{
    thread_local std::vector<char> buffer;
    return buffer;
}

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// True when no byte of [from, to) is below 0x20 or above 0x7f.
bool isPrintableAscii(const char *from, const char *to)
{
#if defined(__SSE2__)
    // A signed compare: bytes from 0x80 are negative, so one compare finds
    // them and the control bytes; 64 bytes a step, one branch.
    const __m128i limit = _mm_set1_epi8(0x20);
    const auto below = [&](const char *at) {
        return _mm_cmplt_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(at)), limit);
    };
    for (; to - from >= 64; from += 64) {
        const __m128i any = _mm_or_si128(_mm_or_si128(below(from), below(from + 16)),
                                         _mm_or_si128(below(from + 32), below(from + 48)));
        if (_mm_movemask_epi8(any))
            return false;
    }
    for (; to - from >= 16; from += 16) {
        if (_mm_movemask_epi8(below(from)))
            return false;
    }
#endif
    for (; from < to; ++from) {
        if (static_cast<unsigned char>(*from) < 0x20 || static_cast<unsigned char>(*from) > 0x7f)
            return false;
    }
    return true;
}

// The first `,"managedFields":[` in [from, to). memchr (vectorised in libc)
// for its 'F', rare in the bytes before it, then a compare: a quarter of
// memmem's time here.
const char *findManagedFields(const char *from, const char *to)
{
    constexpr std::ptrdiff_t kBeforeF = std::ptrdiff_t(std::string_view(R"(,"managed)").size());
    const std::ptrdiff_t after = std::ptrdiff_t(kManagedFields.size()) - kBeforeF;
    for (const char *at = from + kBeforeF; to - at >= after;) {
        const auto *f = static_cast<const char *>(memchr(at, 'F', size_t(to - at - after + 1)));
        if (!f)
            return nullptr;
        if (memcmp(f - kBeforeF, kManagedFields.data(), kManagedFields.size()) == 0)
            return f - kBeforeF;
        at = f + 1;
    }
    return nullptr;
}

} // namespace

bool isTextWithoutControlBytes(const char *from, const char *to)
{
    if (isPrintableAscii(from, to))
        return true;
    for (const char *at = from; at < to; ++at) {
        if (static_cast<unsigned char>(*at) < 0x20)
            return false;
    }
    return simdjson::validate_utf8(from, size_t(to - from));
}

void FramePrefix::setEnabled(bool enabled)
{
    g_enabled.store(enabled, std::memory_order_relaxed);
}

std::optional<FramePrefix> FramePrefix::cut(simdjson::padded_string_view frame)
{
    if (!g_enabled.load(std::memory_order_relaxed))
        return std::nullopt;
    const char *begin = frame.data();
    const char *end = begin + frame.size();
    // simdjson refuses a root object whose last bracket is not its '}' (the
    // bracket count takes ']' for one); the copy always ends with a '}'.
    const char *last = end;
    while (last > begin && isJsonSpace(last[-1]))
        --last;
    if (last == begin || last[-1] != '}')
        return std::nullopt;
    const char *found = findManagedFields(begin, end);
    if (!found)
        return std::nullopt;
    const char *key = found + 1; // after the comma
    if (!isTextWithoutControlBytes(key, end))
        return std::nullopt;

    const size_t kept = size_t(key - begin);
    const size_t length = kept + kStandIn.size();
    std::vector<char> &buffer = copyBuffer();
    const size_t needed = length + simdjson::SIMDJSON_PADDING;
    if (buffer.size() > kKeepScratchBytes && needed <= kKeepScratchBytes)
        std::vector<char>().swap(buffer); // a huge frame's copy is not kept for good
    if (buffer.size() < needed)
        buffer.resize(needed + needed / 4);
    memcpy(buffer.data(), begin, kept);
    memcpy(buffer.data() + kept, kStandIn.data(), kStandIn.size());
    memset(buffer.data() + length, 0, simdjson::SIMDJSON_PADDING);

    FramePrefix prefix;
    prefix.m_copy = simdjson::padded_string_view(buffer.data(), length, buffer.size());
    prefix.m_standInKey = buffer.data() + kept;
    prefix.m_frame = begin;
    prefix.m_frameEnd = end;
    return prefix;
}

} // namespace informant::detail
