#pragma once

// Discovery: reads what the API server serves. It first asks /api and /apis
// for aggregated discovery (apidiscovery.k8s.io/v2, then v2beta1; one request
// each), and falls back to legacy discovery (/api, /apis, then one
// APIResourceList per group version) when the server answers with a plain
// APIVersions/APIGroupList. A group version that fails (in aggregated
// discovery: one marked Stale) is recorded in DiscoveryResult::failures and
// the rest is still returned, as kubectl does.
//
// Blocking: fetch() runs in the calling thread on the given RestClient (which
// that thread owns) — informantctl's main thread or a worker thread of the
// GUI. The parse functions are public for tests. JSON is parsed with simdjson.

#include "informer/kube/discoveryresult.h"
#include "informer/kube/restclient.h"

namespace informant {

class Discovery
{
public:
    static constexpr char kAggregatedAccept[] =
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
        "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,"
        "application/json";

    static ApiResult<DiscoveryResult> fetch(RestClient &client, Interrupter *interrupter = nullptr);

    // An APIGroupDiscoveryList (from /api or /apis) into `out`.
    static Result<void> parseAggregated(QByteArrayView json, DiscoveryResult &out);
    // True when `json` is an APIGroupDiscoveryList.
    static bool isAggregated(QByteArrayView json);
    // /api's APIVersions: the core group.
    static Result<ApiGroup> parseApiVersions(QByteArrayView json);
    // /apis's APIGroupList.
    static Result<QList<ApiGroup>> parseGroupList(QByteArrayView json);
    // /api/v1 or /apis/G/V's APIResourceList (subresources left out).
    static Result<QList<ApiResource>> parseResourceList(QByteArrayView json, const QString &group,
                                                        const QString &version);
};

} // namespace informant
