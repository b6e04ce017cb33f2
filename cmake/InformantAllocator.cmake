# jemalloc as the allocator of everything that links the informer layer (the
# GUI, informantctl and their tests); -DINFORMANT_JEMALLOC=OFF keeps glibc's.
#
# Why: objects are allocated on the decoding threads and freed on whichever
# thread drops them last (the processing thread when a change replaces them,
# a listener's thread when it lets a delta go). glibc's malloc returns such a
# block to the arena it came from under that arena's lock, the lock the
# decoder takes for its next allocation: measured on the S2 watch replay (a
# million changes, bench/results), a sixth of informantctl's time went to
# malloc, free and the futex hand-offs of those locks. jemalloc's per-thread
# caches send remote frees back in batches. Same run, same binary, only the
# allocator swapped: 200k-250k changes/s with glibc, 275k-287k with jemalloc,
# with 20 % less CPU per change; the 100k-pod sync's time and resident size
# were unchanged (S1, S4).
#
# Sanitizer builds keep the sanitizer's allocator.
option(INFORMANT_JEMALLOC "Use jemalloc as the allocator (Debian: libjemalloc-dev)" ON)
set(INFORMANT_USE_JEMALLOC OFF)
if(INFORMANT_JEMALLOC AND NOT INFORMANT_SANITIZE AND NOT INFORMANT_FUZZ)
    find_package(PkgConfig REQUIRED)
    pkg_check_modules(JEMALLOC IMPORTED_TARGET jemalloc)
    if(NOT JEMALLOC_FOUND)
        message(FATAL_ERROR "jemalloc not found: install libjemalloc-dev "
                            "(./dev.sh deps) or configure with -DINFORMANT_JEMALLOC=OFF")
    endif()
    set(INFORMANT_USE_JEMALLOC ON)
endif()
