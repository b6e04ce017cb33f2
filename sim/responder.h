#pragma once

// Small helpers to answer a request with JSON or a Status.

#include "sim/httpconnection.h"

#include "informer/core/apistatus.h"

namespace informant::sim {

inline void sendJson(HttpConnection *connection, int code, const QByteArray &json,
                     const HeaderList &headers = {})
{
    connection->sendResponse(code, "application/json", json, headers);
}

inline void sendStatus(HttpConnection *connection, const ApiStatus &status)
{
    HeaderList headers;
    if (status.retryAfterSeconds > 0)
        headers.append({"Retry-After", QByteArray::number(status.retryAfterSeconds)});
    connection->sendResponse(status.code, "application/json", status.toJson(), headers);
}

} // namespace informant::sim
