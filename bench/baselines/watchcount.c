// Transport floor for watches: N raw HTTP/1.1 watches of PATH, counting frames
// ("}\n") per watcher until each saw TARGET or the timeout; prints events/s.
// Built by bench/run.sh: cc -O2 -o watchcount watchcount.c (from bench/results/sim-watch-fanout.md).
#include <arpa/inet.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
    int port = atoi(argv[1]), n = atoi(argv[3]); long target = atol(argv[4]); double timeout = atof(argv[5]);
    struct pollfd fds[256]; long count[256] = {0}; char last[256] = {0}; long long bytes = 0;
    static char buf[1 << 20]; char req[1024];
    snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", argv[2]);
    for (int i = 0; i < n; ++i) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
        if (connect(s, (struct sockaddr *)&a, sizeof a)) { perror("connect"); return 1; }
        write(s, req, strlen(req));
        fds[i].fd = s; fds[i].events = POLLIN;
    }
    double start = now(); int open = n;
    while (open > 0 && now() - start < timeout) {
        if (poll(fds, n, 500) <= 0) continue;
        for (int i = 0; i < n; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
            ssize_t r = read(fds[i].fd, buf, sizeof buf);
            if (r <= 0) { close(fds[i].fd); fds[i].fd = -1; --open; continue; }
            bytes += r;
            if (last[i] == '}' && buf[0] == '\n') ++count[i];
            for (char *p = buf; (p = memchr(p, '\n', buf + r - p)); ++p)
                if (p > buf && p[-1] == '}') ++count[i];
            last[i] = buf[r - 1];
            if (count[i] >= target) { close(fds[i].fd); fds[i].fd = -1; --open; }
        }
    }
    double elapsed = now() - start; long total = 0;
    for (int i = 0; i < n; ++i) total += count[i];
    printf("watchers=%d events=%ld seconds=%.2f events/s=%.0f MB/s=%.0f\n", n, total, elapsed, total / elapsed, bytes / elapsed / 1e6);
    return 0;
}
