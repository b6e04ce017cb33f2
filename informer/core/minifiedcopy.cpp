#include "informer/core/minifiedcopy.h"

#include <simdjson.h>

#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace informant::detail {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// True if `[from, to)` holds no JSON whitespace byte at all, inside strings
// or out: then it is already minified. JSON's whitespace bytes are all at
// most 0x20, and JSON allows no byte below 0x20 in a string, so compact JSON
// is cleared 64 bytes per step by one unsigned minimum per 16 bytes (under
// half the instructions of comparing each byte with the four). The first block
// holding a byte <= 0x20 (whitespace, or a control character of malformed
// JSON, which is no whitespace and is copied as it is) and the rest are
// looked at exactly: sixteen bytes per step with SSE2, then eight (SWAR: a
// byte of x ^ c is zero where x has c).
bool hasNoWhitespace(const char *from, const char *to)
{
#if defined(__SSE2__)
    const __m128i highestWhitespace = _mm_set1_epi8(' ');
    for (; to - from >= 64; from += 64) {
        const auto *block = reinterpret_cast<const __m128i *>(from);
        const __m128i lowest =
            _mm_min_epu8(_mm_min_epu8(_mm_loadu_si128(block), _mm_loadu_si128(block + 1)),
                         _mm_min_epu8(_mm_loadu_si128(block + 2), _mm_loadu_si128(block + 3)));
        // min(x, ' ') == x exactly where x <= ' '.
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(lowest, highestWhitespace), lowest)))
            break;
    }
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i newline = _mm_set1_epi8('\n');
    const __m128i ret = _mm_set1_epi8('\r');
    const __m128i tab = _mm_set1_epi8('\t');
    for (; to - from >= 16; from += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(from));
        const __m128i found =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, space), _mm_cmpeq_epi8(bytes, newline)),
                         _mm_or_si128(_mm_cmpeq_epi8(bytes, ret), _mm_cmpeq_epi8(bytes, tab)));
        if (_mm_movemask_epi8(found))
            return false;
    }
#endif
    constexpr quint64 kOnes = 0x0101010101010101ULL;
    constexpr quint64 kHighs = 0x8080808080808080ULL;
    const auto hasZeroByte = [](quint64 v) { return ((v - kOnes) & ~v & kHighs) != 0; };
    while (to - from >= 8) {
        quint64 x;
        std::memcpy(&x, from, 8);
        if (hasZeroByte(x ^ (kOnes * ' ')) || hasZeroByte(x ^ (kOnes * '\n')) ||
            hasZeroByte(x ^ (kOnes * '\r')) || hasZeroByte(x ^ (kOnes * '\t')))
            return false;
        from += 8;
    }
    for (; from < to; ++from) {
        if (isSpace(*from))
            return false;
    }
    return true;
}

} // namespace

bool minifiedCopy(std::string_view raw, std::string_view cut, qsizetype headroom,
                  const CopyWrap &wrap, QByteArray &out)
{
    const char *begin = raw.data();
    const char *end = raw.data() + raw.size();
    // The two pieces kept: [begin, cutBegin) and [cutEnd, end).
    const char *cutBegin = end;
    const char *cutEnd = end;
    if (!cut.empty()) {
        cutBegin = cut.data();
        cutEnd = cut.data() + cut.size();
        // On-Demand does not validate members it skips, so in malformed
        // input the member found may not lie inside the object's range.
        if (cutBegin < begin || cutEnd > end)
            return false;
        const char *before = cutBegin;
        while (before > begin && isSpace(before[-1]))
            --before;
        if (before > begin && before[-1] == ',') {
            cutBegin = before - 1; // drop the preceding comma
        } else {
            const char *after = cutEnd;
            while (after < end && isSpace(*after))
                ++after;
            if (after < end && *after == ',')
                cutEnd = after + 1; // first member: drop the following comma
        }
    }
    // The API server writes compact JSON: then the pieces are copied as they
    // are, straight into the stored bytes (simdjson's minifier, through the
    // scratch buffer, took a fifth of a watch's decoding time for nothing).
    const qsizetype lead = qsizetype(wrap.lead.size());
    const qsizetype trail = qsizetype(wrap.trail.size());
    const auto allocate = [&](qsizetype copied) {
        out = QByteArray(headroom + lead + copied + trail, Qt::Uninitialized);
        char *const to = out.data() + headroom;
        if (lead > 0)
            std::memcpy(to, wrap.lead.data(), size_t(lead));
        if (trail > 0)
            std::memcpy(to + lead + copied, wrap.trail.data(), size_t(trail));
        return to + lead;
    };
    if (hasNoWhitespace(begin, cutBegin) && hasNoWhitespace(cutEnd, end)) {
        char *const to = allocate((cutBegin - begin) + (end - cutEnd));
        std::memcpy(to, begin, size_t(cutBegin - begin));
        std::memcpy(to + (cutBegin - begin), cutEnd, size_t(end - cutEnd));
        out.remove(0, headroom);
        return true;
    }
    thread_local std::vector<char> scratch;
    if (scratch.size() < raw.size())
        scratch.resize(raw.size() + raw.size() / 4);
    size_t written = 0;
    const auto append = [&](const char *from, const char *to) {
        if (from == to)
            return true;
        size_t length = 0;
        if (simdjson::minify(from, size_t(to - from), scratch.data() + written, length) !=
            simdjson::SUCCESS)
            return false;
        written += length;
        return true;
    };
    if (!append(begin, cutBegin) || !append(cutEnd, end))
        return false;
    std::memcpy(allocate(qsizetype(written)), scratch.data(), written);
    out.remove(0, headroom);
    return true;
}

} // namespace informant::detail
