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

} // namespace informant
