#pragma once

// A Kubernetes metav1.Status: the body of every API error and of watch ERROR
// events (reference §2.11). A StatusCause's type travels under the JSON key
// "reason", as on the wire.

#include "informer/core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace informant {

struct StatusCause
{
    QString reason; // CauseType, e.g. "ResourceVersionTooLarge"
    QString message;
    QString field;
};

struct ApiStatus
{
    int code = 0;   // HTTP code, e.g. 410
    QString status; // "Failure" or "Success"
    QString reason; // StatusReason, e.g. "Expired"
    QString message;
    QString detailsName;
    QString detailsGroup;
    QString detailsKind;
    QList<StatusCause> causes;
    int retryAfterSeconds = 0; // 0: not set
    QString continueToken;     // metadata.continue of an expired-continue Status
    // The Status had a "details" object, even an empty one (client-go's
    // Details != nil, which the legacy too-large check requires).
    bool hasDetails = false;

    // Parses a Status JSON object. Accepts apiVersion "v1" or "meta.k8s.io/v1".
    static Result<ApiStatus> fromJson(QByteArrayView json);
    // Serialises as the API server does ({"kind":"Status","apiVersion":"v1",...}).
    QByteArray toJson() const;

    // A one-line human description: "410 Expired: too old resource version: 1 (5)".
    QString describe() const;

    // client-go's error predicates (apimachinery's api/errors, reference
    // §2.8). A reason counts as "unknown" when it is not one of the reasons
    // apimachinery knows (knownReasons): empty, "Unknown", or any other
    // string. Then, and only then, the HTTP code decides.
    static bool isKnownReason(const QString &reason);
    bool isResourceExpired() const; // IsResourceExpired: reason Expired (the code is not read)
    bool isGone() const;            // IsGone: reason Gone, or an unknown reason with 410
    bool isExpired() const;         // the reflector's isExpiredError: either of the two
    bool isTimeout() const;         // IsTimeout: reason Timeout, or an unknown reason with 504
    // The reflector's isTooLargeResourceVersionError.
    bool isTooLargeResourceVersion() const;
    bool isTooManyRequests() const; // reason TooManyRequests, or code 429 whatever the reason
    bool isInternalError() const;   // reason InternalError, or an unknown reason with 500
    bool isForbidden() const;       // reason Forbidden, or an unknown reason with 403
    bool isUnauthorized() const;    // reason Unauthorized, or an unknown reason with 401
    // Any details field is set (or the parsed Status had a "details" object).
    bool detailsPresent() const;

    static ApiStatus failure(int code, QString reason, QString message);
};

} // namespace informant
