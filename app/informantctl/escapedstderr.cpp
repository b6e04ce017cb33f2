#include "escapedstderr.h"

#include "standardoutput.h"
#include "tabwriter.h"

#include <cstdio>

namespace informantctl {

namespace {

#if defined(__GLIBC__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) ||    \
    defined(__NetBSD__)
#define INFORMANT_CUSTOM_STREAMS 1

// The custom stream's write function: how many of the caller's bytes were
// consumed (all, or none on an error), as both cookie interfaces expect.
// Stderr a pipe nobody reads any more ends the process, as Go ends kubectl
// (SIGPIPE): Qt ignores the signal once it has opened a socket, and the
// write would otherwise fail unnoticed. Other errors (a full disk) are
// ignored, as Go's fmt.Fprintf to os.Stderr ignores them.
template<typename Size> Size writeEscaped(const char *data, Size size)
{
    if (writeStandardErrorRaw(escapeTerminalBytes(QByteArray::fromRawData(data, qsizetype(size)))))
        return size;
    if (errno == EPIPE)
        dieOfBrokenPipe();
    return Size(0);
}

#endif

#if defined(__GLIBC__)
ssize_t cookieWrite(void *, const char *data, size_t size)
{
    const size_t consumed = writeEscaped(data, size);
    return consumed == 0 && size > 0 ? -1 : ssize_t(consumed);
}

FILE *openEscapingStream()
{
    cookie_io_functions_t functions{};
    functions.write = cookieWrite;
    return fopencookie(nullptr, "w", functions);
}
#elif defined(INFORMANT_CUSTOM_STREAMS)
int cookieWrite(void *, const char *data, int size)
{
    const int consumed = writeEscaped(data, size);
    return consumed == 0 && size > 0 ? -1 : consumed;
}

FILE *openEscapingStream()
{
    return funopen(nullptr, nullptr, cookieWrite, nullptr, nullptr);
}
#else
FILE *openEscapingStream()
{
    return nullptr;
}
#endif

} // namespace

QByteArray escapeTerminalBytes(const QByteArray &bytes)
{
    if (!bytes.contains('\x1b') && !bytes.contains('\r'))
        return bytes;
    // Latin-1 maps each byte to the code point of its value and back, so
    // the one rule of escapeTerminal() applies to bytes unchanged.
    return escapeTerminal(QString::fromLatin1(bytes)).toLatin1();
}

bool escapeStandardError()
{
    FILE *escaping = openEscapingStream();
    if (!escaping)
        return false;
    std::setvbuf(escaping, nullptr, _IONBF, 0);
    std::fflush(stderr);
    stderr = escaping;
    return true;
}

} // namespace informantctl
