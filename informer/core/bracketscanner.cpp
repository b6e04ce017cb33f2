#include "informer/core/bracketscanner.h"

#include <atomic>

#if defined(__x86_64__)
#include <immintrin.h>
#define INFORMANT_BRACKETS_AVX2 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace informant::detail {

namespace {

constexpr qsizetype kBlockBytes = 64;

// One bit per byte of a 64-byte block, bit i for byte i.
struct BlockBits
{
    quint64 quote = 0;
    quint64 backslash = 0;
    quint64 open = 0;  // '{' or '['
    quint64 close = 0; // '}' or ']'
};

// '[' | 0x20 is '{' and ']' | 0x20 is '}', and no other byte maps there:
// one compare finds both kinds of opening, one both kinds of closing.
constexpr char kCaseBit = 0x20;

// The portable instruction set: SSE2 where there is one (every x86-64),
// otherwise a byte loop.
struct Baseline
{
    static BlockBits classify(const char *block)
    {
        BlockBits bits;
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        const __m128i open = _mm_set1_epi8('{');
        const __m128i close = _mm_set1_epi8('}');
        const __m128i caseBit = _mm_set1_epi8(kCaseBit);
        for (int part = 0; part < 4; ++part) {
            const __m128i bytes =
                _mm_loadu_si128(reinterpret_cast<const __m128i *>(block + 16 * part));
            const __m128i folded = _mm_or_si128(bytes, caseBit);
            const auto bitsOf = [&](__m128i equal) {
                return quint64(quint32(_mm_movemask_epi8(equal))) << (16 * part);
            };
            bits.quote |= bitsOf(_mm_cmpeq_epi8(bytes, quote));
            bits.backslash |= bitsOf(_mm_cmpeq_epi8(bytes, backslash));
            bits.open |= bitsOf(_mm_cmpeq_epi8(folded, open));
            bits.close |= bitsOf(_mm_cmpeq_epi8(folded, close));
        }
#else
        for (int i = 0; i < kBlockBytes; ++i) {
            const quint64 bit = quint64(1) << i;
            const char c = block[i];
            const char folded = char(c | kCaseBit);
            bits.quote |= c == '"' ? bit : 0;
            bits.backslash |= c == '\\' ? bit : 0;
            bits.open |= folded == '{' ? bit : 0;
            bits.close |= folded == '}' ? bit : 0;
        }
#endif
        return bits;
    }

    // Bit i set when an odd number of bits 0..i are.
    static quint64 prefixXor(quint64 bits)
    {
        bits ^= bits << 1;
        bits ^= bits << 2;
        bits ^= bits << 4;
        bits ^= bits << 8;
        bits ^= bits << 16;
        bits ^= bits << 32;
        return bits;
    }

    // Without -mpopcnt the builtin is a library call.
    static int countBits(quint64 bits)
    {
        bits = bits - ((bits >> 1) & 0x5555555555555555ULL);
        bits = (bits & 0x3333333333333333ULL) + ((bits >> 2) & 0x3333333333333333ULL);
        bits = (bits + (bits >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
        return int((bits * 0x0101010101010101ULL) >> 56);
    }
};

#if defined(INFORMANT_BRACKETS_AVX2)
// Chosen at run time: 32 bytes per compare, a carry-less multiply for the
// prefix XOR and the popcnt instruction (as simdjson's haswell kernel).
#define INFORMANT_TARGET_AVX2 __attribute__((target("avx2,pclmul,popcnt")))
struct Avx2
{
    INFORMANT_TARGET_AVX2 static quint64 bitsOf(__m256i lowEqual, __m256i highEqual)
    {
        return quint64(quint32(_mm256_movemask_epi8(lowEqual))) |
               quint64(quint32(_mm256_movemask_epi8(highEqual))) << 32;
    }

    INFORMANT_TARGET_AVX2 static BlockBits classify(const char *block)
    {
        const __m256i quote = _mm256_set1_epi8('"');
        const __m256i backslash = _mm256_set1_epi8('\\');
        const __m256i open = _mm256_set1_epi8('{');
        const __m256i close = _mm256_set1_epi8('}');
        const __m256i caseBit = _mm256_set1_epi8(kCaseBit);
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(block));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(block + 32));
        const __m256i lowFolded = _mm256_or_si256(low, caseBit);
        const __m256i highFolded = _mm256_or_si256(high, caseBit);
        BlockBits bits;
        bits.quote = bitsOf(_mm256_cmpeq_epi8(low, quote), _mm256_cmpeq_epi8(high, quote));
        bits.backslash =
            bitsOf(_mm256_cmpeq_epi8(low, backslash), _mm256_cmpeq_epi8(high, backslash));
        bits.open = bitsOf(_mm256_cmpeq_epi8(lowFolded, open), _mm256_cmpeq_epi8(highFolded, open));
        bits.close =
            bitsOf(_mm256_cmpeq_epi8(lowFolded, close), _mm256_cmpeq_epi8(highFolded, close));
        return bits;
    }

