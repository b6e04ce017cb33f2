#pragma once

// releaseFreedMemory: hands memory the allocator keeps but no longer uses
// back to the operating system, once a big transient burst is over (an
// informer has processed a list: the network buffers, the temporary list and
// the queue's Replace deltas of 100k objects are free by then).
//
// Why it is needed: glibc's malloc returns free memory only from the top of
// each arena; the list's buffers are freed while the cache's objects, which
// were allocated between them, stay. Without a trim, the process keeps much
// of the sync's peak as its resident size (measured with 100k pods while the
// watch body was buffered unbounded: 765 MB resident after the sync and 1.27 GB
// after a relist without the trim, 502 MB and 498 MB with it).
// malloc_trim(0) releases every free page of every arena (madvise), not only
// the top; it costs a walk over the heap, once per processed list.
//
// Threading: thread-safe. Concurrent calls coalesce: a call made while
// another thread is trimming returns at once (that trim covers it, or the
// next call will). A no-op where malloc_trim does not exist.

namespace informant {

// Returns whether this call trimmed.
bool releaseFreedMemory();

} // namespace informant
