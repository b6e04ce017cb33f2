#pragma once

// Internal to informer-core: where a watch frame's shallow values end,
// recorded while the frame is cut, so the object decoder's tail check
// (objecttail.h) does not count the brackets of spec and status again.
//
// Why: cutting a frame (BracketScanner) already counts every bracket of it,
// and the tail check then counted those of managedFields, spec and status a
// second time to find where each ends: two thirds of a pod's bytes, scanned
// twice. While it cuts, the scanner walks bit by bit only the blocks where
// the count may fall to kDepth or less, and records each opening bracket
// made at that count or less and each closing bracket that brings it there
// (with the count before the opening, after the close): a pod frame has a
// few dozen. A value whose opening bracket is recorded at count d ends at
// the first recorded close after it that brings the count back to d: the
// same bracket a scan from the value finds, whatever simdjson made of the
// bytes before it (in malformed JSON, simdjson's idea of where a value sits
// can differ from the count; the opening's own record is what is trusted).
// A frame with a backslash outside a string (on which the scanner and
// simdjson's stage 1 disagree about strings) is scanned as before.

#include <QtGlobal>

#include <vector>

namespace informant::detail {

class ValueEnds
{
public:
    // Openings at this count or less, and closes that leave it there, are recorded. A
    // watch frame's object is at depth 2 (`{"object":{`), its metadata's
    // members at 3: the deepest the tail check skips values at.
    static constexpr int kDepth = 3;

    struct End
    {
        qint32 offset; // in the frame: an opening bracket, or the byte after a closing one
        qint16 depth;  // the count before the opening, after the close
        bool opening;
    };

    void clear() { m_ends.clear(); }
    void recordOpening(qsizetype offset, qint64 depthBefore)
    {
        m_ends.push_back({qint32(offset), qint16(depthBefore), true});
    }
    void recordClose(qsizetype offset, qint64 depthAfter)
    {
        m_ends.push_back({qint32(offset), qint16(depthAfter), false});
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
    // when that opening is not recorded at that count, or no close brings
    // the count back there (the caller then scans).
    const char *endOfValue(const char *open, int containerDepth) const;

private:
    const char *m_frameBegin;
    const ValueEnds &m_ends;
    int m_objectDepth;
};

} // namespace informant::detail
