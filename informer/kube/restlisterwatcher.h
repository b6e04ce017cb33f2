#pragma once

// RestListerWatcher: the blocking ListerWatcher (informer/cache/listerwatcher.h)
// over RestClient, for one resource collection (client-go's
// NewFilteredListWatchFromClient): list() is GET <collection>?<options>,
// watch() the same with watch=true, both with Accept: application/json (or
// PartialObjectMetadata first, for a metadata-only one).
// Both are sent again when a 429 or 5xx says when to come back, as
// client-go's request does (RestClient::waitToRetry), except a watch
// answered "too large resource version" (see watch()).
//
// Threading: list() and watch() block the calling thread (a reflector's
// worker thread) in a local QEventLoop. The first call from a thread creates
// that thread's own RestClient and QNetworkAccessManager: one QNAM per
// reflector thread, because a single QNAM opens at most 6 HTTP/1.1
// connections per host and 50 long-running watches would starve each other
// (and every ordinary request) on one. cancel() is thread-safe and permanent.
// Destroy the RestListerWatcher and its streams in the thread that used them
// (or after that thread finished).

#include "informer/cache/listerwatcher.h"
#include "informer/kube/clusterconnection.h"
#include "informer/kube/interrupter.h"
#include "informer/kube/resourcepath.h"
#include "informer/kube/restclient.h"

#include <QThread>

namespace informant {

class RestListerWatcher final : public ListerWatcher
{
public:
    RestListerWatcher(std::shared_ptr<const ClusterConnection> connection, ResourcePath path,
                      DecodeOptions decodeOptions = {});
    ~RestListerWatcher() override;
    Q_DISABLE_COPY_MOVE(RestListerWatcher)

    ApiResult<ListPage> list(const ListOptions &options) override;
    // Maps each item as ListBodyDecoder decodes it.
    ApiResult<ListPage> listMapped(const ListOptions &options, const ItemMapper &mapItem) override;
    ApiResult<std::unique_ptr<WatchStream>> watch(const ListOptions &options) override;
    void setWatchRetryObserver(RetryObserver observer) override;
    void cancel() override;
    void retryNow() override;

    const ResourcePath &path() const { return m_path; }
    // How often a list or a watch is sent again when a 429 or 5xx says when
    // to come back (RequestOptions::retryAfterRetries; 10 by default).
    void setRetryAfterRetries(int retries) { m_retryAfterRetries = retries; }
    // How long a watch waits for its response headers (60 s by default):
    // API servers answer at once, and the watch's own timeout, minutes long,
    // would leave a streaming list silent for that long before the paged
    // list is tried.
    void setWatchHeadersTimeoutMs(int ms) { m_watchHeadersTimeoutMs = ms; }
    // Lists and watches ask for PartialObjectMetadata, as client-go's
    // metadata client, and decode the objects as `kind`'s metadata-only ones
    // (core/metadataonly.h): for kinds whose bulk nobody watching needs
    // (Secrets, ConfigMaps). Empty (the default): whole objects. Set before use.
    void setMetadataOnlyKind(const QString &kind);
    bool isMetadataOnly() const { return !m_decodeOptions.metadataOnlyKind.isEmpty(); }

private:
    RestClient *client();
    ApiResult<std::unique_ptr<WatchStream>> watchAttempt(const ListOptions &options, bool retried);

    std::shared_ptr<const ClusterConnection> m_connection;
    const ResourcePath m_path;
    DecodeOptions m_decodeOptions;
    Interrupter m_interrupter;
    RestClient *m_client = nullptr; // belongs to the last calling thread
    int m_retryAfterRetries = RequestOptions().retryAfterRetries;
    int m_watchHeadersTimeoutMs = 60 * 1000;
    RetryObserver m_watchRetryObserver;
};

} // namespace informant
