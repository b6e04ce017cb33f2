// What holding memory costs on this host, apart from any client: maps MIB
// MiB of fresh anonymous memory and writes one byte per 4 KiB page (each
// write a page fault, unless transparent huge pages are set to "always"),
// best of three; prints {"mib":..,"ms":..,"us_per_page":..}.
// A client that keeps a cache of that size pays at least this once while it
// syncs. Built by bench/run.sh: cc -O2 -o firsttouch firsttouch.c
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static double nowMs(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
    const size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 512;
    const size_t bytes = mib << 20, page = 4096;
    double best = -1;
    for (int round = 0; round < 3; ++round) {
        volatile char *p =
            mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return 1;
        const double start = nowMs();
        for (size_t at = 0; at < bytes; at += page)
            p[at] = 1;
        const double ms = nowMs() - start;
        munmap((void *)p, bytes);
        if (best < 0 || ms < best)
            best = ms;
    }
    printf("{\"mib\":%zu,\"ms\":%.0f,\"us_per_page\":%.2f}\n", mib, best,
           best * 1e3 / (double)(bytes / page));
    return 0;
}
