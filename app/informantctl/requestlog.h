#pragma once

// informantctl -v=6 and above: a line on stderr for every request, in the
// words of client-go's debugging round tripper at kubectl -v=6, after klog's
// header (severity, date, time, process id, source):
//
//   I1127 07:23:05.524589   10302 requestlog.cpp:41] GET
//   https://127.0.0.1:6443/api/v1/pods?limit=500 200 OK in 11 milliseconds
//
// A request that got no answer has no status ("GET URL  in 0 milliseconds",
// as kubectl's). Only the method, the URL and the outcome are logged: no
// header, so no token or certificate, at any level (kubectl's -v=7 and
// above add headers and bodies; informantctl logs the same line).

#include "informer/kube/clusterconfig.h"

namespace informantctl {

// The lowest -v at which requests are logged (kubectl's).
inline constexpr int kRequestLogLevel = 6;

// Writes `outcome`'s line to stderr (any thread: one write per line).
void logRequest(const informant::RequestOutcome &outcome);

} // namespace informantctl
