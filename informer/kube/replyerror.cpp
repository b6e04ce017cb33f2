#include "informer/kube/replyerror.h"

#include <QNetworkReply>
#include <QSslConfiguration>

namespace informant {

namespace {

constexpr qsizetype kMaxBodyInMessage = 256;

struct CodeReason
{
    int code;
    const char *reason;
    const char *message;
};

// client-go's NewGenericServerResponse table.
constexpr CodeReason kReasons[] = {
    {400, "BadRequest", "the server rejected our request for an unknown reason"},
    {401, "Unauthorized", "the server has asked for the client to provide credentials"},
    {403, "Forbidden", "the server does not allow access to the requested resource"},
    {404, "NotFound", "the server could not find the requested resource"},
    {405, "MethodNotAllowed", "the server does not allow this method on the requested resource"},
    {406, "NotAcceptable",
     "the server was unable to respond with a content type that the client supports"},
    {409, "Conflict", "the server reported a conflict"},
    {410, "Expired", "the server could not find the requested resource (expired)"},
    {413, "RequestEntityTooLarge", "the request entity is too large"},
    {415, "UnsupportedMediaType", "the server does not support the request content type"},
    {422, "Invalid", "the server rejected our request due to an error in our request"},
    {429, "TooManyRequests",
     "the server has received too many requests and has asked us to try again later"},
    {500, "InternalError", "an error on the server has prevented the request from succeeding"},
    {503, "ServiceUnavailable", "the server is currently unable to handle the request"},
    {504, "Timeout", "the server was unable to return a response in the time allotted"},
};

} // namespace

ApiStatus statusForHttpCode(int code, const QByteArray &body)
{
    QString reason = code >= 500 ? QStringLiteral("InternalError") : QStringLiteral("Unknown");
    QString message = QStringLiteral("the server responded with the status code %1 but did not "
                                     "return more information")
                          .arg(code);
    for (const CodeReason &entry : kReasons) {
        if (entry.code == code) {
            reason = QLatin1String(entry.reason);
            message = QLatin1String(entry.message);
        }
    }
    const QByteArray snippet = body.trimmed().left(kMaxBodyInMessage);
    if (!snippet.isEmpty())
        message += QStringLiteral(" (%1)").arg(QString::fromUtf8(snippet));
    ApiStatus status = ApiStatus::failure(code, reason, message);
    status.causes.append(
        {QStringLiteral("UnexpectedServerResponse"), QString::fromUtf8(snippet), {}});
    return status;
}

ApiError replyError(QNetworkReply *reply, const QByteArray &body, const QString &request,
                    const QStringList &sslErrors, bool cancelled)
{
    const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (code >= 300) {
        auto parsed = ApiStatus::fromJson(body);
        ApiStatus status = parsed && parsed->code != 0 ? *parsed : statusForHttpCode(code, body);
        // A Status saying 0 or 200 in a 403 is not a success: the HTTP code is.
        if (status.code < 300)
            status.code = code;
        // Cut by us (its body passed the bound): say so, the body is partial.
        if (const QString cut = reply->property(kConnectionClosedProperty).toString();
            !cut.isEmpty())
            status.message += QStringLiteral(" (%1)").arg(cut);
        if (status.retryAfterSeconds == 0 && reply->hasRawHeader("Retry-After"))
            status.retryAfterSeconds = reply->rawHeader("Retry-After").trimmed().toInt();
        ApiError error = ApiError::fromStatus(std::move(status), request);
        // In the message only: the Status stays the server's, word for word.
        if (const QString withheld = reply->property(kCredentialsWithheldProperty).toString();
            error.status.isUnauthorized() && !withheld.isEmpty())
            error.message += QStringLiteral(" (%1)").arg(withheld);
        return error;
    }

    using Kind = ApiError::Kind;
    const auto make = [&](Kind kind, const QString &what) {
        return ApiError{kind, request + QLatin1String(": ") + what, {}};
    };
    const QString proxyError = reply->property(kProxyErrorProperty).toString();
    if (!proxyError.isEmpty() && reply->error() != QNetworkReply::OperationCanceledError)
        return make(Kind::Transport, QStringLiteral("proxy error: %1").arg(proxyError));
    switch (reply->error()) {
    case QNetworkReply::ConnectionRefusedError:
        return make(Kind::ConnectionRefused, QStringLiteral("connection refused"));
    case QNetworkReply::SslHandshakeFailedError:
        return make(Kind::Transport,
                    sslErrors.isEmpty()
                        ? QStringLiteral("TLS handshake failed: %1").arg(reply->errorString())
                        : QStringLiteral("TLS certificate verification failed: %1")
                              .arg(sslErrors.join(QStringLiteral("; "))));
    case QNetworkReply::RemoteHostClosedError:
        // A server that requires a client certificate closes the connection
        // during the handshake; say so rather than "Connection closed".
        if (reply->url().scheme() == QLatin1String("https") &&
            reply->sslConfiguration().localCertificate().isNull())
            return make(Kind::Transport,
                        QStringLiteral("the server closed the connection (it may require a client "
                                       "certificate, and none is configured)"));
        // An EOF: a watch request is sent again (client-go's IsProbableEOF).
        // The hint above stays a Transport error: retrying cannot fix it.
        return make(Kind::ConnectionClosed, QStringLiteral("the server closed the connection"));
    case QNetworkReply::OperationCanceledError:
        if (cancelled)
            return make(Kind::Cancelled, QStringLiteral("cancelled"));
        if (const QString closed = reply->property(kConnectionClosedProperty).toString();
            !closed.isEmpty())
            return make(Kind::Transport, closed);
        return make(Kind::Timeout, QStringLiteral("timed out waiting for the server"));
    case QNetworkReply::TimeoutError:
        return make(Kind::Timeout, QStringLiteral("timed out waiting for the server"));
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::ProxyAuthenticationRequiredError:
        return make(Kind::Transport, QStringLiteral("proxy error: %1").arg(reply->errorString()));
    default:
        return make(Kind::Transport, reply->errorString());
    }
}

} // namespace informant
