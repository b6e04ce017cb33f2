// Transport floor for a paged list: GET PATH?limit=LIMIT, then each next page
// by its continue token, over one keep-alive HTTP/1.1 connection, reading
// every body to its end and keeping nothing; prints pages, bytes and time.
// The token is read from the page's metadata, which API servers (and
// informant-sim) write before items. Built by bench/run.sh: cc -O2 -o pagecount pagecount.c
#define _GNU_SOURCE  // memmem
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int sock;
static char buf[1 << 20];
static size_t have, pos;
static long long bytes;

static int fill(void) {
    if (pos > 0) {
        memmove(buf, buf + pos, have - pos);
        have -= pos;
        pos = 0;
    }
    ssize_t r = read(sock, buf + have, sizeof buf - have);
    if (r <= 0) return 0;
    have += (size_t)r;
    bytes += r;
    return 1;
}

// Reads one line (up to CRLF) into out; returns 0 at end of stream.
static int line(char *out, size_t size) {
    for (;;) {
        char *crlf = memmem(buf + pos, have - pos, "\r\n", 2);
        if (crlf) {
            size_t n = (size_t)(crlf - (buf + pos));
            if (n >= size) n = size - 1;
            memcpy(out, buf + pos, n);
            out[n] = 0;
            pos = (size_t)(crlf - buf) + 2;
            return 1;
        }
        if (!fill()) return 0;
    }
}

// Reads one chunked body; copies its first bytes into head. Returns 0 on a broken stream.
static int body(char *head, size_t headSize) {
    char text[256];
    size_t headLen = 0;
    for (;;) {
        if (!line(text, sizeof text)) return 0;
        size_t chunk = strtoul(text, NULL, 16);
        if (chunk == 0) return line(text, sizeof text);  // the empty trailer line
        while (chunk > 0) {
            if (pos == have && !fill()) return 0;
            size_t n = have - pos < chunk ? have - pos : chunk;
            if (headLen + 1 < headSize) {
                size_t c = n < headSize - 1 - headLen ? n : headSize - 1 - headLen;
                memcpy(head + headLen, buf + pos, c);
                headLen += c;
                head[headLen] = 0;
            }
            pos += n;
            chunk -= n;
        }
        if (!line(text, sizeof text)) return 0;  // the CRLF after each chunk
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: pagecount PORT PATH LIMIT\n");
        return 2;
    }
    int port = atoi(argv[1]);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    sock = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(sock, (struct sockaddr *)&a, sizeof a)) {
        perror("connect");
        return 1;
    }
    static char token[4096], head[4096], req[8192], text[1024];
    double start = now();
    int pages = 0;
    do {
        snprintf(req, sizeof req, "GET %s?limit=%s%s%s HTTP/1.1\r\nHost: x\r\n\r\n", argv[2], argv[3],
                 token[0] ? "&continue=" : "", token);
        if (write(sock, req, strlen(req)) < 0) return 1;
        if (!line(text, sizeof text) || strncmp(text, "HTTP/1.1 200", 12) != 0) {
            fprintf(stderr, "pagecount: page %d: %s\n", pages + 1, text);
            return 1;
        }
        while (line(text, sizeof text) && text[0]) {
        }
        if (!body(head, sizeof head)) {
            fprintf(stderr, "pagecount: page %d: body cut short\n", pages + 1);
            return 1;
        }
        ++pages;
        token[0] = 0;
        char *c = strstr(head, "\"continue\":\"");
        char *items = strstr(head, "\"items\":");
        if (c && (!items || c < items)) {
            c += 12;
            char *end = strchr(c, '"');
            if (end && (size_t)(end - c) < sizeof token) {
                memcpy(token, c, (size_t)(end - c));
                token[end - c] = 0;
            }
        }
    } while (token[0]);
    double elapsed = now() - start;
    printf("{\"pages\":%d,\"bytes\":%lld,\"ms\":%.0f}\n", pages, bytes, elapsed * 1000);
    return 0;
}