    INFORMANT_TARGET_AVX2 static quint64 prefixXor(quint64 bits)
    {
        const __m128i all = _mm_set1_epi8(char(0xff));
        return quint64(
            _mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, qint64(bits)), all, 0)));
    }

    INFORMANT_TARGET_AVX2 static int countBits(quint64 bits) { return int(_mm_popcnt_u64(bits)); }
};

bool haveAvx2()
{
    static const bool have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") &&
                             __builtin_cpu_supports("popcnt");
    return have;
}
#endif

std::atomic<bool> g_baselineOnly{false};

// The bytes escaped by a backslash, taking every backslash as an escape:
// each run of backslashes escapes the byte after it when the run is odd.
// `carry` is true when the block's first byte is escaped, and is set for the
// next block. (The method of simdjson's stage 1.)
inline quint64 escapedBytes(quint64 backslash, bool &carry)
{
    if (!backslash && !carry)
        return 0;
    constexpr quint64 kEvenBits = 0x5555555555555555ULL;
    const quint64 carried = carry ? 1 : 0;
    backslash &= ~carried; // an escaped backslash escapes nothing
    const quint64 followsEscape = backslash << 1 | carried;
    // Runs starting on an odd bit: adding them to the backslashes carries
    // each to just past its run's end.
    const quint64 oddStarts = backslash & ~kEvenBits & ~followsEscape;
    quint64 sequencesStartingOnEvenBits = 0;
    carry = __builtin_add_overflow(oddStarts, backslash, &sequencesStartingOnEvenBits);
    const quint64 invertMask = sequencesStartingOnEvenBits << 1;
    return (kEvenBits ^ invertMask) & followsEscape;
}

// Where shallow closes are recorded (valueends.h): `ends`, at offset
// `offset + index` for a byte at `index` of the chunk.
struct Recording
{
    ValueEnds *ends = nullptr;
    qsizetype offset = 0;

    // The count below which a block is walked bit by bit.
    qint64 walkDepth() const { return ends ? ValueEnds::kDepth : 0; }
    void opened(qsizetype index, qint64 depthBefore) const
    {
        if (ends && depthBefore <= ValueEnds::kDepth)
            ends->recordOpening(offset + index, depthBefore);
    }
    void closed(qsizetype index, qint64 depth) const
    {
        if (ends && depth <= ValueEnds::kDepth)
            ends->recordClose(offset + index + 1, depth);
    }
};

