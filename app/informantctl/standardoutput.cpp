#include "standardoutput.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace informantctl {

namespace {

[[noreturn]] void failWrite(int error, const char *context)
{
    if (error == EPIPE)
        dieOfBrokenPipe();
    const QByteArray message = "error: " + QByteArray(context) +
                               "write /dev/stdout: " + goErrnoText(error).toUtf8() + '\n';
    std::fwrite(message.constData(), 1, size_t(message.size()), stderr);
    std::fflush(stderr);
    _exit(1);
}

// Whether stdout can take more bytes after EAGAIN (a non-blocking pipe
// inherited from the caller): waits for it, as Go's poller does.
bool waitUntilWritable()
{
    pollfd writable{STDOUT_FILENO, POLLOUT, 0};
    int ready = 0;
    do {
        ready = ::poll(&writable, 1, -1);
    } while (ready < 0 && errno == EINTR);
    return ready > 0;
}

} // namespace

void dieOfBrokenPipe()
{
    // Unblocked in this thread and raised in it: delivered before raise() returns.
    std::signal(SIGPIPE, SIG_DFL);
    sigset_t pipeSignal;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nullptr);
    std::raise(SIGPIPE);
    _exit(128 + SIGPIPE); // what a shell would show had the signal been delivered
}

void writeStandardOutput(const QByteArray &bytes, const char *context)
{
    // Text something else left in the C library's buffer goes first.
    if (std::fflush(stdout) != 0)
        failWrite(errno, context);
    qsizetype written = 0;
    while (written < bytes.size()) {
        const ssize_t n =
            ::write(STDOUT_FILENO, bytes.constData() + written, size_t(bytes.size() - written));
        if (n > 0) {
            written += n;
            continue;
        }
        const int error = n == 0 ? EIO : errno;
        if (error == EINTR)
            continue;
        if ((error == EAGAIN || error == EWOULDBLOCK) && waitUntilWritable())
            continue;
        failWrite(error, context);
    }
}

void writeStandardOutput(const QString &text, const char *context)
{
    writeStandardOutput(text.toUtf8(), context);
}

QString goErrnoText(int error)
{
    // The "C" locale's text: Go's are English whatever the user's locale
    // (QCoreApplication sets the environment's).
    static const locale_t cLocale = newlocale(LC_ALL_MASK, "C", locale_t(0));
    QString text =
        QString::fromLocal8Bit(cLocale ? strerror_l(error, cLocale) : std::strerror(error));
    if (text.size() > 1 && !text.at(1).isUpper())
        text[0] = text.at(0).toLower();
    return text;
}

} // namespace informantctl
