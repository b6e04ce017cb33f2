#include "requestlog.h"

#include <QByteArray>

#include <chrono>
#include <cstdio>
#include <ctime>

#include <unistd.h>

namespace informantctl {

namespace {

// klog's header: "I" (info), MMDD hh:mm:ss.uuuuuu in local time, the
// process id right-aligned in 7 columns, then "FILE:LINE] ".
QByteArray klogHeader(int line)
{
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() %
        1000000;
    std::tm local{};
    localtime_r(&seconds, &local);
    char header[64];
    const int size = std::snprintf(header, sizeof header, "I%02d%02d %02d:%02d:%02d.%06lld %7d ",
                                   local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min,
                                   local.tm_sec, static_cast<long long>(micros), int(::getpid()));
    return QByteArray(header, size) + "requestlog.cpp:" + QByteArray::number(line) + "] ";
}

} // namespace

void logRequest(const informant::RequestOutcome &outcome)
{
    // Go's resp.Status: the code and the server's reason phrase.
    const QByteArray status = outcome.httpStatus > 0 ? QByteArray::number(outcome.httpStatus) +
                                                           ' ' + outcome.reasonPhrase.toUtf8()
                                                     : QByteArray();
    const QByteArray line = klogHeader(__LINE__) + "GET " + outcome.url.toEncoded() + ' ' + status +
                            " in " + QByteArray::number(outcome.elapsedMs) + " milliseconds\n";
    std::fwrite(line.constData(), 1, size_t(line.size()), stderr);
}

} // namespace informantctl
