#pragma once

// Internal to informer-core: lets the watch decoder give simdjson only the
// bytes of a frame it reads.
//
// simdjson's first stage reads a whole document before any field is read,
// and in an API server's pod frame two thirds of the bytes come after the
// fields the decoder keeps: metadata.managedFields, written last in
// metadata, then spec and status. The object decoder already checks those
// by scanning (objecttail.h) instead of walking them; this cut lets it skip
// simdjson's stage on them too. The frame's bytes up to its
// `,"managedFields":[` are copied and closed with a stand-in,
// `"managedFields":[]}}}`; the copy is decoded, and when the decoder meets
// the stand-in key as a member of the object's metadata it scans the
// frame's own bytes from there (decodeObject's FramePrefix), exactly as it
// would have in the whole frame.
//
// What simdjson's stage would have refused in the bytes not given to it is
// refused here first: a cut is made only when those bytes are valid UTF-8
// with no byte below 0x20 (which JSON allows, as whitespace, only outside
// strings, where API servers write none), and the frame's last bracket is
// a '}' (simdjson checks a root object's, the bracket count does not). Anything else about the cut
// that is not as expected (the text found inside labels, a frame whose "type" follows its object)
// makes the copy's decoding fail, and the caller then decodes the whole frame, so every error is
// the whole frame's.

#include <simdjson.h>

#include <optional>

namespace informant::detail {

class FramePrefix
{
public:
    // The frame's prefix, copied into a per-thread buffer (one FramePrefix
    // per thread at a time), or nothing when the frame has no
    // `,"managedFields":[` or the bytes from there do not qualify.
    static std::optional<FramePrefix> cut(simdjson::padded_string_view frame);

    // The copy closed by the stand-in; valid while this object lives.
    simdjson::padded_string_view copy() const { return m_copy; }
    // In the copy: the stand-in key's opening quote.
    const char *standInKey() const { return m_standInKey; }
    // The frame's byte at the place of the copy's byte `inCopy` (a byte
    // before the stand-in key).
    const char *inFrame(const char *inCopy) const { return m_frame + (inCopy - m_copy.data()); }
    // The frame's end; SIMDJSON_PADDING bytes after it are readable.
    const char *frameEnd() const { return m_frameEnd; }

    // For tests: decode every frame whole, to compare.
    static void setEnabled(bool enabled);

private:
    FramePrefix() = default;

    simdjson::padded_string_view m_copy;
    const char *m_standInKey = nullptr;
    const char *m_frame = nullptr;
    const char *m_frameEnd = nullptr;
};

// True when [from, to) is valid UTF-8 without a byte below 0x20.
bool isTextWithoutControlBytes(const char *from, const char *to);

} // namespace informant::detail
