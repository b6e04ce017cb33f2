#pragma once

// Internal to informer-core: where a watch frame's shallow values end,
// recorded while the frame is cut, so the object decoder's tail check
// (objecttail.h) does not count the brackets of spec and status again.
//
// Why: cutting a frame (BracketScanner) already counts every bracket of it,
// and the tail check then counted those of managedFields, spec and status a
// second time to find where each ends: two thirds of a pod's bytes, scanned
// twice. While it cuts, the scanner walks bit by bit only the blocks where
// the count may fall to kDepth or less, and records each closing bracket
// that does (with the count after it): a pod frame has a few dozen. The end
// of a value whose container is at depth d (the count inside the container)
// is the first recorded close after the value's opening bracket that brings
// the count back to d, the same bracket a scan from the value finds, as long
// as the frame has no backslash outside a string (on which the scanner and
// simdjson's stage 1 disagree about strings; such a frame records nothing).

#include <QtGlobal>

#include <vector>

namespace informant::detail {

class ValueEnds
{
public:
    // Closes that leave the count at this depth or less are recorded. A
    // watch frame's object is at depth 2 (`{"object":{`), its metadata's
    // members at 3: the deepest the tail check skips values at.
    static constexpr int kDepth = 3;

    struct End
    {
        qint32 offset; // in the frame: the byte after the closing bracket
        qint32 depth;  // the count after it
    };

    void clear() { m_ends.clear(); }
    void record(qsizetype offset, qint64 depth)
    {
        m_ends.push_back({qint32(offset), qint32(depth)});
    }
    const std::vector<End> &ends() const { return m_ends; }

    // For tests: the tail check scans every value again, to compare.
    static void setEnabled(bool enabled);
    static bool enabled();

private:
    std::vector<End> m_ends;
};

// ValueEnds over the frame's bytes at `frameBegin` (the frame in its chunk,
// or a copy of it: the offsets are the frame's own), for the object decoded
// at `objectDepth` (the count inside its braces).
class FrameValueEnds
{
public:
    FrameValueEnds(const char *frameBegin, const ValueEnds &ends, int objectDepth)
        : m_frameBegin(frameBegin)
        , m_ends(ends)
        , m_objectDepth(objectDepth)
    {
    }

    int objectDepth() const { return m_objectDepth; }

    // The byte after the value whose opening bracket is at `open`, a member
    // of a container at `containerDepth` (<= ValueEnds::kDepth); nullptr
    // when no close brings the count back there (the bytes are not as the
    // caller took them: it then scans).
    const char *endOfValue(const char *open, int containerDepth) const;

private:
    const char *m_frameBegin;
    const ValueEnds &m_ends;
    int m_objectDepth;
};

} // namespace informant::detail
