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
// the top; it costs a walk over the heap, once per processed list. With
// jemalloc (cmake/InformantAllocator.cmake) every arena's unused pages are
// purged at once instead of over its decay time.
//
// Threading: thread-safe. Concurrent calls coalesce: a call made while
// another thread is trimming returns at once (that trim covers it, or the
// next call will). A no-op with an allocator that offers neither.

namespace informant {

// Returns whether this call trimmed.
bool releaseFreedMemory();

// keepFreedMemoryForReuse: makes the allocator keep what a burst frees for
// the burst's next allocations, and give it back only when
// releaseFreedMemory() is called (after each processed list). Call once, at
// the start of main(), before threads allocate.
//
// Why: by default glibc serves blocks of 128 KiB and more (network reads,
// decode buffers) with their own mmap, unmapped again when freed, and trims
// an arena's top as soon as 128 KiB of it are free; its dynamic thresholds
// adapt only sometimes. During a 100k-pod sync every such block was then
// mapped, faulted in page by page and unmapped again: measured on a 2-core VM
// where a page fault costs ~10 us, 230k-360k faults and 5-8 s to sync in
// about half the runs, 137k faults and 3.2-3.5 s with these settings (the
// cache itself is ~130k pages), at ~5 % more peak resident memory.
void keepFreedMemoryForReuse();

} // namespace informant
