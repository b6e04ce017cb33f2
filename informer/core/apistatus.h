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

    // Parses a Status JSON object. Accepts apiVersion "v1" or "meta.k8s.io/v1".
    static Result<ApiStatus> fromJson(QByteArrayView json);
    // Serialises as the API server does ({"kind":"Status","apiVersion":"v1",...}).
    QByteArray toJson() const;

    // A one-line human description: "410 Expired: too old resource version: 1 (5)".
    QString describe() const;

    // client-go's error predicates (reference §2.8).
    bool isExpired() const; // reason Expired, or Gone, or unknown reason with 410
    bool isTooLargeResourceVersion() const;
    bool isTooManyRequests() const; // reason TooManyRequests or code 429
    bool isInternalError() const;   // reason InternalError or unknown reason with 500
    bool isForbidden() const;
    bool isUnauthorized() const;

    static ApiStatus failure(int code, QString reason, QString message);
};

} // namespace informant
