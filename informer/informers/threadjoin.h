#pragma once

// joinGuardedThread: joins a std::thread member that another thread may start
// or join at the same time.

#include <mutex>
#include <thread>

namespace informant {

// Takes `thread` out under `mutex` (which guards it) and joins it outside the
// lock, as the thread may need that lock to finish; of two concurrent callers
// only one joins, and a thread never joins itself (it is left to end on its
// own).
inline void joinGuardedThread(std::mutex &mutex, std::thread &thread)
{
    std::thread taken;
    {
        std::lock_guard lock(mutex);
        if (thread.joinable() && thread.get_id() != std::this_thread::get_id())
            taken = std::move(thread);
    }
    if (taken.joinable())
        taken.join();
}

} // namespace informant
