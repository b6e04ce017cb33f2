#pragma once

// informantctl's standard error, escaped as its tables are (tabwriter.h's
// escapeTerminal: ESC prints as "^[", CR as "\r"). Error messages carry text
// from the server (a Status message, an object's name) and from kubeconfig
// files; an escape sequence in them must not retitle the terminal, clear it
// or rewrite the lines above. Rather than trusting each of the many places
// that print to stderr to escape, the process's `stderr` stream itself is
// replaced by one that escapes what is written through it and passes the
// result to file descriptor 2, unbuffered like the stream it replaces. Every
// writer that goes through `stderr` — QTextStream(stderr), fprintf, Qt's
// message handler — is covered.
//
// An exec credential plugin's own stderr is not informantctl's text: kubectl
// hands the plugin the terminal, and what it writes there (colours, a
// prompt rewritten in place with CR) is meant for the terminal as it is. It
// is relayed raw with writeStandardErrorRaw(), past the escaping.
//
// (kubectl 1.32 itself prints a server's error message raw; its tables are
// escaped. informantctl escapes both.)
//
// A stderr pipe whose reader is gone ends the process by SIGPIPE at the
// next message, as kubectl's Go runtime does (standardoutput.h); the
// plugin's relayed output does not, as kubectl hands the plugin its stderr
// and the plugin meets the closed pipe, not kubectl.

#include <QByteArray>

#include <cerrno>
#include <unistd.h>

namespace informantctl {

// `bytes` as a terminal shows them harmlessly: the same rule as
// escapeTerminal(), byte by byte, so a write split anywhere (even inside a
// UTF-8 sequence, whose bytes are never ESC or CR) escapes alike.
QByteArray escapeTerminalBytes(const QByteArray &bytes);

// Writes `bytes` to file descriptor 2 unchanged, whether or not `stderr`
// escapes; false on an error. (Inline: connection.cpp is also built into a
// test without this file's stream.)
inline bool writeStandardErrorRaw(const QByteArray &bytes)
{
    qsizetype written = 0;
    while (written < bytes.size()) {
        const ssize_t n =
            ::write(STDERR_FILENO, bytes.constData() + written, size_t(bytes.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        written += n;
    }
    return true;
}

// Replaces `stderr` (call once, first thing in main). False where the C
// library offers no custom streams; stderr is then left as it was.
bool escapeStandardError();

} // namespace informantctl
