#pragma once

// kubectl's --request-timeout: how long one request to the API server may
// take, headers and body (client-go's rest.Config.Timeout, its HTTP
// client's Timeout). Read as clientcmd's ParseTimeout reads it: a bare
// integer is seconds, anything else a Go duration ("5s", "1.5m", "1h30m");
// "0", "" and a negative duration mean no timeout. RestClient applies it to
// every request (ClusterConfig::requestTimeoutMs), discovery included; this
// file also words a request that ran out of it as kubectl does.

#include "informer/core/apierror.h"

#include <QString>

#include <optional>

namespace informantctl {

// kubectl's message for a value ParseTimeout refuses (printed after "error: ").
extern const char kInvalidRequestTimeoutMessage[];

// The timeout in milliseconds (0: none; a positive duration under a
// millisecond is 1), or nullopt when kubectl refuses `value`.
std::optional<qint64> parseRequestTimeoutMs(const QString &value);

// Go's time.ParseDuration in nanoseconds; nullopt when Go refuses `text`
// (malformed, unknown unit, beyond int64 nanoseconds).
std::optional<qint64> parseGoDurationNs(const QString &text);

// What kubectl get (a table) prints, as its last line, when a request ran out
// of its --request-timeout (`error`: a Kind::Timeout): "Unable to connect to
// the server: ..." before the response headers arrived, "unexpected error
// when reading response body. ..." while the body came. kubectl words it
// after whichever of Go's two timers (the HTTP client's, the request
// context's) happened to fire first; this is the HTTP client's wording.
QString requestTimeoutMessage(const informant::ApiError &error);

} // namespace informantctl
