#pragma once

// How many rounds a randomized concurrency stress test runs.
//
// Under AddressSanitizer (-DINFORMANT_SANITIZE=ON, the fuzz build) each store
// or queue operation is several times slower and the Debug build is not
// optimized, so a stress test sized for a release build runs for minutes. The
// sanitizer build's job is to catch memory errors in the racing code paths,
// which a few rounds exercise; the many-rounds search for rare interleavings
// is the normal build's job.
namespace informant::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizedBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// `rounds` in a normal build; a fifth of it (at least 2) under sanitizers.
constexpr int stressRounds(int rounds)
{
    return kSanitizedBuild ? (rounds / 5 > 2 ? rounds / 5 : 2) : rounds;
}

} // namespace informant::test
