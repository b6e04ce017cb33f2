#include "informer/informers/memorytrim.h"

#include <atomic>

#if defined(INFORMANT_USE_JEMALLOC)
#include <jemalloc/jemalloc.h>
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

namespace informant {

namespace {

#if defined(INFORMANT_USE_JEMALLOC)
#define INFORMANT_STRINGIFY_(x) #x
#define INFORMANT_STRINGIFY(x) INFORMANT_STRINGIFY_(x)
// Every arena's unused dirty pages, at once (jemalloc would otherwise hand
// them back over its 10 s decay, or never while the process is idle).
void releaseAllocatorPages()
{
    mallctl("arena." INFORMANT_STRINGIFY(MALLCTL_ARENAS_ALL) ".purge", nullptr, nullptr, nullptr,
            0);
}
#undef INFORMANT_STRINGIFY
#undef INFORMANT_STRINGIFY_
#elif defined(__GLIBC__)
void releaseAllocatorPages()
{
    malloc_trim(0);
}
#endif

} // namespace

bool releaseFreedMemory()
{
#if defined(INFORMANT_USE_JEMALLOC) || defined(__GLIBC__)
    static std::atomic<bool> trimming{false};
    if (trimming.exchange(true, std::memory_order_acquire))
        return false;
    releaseAllocatorPages();
    trimming.store(false, std::memory_order_release);
    return true;
#else
    return false;
#endif
}

void keepFreedMemoryForReuse()
{
#if defined(INFORMANT_USE_JEMALLOC)
    // jemalloc keeps what is freed for reuse by itself (its dirty pages decay
    // over seconds, not at each free).
#elif defined(__GLIBC__)
    // Blocks up to 32 MiB (the most an arena serves) come from the arenas;
    // an arena keeps up to 64 MiB free at its top.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    // The main arena grows its brk heap 32 MiB at a time, and a thread
    // arena's new heap starts with 32 MiB read-write (glibc grows an existing
    // thread heap by what each request needs). Pages are touched only when
    // used, so this costs address space, not memory.
    mallopt(M_TOP_PAD, 32 << 20);
#endif
}

} // namespace informant
