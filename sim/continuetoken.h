#pragma once

// Continue tokens for paginated lists, shaped like etcd3's: base64 (URL-safe,
// no padding) of {"v":"meta.k8s.io/v1","rv":N,"start":"<key>\u0000"}. The
// simulator adds the issue time ("t", ms since the epoch) so tokens can also
// expire by age; clients treat the token as opaque anyway. rv -1 marks an
// inconsistent continuation (offered in an expired-continue Status).

#include "informer/core/result.h"

#include <QString>

namespace informant::sim {

struct ContinueToken
{
    qint64 resourceVersion = 0; // -1: continue from the current state
    QString startKey;           // first key to return (the last returned key + "\0")
    qint64 issuedMs = 0;

    QString encode() const;
    // Errors carry kube-apiserver's 400 message.
    static Result<ContinueToken> decode(const QString &token);
};

} // namespace informant::sim
