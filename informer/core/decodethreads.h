#pragma once

// DecodeThreads: the threads that decode a large read beside the thread that
// read it.
//
// Why: a watch stream is read on its reflector's thread, and one thread
// decodes a few hundred MB/s while the socket delivers GB/s; a 100k-pod
// watch-list or a burst of changes is decode-bound. Splitting each large
// read at frame boundaries and decoding the parts on several cores keeps the
// reading thread from being the ceiling (see WatchStreamDecoder).
//
// One pool serves every stream of the process, sized to the cores beside the
// reading thread, so forty informers do not start forty decoding threads;
// small reads (the usual trickle of changes) never use it.

#include <QtGlobal>

#include <functional>

class QThreadPool;

namespace informant {

namespace DecodeThreads {

// The shared pool (idealThreadCount() - 1 threads, at least one).
QThreadPool &pool();

// How many threads a stream should decode a large read with, the reading
// one included: the pool's threads plus one, or INFORMANT_DECODE_THREADS when
// set (1 decodes on the reading thread only; for benchmarks and comparisons).
int perStream();

// Runs work(0) on the calling thread and work(1) .. work(parts - 1) on the
// pool; returns when all have run. A part no pool thread has started by the
// time the caller is done (the threads are busy with other streams, say) is
// run by the caller rather than waited for. `work` must be safe to call
// concurrently for different parts. An exception from a part run on the
// calling thread is rethrown once every other part has finished (a part on
// the pool must not throw: Qt's pool does not carry exceptions).
void runParts(int parts, const std::function<void(int part)> &work);

// Splits `count` items of sizes size(0..count-1) into at most `threads`
// consecutive groups of about equal bytes, none under `minBytes`; returns
// each group's first item, then `count`. {0, count} when one group it is.
QList<qsizetype> splitBySize(qsizetype count, int threads, qsizetype minBytes,
                             const std::function<qsizetype(qsizetype)> &size);

} // namespace DecodeThreads

} // namespace informant
