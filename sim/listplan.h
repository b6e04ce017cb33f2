#pragma once

// Which state a list request reads, by the resourceVersion table of the API
// concepts (reference §1.3): Any / Most recent / Not older than / Exact /
// Continuation, with the validation errors (422), expired versions and
// continue tokens (410) and too-large versions (504) kube-apiserver answers.
// Pure functions; no I/O.

#include "sim/httprequest.h"

#include "informer/core/apistatus.h"
#include "informer/core/result.h"

namespace informant::sim {

struct ListRequestOptions
{
    QString resourceVersion;
    QString resourceVersionMatch;
    qint64 limit = 0;
    QString continueToken;
    bool hasSendInitialEvents = false;

    static ListRequestOptions fromRequest(const HttpRequest &request);
};

struct ListPlan
{
    quint64 snapshotRv = 0; // state to read (clamped to current)
    QString startKey;       // first key (inclusive); empty from the start
    qint64 limit = 0;       // 0: everything
    bool currentState = true;
};

struct StoreVersions
{
    quint64 currentRv = 0;
    quint64 compactedRv = 0; // versions below cannot be read
    qint64 nowMs = 0;
    qint64 continueTtlMs = 0;
};

Result<ListPlan, ApiStatus> planList(const ListRequestOptions &options,
                                     const StoreVersions &versions);

// Parses a resourceVersion parameter: nullopt when not a decimal integer.
std::optional<quint64> parseResourceVersion(const QString &text);

// A 422 about list options (ListOptions.meta.k8s.io "" is invalid: ...).
ApiStatus invalidListOptions(const QString &field, const QString &causeType, const QString &detail);

} // namespace informant::sim
