#pragma once

// Incremental decoder of a watch response body: newline-delimited JSON
// frames {"type":...,"object":...}, fed in arbitrary chunks as they arrive
// from the socket (a frame split across reads, many frames in one read,
// whitespace between frames).
//
// Frames are cut by one rule, whatever the layout (a frame per line as API
// servers write them, pretty-printed, several on a line): a frame ends at the
// bracket that closes its opening '{', counted outside strings
// (BracketScanner), with the state carried across chunks, so the frames found
// do not depend on where chunks are split. A frame whole in its chunk is
// parsed where it is, one held across chunks from a copy; each is then
// decoded in one pass. After a
// frame fails to decode the decoder is "failed": it reports one synthetic ERROR
// event (code 500, InternalError, as client-go's stream decoder does) and
// ignores further input. Not thread-safe; one decoder per stream.
//
// Decoding threads: a decoder made with `threads` > 1 splits a large chunk
// at newlines into that many parts and decodes all but the first on
// DecodeThreads::pool() while the calling thread decodes the first. Each part
// is decoded as if it began between frames; a part's result is taken only
// when the parts before it did end between frames (and did not fail),
// otherwise the part is decoded again, in order, from the actual state. So a
// split that lands inside a frame (pretty-printed JSON, say) costs time, never
// correctness: the events are the ones one thread would find.

#include "informer/core/bracketscanner.h"
#include "informer/core/watchevent.h"

#include <QList>

namespace informant {

// client-go turns an undecodable frame into an ERROR event carrying this
// InternalError Status (rest/watch/decoder.go, reference §2.11).
ApiStatus decodeFailureStatus(const QString &detail);

class WatchStreamDecoder
{
public:
    explicit WatchStreamDecoder(DecodeOptions options = {}, int threads = 1);

    // Appends the events completed by this chunk to `out`.
    void feed(QByteArrayView chunk, QList<WatchEvent> &out);

    bool failed() const { return m_failed; }
    QString errorMessage() const { return m_error; }
    // Bytes of an incomplete frame held since the last complete one.
    qsizetype pendingBytes() const { return m_pending.size(); }
    // Parts of chunks whose decoding on another thread was used.
    qint64 partsDecodedInParallel() const { return m_partsDecodedInParallel; }

    // Decodes one complete frame.
    static Result<WatchEvent> decodeFrame(QByteArrayView frame, const DecodeOptions &options = {});

    // The smallest part a chunk is split into for another thread: below it,
    // handing the part over costs more than decoding it.
    static constexpr qsizetype kMinPartBytes = 64 * 1024;

private:
    struct Part;
    // True in the state a fresh decoder starts in.
    bool betweenFrames() const;
    // Decodes on the calling thread only.
    void feedSequential(QByteArrayView chunk, QList<WatchEvent> &out);
    // Decodes `parts` (consecutive, `parts[0]` first) on several threads.
    void feedParallel(const QList<QByteArrayView> &parts, QList<WatchEvent> &out);
    void fail(const QString &message, QList<WatchEvent> &out);
    // Scans from `from` until one frame is complete and decodes it; returns
    // the index after it, or `size` (the rest of the chunk is pending, or the
    // decoder failed).
    qsizetype scanFrame(const char *data, qsizetype from, qsizetype size, QList<WatchEvent> &out);

    DecodeOptions m_options;
    int m_threads = 1;
    qint64 m_partsDecodedInParallel = 0;
    QByteArray m_pending;             // bytes of the current, incomplete frame
    detail::BracketScanner m_scanner; // where the current frame ends
    detail::ValueEnds m_valueEnds;    // where the current frame's shallow values end
    bool m_failed = false;
    QString m_error;
};

} // namespace informant
