#include "informer/informers/memorytrim.h"

#include <atomic>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace informant {

bool releaseFreedMemory()
{
#if defined(__GLIBC__)
    static std::atomic<bool> trimming{false};
    if (trimming.exchange(true, std::memory_order_acquire))
        return false;
    malloc_trim(0);
    trimming.store(false, std::memory_order_release);
    return true;
#else
    return false;
#endif
}

void keepFreedMemoryForReuse()
{
#if defined(__GLIBC__)
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
