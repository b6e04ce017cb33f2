#pragma once

// informantctl's standard output, for scripts and pipes: every write either
// reaches it whole or ends the process, as kubectl's (Go's) do.
//
// - The reader went away (EPIPE: `get -w | head -3`, `| grep -m1 Running`):
//   the process dies of SIGPIPE, as Go makes a program that writes to a
//   closed pipe on its stdout, so the shell sees status 141 and the watch
//   it held on the API server is closed. Resetting SIGPIPE to its default
//   at start-up would not do: Qt's socket engine sets it to SIG_IGN when it
//   opens its first socket and writes requests with plain write(2) (strace
//   shows no MSG_NOSIGNAL), so a server closing a keep-alive connection
//   would then kill informantctl. Only a failed write to stdout raises it.
// - Any other error (ENOSPC on a full disk, EIO, ...): kubectl's
//   "error: write /dev/stdout: no space left on device" on stderr, exit
//   status 1, so a truncated file is never a success. (kubectl 1.32 itself
//   reports it for JSON, YAML and JSONPath only and exits 0 after a table;
//   informantctl treats every format alike.)
//
// Callable from any thread (a watch prints on the informer's handler
// thread); the process ends from the thread that failed, without unwinding
// (as Go's os.Exit after kubectl's error).

#include <QByteArray>
#include <QString>

namespace informantctl {

// Writes `bytes` to standard output and returns once all are written; ends
// the process (see above) if they cannot be. `context` goes between
// "error: " and "write /dev/stdout: ..." (kubectl's watch says "unable to
// output the provided object: ").
void writeStandardOutput(const QByteArray &bytes, const char *context = "");
// `text` as UTF-8.
void writeStandardOutput(const QString &text, const char *context = "");

// Ends the process as one killed by SIGPIPE (default disposition, raised
// in the calling thread), as Go ends kubectl when its stdout or stderr is a
// pipe with no reader. Never returns.
[[noreturn]] void dieOfBrokenPipe();

// Go's text for errno `error` ("no space left on device"): the C library's
// English message, first letter in lower case (how Go's tables are made).
QString goErrnoText(int error);

} // namespace informantctl
