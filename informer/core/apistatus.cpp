#include "informer/core/apistatus.h"

#include "informer/core/jsonutil.h"

#include <algorithm>
#include <array>

namespace informant {

namespace {

QString stringField(simdjson::dom::object object, std::string_view key)
{
    std::string_view text;
    if (object.at_key(key).get(text) != simdjson::SUCCESS)
        return QString();
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

void appendField(QByteArray &out, const char *key, const QString &value)
{
    out.append(",\"").append(key).append("\":");
    detail::appendJsonString(value.toStdString(), out);
}

// The HTTP code decides only for a reason apimachinery does not know.
bool reasonOrUnknownWithCode(const ApiStatus &status, QLatin1String reason, int code)
{
    if (status.reason == reason)
        return true;
    return !ApiStatus::isKnownReason(status.reason) && status.code == code;
}

} // namespace

Result<ApiStatus> ApiStatus::fromJson(QByteArrayView json)
{
    // No body (an aborted reply): simdjson would copy from a null pointer.
    if (json.isEmpty())
        return makeError(QStringLiteral("invalid Status JSON: %1")
                             .arg(QLatin1String(simdjson::error_message(simdjson::EMPTY))));
    simdjson::dom::element element;
    const auto error =
        detail::threadDomParser().parse(json.data(), size_t(json.size())).get(element);
    if (error != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid Status JSON: %1")
                             .arg(QLatin1String(simdjson::error_message(error))));
    simdjson::dom::object object;
    if (element.get(object) != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid Status: expected a JSON object"));
    if (stringField(object, "kind") != QLatin1String("Status"))
        return makeError(QStringLiteral("expected a Status object, got kind \"%1\"")
                             .arg(stringField(object, "kind")));
    const QString apiVersion = stringField(object, "apiVersion");
    if (!apiVersion.isEmpty() && apiVersion != QLatin1String("v1") &&
        apiVersion != QLatin1String("meta.k8s.io/v1"))
        return makeError(QStringLiteral("unexpected Status apiVersion \"%1\"").arg(apiVersion));

    ApiStatus status;
    status.status = stringField(object, "status");
    status.reason = stringField(object, "reason");
    status.message = stringField(object, "message");
    int64_t code = 0;
    if (object.at_key("code").get(code) == simdjson::SUCCESS)
        status.code = int(code);
    simdjson::dom::object metadata;
    if (object.at_key("metadata").get(metadata) == simdjson::SUCCESS)
        status.continueToken = stringField(metadata, "continue");
    simdjson::dom::object details;
    if (object.at_key("details").get(details) == simdjson::SUCCESS) {
        status.hasDetails = true;
        status.detailsName = stringField(details, "name");
        status.detailsGroup = stringField(details, "group");
        status.detailsKind = stringField(details, "kind");
        int64_t retry = 0;
        if (details.at_key("retryAfterSeconds").get(retry) == simdjson::SUCCESS)
            status.retryAfterSeconds = int(retry);
        simdjson::dom::array causes;
        if (details.at_key("causes").get(causes) == simdjson::SUCCESS) {
            for (auto cause : causes) {
                simdjson::dom::object causeObject;
                if (cause.get(causeObject) != simdjson::SUCCESS)
                    continue;
                status.causes.append(StatusCause{stringField(causeObject, "reason"),
                                                 stringField(causeObject, "message"),
                                                 stringField(causeObject, "field")});
            }
        }
    }
    return status;
}

QByteArray ApiStatus::toJson() const
{
    QByteArray out = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{";
    if (!continueToken.isEmpty()) {
        out.append("\"continue\":");
        detail::appendJsonString(continueToken.toStdString(), out);
    }
    out.append('}');
    appendField(out, "status", status.isEmpty() ? QStringLiteral("Failure") : status);
    appendField(out, "message", message);
    if (!reason.isEmpty())
        appendField(out, "reason", reason);
    if (detailsPresent()) {
        out.append(",\"details\":{");
        QByteArray inner;
        if (!detailsName.isEmpty())
            appendField(inner, "name", detailsName);
        if (!detailsGroup.isEmpty())
            appendField(inner, "group", detailsGroup);
        if (!detailsKind.isEmpty())
            appendField(inner, "kind", detailsKind);
        if (!causes.isEmpty()) {
            inner.append(",\"causes\":[");
            for (qsizetype i = 0; i < causes.size(); ++i) {
                QByteArray cause;
                if (!causes[i].reason.isEmpty())
                    appendField(cause, "reason", causes[i].reason);
                if (!causes[i].message.isEmpty())
                    appendField(cause, "message", causes[i].message);
                if (!causes[i].field.isEmpty())
                    appendField(cause, "field", causes[i].field);
                inner.append(i ? ",{" : "{").append(cause.mid(1)).append('}');
            }
            inner.append(']');
        }
        if (retryAfterSeconds > 0)
            inner.append(",\"retryAfterSeconds\":").append(QByteArray::number(retryAfterSeconds));
        out.append(inner.mid(1)).append('}');
    }
    out.append(",\"code\":").append(QByteArray::number(code)).append('}');
    return out;
}

QString ApiStatus::describe() const
{
    QString text = QString::number(code);
    // The API server words some messages after their reason ("Timeout: Too
    // large resource version"): "504 Timeout: Timeout: ..." said it twice.
    if (!reason.isEmpty() && !message.startsWith(reason + QLatin1String(": ")))
        text += QLatin1Char(' ') + reason;
    if (!message.isEmpty())
        text += QLatin1String(": ") + message;
    return text;
}

bool ApiStatus::isKnownReason(const QString &reason)
{
    // apimachinery's knownReasons; StatusReasonUnknown ("") is left out there
    // too.
    static constexpr std::array kKnown{
        QLatin1String("Unauthorized"),
        QLatin1String("Forbidden"),
        QLatin1String("NotFound"),
        QLatin1String("AlreadyExists"),
        QLatin1String("Conflict"),
        QLatin1String("Gone"),
        QLatin1String("Invalid"),
        QLatin1String("ServerTimeout"),
        QLatin1String("StorageReadError"),
        QLatin1String("Timeout"),
        QLatin1String("TooManyRequests"),
        QLatin1String("BadRequest"),
        QLatin1String("MethodNotAllowed"),
        QLatin1String("NotAcceptable"),
        QLatin1String("RequestEntityTooLarge"),
        QLatin1String("UnsupportedMediaType"),
        QLatin1String("InternalError"),
        QLatin1String("Expired"),
        QLatin1String("ServiceUnavailable"),
    };
    return std::any_of(kKnown.begin(), kKnown.end(),
                       [&](QLatin1String known) { return reason == known; });
}

bool ApiStatus::detailsPresent() const
{
    return hasDetails || !detailsName.isEmpty() || !detailsKind.isEmpty() ||
           !detailsGroup.isEmpty() || !causes.isEmpty() || retryAfterSeconds > 0;
}

bool ApiStatus::isResourceExpired() const
{
    return reason == QLatin1String("Expired");
}

bool ApiStatus::isGone() const
{
    return reasonOrUnknownWithCode(*this, QLatin1String("Gone"), 410);
}

bool ApiStatus::isExpired() const
{
    // Servers up to 1.17 said Gone, later ones Expired.
    return isResourceExpired() || isGone();
}

bool ApiStatus::isTimeout() const
{
    return reasonOrUnknownWithCode(*this, QLatin1String("Timeout"), 504);
}

bool ApiStatus::isTooLargeResourceVersion() const
{
    for (const auto &cause : causes) {
        if (cause.reason == QLatin1String("ResourceVersionTooLarge"))
            return true;
    }
    // Servers before 1.18.6 said it only in words, in a Timeout. client-go
    // reads those words only when the Status has details (its NewTimeoutError
    // always sets them).
    if (!isTimeout() || !detailsPresent())
        return false;
    for (const auto &cause : causes) {
        if (cause.message == QLatin1String("Too large resource version"))
            return true;
    }
    return message.contains(QLatin1String("Too large resource version"));
}

bool ApiStatus::isTooManyRequests() const
{
    // Older than the other predicates' rule: the code counts whatever the reason.
    return reason == QLatin1String("TooManyRequests") || code == 429;
}

bool ApiStatus::isInternalError() const
{
    return reasonOrUnknownWithCode(*this, QLatin1String("InternalError"), 500);
}

bool ApiStatus::isForbidden() const
{
    return reasonOrUnknownWithCode(*this, QLatin1String("Forbidden"), 403);
}

bool ApiStatus::isUnauthorized() const
{
    return reasonOrUnknownWithCode(*this, QLatin1String("Unauthorized"), 401);
}

ApiStatus ApiStatus::failure(int code, QString reason, QString message)
{
    ApiStatus status;
    status.code = code;
    status.status = QStringLiteral("Failure");
    status.reason = std::move(reason);
    status.message = std::move(message);
    return status;
}

} // namespace informant
