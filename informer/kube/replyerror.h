#pragma once

// How a finished (or failed) QNetworkReply becomes an ApiError, as client-go
// turns responses into StatusErrors (reference §8.4): a non-2xx answer with a
// Status body keeps that Status (reason, code, message, causes,
// retryAfterSeconds, with Retry-After as fallback); a non-Status body gets a
// Status synthesised from the HTTP code with cause UnexpectedServerResponse.
// Transport failures are classified (connection refused, TLS verification,
// timeout, cancelled). Messages name the request, never credentials.

#include "informer/core/apierror.h"

#include <QStringList>

class QNetworkReply;

namespace informant {

// A reply property RestClient sets when a proxy failure has a known cause
// (the https proxy bridge's TLS or connect error); replyError reports it.
inline constexpr char kProxyErrorProperty[] = "informantProxyError";
// Set on a reply its client aborted to close its connection (the reason);
// replyError reports the abort with it instead of as a timeout.
inline constexpr char kConnectionClosedProperty[] = "informantConnectionClosed";
// Set on a reply sent without the user's credentials because the server is
// not https (Credentials::withheldNote()); a 401 answer says so, as the
// server's "Unauthorized" alone does not tell why.
inline constexpr char kCredentialsWithheldProperty[] = "informantCredentialsWithheld";

// `sslErrors` are the verification problems reported by the reply's
// sslErrors() signal; `timedOut`/`cancelled` say why an aborted reply ended.
ApiError replyError(QNetworkReply *reply, const QByteArray &body, const QString &request,
                    const QStringList &sslErrors, bool cancelled);

// Status for a non-2xx HTTP answer whose body is not a Status.
ApiStatus statusForHttpCode(int code, const QByteArray &body);

} // namespace informant