// The blocks of [from, size) with instruction set `Isa`: returns the index
// after the closing bracket, or the index of the first byte not scanned (a
// block the byte loop must read, or the tail shorter than a block).
template<typename Isa>
[[gnu::always_inline]] inline qsizetype scanBlocks(BracketState &state, const char *data,
                                                   qsizetype from, qsizetype size, bool &found,
                                                   const Recording &recording)
{
    found = false;
    const qint64 walkDepth = recording.walkDepth();
    qsizetype at = from;
    for (; size - at >= kBlockBytes; at += kBlockBytes) {
        const BlockBits bits = Isa::classify(data + at);
        bool escapeCarry = state.escaped;
        const quint64 escaped = escapedBytes(bits.backslash, escapeCarry);
        // From a string's opening quote up to, not including, its closing one.
        const quint64 inString =
            Isa::prefixXor(bits.quote & ~escaped) ^ (state.inString ? ~quint64(0) : 0);
        // A backslash outside a string escapes nothing, but the bits above
        // took it for an escape: the byte loop reads this block.
        if (bits.backslash & ~inString)
            return at;
        const quint64 open = bits.open & ~inString;
        const quint64 close = bits.close & ~inString;
        const int closes = Isa::countBits(close);
        // The count cannot fall that far here: at most by the closes, and
        // not by those right after an opening (a `{}` of managedFields).
        if (state.depth - closes > walkDepth ||
            (walkDepth > 0 &&
             state.depth - closes + Isa::countBits(open & close >> 1) > walkDepth)) {
            state.depth += Isa::countBits(open) - closes;
        } else {
            // Each close in turn (and each opening, when recording), the
            // count from the brackets before it.
            const quint64 walked = recording.ends ? (open | close) : close;
            for (quint64 brackets = walked; brackets; brackets &= brackets - 1) {
                const int bit = __builtin_ctzll(brackets);
                const quint64 before = (quint64(1) << bit) - 1;
                const qint64 depthBefore =
                    state.depth + Isa::countBits(open & before) - Isa::countBits(close & before);
                if (open >> bit & 1) {
                    recording.opened(at + bit, depthBefore);
                    continue;
                }
                const qint64 depth = depthBefore - 1;
                recording.closed(at + bit, depth);
                if (depth == 0) { // outside a string: no escape carried
                    state.depth = 0;
                    state.inString = false;
                    state.escaped = false;
                    found = true;
                    return at + bit + 1;
                }
            }
            state.depth += Isa::countBits(open) - closes;
        }
        state.inString = inString >> 63;
        state.escaped = escapeCarry;
    }
    return at;
}

qsizetype scanBlocksBaseline(BracketState &state, const char *data, qsizetype from, qsizetype size,
                             bool &found, const Recording &recording)
{
    return scanBlocks<Baseline>(state, data, from, size, found, recording);
}

#if defined(INFORMANT_BRACKETS_AVX2)
INFORMANT_TARGET_AVX2 qsizetype scanBlocksAvx2(BracketState &state, const char *data,
                                               qsizetype from, qsizetype size, bool &found,
                                               const Recording &recording)
{
    return scanBlocks<Avx2>(state, data, from, size, found, recording);
}
#endif

} // namespace

void BracketScanner::setKernel(Kernel kernel)
{
    g_baselineOnly.store(kernel == Kernel::Baseline, std::memory_order_relaxed);
}

qsizetype BracketScanner::findEnd(const char *data, qsizetype from, qsizetype size)
{
    return findEnd(data, from, size, nullptr, 0);
}

qsizetype BracketScanner::findEnd(const char *data, qsizetype from, qsizetype size, ValueEnds *ends,
                                  qsizetype offsetOfData)
{
    const Recording recording{ends, offsetOfData};
    qsizetype at = from;
    while (at < size) {
        bool found = false;
#if defined(INFORMANT_BRACKETS_AVX2)
        at = haveAvx2() && !g_baselineOnly.load(std::memory_order_relaxed)
                 ? scanBlocksAvx2(m_state, data, at, size, found, recording)
                 : scanBlocksBaseline(m_state, data, at, size, found, recording);
#else
        at = scanBlocksBaseline(m_state, data, at, size, found, recording);
#endif
        if (found)
            return at;
        // A block with a backslash outside a string, or the tail.
        const qsizetype to = qMin(size, at + kBlockBytes);
        const qsizetype end = scanBytes(data, at, to, ends, offsetOfData);
        if (end >= 0)
            return end;
        at = to;
    }
    return -1;
}

qsizetype BracketScanner::scanBytes(const char *data, qsizetype from, qsizetype to, ValueEnds *ends,
                                    qsizetype offsetOfData)
{
    const Recording recording{ends, offsetOfData};
    BracketState &s = m_state;
    for (qsizetype i = from; i < to; ++i) {
        const char c = data[i];
        if (s.inString) {
            if (s.escaped)
                s.escaped = false;
            else if (c == '\\')
                s.escaped = true;
            else if (c == '"')
                s.inString = false;
        } else if (c == '"') {
            s.inString = true;
        } else if (c == '\\') {
            m_sawBackslashOutsideString = true;
        } else if (c == '{' || c == '[') {
            recording.opened(i, s.depth++);
        } else if (c == '}' || c == ']') {
            recording.closed(i, --s.depth);
            if (s.depth == 0)
                return i + 1;
        }
    }
    return -1;
}

} // namespace informant::detail
