#pragma once

// ApiError: why a request to the API server failed, classified the way
// client-go's reflector needs it (reference §2.7, §2.8). `message` is the
// human text: it names the request and carries the server's Status message.
// It never contains credentials.

#include "informer/core/apistatus.h"

namespace informant {

struct ApiError
{
    enum class Kind {
        Status,            // the server answered with a Status (status.code set)
        ConnectionRefused, // nothing listening: retriable for watches
        // The server closed or reset the connection before answering (an
        // EOF): client-go's net.IsProbableEOF.
        ConnectionClosed,
        Transport, // TLS failure, host not found, proxy error, ...
        Timeout,   // request or stream deadline passed
        Decode,    // the body could not be decoded
        Cancelled, // stopped by the caller
    };

    Kind kind = Kind::Transport;
    QString message;
    ApiStatus status; // for Kind::Status

    static ApiError fromStatus(ApiStatus status, const QString &context = {})
    {
        ApiError error{Kind::Status, {}, std::move(status)};
        error.message = context.isEmpty() ? error.status.describe()
                                          : context + QLatin1String(": ") + error.status.describe();
        return error;
    }

    bool isStatus() const { return kind == Kind::Status; }
    bool isExpired() const { return isStatus() && status.isExpired(); }
    bool isResourceExpired() const { return isStatus() && status.isResourceExpired(); }
    bool isTooLargeResourceVersion() const
    {
        return isStatus() && status.isTooLargeResourceVersion();
    }
    bool isTooManyRequests() const { return isStatus() && status.isTooManyRequests(); }
    bool isInternalError() const { return isStatus() && status.isInternalError(); }
    // client-go isWatchErrorRetriable: connection refused or 429.
    bool isRetriableWatchError() const
    {
        return kind == Kind::ConnectionRefused || isTooManyRequests();
    }
    // client-go's Request.Watch sends a watch again (up to 10 times, a second
    // apart) when it failed with one of these, then hands the reflector an
    // empty watch instead of the error: net.IsProbableEOF || net.IsTimeout.
    bool isRetriedByWatchRequest() const
    {
        return kind == Kind::ConnectionClosed || kind == Kind::Timeout;
    }
    bool isAuthError() const
    {
        return isStatus() && (status.isForbidden() || status.isUnauthorized());
    }
};

template<typename T> using ApiResult = Result<T, ApiError>;

} // namespace informant
