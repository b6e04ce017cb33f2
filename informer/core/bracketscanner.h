#pragma once

// Internal to informer-core: finds where a JSON object or array ends by
// counting brackets outside strings, over input that arrives in chunks split
// anywhere. It is the exact rule the watch decoder uses to cut a stream into
// frames: a quote opens or closes a string, a backslash inside a string
// escapes the next byte, a backslash outside one is an ordinary byte, and the
// value ends at the bracket that brings the count back to zero. Nothing else
// is checked (simdjson validates the frame once it is cut).
//
// Why: the watch decoder used to find a frame on a line of its own with
// memchr and then have simdjson skip over the whole line once before
// decoding it, to check the line was exactly one frame (a second walk over
// every structural), and to scan frames cut by a read a byte at a time. One
// pass of this scanner does both jobs: it looks at 64 bytes per step (AVX2
// where the CPU has it, else SSE2), one bit per byte, finds strings with a
// prefix XOR over the unescaped quotes as simdjson's stage 1 does, and counts
// brackets by popcount. Only a block where the count may reach zero is
// walked bit by bit, and only a block with a backslash outside a string
// (which escapes nothing there) byte by byte. Both ways give the same answer
// for any input, valid JSON or not, however it is chunked.

#include "informer/core/valueends.h"

#include <QtGlobal>

namespace informant::detail {

struct BracketState
{
    qint64 depth = 0;
    bool inString = false;
    bool escaped = false; // the next byte is escaped (a backslash ended the last chunk)
};

class BracketScanner
{
public:
    // Scans [from, size) of a chunk, from a value's opening bracket (or from
    // where the previous chunk left off inside it). Returns the index after
    // the bracket that closes the value, or -1 when the value goes on past
    // the chunk (the state is kept for the next one).
    qsizetype findEnd(const char *data, qsizetype from, qsizetype size);
    // The same, recording in `ends` each closing bracket that leaves the
    // count at ValueEnds::kDepth or less, at its offset in the value:
    // `offsetOfData` is the value's offset of data[0] (negative when the
    // value begins inside the chunk).
    qsizetype findEnd(const char *data, qsizetype from, qsizetype size, ValueEnds *ends,
                      qsizetype offsetOfData);

    // Which block loop runs: the CPU's best (AVX2 when it has it), or the
    // baseline one every CPU runs; tests run both.
    enum class Kernel { Best, Baseline };
    static void setKernel(Kernel kernel);

    // Between values: not inside a bracket or a string.
    bool atTopLevel() const { return m_state.depth == 0 && !m_state.inString && !m_state.escaped; }

    // True once a backslash was met outside a string (invalid JSON). Up to
    // the first such byte this scanner and simdjson's stage 1 (which takes
    // every backslash for an escape) agree on where strings are.
    bool sawBackslashOutsideString() const { return m_sawBackslashOutsideString; }

private:
    // The byte loop over [from, to): the index after the closing bracket,
    // or -1. Same result as the block loop.
    qsizetype scanBytes(const char *data, qsizetype from, qsizetype to, ValueEnds *ends,
                        qsizetype offsetOfData);

    BracketState m_state;
    bool m_sawBackslashOutsideString = false;
};

} // namespace informant::detail
